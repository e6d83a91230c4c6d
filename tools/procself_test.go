package tools

import "testing"

// TestSelfCwdLink: every spelling of a path through the opening
// process's working directory is one; other /proc names are not.
func TestSelfCwdLink(t *testing.T) {
	for p, want := range map[string]bool{
		"/proc/self/cwd":                                true,
		"/proc/self/cwd/.env":                           true,
		"//proc/./self//cwd/x":                          true,
		"/proc/thread-self/cwd/x":                       true,
		"/proc/self/task/12/cwd/x":                      true,
		"/proc/self/root/proc/self/cwd/x":               true,
		"/proc/self/root//proc/self/root/proc/self/cwd": true,
		"/proc/self/ns/../cwd/x":                        true,
		"/proc/self/root/../proc/self/cwd/x":            true,
		"/proc/self/../self/cwd":                        true,
		"/proc/self/status":                             false,
		"/proc/self/root/etc/passwd":                    false,
		"/proc/self/cwdx/y":                             false,
		"/proc/1/cwd/x":                                 false, // the engine asks: another process's
		"/home/u/proc/self/cwd/x":                       false,
		"/proc/self/task/12/status":                     false,
		"/proc/thread-self/task/1/cwd":                  false,
	} {
		if got := selfCwdLink(p); got != want {
			t.Errorf("selfCwdLink(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestSearchPathSelfCwd: a search tool's path, relative or not, that
// reaches the process's working-directory link is refused.
func TestSearchPathSelfCwd(t *testing.T) {
	tc := &Context{Cwd: "/a/b"}
	for p, refused := range map[string]bool{
		"/proc/self/cwd/.aws":                true,
		"../../proc/self/cwd/.aws":           true,
		"../../proc/self/root/proc/self/cwd": true,
		"src":                                false,
		"../../proc/self/status":             false,
		"":                                   false,
	} {
		err := optionalPath(Input{"path": p}, tc)
		if (err != nil) != refused {
			t.Errorf("optionalPath(%q) = %v, want refused %v", p, err, refused)
		}
	}
}

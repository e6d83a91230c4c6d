package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Bypass classes of the eleventh red-team pass on paths: process links.
// /proc/PID/cwd, /proc/PID/root, /proc/PID/fd/N and /dev/fd/N name what
// the opening process sees when it opens them — another process can change
// its directory between the check and the open, and a repository's
// symlink to /proc/self/cwd is the shell's directory, not agentctl's.
// Every row runs on real files and links in a temporary directory, with
// both evaluators (EvalBoth fails on any difference).

// red11pathsPolicy denies the usual secrets and a home directory's keys.
const red11pathsPolicy = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)","Edit(secrets/**)","Read(~/.ssh/**)"],` +
	`"allow":["Read(src/**)","Edit(src/**)"]}}`

// red11Project lays out the project, its home and its links, and starts a
// process standing in the project (its pid is the one the rows name); the
// process is killed when the test ends.
func red11Project(t *testing.T) (*Engine, string, string, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := projectAt(t, root, red11pathsPolicy, map[string]string{
		".env": "TOKEN=1", "secrets/key": "K", "src/a.go": "package a\n", "sub/b": "b",
	})
	cwd, home := s.Cwd, filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("PRIV"), 0o600); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(filepath.Join(cwd, "src"), "/proc/self/cwd")
	if err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"src/pc":    "/proc/self/cwd",
		"src/pcdot": "/proc/self/cwd/.",
		"src/c1":    "c2",
		"src/c2":    "pc",
		"src/rel":   rel,
		"src/fd":    "/dev/fd",
		"src/ok":    "a.go",
		"src/dir":   "../src",
		"src/up":    "../sub",
		"src/sd":    "../secrets",
		"src/hsd":   filepath.Join(home, ".ssh"),
	} {
		if err := os.Symlink(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("sleep", "600")
	cmd.Dir = cwd
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, cwd, home, strconv.Itoa(cmd.Process.Pid)
}

var red11pathsClasses = map[string][]toolRow{
	"r11-1 another process's directory named by its pid": {
		// The process stands in the project now; a loop of `cd secrets;
		// cd ..` makes /proc/PID/cwd/key secrets/key in half the opens.
		{"Bash", `{"command":"cat /proc/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"sleep 1; cat /proc/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cat /proc/<pid>/task/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cat /proc/<pid>/./cwd//key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cat /proc/<pid>/root<cwd>/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cat /proc/<pid>/cwd/key"}`, "dontAsk", "deny"},
		{"Bash", `{"command":"head -c9 < /proc/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"echo x > /proc/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cp /proc/<pid>/cwd/key /tmp/x"}`, "bypassPermissions", "ask"},
		// An unknown reader's word is its end under any directory.
		{"Bash", `{"command":"rev /proc/<pid>/cwd/secrets/key"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"rev /proc/<pid>/root/tmp/../<home>/.ssh/id_rsa"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"/proc/<pid>/cwd/key"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"/proc/<pid>/cwd/key"}`, "dontAsk", "deny"},
		{"Read", `{"file_path":"/proc/<pid>/root<cwd>/key"}`, "bypassPermissions", "ask"},
		{"Write", `{"file_path":"/proc/<pid>/cwd/key","content":"x"}`, "bypassPermissions", "ask"},
		{"Edit", `{"file_path":"/proc/<pid>/cwd/key","old_string":"a","new_string":"b"}`, "bypassPermissions", "ask"},
		{"Grep", `{"pattern":"x","path":"/proc/<pid>/cwd"}`, "bypassPermissions", "ask"},
		{"Glob", `{"pattern":"*","path":"/proc/<pid>/cwd"}`, "bypassPermissions", "ask"},
		// Benign neighbours: the process's own files, the project's.
		{"Bash", `{"command":"cat /proc/<pid>/status"}`, "bypassPermissions", "allow"},
		{"Read", `{"file_path":"/proc/<pid>/status"}`, "bypassPermissions", "allow"},
		{"Bash", `{"command":"cat /proc/cpuinfo"}`, "bypassPermissions", "allow"},
		{"Bash", `{"command":"cat src/a.go"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/a.go"}`, "", "allow"},
		// Still denied where the link is the shell's own.
		{"Bash", `{"command":"cat /proc/self/cwd/.env"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"/proc/self/cwd/.env"}`, "bypassPermissions", "deny"},
	},
	"r11-2 a repository symlink into /proc/self/cwd": {
		// src/pc → /proc/self/cwd is wherever the shell stands: after
		// cd ~, <cwd>/src/pc/.ssh/id_rsa is ~/.ssh/id_rsa, while
		// agentctl's own /proc/self/cwd is somewhere else.
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/pc/.ssh/id_rsa"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/c1/.ssh/id_rsa"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/rel/.ssh/id_rsa"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cd <home>/.ssh && cat <cwd>/src/pcdot/id_rsa"}`, "bypassPermissions", "notallow"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/pcdot/.ssh/id_rsa"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/dir/pc/.ssh/id_rsa"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/pc/.ssh/id_rsa"}`, "dontAsk", "deny"},
		{"Bash", `{"command":"cd <home> && expand <cwd>/src/pc/.ssh/id_rsa"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cd <home> && xxd <cwd>/src/c1/.ssh/id_rsa"}`, "bypassPermissions", "notallow"},
		{"Bash", `{"command":"cd <home> && cat <cwd>/src/pc/.ssh/*"}`, "bypassPermissions", "notallow"},
		{"Read", `{"file_path":"<cwd>/src/pc/src/a.go"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"<cwd>/src/c1/src/a.go"}`, "bypassPermissions", "ask"},
		{"Grep", `{"pattern":"x","path":"<cwd>/src/pc"}`, "bypassPermissions", "ask"},
		{"Glob", `{"pattern":"*","path":"<cwd>/src/pc"}`, "bypassPermissions", "ask"},
		{"Write", `{"file_path":"<cwd>/src/pc/x","content":"x"}`, "bypassPermissions", "ask"},
		// Benign neighbours: links that stay in the project.
		{"Bash", `{"command":"cat src/ok"}`, "", "allow"},
		{"Bash", `{"command":"cat src/dir/a.go"}`, "bypassPermissions", "allow"},
		{"Read", `{"file_path":"<cwd>/src/ok"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/dir/a.go"}`, "bypassPermissions", "allow"},
		{"Bash", `{"command":"ls -la src"}`, "", "allow"},
	},
	"r11-5 cd moves by the logical path, not the kernel's": {
		// src/up → ../sub: the kernel's src/up/../sd is <cwd>/sd, but
		// bash's cd makes it src/sd (→ ../secrets) and stands in secrets.
		{"Bash", `{"command":"cd src/up/../sd; sleep 100"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cd src/up/../sd && ls"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cd src/up/../sd && ls"}`, "", "deny"},
		{"Bash", `{"command":"pushd src/up/../sd"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cd src/up/./../sd/ && sleep 1"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cd src/up/../sd && cat key"}`, "bypassPermissions", "deny"},
		// Benign neighbours: logical cds that stay in the project.
		{"Bash", `{"command":"cd src/up/.. && ls"}`, "", "allow"},
		{"Bash", `{"command":"cd src/../src && cat a.go"}`, "", "allow"},
		{"Bash", `{"command":"cd src/up && ls"}`, "", "allow"},
	},
	"r11-6 a file tool cleans its path before it opens it": {
		// Claude Code's Read and agentctl's clean src/up/../sd/key to
		// src/sd/key and open it through sd → ../secrets; the kernel's
		// walk of the raw name (<cwd>/sd/key) reaches nothing. Both are
		// checked.
		{"Read", `{"file_path":"<cwd>/src/up/../sd/key"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/src/up/../sd/key"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/src/up/./../sd//key"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"K","path":"<cwd>/src/up/../sd"}`, "bypassPermissions", "deny"},
		{"Glob", `{"pattern":"*","path":"<cwd>/src/up/../sd"}`, "bypassPermissions", "deny"},
		{"Edit", `{"file_path":"<cwd>/src/up/../sd/key","old_string":"K","new_string":"x"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"<cwd>/src/up/../sd/new","content":"x"}`, "bypassPermissions", "deny"},
		// Under ~/.ssh by the link the tool follows (acceptEdits allowed
		// the write as inside the project).
		{"Write", `{"file_path":"<cwd>/src/up/../hsd/authorized_keys","content":"x"}`, "acceptEdits", "deny"},
		{"Edit", `{"file_path":"<cwd>/src/up/../hsd/config","old_string":"a","new_string":"b"}`, "acceptEdits", "deny"},
		{"Read", `{"file_path":"<cwd>/src/up/../hsd/known_hosts"}`, "", "deny"},
		// The kernel's answer still counts: ~/.ssh/.. is home.
		{"Read", `{"file_path":"<cwd>/src/hsd/../.ssh/id_rsa"}`, "bypassPermissions", "deny"},
		// Benign neighbours.
		{"Read", `{"file_path":"<cwd>/src/up/../a.go"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/up/../dir/a.go"}`, "bypassPermissions", "allow"},
		{"Bash", `{"command":"cat src/up/../sd/key"}`, "bypassPermissions", "notdeny"},
	},
	"r11-3 a descriptor named by a file tool": {
		// The agent's descriptor, not agentctl's: known only when opened.
		{"Read", `{"file_path":"/dev/stdin"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"/dev/fd/0"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"/proc/self/fd/3/key"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"<cwd>/src/fd/3/key"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"/dev/fd/0"}`, "dontAsk", "deny"},
		// Benign neighbours: devices that are no link.
		{"Read", `{"file_path":"/dev/null"}`, "bypassPermissions", "allow"},
		{"Bash", `{"command":"echo x > /dev/null"}`, "", "allow"},
		{"Bash", `{"command":"echo x >&2 2>/dev/stderr"}`, "", "allow"},
	},
}

// TestProcessLinks decides every red11 row on a real project.
func TestProcessLinks(t *testing.T) {
	e, cwd, home, pid := red11Project(t)
	classes := map[string][]toolRow{}
	for class, rows := range red11pathsClasses {
		for _, r := range rows {
			r.input = strings.NewReplacer("<pid>", pid, "<home>", home).Replace(r.input)
			classes[class] = append(classes[class], r)
		}
	}
	runToolRows(t, e, cwd, classes)
}

// TestPathsBeyondPathMax: a shell standing in a directory whose absolute
// name is longer than PATH_MAX (reached by two cds, each shorter) opens a
// short relative name; a link there to a denied directory is followed.
// The resolution opens the long name in pieces, as the kernel walks it,
// instead of leaving the lexical name no deny rule covers; a target too
// long to be named is known only at run time.
func TestPathsBeyondPathMax(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := projectAt(t, root, red11pathsPolicy, map[string]string{".env": "TOKEN=1", "secrets/key": "K", "src/a.go": "package a\n"})
	cwd := s.Cwd
	name := strings.Repeat("d", 200)
	head, tail := "deep", name
	for range 11 {
		head += "/" + name
	}
	for range 10 {
		tail += "/" + name
	}
	// Made one directory at a time: no single name the kernel is given is
	// longer than PATH_MAX.
	dir, err := os.Open(cwd)
	if err != nil {
		t.Fatal(err)
	}
	fd, err := unixDup(int(dir.Fd()))
	dir.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range strings.Split(head+"/"+tail, "/") {
		if err := mkdirAt(fd, c); err != nil {
			t.Fatal(err)
		}
		next, err := openDirAt(fd, c)
		if err != nil {
			t.Fatal(err)
		}
		closeAt(fd)
		fd = next
	}
	if err := symlinkAt(cwd+"/secrets", fd, "l"); err != nil {
		t.Fatal(err)
	}
	if err := symlinkAt("..", fd, "up"); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	for _, d := range []string{home + "/.ssh", cwd + "/.git/hooks"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(home+"/.ssh/id_rsa", []byte("PRIV"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := symlinkAt(home+"/.ssh", fd, "hs"); err != nil {
		t.Fatal(err)
	}
	if err := symlinkAt(cwd+"/.git/hooks/pre-commit", fd, "dh"); err != nil {
		t.Fatal(err)
	}
	if err := writeAt(fd, "ok", "x"); err != nil {
		t.Fatal(err)
	}
	closeAt(fd)
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	in := "cd " + head + " && cd " + tail + " && "
	runToolRows(t, e, cwd, map[string][]toolRow{"r11-4 a link under a name longer than PATH_MAX": {
		{"Bash", `{"command":"` + in + `cat l/key"}`, "", "deny"},
		{"Bash", `{"command":"` + in + `cat l/key"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"` + in + `head -1 < l/key"}`, "", "deny"},
		{"Bash", `{"command":"` + in + `rev l/key"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"` + in + `cat ./l/./key"}`, "", "deny"},
		{"Bash", `{"command":"` + in + `cat up/` + name + `/l/key"}`, "", "deny"},
		{"Bash", `{"command":"` + in + `echo x > l/new"}`, "bypassPermissions", "deny"},
		// A ".." after the link climbs from its target (~/.ssh/..).
		{"Bash", `{"command":"` + in + `cat hs/../.ssh/id_rsa"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"` + in + `cat hs/id_rsa"}`, "bypassPermissions", "deny"},
		// A dangling link to a hook there: where the write lands is not
		// known from the name, so it asks even in bypass mode.
		{"Bash", `{"command":"` + in + `echo x > dh"}`, "bypassPermissions", "ask"},
		{"Read", `{"file_path":"<cwd>/` + head + "/" + tail + `/l/key"}`, "bypassPermissions", "deny"},
		// Benign neighbours: a plain file there is no denied file (asked
		// for: its directory's name is too long to be resolved).
		{"Bash", `{"command":"` + in + `cat ok"}`, "", "notdeny"},
		{"Bash", `{"command":"cat src/a.go"}`, "", "allow"},
	}})
}

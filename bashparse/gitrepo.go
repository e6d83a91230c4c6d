package bashparse

import (
	"path"
	"strings"
)

// GitCall is where a git command looks for its repository and which
// subcommand it runs: what the engine needs to read the repository's own
// configuration (which may name programs git runs, spec §3).
type GitCall struct {
	// Sub is the subcommand (or alias) name; "" when there is none.
	Sub string
	// Args are the words after the subcommand.
	Args []string
	// Chdir is the directory -C options move to, relative to where the
	// command runs ("" = no -C).
	Chdir string
	// GitDir is the repository a --git-dir option or a GIT_DIR assignment
	// names ("" = found by walking up from the directory).
	GitDir string
	// Dynamic is set when a directory or the subcommand is not static:
	// the configuration git will read cannot be known.
	Dynamic bool
}

// gitGlobalValue are git's global options that take the next word.
var gitGlobalValue = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true,
	"--namespace": true, "--config-env": true, "--super-prefix": true, "--list-cmds": true}

// Git reads a command as a git invocation: its global options, its
// subcommand and the repository it names. ok is false for other commands.
func (c *Command) Git() (g GitCall, ok bool) {
	v := c.Narrow
	if path.Base(v.Name) != "git" {
		return GitCall{}, false
	}
	for _, a := range v.Assigns {
		if name, val, _ := strings.Cut(a, "="); name == "GIT_DIR" {
			g.GitDir = val
			g.Dynamic = g.Dynamic || dynamicText(val)
		}
	}
	args := v.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			g.Sub, g.Args = a, args[i+1:]
			g.Dynamic = g.Dynamic || dynamicText(a)
			return g, true
		}
		val, attached := "", false
		if k, x, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "--") {
			a, val, attached = k, x, true
		}
		if gitGlobalValue[a] && !attached {
			if i+1 >= len(args) {
				break
			}
			i++
			val = args[i]
		}
		switch a {
		case "-C":
			g.Dynamic = g.Dynamic || dynamicText(val)
			if val == "" {
				break // git -C "" stays where it is
			}
			if g.Chdir == "" || path.IsAbs(val) {
				g.Chdir = val
			} else {
				g.Chdir = path.Join(g.Chdir, val)
			}
		case "--git-dir":
			g.Dynamic = g.Dynamic || dynamicText(val)
			g.GitDir = val
			if !path.IsAbs(val) && g.Chdir != "" {
				g.GitDir = path.Join(g.Chdir, val)
			}
		}
	}
	return g, true
}

// dynamicText reports whether a view word kept its source text because it
// expands (a dynamic word's value is its source).
func dynamicText(s string) bool { return strings.ContainsAny(s, "$`") }

// GitProgramKey reports whether a git configuration key names a program
// or a shell command git runs, or a file git reads more configuration or
// hooks from (the keys `git -c` and `git config` are checked for).
func GitProgramKey(key string) bool { return gitProgramKey.MatchString(key) }

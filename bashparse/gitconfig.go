package bashparse

import "strings"

// gitConfig is a `git config` command line (its arguments after "config")
// read with git's own grammar: the options that take a value skip it, and
// every word after the key is an operand even when it starts with "-" (git
// reads `git config alias.p "-c a=b push"` as a value).
type gitConfig struct {
	ops    []Word // a leading subcommand (set, get …), then key and value
	target string // the file written: .git/config unless a scope or -f says
	write  bool   // an action option that writes (--add, --unset, --edit …)
	read   bool   // a reading action (--get*, --list, --blob)
}

// gitConfigLongs are git config's long options (git 2.39 to 2.47).
var gitConfigLongs = []string{"--global", "--system", "--local", "--worktree", "--file", "--blob", "--get",
	"--get-all", "--get-regexp", "--get-urlmatch", "--replace-all", "--add", "--unset", "--unset-all",
	"--rename-section", "--remove-section", "--list", "--fixed-value", "--edit", "--get-color",
	"--get-colorbool", "--type", "--bool", "--int", "--bool-or-int", "--bool-or-str", "--path",
	"--expiry-date", "--no-type", "--null", "--name-only", "--includes", "--no-includes", "--show-origin",
	"--show-scope", "--default", "--comment", "--value", "--all", "--regexp", "--url"}

// gitConfigValueOptions take the next word as their value.
var gitConfigValueOptions = map[string]bool{"--type": true, "--default": true, "--comment": true, "--value": true}

func scanGitConfig(args []Word) gitConfig {
	g := gitConfig{target: ".git/config"}
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		if len(g.ops) == 0 {
			a = canonLong(a, gitConfigLongs) // git takes --glob for --global
		}
		switch {
		case len(g.ops) > 0 && (g.ops[0].Value != "set" || len(g.ops) > 1):
			g.ops = append(g.ops, args[i])
		case a == "--":
			g.ops = append(g.ops, args[i+1:]...)
			return g
		case a == "--global":
			g.target = "~/.gitconfig"
		case a == "--system":
			g.target = "/etc/gitconfig"
		case a == "--local":
			g.target = ".git/config"
		case a == "--worktree":
			g.target = ".git/config.worktree"
		case a == "-f" || a == "--file":
			if i+1 < len(args) {
				g.target = args[i+1].Value
				i++
			}
		case strings.HasPrefix(a, "--file="):
			g.target = strings.TrimPrefix(a, "--file=")
		case strings.HasPrefix(a, "-f") && !strings.HasPrefix(a, "--"):
			g.target = a[2:]
		case a == "--blob":
			g.read = true // a blob is read, never written
			i++
		case strings.HasPrefix(a, "--blob="):
			g.read = true
		case gitConfigValueOptions[a]:
			i++
		case a == "--add" || a == "--replace-all" || a == "--unset" || a == "--unset-all" ||
			a == "--rename-section" || a == "--remove-section" || a == "-e" || a == "--edit":
			g.write = true
		case strings.HasPrefix(a, "--get") || a == "-l" || a == "--list":
			g.read = true
		case strings.HasPrefix(a, "-"):
			// Modifiers (--type=bool, --show-origin, -z, --includes …).
		default:
			g.ops = append(g.ops, args[i])
		}
	}
	return g
}

// writes is the file the command writes, if it writes one: setting,
// adding, unsetting, renaming or removing a key, and --edit, write; --get*,
// --list and the get/list subcommands only read. Git's config names the
// programs it runs (core.hooksPath, core.fsmonitor, aliases), so its file
// is a write like any other: under .git, a protected path.
func (g gitConfig) writes() (string, bool) {
	if g.read {
		return "", false
	}
	if len(g.ops) > 0 {
		switch g.ops[0].Value {
		case "get", "list":
			return "", false
		case "set", "unset", "rename-section", "remove-section", "edit":
			return g.target, true
		}
	}
	return g.target, g.write || len(g.ops) >= 2
}

// keyValue is the key and value a setting command names (git config KEY
// VALUE, git config set KEY VALUE).
func (g gitConfig) keyValue() (key, value Word, ok bool) {
	ops := g.ops
	if len(ops) > 0 && ops[0].Value == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 {
		return Word{}, Word{}, false
	}
	return ops[0], ops[1], true
}

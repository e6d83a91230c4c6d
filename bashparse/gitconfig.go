package bashparse

import "strings"

// gitConfigWrite is the file a `git config` command (its arguments after
// "config") writes, if it writes one: .git/config by default, the user's
// ~/.gitconfig under --global, /etc/gitconfig under --system, the
// worktree's file, or -f FILE. Setting, adding, unsetting, renaming or
// removing a key, and --edit, write; --get*, --list and their `get`/`list`
// subcommands only read. Git's config is where programs it runs are named
// (core.hooksPath, core.fsmonitor, aliases), so its file is a write like
// any other: under .git it is a protected path.
func gitConfigWrite(args []string) (target string, writes bool) {
	target = ".git/config"
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case a == "--global":
			target = "~/.gitconfig"
		case a == "--system":
			target = "/etc/gitconfig"
		case a == "--local":
			target = ".git/config"
		case a == "--worktree":
			target = ".git/config.worktree"
		case a == "-f" || a == "--file":
			if i+1 < len(args) {
				target = args[i+1]
				i++
			}
		case strings.HasPrefix(a, "--file="):
			target = strings.TrimPrefix(a, "--file=")
		case strings.HasPrefix(a, "-f") && !strings.HasPrefix(a, "--"):
			target = a[2:]
		case a == "--blob" || strings.HasPrefix(a, "--blob="):
			return "", false // a blob is read, never written
		case a == "--type" || a == "--default" || a == "--comment" || a == "--value":
			i++ // their value is not an operand
		case a == "--add" || a == "--replace-all" || a == "--unset" || a == "--unset-all" ||
			a == "--rename-section" || a == "--remove-section" || a == "-e" || a == "--edit":
			writes = true
		case strings.HasPrefix(a, "--get") || a == "-l" || a == "--list":
			return "", false
		case strings.HasPrefix(a, "-"):
			// Modifiers (--type=bool, --show-origin, -z, --includes …).
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) > 0 {
		switch ops[0] {
		case "get", "list":
			return "", false
		case "set", "unset", "rename-section", "remove-section", "edit":
			return target, true
		}
	}
	return target, writes || len(ops) >= 2
}

package bashparse

import "strings"

// configWrite is the configuration file a command writes when it sets a
// setting through a subcommand rather than naming the file: git config
// and npm config. Both files name programs the tool later runs (git's
// core.hooksPath and aliases, npm's script-shell), and some are protected
// paths (.git/config, ~/.gitconfig, .npmrc).
func configWrite(v View) (File, bool) {
	if len(v.Args) == 0 {
		return File{}, false
	}
	var target string
	var ok bool
	switch {
	case v.Name == "git" && v.Args[0] == "config":
		target, ok = gitConfigWrite(v.Args[1:])
	case v.Name == "npm" && (v.Args[0] == "config" || v.Args[0] == "c") && len(v.Args) > 1:
		target, ok = npmConfigWrite(v.Args[1], v.Args[2:])
	case v.Name == "npm" && (v.Args[0] == "set" || v.Args[0] == "delete"):
		target, ok = npmConfigWrite(v.Args[0], v.Args[1:])
	}
	if !ok {
		return File{}, false
	}
	return File{Path: target, Access: Write, Via: v.Name + " config", Tilde: strings.HasPrefix(target, "~")}, true
}

// npmConfigWrite is the npmrc `npm config ACTION` writes: set, delete (rm,
// del), edit and fix write the user's ~/.npmrc, the project's .npmrc
// (--location=project), the global one, or --userconfig FILE; get and
// list only read.
func npmConfigWrite(action string, args []string) (string, bool) {
	switch action {
	case "set", "delete", "rm", "del", "edit", "fix":
	default:
		return "", false
	}
	target := "~/.npmrc"
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--location" || a == "-L":
			if i+1 < len(args) {
				target = npmLocation(args[i+1], target)
				i++
			}
		case strings.HasPrefix(a, "--location="):
			target = npmLocation(strings.TrimPrefix(a, "--location="), target)
		case a == "-g" || a == "--global":
			target = "/etc/npmrc"
		case a == "--userconfig":
			if i+1 < len(args) {
				target = args[i+1]
				i++
			}
		case strings.HasPrefix(a, "--userconfig="):
			target = strings.TrimPrefix(a, "--userconfig=")
		}
	}
	return target, true
}

// npmLocation maps --location to its npmrc.
func npmLocation(loc, dflt string) string {
	switch loc {
	case "project":
		return ".npmrc"
	case "global":
		return "/etc/npmrc"
	case "user":
		return "~/.npmrc"
	}
	return dflt
}

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

// gitConfigValueOptions are git config's options that take the next word
// as their value.
var gitConfigValueOptions = map[string]bool{"-f": true, "--file": true, "--blob": true, "--type": true,
	"--default": true, "--comment": true, "--value": true}

// gitConfigOperands are the key and value words of `git config` (its
// arguments after "config"): options and their values skipped, and every
// word after the key an operand even when it starts with "-" (git reads
// `git config alias.p "-c a=b push"` as a value).
func gitConfigOperands(args []Word) []Word {
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		switch {
		case len(ops) > 0 && (ops[0].Value != "set" || len(ops) > 1):
			ops = append(ops, args[i])
		case a == "--":
			return append(ops, args[i+1:]...)
		case gitConfigValueOptions[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			ops = append(ops, args[i])
		}
	}
	return ops
}

// subcommandCLIs pick what they do by their first operand (git push, npm
// publish, kubectl delete): rules name it, so a first operand known only
// at run time (git $(echo push)) could be any of them.
var subcommandCLIs = map[string]bool{"git": true, "npm": true, "pnpm": true, "yarn": true, "bun": true,
	"docker": true, "podman": true, "kubectl": true, "helm": true, "cargo": true, "go": true, "gh": true,
	"glab": true, "aws": true, "gcloud": true, "az": true, "terraform": true, "tofu": true, "systemctl": true,
	"apt": true, "apt-get": true, "brew": true, "pip": true, "pip3": true, "uv": true, "poetry": true,
	"dotnet": true, "composer": true, "rails": true, "rake": true, "mvn": true, "gradle": true, "svn": true,
	"hg": true, "flyctl": true, "vercel": true, "heroku": true, "firebase": true, "doctl": true, "pulumi": true}

// dynamicSubcommand reports a subcommand-style CLI whose first operand
// (after its options) is not static.
func dynamicSubcommand(inner []Word) (string, bool) {
	if len(inner) < 2 || !inner[0].Static() || !subcommandCLIs[inner[0].Value] {
		return "", false
	}
	for _, w := range inner[1:] {
		if w.Static() && strings.HasPrefix(w.Value, "-") {
			continue
		}
		return w.Value, !w.Static()
	}
	return "", false
}

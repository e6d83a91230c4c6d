package bashparse

import "strings"

// Git prints the stored content of files it is not told to name: a patch
// (git diff, git log -p, git show, git stash show), an object looked up
// by its id (git cat-file -p SHA, git show SHA), a whole tree (git
// archive, git bundle, git fast-export). A file a Read deny rule covers
// (.env committed by mistake, secrets/ in history) is printed while no
// word names it. Such a form is a recursive reader of the repository — or
// of the pathspecs after "--" when each is a plain path — and meets the
// deny rules as grep -r does (spec §3, "a recursive reader … whose root
// could contain a path under a Read deny rule asks"). The names git lists
// (--stat, --name-only, git log --oneline, git status) are not contents.

// gitPatchOptions are the diff options that make a log-like subcommand
// (log, whatchanged, reflog, stash list, diff-tree …) print a patch.
var gitPatchOptions = []string{"--patch", "--unified", "--patch-with-stat", "--patch-with-raw",
	"--cc", "--dd", "--remerge-diff", "--diff-merges", "--function-context", "--word-diff",
	"--word-diff-regex", "--color-words", "--binary", "--check", "--show-current-patch"}

// gitListOnlyOptions are the diff options that print names or counts
// instead of a patch (unless a patch option is given too).
var gitListOnlyOptions = []string{"--stat", "--numstat", "--shortstat", "--dirstat", "--name-only",
	"--name-status", "--summary", "--raw", "--no-patch", "--quiet", "--compact-summary"}

// gitPatchWanted reports whether args ask for a patch: a patch option, or
// one of the short forms -p -u -U<n> -W -c -m -L (log's -c, -m and -L print
// merge diffs and line histories).
func gitPatchWanted(args []Word) bool {
	for _, o := range gitPatchOptions {
		if hasLong(args, o) {
			return true
		}
	}
	for _, c := range []byte("puUWcmL") {
		if hasShort(args, c) {
			return true
		}
	}
	return false
}

// gitListsNamesOnly reports whether args ask only for names or counts.
func gitListsNamesOnly(args []Word) bool {
	if hasShort(args, 's') {
		return true
	}
	for _, o := range gitListOnlyOptions {
		if hasLong(args, o) {
			return true
		}
	}
	return false
}

// gitCommitRevision reports whether w certainly names a commit (HEAD and
// its ancestors), never a blob or a tag that may point to one.
func gitCommitRevision(w Word) bool {
	if !w.Static() {
		return false
	}
	v := strings.TrimPrefix(w.Value, "HEAD")
	if len(v) == len(w.Value) && w.Value != "@" {
		return false
	}
	return strings.Trim(v, "~^0123456789") == ""
}

// gitPrintsContent reports whether the git subcommand args[0] prints the
// stored content of files its words do not name.
func gitPrintsContent(args []Word) bool {
	sub, rest := args[0].Value, args[1:]
	switch sub {
	case "diff":
		return gitPatchWanted(rest) || !gitListsNamesOnly(rest)
	case "log", "whatchanged", "reflog", "diff-tree", "diff-index", "diff-files":
		return gitPatchWanted(rest)
	case "stash":
		// git stash show prints a patch under stash.showPatch, which the
		// repository's config may set.
		return len(rest) > 0 && (rest[0].Value == "show" || rest[0].Value == "list" && gitPatchWanted(rest[1:]))
	case "show":
		if gitPatchWanted(rest) || !gitListsNamesOnly(rest) {
			return true
		}
		// Names only, but an object id or a tag may name a blob, which
		// git show prints whatever the options.
		for _, o := range operandWords(rest, "") {
			if !gitCommitRevision(o) {
				return true
			}
		}
		return false
	case "cat-file":
		// -t, -s and -e tell an object's type, size, existence.
		return !hasShort(rest, 't') && !hasShort(rest, 's') && !hasShort(rest, 'e')
	case "archive", "bundle", "fast-export", "format-patch", "range-diff", "merge-tree",
		"request-pull", "am", "rebase",
		// unpack-file copies a blob into a file of its own name, and
		// checkout-index -a --prefix=x the index's files to x.env, x…:
		// stored contents out from under the names the rules know.
		"unpack-file", "checkout-index":
		if sub == "checkout-index" {
			// Named paths are words the rules check; -a and --stdin copy
			// files no word names.
			return hasShort(rest, 'a') || hasLong(rest, "--all") || hasLong(rest, "--stdin")
		}
		return sub != "am" && sub != "rebase" || hasLong(rest, "--show-current-patch")
	}
	return false
}

// gitWorktreeDiff reports a git diff of the work tree against the index:
// no revision (no operand before "--"), no --cached or --staged, no
// --no-index. It prints only files the index tracks.
func gitWorktreeDiff(args []Word) bool {
	if args[0].Value != "diff" {
		return false
	}
	rest := args[1:]
	for i, a := range rest {
		if a.Value == "--" && a.Static() {
			rest = rest[:i]
			break
		}
	}
	for _, o := range []string{"--cached", "--staged", "--no-index", "--merge-base"} {
		if hasLong(rest, o) {
			return false
		}
	}
	return len(operandWords(rest, "")) == 0
}

// gitContentTrees lists the trees a git subcommand prints the contents of
// (gitPrintsContent): the pathspecs after "--" when each is a plain path,
// otherwise the whole repository. Each is a git walk (Tree.Repo): outside
// a repository it reads nothing.
func gitContentTrees(args []Word) []Tree {
	if len(args) == 0 || !args[0].Static() || !gitPrintsContent(args) {
		return nil
	}
	via := "git " + args[0].Value
	index := gitWorktreeDiff(args)
	whole := []Tree{{Root: ".", Access: Read, Via: via, Repo: true, Top: true, Index: index}}
	dd := -1
	for i, a := range args {
		if a.Value == "--" && a.Static() {
			dd = i
			break
		}
	}
	if dd < 0 || dd+1 == len(args) {
		return whole
	}
	var out []Tree
	for _, p := range args[dd+1:] {
		// A glob pathspec (git's own or the shell's) prints what it
		// matches below its literal directory: that directory is walked,
		// kept to its fixed ending (gitPathspecTree).
		if v := strings.TrimPrefix(p.Value, "./"); (p.Static() || p.Glob) && !strings.HasPrefix(v, ":") && strings.ContainsAny(v, "*?[") {
			if t, ok := gitPathspecTree(p.Value); ok && t.Root != "/" {
				t.Via, t.Repo, t.Index = via, true, index
				out = append(out, t)
				continue
			}
		}
		if widePathspec(p) && strings.TrimPrefix(p.Value, "./") != "." {
			return whole
		}
		out = append(out, Tree{Root: p.Value, Access: Read, Via: via, Repo: true, Index: index})
	}
	return out
}

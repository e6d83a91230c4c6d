package bashparse

import "strings"

// ViaGitTracked marks a Tree of a git command that rewrites the tracked
// files of the whole work tree from the index or HEAD (git reset --hard,
// git stash, git checkout-index --all, git switch --orphan, git
// sparse-checkout): what it can
// touch is what the index tracks, from the top of the repository, however
// deep the command runs (Tree.Index, Tree.Top).
const ViaGitTracked = "git rewrite of the tracked files"

// ViaGitRevision marks a Tree of a git command that writes the work tree
// of another revision over the whole repository (git switch BRANCH, git
// merge, git pull, git rebase, git cherry-pick, git revert, git bisect;
// git am, git
// stash pop, git reset --hard REV and git read-tree -u keep names of
// their own, see gitWholeTreeTrees): the other revision
// may hold files the index does not track, which cannot be told without
// reading git's objects, so every guard under the top stands.
const ViaGitRevision = "git write of another revision's tree"

// gitWholeTreeTrees lists the trees a git subcommand rewrites as a whole
// rather than by the paths it names; nil when it is not such a writer (or
// is left to the pathspec trees: git checkout REV -- PATH, git checkout
// .). A write that also deletes untracked files (git stash -u) is not
// bounded by the index either.
func gitWholeTreeTrees(args []Word) []Tree {
	if len(args) == 0 || !args[0].Static() {
		return nil
	}
	rest := args[1:]
	switch args[0].Value {
	case "merge", "pull", "rebase", "cherry-pick", "revert":
		return revisionTree(ViaGitRevision)
	case "am":
		return revisionTree("git am")
	case "read-tree":
		if hasShort(rest, 'u') {
			return revisionTree("git read-tree of a revision")
		}
	case "checkout-index":
		if hasShort(rest, 'a') || hasLong(rest, "--all") {
			return trackedTree()
		}
	case "reset":
		if !hasLong(rest, "--hard") && !hasLong(rest, "--merge") && !hasLong(rest, "--keep") {
			return nil
		}
		for _, o := range operandWords(rest, "") {
			if o.Value != "HEAD" && o.Value != "@" {
				return revisionTree("git reset of a revision")
			}
		}
		if hasLong(rest, "--hard") {
			return trackedTree() // local changes to tracked files are thrown away
		}
	case "bisect":
		// start, good, bad, skip, reset check out the next commit to test.
		if len(rest) > 0 {
			switch rest[0].Value {
			case "log", "view", "visualize", "terms", "help":
				return nil
			}
		}
		return revisionTree(ViaGitRevision)
	case "sparse-checkout":
		// set, add, reapply, disable and init remove or bring back
		// tracked files.
		if len(rest) > 0 && (rest[0].Value == "list" || rest[0].Value == "check-rules") {
			return nil
		}
		return trackedTree()
	case "worktree":
		return gitWorktreeAddTrees(rest)
	case "stash":
		return gitStashTrees(rest)
	case "switch":
		return gitSwitchTrees(rest)
	case "checkout":
		return gitCheckoutTrees(args)
	}
	return nil
}

// gitStashTrees: git stash (push, save) puts the tracked files back as
// HEAD has them, and with -u or -a also removes untracked (and ignored)
// files; pop, apply and branch write a stashed tree. The other forms
// (list, show, drop, clear, create, store) leave the work tree alone.
func gitStashTrees(rest []Word) []Tree {
	sub := ""
	if len(rest) > 0 && !strings.HasPrefix(rest[0].Value, "-") {
		sub = rest[0].Value
		rest = rest[1:]
	}
	switch sub {
	case "", "push", "save":
		if hasShort(rest, 'u') || hasShort(rest, 'a') || hasLong(rest, "--include-untracked") || hasLong(rest, "--all") {
			return revisionTree(ViaGitRevision)
		}
		return trackedTree()
	case "list", "show", "drop", "clear", "create", "store":
		return nil
	}
	return revisionTree("git stash of a revision") // pop, apply, branch, and what git may add later
}

// gitSwitchTrees: git switch BRANCH (or -, or --detach REV) writes that
// branch's tree; -c NAME without a start point stays on HEAD's tree and
// writes nothing; --orphan empties the tracked files.
func gitSwitchTrees(rest []Word) []Tree {
	if hasLong(rest, "--orphan") {
		return trackedTree()
	}
	ops := operandWords(rest, "cC")
	if hasShort(rest, 'c') || hasShort(rest, 'C') {
		if len(ops) == 0 {
			return nil
		}
		return revisionTree(ViaGitRevision)
	}
	if len(ops) > 0 || hasShort(rest, 'd') || hasLong(rest, "--detach") {
		return revisionTree(ViaGitRevision)
	}
	return nil
}

// gitCheckoutTrees: git checkout REV writes REV's tree, as does -b NAME
// REV; -b NAME alone and --orphan NAME stay on HEAD's tree; -f alone puts
// back the tracked files. A form with "--" or a first operand git would
// take as a wide pathspec (git checkout .) is left to the pathspec trees.
// An operand that is a file rather than a revision (git checkout a.txt)
// is weighed as a revision: only a check of git's refs could tell them
// apart.
func gitCheckoutTrees(args []Word) []Tree {
	rest := args[1:]
	for _, a := range rest {
		if a.Value == "--" {
			return nil
		}
	}
	ops := operandWords(rest, "bB")
	if hasLong(rest, "--orphan") {
		if len(ops) > 1 {
			return revisionTree(ViaGitRevision)
		}
		return nil
	}
	if len(ops) == 0 {
		if hasShort(rest, 'f') || hasLong(rest, "--force") {
			return trackedTree()
		}
		return nil
	}
	if widePathspec(ops[0]) && ops[0].Static() {
		return nil
	}
	// Static operands are also weighed as the paths they may be.
	paths, wide := gitPathspecs(args)
	out := append(revisionTree(ViaGitRevision), gitReadPathspecTrees(args)...)
	if wide {
		// A pathspec file or a wide operand may name anything under the
		// cwd, protected paths included (see protectedWitnesses).
		out = append(out, Tree{Root: ".", Access: Write, Via: "git checkout of a pathspec"})
	}
	return append(out, gitDirPathspecTrees(paths)...)
}

// trackedTree is the write of the tracked files of the whole repository
// (ViaGitTracked). It is built only for a command that makes it, so that
// the other git commands of a line allocate nothing here.
func trackedTree() []Tree {
	return []Tree{{Root: ".", Access: Write, Via: ViaGitTracked, Repo: true, Top: true, Index: true}}
}

// revisionTree is the write of another tree over the whole repository.
// The forms whose tree may hold anything, .git/hooks and
// .claude/settings.json included (a stash, a patch, a revision built by
// plumbing), keep the names protectedWitnesses knows them by ("git reset
// of a revision", "git am", ...); daily branch work is ViaGitRevision.
func revisionTree(via string) []Tree {
	return []Tree{{Root: ".", Access: Write, Via: via, Repo: true, Top: true}}
}

// gitWorktreeAddTrees: git worktree add PATH [REV] checks a whole
// revision out under PATH, so every guard that can match below PATH (a
// pattern such as .env matches at any depth) stands. PATH is the first
// operand after the options; -b and -B take a branch name, --reason a
// text.
func gitWorktreeAddTrees(rest []Word) []Tree {
	if len(rest) == 0 || rest[0].Value != "add" {
		return nil
	}
	var ops []Word
	for i, args := 0, rest[1:]; i < len(args); i++ {
		if args[i].Value == "--reason" {
			i++ // its value is text
			continue
		}
		ops = append(ops, operandWords(args[i:i+1], "")...)
		if v := args[i].Value; (v == "-b" || v == "-B") && i+1 < len(args) {
			i++
		}
	}
	if len(ops) == 0 {
		return nil
	}
	p := ops[0]
	return []Tree{{Root: p.Value, Access: Write, Via: "git worktree add", Dynamic: p.Dynamic || p.Tilde || p.Brace}}
}

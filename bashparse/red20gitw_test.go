package bashparse

import "testing"

// red20gitwRows are git commands that rewrite the work tree as a whole:
// the tracked files only (index: the tree is bounded by what the index
// tracks), or another revision's tree (any file under the top). Each is a
// git walk of the whole repository (Repo, Top). Neighbours write nothing
// of the work tree, or are left to the pathspec trees.
var red20gitwRows = []struct {
	src   string
	via   string // the whole-tree write's Via ("" for none)
	index bool
}{
	{`git reset --hard`, ViaGitTracked, true},
	{`git reset --hard HEAD`, ViaGitTracked, true},
	{`git reset -q --hard @`, ViaGitTracked, true},
	{`git stash`, ViaGitTracked, true},
	{`git stash push -m wip`, ViaGitTracked, true},
	{`git stash save wip`, ViaGitTracked, true},
	{`git stash -q`, ViaGitTracked, true},
	{`git checkout -f`, ViaGitTracked, true},
	{`git checkout --force`, ViaGitTracked, true},
	{`git checkout-index -a -f`, ViaGitTracked, true},
	{`git checkout-index --all`, ViaGitTracked, true},
	{`git switch --orphan n`, ViaGitTracked, true},
	{`git stash -u`, ViaGitRevision, false},
	{`git stash push --include-untracked`, ViaGitRevision, false},
	{`git stash --all`, ViaGitRevision, false},
	{`git stash -a`, ViaGitRevision, false},
	{`git stash frobnicate`, "git stash of a revision", false},
	{`git switch other`, ViaGitRevision, false},
	{`git switch -`, ViaGitRevision, false},
	{`git switch -c n other`, ViaGitRevision, false},
	{`git switch --detach other`, ViaGitRevision, false},
	{`git switch -d`, ViaGitRevision, false},
	{`git checkout other`, ViaGitRevision, false},
	{`git checkout -`, ViaGitRevision, false},
	{`git checkout "$B"`, ViaGitRevision, false},
	{`git checkout -b n other`, ViaGitRevision, false},
	{`git checkout --orphan n other`, ViaGitRevision, false},
	{`git merge other`, ViaGitRevision, false},
	{`git merge --ff-only other`, ViaGitRevision, false},
	{`git pull`, ViaGitRevision, false},
	{`git pull . other`, ViaGitRevision, false},
	{`git rebase other`, ViaGitRevision, false},
	{`git rebase -i HEAD~2`, ViaGitRevision, false},
	{`git cherry-pick other`, ViaGitRevision, false},
	{`git revert --no-edit HEAD`, ViaGitRevision, false},
	{`git --no-pager merge other`, ViaGitRevision, false},
	{`command git switch other`, ViaGitRevision, false},
	{`git reset --hard other`, "git reset of a revision", false},
	{`git reset --keep HEAD~1`, "git reset of a revision", false},
	{`git stash pop`, "git stash of a revision", false},
	{`git stash apply stash@{1}`, "git stash of a revision", false},
	{`git read-tree -u -m other`, "git read-tree of a revision", false},
	{`git am x.patch`, "git am", false},
	{`git bisect start top main`, ViaGitRevision, false},
	{`git bisect bad`, ViaGitRevision, false},
	{`git bisect reset`, ViaGitRevision, false},
	{`git sparse-checkout set --no-cone /sub/`, ViaGitTracked, true},
	{`git sparse-checkout disable`, ViaGitTracked, true},
	// Neighbours.
	{`git status`, "", false},
	{`git diff`, "", false},
	{`git log --oneline`, "", false},
	{`git switch -c new`, "", false},
	{`git switch --create=new`, "", false},
	{`git checkout -b x`, "", false},
	{`git checkout --orphan n`, "", false},
	{`git checkout`, "", false},
	{`git checkout .`, "", false},
	{`git checkout other -- a.txt`, "", false},
	{`git stash list`, "", false},
	{`git stash show -p`, "", false},
	{`git stash drop`, "", false},
	{`git reset`, "", false},
	{`git reset --soft HEAD~1`, "", false},
	{`git reset --merge`, "", false},
	{`git read-tree other`, "", false},
	{`git commit -m x`, "", false},
	{`git add .`, "", false},
	{`git fetch`, "", false},
	{`git branch -d x`, "", false},
	{`git bisect log`, "", false},
	{`git sparse-checkout list`, "", false},
}

// TestRed20gitwFacts checks the whole-tree write of each row: its Via,
// that it covers the repository from its top, and whether the index
// bounds it.
func TestRed20gitwFacts(t *testing.T) {
	for _, r := range red20gitwRows {
		a := Parse(r.src)
		var got *Tree
		for _, c := range a.Commands {
			for i, tr := range c.Recursive {
				if tr.Access == Write && tr.Top {
					got = &c.Recursive[i]
				}
			}
		}
		switch {
		case r.via == "" && got != nil:
			t.Errorf("Parse(%q): whole-tree write %+v, want none", r.src, *got)
		case r.via != "" && got == nil:
			t.Errorf("Parse(%q): no whole-tree write, want %q", r.src, r.via)
		case got != nil && (got.Via != r.via || got.Index != r.index || !got.Repo || got.Root != "."):
			t.Errorf("Parse(%q): %+v, want via %q index %v over the repository", r.src, *got, r.via, r.index)
		}
	}
}

// TestRed20gitwWorktreeAdd: git worktree add PATH [REV] writes a whole
// tree under PATH; git worktree list writes nothing.
func TestRed20gitwWorktreeAdd(t *testing.T) {
	for _, r := range []struct{ src, root string }{
		{`git worktree add wt other`, "wt"},
		{`git worktree add -b n wt other`, "wt"},
		{`git worktree add -B n --reason why -f ../x`, "../x"},
		{`git worktree list`, ""},
		{`git worktree prune`, ""},
	} {
		root := ""
		for _, c := range Parse(r.src).Commands {
			for _, tr := range c.Recursive {
				if tr.Via == "git worktree add" && tr.Access == Write {
					root = tr.Root
				}
			}
		}
		if root != r.root {
			t.Errorf("Parse(%q): worktree write at %q, want %q", r.src, root, r.root)
		}
	}
}

package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// red20gitwPolicy denies edits of files a repository may track; the allow
// of every git command, and acceptEdits mode for the files it writes in
// the project, are what a whole-tree writer hides behind.
const red20gitwPolicy = `{"permissions":{"defaultMode":"acceptEdits","allow":["Bash(git:*)"],` +
	`"deny":["Edit(.env)","Edit(config/prod.yaml)","Edit(.github/workflows/**)"]}}`

// red20gitwRepos are the scripts that build each repository: "tracked"
// commits .env on main and changes it on branch other (other2 changes
// only README.md); "ignored" tracks nothing guarded, its .env untracked
// and ignored.
var red20gitwRepos = map[string]string{
	"tracked": `git init -q -b main && echo SECRET=1 > .env && mkdir config sub && echo p > config/prod.yaml &&
echo hi > README.md && echo s > sub/f && git add -A && git commit -qm init &&
git checkout -qb other && echo SECRET=evil > .env && git commit -qam other &&
git checkout -qb other2 main && echo x > README.md && git commit -qam other2 && git checkout -q main`,
	"ignored": `git init -q -b main && echo .env > .gitignore && echo SECRET=1 > .env && echo hi > README.md &&
git add -A && git commit -qm init && git checkout -qb other && echo x > README.md && git commit -qam other &&
git checkout -q main`,
}

// red20gitwRows: attack rows ask, and running them with the real git
// changes or removes .env (proved in the same repository state);
// neighbour rows stay allowed.
var red20gitwRows = []struct {
	repo, pre, cmd, want string
}{
	{"tracked", "echo SECRET=mine > .env", "git reset --hard", "ask"},
	{"tracked", "echo SECRET=mine > .env", "git reset -q --hard HEAD", "ask"},
	{"tracked", "echo SECRET=mine > .env", "git stash", "ask"},
	{"tracked", "echo SECRET=mine > .env", "git stash push -m wip", "ask"},
	{"tracked", "echo SECRET=mine > .env", "git checkout -f", "ask"},
	{"tracked", "echo SECRET=mine > .env", "git checkout-index -a -f", "ask"},
	{"tracked", "echo SECRET=mine > .env", "cd sub && git reset --hard", "ask"},
	{"tracked", "", "git switch other", "ask"},
	{"tracked", "", "git switch -c n other", "ask"},
	{"tracked", "", "git switch --detach other", "ask"},
	{"tracked", "", "git switch --orphan n", "ask"},
	{"tracked", "", "git checkout -b n other", "ask"},
	{"tracked", "", "git merge other", "ask"},
	{"tracked", "", "git merge --ff-only other", "ask"},
	{"tracked", "", "git pull -q . other", "ask"},
	{"tracked", "git checkout -q other2", "git rebase -q other", "ask"},
	{"tracked", "", "git cherry-pick other", "ask"},
	{"tracked", "git checkout -q other", "git revert --no-edit HEAD", "ask"},
	{"tracked", "git checkout -q other", "git switch -", "ask"},
	{"tracked", "", "command git --no-pager switch other", "ask"},
	{"tracked", "git checkout -q other && echo a >> README.md && git commit -qam a && git branch -q top && git checkout -q main",
		"git bisect start top main", "ask"},
	{"tracked", "", "git sparse-checkout set --no-cone /sub/", "ask"},
	{"tracked", "", "git worktree add -q wt other", "ask"},
	{"tracked", "", "git worktree add -q -b n wt other", "ask"},
	{"tracked", "git rm -q --cached .env && git commit -qm u", "git stash -u", "ask"},
	{"ignored", "", "git stash --all", "ask"},
	{"ignored", "", "git stash -a", "ask"},
	// Neighbours.
	{"tracked", "", "git status", "allow"},
	{"tracked", "", "git diff", "allow"},
	{"tracked", "", "git log --oneline", "allow"},
	{"tracked", "", "git switch -c new", "allow"},
	{"tracked", "", "git checkout -b x", "allow"},
	{"tracked", "", "git stash list", "allow"},
	{"tracked", "", "git commit -qm x", "allow"},
	{"tracked", "", "git add README.md", "allow"},
	{"tracked", "", "git fetch", "allow"},
	{"ignored", "", "git reset --hard", "allow"},
	{"ignored", "", "git stash", "allow"},
	{"ignored", "", "git checkout -f", "allow"},
	{"ignored", "", "git checkout-index -a -f", "allow"},
	{"ignored", "", "git switch -c new", "allow"},
	{"ignored", "", "git sparse-checkout set --no-cone /sub/", "allow"},
	{"tracked", "", "git bisect log", "allow"},
	{"tracked", "", "git worktree list", "allow"},
}

// TestRed20gitwWholeTree decides each row in a fresh repository made with
// the real git, and for an attack row runs the command there to show that
// it does rewrite or remove the denied .env.
func TestRed20gitwWholeTree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=cat", "GIT_EDITOR=true",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b"}
	run := func(dir, script string) {
		t.Helper()
		cmd := exec.Command("bash", "--noprofile", "--norc", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", script, err, out)
		}
	}
	for _, r := range red20gitwRows {
		dir := t.TempDir()
		run(dir, red20gitwRepos[r.repo])
		if r.pre != "" {
			run(dir, r.pre)
		}
		d := decideBashIn(t, dir, red20gitwPolicy, false, r.cmd)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s (%s repo): %s (%s), want %s", r.cmd, r.repo, got, d.Reason, r.want)
		}
		if r.want == "allow" {
			continue
		}
		envFile := filepath.Join(dir, ".env")
		if strings.Contains(r.cmd, "worktree add") {
			envFile = filepath.Join(dir, "wt", ".env") // the new work tree's
		}
		before, _ := os.ReadFile(envFile)
		run(dir, r.cmd)
		if after, err := os.ReadFile(envFile); err == nil && string(after) == string(before) {
			t.Errorf("%s (%s repo): the real git left .env as it was (%q): the row proves nothing", r.cmd, r.repo, after)
		}
	}
}

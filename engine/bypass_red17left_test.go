package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Classes left open by earlier passes. Each attack row was seen doing
// what it is blocked for with the real program (TestRed17leftRealGit and
// the others below); the neighbours must keep their decision.

// red17leftFiles is a project with a secret, a secrets directory and
// ordinary sources.
var red17leftFiles = map[string]string{
	"<cwd>/.env":        "TOKEN=red17left\n",
	"<cwd>/secrets/key": "TOKEN=red17left\n",
	"<cwd>/src/a.go":    "package a\n",
}

// red17leftDeny denies the secrets only, so read-only detection decides;
// red17leftAnchored denies a path no walk of the project reaches;
// red17leftGitAllow allows git outright but denies the secrets.
const (
	red17leftDeny     = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)"]}}`
	red17leftAnchored = `{"permissions":{"deny":["Read(~/.ssh/**)"]}}`
	red17leftGitAllow = `{"permissions":{"allow":["Bash(git:*)"],"deny":["Read(.env)","Read(secrets/**)"]}}`
)

var red17leftClasses = map[string][]bashModeRow{
	"r17l-1 git prints the stored content of a file no word names": {
		{red17leftDeny, `git diff HEAD~1`, "default", "ask"},
		{red17leftDeny, `git diff`, "default", "ask"},
		{red17leftDeny, `git diff --cached`, "default", "ask"},
		{red17leftDeny, `git diff --staged HEAD`, "default", "ask"},
		{red17leftDeny, `git diff --stat -p`, "default", "ask"},
		{red17leftDeny, `git --no-pager diff HEAD~1 HEAD`, "default", "ask"},
		{red17leftDeny, `git -c color.ui=never diff`, "default", "ask"},
		{red17leftDeny, `git log -p`, "default", "ask"},
		{red17leftDeny, `git log -p -- .`, "default", "ask"},
		{red17leftDeny, `git log --patch --all`, "default", "ask"},
		{red17leftDeny, `git log -U0`, "default", "ask"},
		{red17leftDeny, `git log -1 -u`, "default", "ask"},
		{red17leftDeny, `git log --cc`, "default", "ask"},
		{red17leftDeny, `git log -L1,5:src/a.go`, "default", "ask"},
		{red17leftDeny, `git log --word-diff`, "default", "ask"},
		{red17leftDeny, `git whatchanged -p`, "default", "ask"},
		{red17leftDeny, `git reflog -p`, "default", "ask"},
		{red17leftDeny, `git show`, "default", "ask"},
		{red17leftDeny, `git show HEAD~1`, "default", "ask"},
		{red17leftDeny, `git show --stat 3f2a9c1`, "default", "ask"},
		{red17leftDeny, `git show -s v1.0`, "default", "ask"},
		{red17leftDeny, `git stash show`, "default", "ask"},
		{red17leftDeny, `git stash show -p`, "default", "ask"},
		{red17leftDeny, `git stash list -p`, "default", "ask"},
		{red17leftDeny, `git cat-file -p 3f2a9c1`, "default", "ask"},
		{red17leftDeny, `git cat-file blob 3f2a9c1`, "default", "ask"},
		{red17leftDeny, `git diff-tree -p HEAD`, "default", "ask"},
		{red17leftDeny, `git diff-index -p HEAD`, "default", "ask"},
		{red17leftDeny, `git log -p -- src secrets`, "default", "deny"},
		{red17leftDeny, `git log -p -- ':!src'`, "default", "ask"},
		{red17leftDeny, `git diff HEAD~1 -- '*.env'`, "default", "ask"},
		{red17leftDeny, `cd src && git diff`, "default", "ask"},
		// A prefix rule for git approves its arguments, not a read of
		// what a deny rule covers.
		{red17leftGitAllow, `git diff HEAD~1`, "default", "ask"},
		{red17leftGitAllow, `git log -p`, "default", "ask"},
		{red17leftGitAllow, `git archive HEAD`, "default", "ask"},
		{red17leftGitAllow, `git format-patch -1 --stdout`, "default", "ask"},
		{red17leftGitAllow, `git bundle create /dev/stdout HEAD`, "default", "ask"},
		{red17leftGitAllow, `git fast-export HEAD`, "default", "ask"},
		{red17leftGitAllow, `git merge-tree HEAD~1 HEAD main`, "default", "ask"},
		{red17leftGitAllow, `git am --show-current-patch`, "default", "ask"},
		{red17leftGitAllow, `git range-diff HEAD~2 HEAD~1 HEAD`, "default", "ask"},
		{red17leftDeny, `git log -p`, "dontAsk", "deny"},
		// What names a denied file is still denied.
		{red17leftDeny, `git show HEAD:.env`, "default", "deny"},
		{red17leftDeny, `git cat-file -p HEAD:.env`, "default", "deny"},
		{red17leftDeny, `git blame .env`, "default", "deny"},
		// Neighbours: names and counts are not contents; a pathspec no
		// deny rule can reach; no deny rule a walk of the project meets.
		{red17leftDeny, `git status`, "default", "allow"},
		{red17leftDeny, `git log --oneline`, "default", "allow"},
		{red17leftDeny, `git log`, "default", "allow"},
		{red17leftDeny, `git log --stat -5`, "default", "allow"},
		{red17leftDeny, `git log --name-only`, "default", "allow"},
		{red17leftDeny, `git diff --stat`, "default", "allow"},
		{red17leftDeny, `git diff --name-only HEAD~1`, "default", "allow"},
		{red17leftDeny, `git diff --quiet`, "default", "allow"},
		{red17leftDeny, `git show --stat`, "default", "allow"},
		{red17leftDeny, `git show -s HEAD~2`, "default", "allow"},
		{red17leftDeny, `git show --name-only HEAD^`, "default", "allow"},
		{red17leftDeny, `git cat-file -t HEAD`, "default", "allow"},
		{red17leftDeny, `git ls-files`, "default", "allow"},
		{red17leftDeny, `git branch`, "default", "allow"},
		{red17leftAnchored, `git diff`, "default", "allow"},
		{red17leftAnchored, `git log -p`, "default", "allow"},
		{red17leftAnchored, `git show`, "default", "allow"},
		{red17leftAnchored, `git diff -- src/`, "default", "allow"},
		{red17leftAnchored, `git stash show -p`, "default", "allow"},
		{`{}`, `git diff`, "default", "allow"},
		{`{}`, `git log -p`, "default", "allow"},
	},
}

func TestRed17leftBypassRows(t *testing.T) {
	checkBashRows(t, red17leftFiles, red17leftClasses)
}

// red17leftGitPrinting are git forms the rows above ask for, each seen
// printing a committed .env that no word of it names.
var red17leftGitPrinting = []string{
	`git diff HEAD~1`,
	`git log -p`,
	`git log -p -- .`,
	`git show HEAD~1`,
	`git diff --cached`,
	`git stash show -p`,
	`git cat-file -p "$(git rev-parse HEAD~1:.env)"`,
	`git show --stat "$(git rev-parse HEAD~1:.env)"`,
	`git format-patch -1 --stdout HEAD~1`,
	`git archive HEAD | tar -xO`,
	`git fast-export HEAD`,
	`git diff-tree -p HEAD~2 HEAD~1`,
}

// red17leftGitRepo makes a repository in a temporary directory whose
// second commit adds .env, with a staged and a stashed change to it.
func red17leftGitRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	run := func(script string) {
		t.Helper()
		cmd := exec.Command("bash", "--noprofile", "--norc", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C",
			"GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", script, err, out)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	run(`git init -q . && echo 'package a' > src/a.go && git add . && git commit -qm one &&
		echo TOKEN=red17left > .env && git add . && git commit -qm two &&
		echo x >> src/a.go && git commit -qam three &&
		echo TOKEN2=red17left >> .env && git stash -q && echo TOKEN3=red17left >> .env && git add .env`)
	return dir
}

func TestRed17leftRealGit(t *testing.T) {
	for _, p := range []string{"bash", "git", "tar"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip("no " + p)
		}
	}
	dir := red17leftGitRepo(t)
	for _, script := range red17leftGitPrinting {
		cmd := exec.Command("bash", "--noprofile", "--norc", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=cat"}
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "red17left") {
			t.Errorf("%q did not print the secret: %s", script, out)
		}
	}
}

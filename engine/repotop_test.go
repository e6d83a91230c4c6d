package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// TestGitContentBareProject: a project unpacked as a bare repository
// (HEAD, objects/, refs/ at its top, no .git entry) is one git uses: git
// log -p there printed a committed .env (shown with real git), and the
// history forms ask under Read(.env) as they do in a repository with a
// work tree. Neighbours: the names-only forms stay allowed, and a
// directory that is no repository at all prints nothing.
func TestGitContentBareProject(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + root, "GIT_CONFIG_NOSYSTEM=1", "GIT_PAGER=cat",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b"}
	run := func(dir, script string) string {
		t.Helper()
		cmd := exec.Command("bash", "--noprofile", "--norc", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", script, err, out)
		}
		return string(out)
	}
	run(root, `git init -q src && cd src && echo TOKEN=barehidden > .env && git add .env && git commit -qm one && cd .. && git clone -q --bare src proj && mkdir plain`)
	bare := filepath.Join(root, "proj")
	if out := run(bare, "git log -p"); !strings.Contains(out, "barehidden") {
		t.Fatalf("git log -p in the bare project did not print the secret: %s", out)
	}
	for _, r := range []struct{ dir, cmd, want string }{
		{bare, "git log -p", "ask"},
		{bare, "git show HEAD", "ask"},
		{bare, "git log --oneline", "allow"},
		{filepath.Join(root, "plain"), "git log -p", "allow"},
	} {
		d := decideBashIn(t, r.dir, `{"permissions":{"deny":["Read(.env)"]}}`, false, r.cmd)
		if d.Decision.String() != r.want {
			t.Errorf("%s in %s: %s (%s), want %s", r.cmd, r.dir, d.Decision, d.Reason, r.want)
		}
	}
}

// decideBashIn decides a Bash command with both evaluators in dir, a real
// directory, under the --settings JSON flag (no managed or user rules).
func decideBashIn(t *testing.T, dir, flag string, trust bool, cmd string) Decision {
	t.Helper()
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(t.TempDir(), "none.json"),
		TrustWorkspace: trust, FlagSettings: flag})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

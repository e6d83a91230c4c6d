package pipeline

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/tools"
)

// TestExecCheckBypassClasses runs disguises of every bypass class through
// the real Bash tool, skipping the static decision: the interpreter's
// exec-time check alone must refuse them, and the victim file survives (or
// the secret is not printed).
func TestExecCheckBypassClasses(t *testing.T) {
	const policy = `{"permissions": {"allow": ["Bash"], "deny": ["Bash(rm *)", "Read(.env)", "Edit(config/**)"]}}`
	cases := []struct {
		class, cmd string
		needs      string // a program that must be installed
	}{
		{"1 wrapper options", `env -S'rm victim'`, "env"},
		{"1 wrapper options", `env --split-string='rm victim'`, "env"},
		{"1 wrapper options", `echo victim | xargs -irm rm rm`, "xargs"},
		{"1 wrapper options", `flock lockfile -c 'rm victim'`, "flock"},
		{"1 wrapper options", `bash -c -- 'rm victim'`, "bash"},
		{"2 executed strings", `git -c alias.x='!rm victim' x`, "git"},
		{"2 executed strings", `GIT_PAGER='rm victim' git -p log`, "git"},
		{"2 executed strings", `export GIT_PAGER='rm victim'; git -p log`, "git"},
		{"2 executed strings", `chrt 0 rm victim`, "chrt"},
		{"2 executed strings", `taskset 1 rm victim`, "taskset"},
		{"2 executed strings", `script -qc 'rm victim' /dev/null`, "script"},
		{"2 executed strings", `awk 'BEGIN{system("rm victim")}'`, "awk"},
		{"2 executed strings", `sed -n '1e rm victim' victim`, "sed"},
		{"3 new powers", `git -c core.editor='rm victim' commit --allow-empty`, "git"},
		{"4 files named anywhere", `rev .env`, "rev"},
		{"4 files named anywhere", `sed -n 'r .env' victim`, "sed"},
		{"4 files named anywhere", `perl -pi -e 's/a/b/' config/app.yml`, "perl"},
		{"4 files named anywhere", `truncate -s0 config/app.yml`, "truncate"},
		{"5 directory changes", `mkdir -p sub && cd sub && cat ../.env`, "cat"},
		{"5 directory changes", `mkdir -p sub; pushd sub >/dev/null; cat ../.env`, "cat"},
		{"6 protected case", `echo x | tee .Git/config`, "tee"},
		{"6 protected case", `echo x | tee .CLAUDE/settings.json`, "tee"},
		{"7 recursive readers", `grep -r --include=.env SECRET .`, "grep"},
	}
	for _, c := range cases {
		t.Run(c.class+"/"+c.cmd, func(t *testing.T) {
			if _, err := exec.LookPath(c.needs); err != nil {
				t.Skipf("%s not installed", c.needs)
			}
			sess, dir := realSession(t, policy, nil, 5*time.Second)
			files := map[string]string{"victim": "keep me", ".env": "SECRET=hunter2", "config/app.yml": "a: 1\n"}
			for name, content := range files {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if strings.Contains(c.cmd, "git") {
				git := exec.Command("git", "init", "-q")
				git.Dir = dir
				if out, err := git.CombinedOutput(); err != nil {
					t.Fatalf("git init: %v %s", err, out)
				}
			}
			r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": c.cmd}, sess.tc, nil)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := r.Data.(string)
			if !r.IsError || !strings.Contains(out, "command refused by policy") {
				t.Errorf("not refused at run time: %q", out)
			}
			for _, p := range []string{".Git/config", ".CLAUDE/settings.json"} {
				if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
					t.Errorf("%s was written", p)
				}
			}
			if strings.Contains(out, "hunter2") {
				t.Errorf("the secret was printed: %q", out)
			}
			for name, content := range files {
				if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != content {
					t.Errorf("%s was changed or removed: %v %q (output %q)", name, err, b, out)
				}
			}
		})
	}
}

// TestExecCheckCriticalPathsStayTheSessions: a cd before rm moves where
// relative files resolve, not what is critical: removing the session's own
// directory after `cd /` is refused at run time as it is statically.
func TestExecCheckCriticalPathsStayTheSessions(t *testing.T) {
	sess, dir := realSession(t, `{"permissions": {"allow": ["Bash"]}}`, nil, 5*time.Second)
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"cd / && rm -rf " + dir, "cd /tmp; rm -r " + dir} {
		r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": cmd}, sess.tc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := r.Data.(string); !r.IsError || !strings.Contains(out, "command refused by policy") {
			t.Errorf("%s: not refused at run time: %q", cmd, out)
		}
		if _, err := os.Stat(victim); err != nil {
			t.Fatalf("%s removed the session's directory", cmd)
		}
	}
}

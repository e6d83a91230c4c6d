package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// git finds its repository as setup.c does: a .git it cannot use is
// passed over, and a directory that is itself a repository (HEAD,
// objects, refs) is a bare one whose config git reads. An unpacked
// archive can bring either, so both decide which configuration's
// programs and aliases a git command meets. Every row was run with git
// 2.39: the program named in the row ran.

// bareRepo makes dir a bare repository (git init --bare) with cfg.
func bareRepo(t *testing.T, dir string, cfg [][2]string) {
	t.Helper()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "--bare", dir)
	for _, kv := range cfg {
		run("--git-dir="+dir, "config", kv[0], kv[1])
	}
}

func TestGitDiscovery(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	const allowGit = `{"permissions":{"allow":["Bash(git *)"],"deny":["Bash(rm *)", "Bash(touch *)"]}}`
	cases := []struct {
		name     string
		setup    func(t *testing.T, proj string)
		cwd      string // relative to the project
		settings string
		cmd      string
		want     string
	}{
		{"project is a bare repository: external diff", func(t *testing.T, proj string) {
			bareRepo(t, proj, [][2]string{{"diff.external", "sh -c 'touch pwned'"}})
		}, "", "{}", "git diff HEAD~1 HEAD", "notallow"},
		{"project is a bare repository: pager under log", func(t *testing.T, proj string) {
			bareRepo(t, proj, [][2]string{{"core.pager", "./evil"}})
		}, "", "{}", "git log -p -1", "notallow"},
		{"project is a bare repository: alias body seen", func(t *testing.T, proj string) {
			bareRepo(t, proj, [][2]string{{"alias.st", "!touch pwned"}})
		}, "", allowGit, "git st", "deny"},
		{"subdirectory of a bare repository", func(t *testing.T, proj string) {
			bareRepo(t, proj, [][2]string{{"alias.st", "!rm -rf x"}})
			os.MkdirAll(filepath.Join(proj, "sub", "deeper"), 0o755)
		}, "sub/deeper", allowGit, "git st", "deny"},
		{"bare repository inside a work tree, reached by cd", func(t *testing.T, proj string) {
			gitInit(t, proj)
			bareRepo(t, filepath.Join(proj, "vendor", "evil"), [][2]string{{"alias.st", "!rm -rf x"}})
		}, "vendor/evil", allowGit, "git st", "deny"},
		{"a .git git cannot use is passed over", func(t *testing.T, proj string) {
			gitInit(t, proj, [2]string{"alias.st", "!rm -rf x"})
			// An empty .git directory, and one with a HEAD git rejects.
			os.MkdirAll(filepath.Join(proj, "a", ".git"), 0o755)
			for _, d := range []string{"objects", "refs"} {
				os.MkdirAll(filepath.Join(proj, "a", "b", ".git", d), 0o755)
			}
			os.WriteFile(filepath.Join(proj, "a", "b", ".git", "HEAD"), []byte("not a ref\n"), 0o644)
			os.WriteFile(filepath.Join(proj, "a", "b", ".git", "config"), []byte("[user]\n\tname = x\n"), 0o644)
		}, "a/b", allowGit, "git st", "deny"},
		{"a .git with a detached HEAD is used", func(t *testing.T, proj string) {
			gitInit(t, proj, [2]string{"alias.st", "!rm -rf x"})
			sub := filepath.Join(proj, "a", ".git")
			for _, d := range []string{"objects", "refs"} {
				os.MkdirAll(filepath.Join(sub, d), 0o755)
			}
			os.WriteFile(filepath.Join(sub, "HEAD"), []byte("0123456789abcdef0123456789abcdef01234567\n"), 0o644)
		}, "a", allowGit, "git st", "allow"},
		{"a HEAD file alone is no repository", func(t *testing.T, proj string) {
			gitInit(t, proj, [2]string{"alias.st", "!rm -rf x"})
			os.MkdirAll(filepath.Join(proj, "docs"), 0o755)
			os.WriteFile(filepath.Join(proj, "docs", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
		}, "docs", allowGit, "git st", "deny"},
		{"clean bare repository stays read-only", func(t *testing.T, proj string) {
			bareRepo(t, proj, nil)
		}, "", "{}", "git log --oneline", "allow"},
		{"a HEAD that would block git asks", func(t *testing.T, proj string) {
			bareRepo(t, proj, nil)
			os.Remove(filepath.Join(proj, "HEAD"))
			if err := mkfifo(filepath.Join(proj, "HEAD")); err != nil {
				t.Skip("no FIFO:", err)
			}
		}, "", "{}", "git log", "notallow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			proj := filepath.Join(root, "proj")
			os.MkdirAll(proj, 0o755)
			c.setup(t, proj)
			s := projectAt(t, root, c.settings, map[string]string{})
			e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
			if err != nil {
				t.Fatal(err)
			}
			call := Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": c.cmd}}
			if c.cwd != "" {
				call.Dir = filepath.Join(proj, c.cwd)
			}
			d, err := e.Decide(context.Background(), call)
			if err != nil {
				t.Fatal(err)
			}
			if !wantDecision(c.want, d.Decision.String()) {
				t.Errorf("%s in %s: got %s (%s: %s), want %s", c.cmd, c.cwd, d.Decision, d.Stage, d.Reason, c.want)
			}
		})
	}
}

// gitInit makes dir a repository with a work tree (git init) with cfg.
func gitInit(t *testing.T, dir string, cfg ...[2]string) {
	t.Helper()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.MkdirAll(dir, 0o755)
	run("init", "-q")
	for _, kv := range cfg {
		run("config", kv[0], kv[1])
	}
}

func TestValidHead(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		content string
		want    bool
	}{
		{"ref: refs/heads/main\n", true},
		{"ref:\trefs/heads/x", true},
		{"ref:refs/heads/x", true},
		{"ref: heads/main\n", false},
		{"0123456789abcdef0123456789abcdef01234567\n", true},
		{"0123456789ABCDEF0123456789abcdef01234567", true},
		{"0123456789abcdef0123456789abcdef0123456", false},
		{"0123456789abcdef0123456789abcdef0123456g", false},
		{"", false},
		{"garbage", false},
	} {
		p := filepath.Join(dir, "HEAD")
		os.WriteFile(p, []byte(c.content), 0o644)
		got, err := validHead([]byte(p))
		if err != nil || got != c.want {
			t.Errorf("HEAD %q: got %v, %v; want %v", c.content, got, err, c.want)
		}
	}
	p := filepath.Join(dir, "HEAD")
	os.Remove(p)
	os.Symlink("refs/heads/main", p)
	if ok, err := validHead([]byte(p)); !ok || err != nil {
		t.Errorf("symlink into refs/: got %v, %v", ok, err)
	}
	os.Remove(p)
	os.Symlink("../elsewhere", p)
	if ok, err := validHead([]byte(p)); ok || err != nil {
		t.Errorf("symlink elsewhere: got %v, %v", ok, err)
	}
	os.Remove(p)
	os.Mkdir(p, 0o755)
	if ok, err := validHead([]byte(p)); ok || err != nil {
		t.Errorf("directory: got %v, %v", ok, err)
	}
}

package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// A hostile repository's own .git/config makes git run programs (spec §1,
// §3): each row is a real repository (git init) whose config carries the
// keys, decided by both evaluators.

type gitRepoCase struct {
	name     string
	config   [][2]string // git config KEY VALUE in the repository
	raw      string      // text appended to .git/config
	settings string
	mode     string
	cmd      string
	want     string // deny, ask, notallow, notdeny or allow
}

const gitRmDeny = `{"permissions":{"allow":["Bash(git *)"],"deny":["Bash(rm *)"]}}`

var gitRepoCases = []gitRepoCase{
	// Aliases: the body is a nested command deny rules see.
	{"shell alias runs rm", [][2]string{{"alias.st", "!rm -rf x"}}, "", gitRmDeny, "default", "git st", "deny"},
	{"shell alias, dontAsk", [][2]string{{"alias.st", "!echo hi"}}, "", gitRmDeny, "dontAsk", "git st", "deny"},
	{"shell alias asks", [][2]string{{"alias.st", "!echo hi"}}, "", gitRmDeny, "default", "git st", "ask"},
	{"plain alias read as its expansion", [][2]string{{"alias.pp", "push --force"}}, "",
		`{"permissions":{"allow":["Bash(git *)"],"deny":["Bash(git push *)"]}}`, "default", "git pp origin", "deny"},
	{"alias naming an alias", [][2]string{{"alias.a", "b"}, {"alias.b", "!rm -rf /tmp/x"}}, "", gitRmDeny, "default", "git a", "deny"},
	{"alias with -C", [][2]string{{"alias.st", "!rm -rf x"}}, "", gitRmDeny, "default", "git -C . st", "deny"},
	{"alias in a section with a key on the header line", nil, "[alias] st = \"!rm -rf x\"\n", gitRmDeny, "default", "git st", "deny"},
	{"alias with a line continuation", nil, "[alias]\n\tst = !echo a \\\n\t\t\"&&\" rm -rf x # note\n", gitRmDeny, "default", "git st", "deny"},
	// Program keys git runs during the read-only forms.
	{"fsmonitor under status", [][2]string{{"core.fsmonitor", "./evil"}}, "", "{}", "default", "git status", "notallow"},
	{"fsmonitor under status, dontAsk", [][2]string{{"core.fsmonitor", "./evil"}}, "", "{}", "dontAsk", "git status", "deny"},
	{"fsmonitor under diff", [][2]string{{"core.fsmonitor", "./evil"}}, "", "{}", "default", "git diff", "notallow"},
	{"pager under log", [][2]string{{"core.pager", "./evil"}}, "", "{}", "default", "git log", "notallow"},
	{"pager.show under show", [][2]string{{"pager.show", "./evil"}}, "", "{}", "default", "git show", "notallow"},
	{"pager.show does not reach status", [][2]string{{"pager.show", "./evil"}}, "", "{}", "default", "git status", "allow"},
	{"textconv under log", [][2]string{{"diff.drv.textconv", "./evil"}}, "", "{}", "default", "git log -p", "notallow"},
	{"external diff", [][2]string{{"diff.external", "./evil"}}, "", "{}", "default", "git diff", "notallow"},
	{"clean filter", [][2]string{{"filter.f.clean", "./evil"}}, "", "{}", "default", "git diff", "notallow"},
	{"hooks path", [][2]string{{"core.hooksPath", "hk"}}, "", "{}", "default", "git status", "notallow"},
	{"include path", [][2]string{{"include.path", "../x.inc"}}, "", "{}", "default", "git status", "notallow"},
	{"includeIf path", nil, "[includeIf \"gitdir:/\"]\n\tpath = ../x.inc\n", "{}", "default", "git status", "notallow"},
	{"sshCommand does not run under status", [][2]string{{"core.sshCommand", "./evil"}}, "", "{}", "default", "git status", "allow"},
	{"sshCommand under an allowed push", [][2]string{{"core.sshCommand", "./evil"}}, "",
		`{"permissions":{"allow":["Bash(git push *)"],"deny":["Bash(rm *)"]}}`, "default", "git push origin", "ask"},
	{"bypass mode keeps going", [][2]string{{"core.fsmonitor", "./evil"}}, "", "{}", "bypassPermissions", "git status", "allow"},
	{"subdirectory finds the repository's config", [][2]string{{"core.fsmonitor", "./evil"}}, "", "{}", "default", "git -C src status", "notallow"},
	// core.worktree points the read-only forms at another directory:
	// git diff printed a file of it (git 2.39, an index naming it).
	{"worktree elsewhere under diff", [][2]string{{"core.worktree", "/home"}}, "", "{}", "default", "git diff", "notallow"},
	{"worktree elsewhere under status", [][2]string{{"core.worktree", "/home"}}, "", "{}", "default", "git status", "notallow"},
	// Program keys of the subcommands that are not read-only.
	{"submodule update command", nil, "[submodule \"m\"]\n\tupdate = !rm -rf x\n",
		`{"permissions":{"allow":["Bash(git submodule *)"]}}`, "default", "git submodule update", "ask"},
	{"submodule update mode is no program", nil, "[submodule \"m\"]\n\tupdate = rebase\n",
		`{"permissions":{"allow":["Bash(git submodule *)"]}}`, "default", "git submodule update", "allow"},
	{"trailer command under commit", [][2]string{{"trailer.sign.command", "./evil"}}, "",
		`{"permissions":{"allow":["Bash(git commit *)"]}}`, "default", "git commit -m x", "ask"},
	{"alternate refs command", [][2]string{{"core.alternateRefsCommand", "./evil"}}, "",
		`{"permissions":{"allow":["Bash(git fetch *)"]}}`, "default", "git fetch origin", "ask"},
	// A clean repository: the read-only forms stay allowed.
	{"clean status", nil, "", "{}", "default", "git status", "allow"},
	{"clean log", nil, "", "{}", "default", "git log --oneline", "allow"},
	{"clean diff", nil, "", "{}", "default", "git diff", "allow"},
	{"clean show", nil, "", "{}", "default", "git show HEAD", "allow"},
	{"harmless keys", [][2]string{{"user.name", "a"}, {"core.autocrlf", "false"}}, "", "{}", "default", "git status", "allow"},
}

// gitRepo makes a project whose cwd is a real git repository with cfg.
func gitRepo(t *testing.T, c gitRepoCase) *Engine {
	t.Helper()
	s := project(t, c.settings, map[string]string{"src/main.go": "package main\n"})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = s.Cwd
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	for _, kv := range c.config {
		git("config", kv[0], kv[1])
	}
	if c.raw != "" {
		f, err := os.OpenFile(filepath.Join(s.Cwd, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(c.raw)
		f.Close()
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestGitRepoConfig(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, c := range gitRepoCases {
		t.Run(c.name, func(t *testing.T) {
			e := gitRepo(t, c)
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: c.mode, Input: map[string]any{"command": c.cmd}})
			if err != nil {
				t.Fatal(err)
			}
			if !wantDecision(c.want, d.Decision.String()) {
				t.Errorf("%s [%s]: got %s (%s: %s), want %s", c.cmd, c.mode, d.Decision, d.Stage, d.Reason, c.want)
			}
		})
	}
}

// TestGitRepoConfigUserFile: the user's own ~/.gitconfig is not
// repository content; a pager there leaves git status allowed.
func TestGitRepoConfigUserFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[core]\n\tpager = less -R\n[pager]\n\tstatus = cat\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := gitRepo(t, gitRepoCase{settings: "{}"})
	for _, cmd := range []string{"git status", "git log", "git diff"} {
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Decision.String() != "allow" {
			t.Errorf("%s: got %s (%s: %s), want allow", cmd, d.Decision, d.Stage, d.Reason)
		}
	}
}

// TestGitRepoConfigSeenNextCall: nothing is cached across calls; a config
// written mid-session is seen by the next call, and a FIFO in its place
// does not hang the decision.
func TestGitRepoConfigSeenNextCall(t *testing.T) {
	e := gitRepo(t, gitRepoCase{settings: "{}"})
	call := Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": "git status"}}
	if d, _ := e.Decide(context.Background(), call); d.Decision.String() != "allow" {
		t.Fatalf("clean: got %s", d.Decision)
	}
	cfg := filepath.Join(e.Settings().Cwd, ".git", "config")
	if err := os.WriteFile(cfg, []byte("[core]\n\tfsmonitor = ./evil\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d, _ := e.Decide(context.Background(), call); d.Decision.String() == "allow" {
		t.Fatalf("after the config changed: got allow")
	}
	os.Remove(cfg)
	if err := mkfifo(cfg); err != nil {
		t.Skip("no FIFO:", err)
	}
	if d, _ := e.Decide(context.Background(), call); d.Decision.String() == "allow" {
		t.Fatalf("FIFO config: got allow")
	}
}

func mkfifo(p string) error { return syscall.Mkfifo(p, 0o644) }

// BenchmarkGitRepoClean is the common case: git status in a repository
// whose config names no program (the .git found and checked as git
// checks it, one small read).
func BenchmarkGitRepoClean(b *testing.B) {
	root := b.TempDir()
	cwd := filepath.Join(root, "proj")
	for _, d := range []string{"objects", "refs"} {
		os.MkdirAll(filepath.Join(cwd, ".git", d), 0o755)
	}
	os.WriteFile(filepath.Join(cwd, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(cwd, ".git", "config"), []byte("[core]\n\trepositoryformatversion = 0\n\tbare = false\n[user]\n\tname = a\n"), 0o644)
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: filepath.Join(root, "home"), ManagedFile: filepath.Join(root, "none.json")})
	if err != nil {
		b.Fatal(err)
	}
	e, err := New(context.Background(), s)
	if err != nil {
		b.Fatal(err)
	}
	for _, cmd := range []string{"ls", "git status"} {
		b.Run(cmd, func(b *testing.B) {
			call := Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": cmd}}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if d, _ := e.Decide(context.Background(), call); d.Decision.String() != "allow" {
					b.Fatal(d.Decision)
				}
			}
		})
	}
}

// TestGitRepoIndexHook: git status and git diff --stat refresh a stale
// index and run the repository's hooks/post-index-change (seen with git
// 2.39), so a repository that brings one is not read by them only.
func TestGitRepoIndexHook(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, c := range []struct {
		hook bool
		cmd  string
		want string
	}{
		{true, "git status", "notallow"},
		{true, "git diff --stat", "notallow"},
		{false, "git status", "allow"},
		{false, "git diff --stat", "allow"},
	} {
		e := gitRepo(t, gitRepoCase{settings: "{}"})
		if c.hook {
			hook := filepath.Join(e.settings.Cwd, ".git", "hooks", "post-index-change")
			if err := os.WriteFile(hook, []byte("#!/bin/sh\ntouch ran\n"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": c.cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if !wantDecision(c.want, d.Decision.String()) {
			t.Errorf("%s (hook %v): got %s (%s: %s), want %s", c.cmd, c.hook, d.Decision, d.Stage, d.Reason, c.want)
		}
	}
}

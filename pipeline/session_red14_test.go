package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// red14sessionCall is one tool call of a row; "{cwd}" in a string input
// stands for the project directory ("{cwd}/.." for its parent).
type red14sessionCall struct {
	tool string
	in   map[string]any
}

// red14sessionGrantRows: an "always allow" answer to the first call must
// approve that call again and nothing more. The rule grammar has no
// escape, so a wildcard character in the approved input would become a
// wildcard of the rule; such an approval counts once.
var red14sessionGrantRows = []struct {
	name           string
	approved, next red14sessionCall
	want           engine.Effect
}{
	// A '*' in a command: the rule would approve any code between its halves.
	{"perl multiplication widens to any program",
		red14sessionCall{"Bash", map[string]any{"command": "perl -e 'print 2*3'"}},
		red14sessionCall{"Bash", map[string]any{"command": "perl -e 'print 2; unlink q(victim.txt); print 3'"}}, engine.Ask},
	{"sql star widens to a drop",
		red14sessionCall{"Bash", map[string]any{"command": "psql -c 'select * from t'"}},
		red14sessionCall{"Bash", map[string]any{"command": "psql -c 'select 1; drop table t; select * from t'"}}, engine.Ask},
	{"arithmetic star widens",
		red14sessionCall{"Bash", map[string]any{"command": "numfmt 6 '*' 7"}},
		red14sessionCall{"Bash", map[string]any{"command": "numfmt 6 + 1 '*' 7"}}, engine.Ask},
	{"a final space-star becomes a prefix rule",
		red14sessionCall{"Bash", map[string]any{"command": "make *"}},
		red14sessionCall{"Bash", map[string]any{"command": "make deploy"}}, engine.Ask},
	// A glob in a host covers every subdomain, a bare '*' every host.
	{"host wildcard widens to every subdomain",
		red14sessionCall{"WebFetch", map[string]any{"url": "https://*.example.com/", "prompt": "x"}},
		red14sessionCall{"WebFetch", map[string]any{"url": "https://evil.example.com/", "prompt": "x"}}, engine.Ask},
	{"a star host widens to the web",
		red14sessionCall{"WebFetch", map[string]any{"url": "https://*/", "prompt": "x"}},
		red14sessionCall{"WebFetch", map[string]any{"url": "https://exfil.example.net/", "prompt": "x"}}, engine.Ask},
	// A glob character in a path covers other files.
	{"a starred path widens to the directory",
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../out/*", "content": "x"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../out/deploy.sh", "content": "x"}}, engine.Ask},
	{"a class in a path widens",
		red14sessionCall{"Read", map[string]any{"file_path": "{cwd}/../keys/[a-z]"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{cwd}/../keys/k"}}, engine.Ask},
	{"a trailing blank in a path widens to the directory",
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../keys ", "content": "x"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../keys/authorized_keys", "content": "x"}}, engine.Ask},
	{"a trailing tab in a path widens to the directory",
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../keys\t", "content": "x"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../keys/authorized_keys", "content": "x"}}, engine.Ask},
	{"a question mark in a path widens",
		red14sessionCall{"Read", map[string]any{"file_path": "{cwd}/../keys/?"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{cwd}/../keys/k"}}, engine.Ask},
	// Harmless neighbours: a literal approval is still remembered.
	{"a plain command is remembered",
		red14sessionCall{"Bash", map[string]any{"command": "make deploy"}},
		red14sessionCall{"Bash", map[string]any{"command": "make deploy"}}, engine.Allow},
	{"a plain command does not widen",
		red14sessionCall{"Bash", map[string]any{"command": "make deploy"}},
		red14sessionCall{"Bash", map[string]any{"command": "make deploy-all"}}, engine.Ask},
	{"a plain host is remembered",
		red14sessionCall{"WebFetch", map[string]any{"url": "https://docs.example.com/a", "prompt": "x"}},
		red14sessionCall{"WebFetch", map[string]any{"url": "https://docs.example.com/b", "prompt": "x"}}, engine.Allow},
	{"a plain outside path is remembered",
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../out/a.txt", "content": "x"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{cwd}/../out/a.txt", "content": "y"}}, engine.Allow},
	{"a quoted star approved once still runs again only when asked",
		red14sessionCall{"Bash", map[string]any{"command": "perl -e 'print 2*3'"}},
		red14sessionCall{"Bash", map[string]any{"command": "perl -e 'print 2*3'"}}, engine.Ask},
}

func red14sessionInput(in map[string]any, cwd string) map[string]any {
	out := map[string]any{}
	for k, v := range in {
		if s, ok := v.(string); ok {
			v = strings.NewReplacer("{cwd}/..", filepath.Dir(cwd), "{cwd}", cwd).Replace(s)
		}
		out[k] = v
	}
	return out
}

func TestRed14SessionGrantIsLiteral(t *testing.T) {
	for _, tt := range red14sessionGrantRows {
		t.Run(tt.name, func(t *testing.T) {
			s := loadProject(t, `{}`, settings.Options{})
			e, err := engine.New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			rules := NewSessionRules(e)
			dec := Around(rules.Decide, s, nil)
			first := red14sessionInput(tt.approved.in, s.Cwd)
			if d, err := dec(context.Background(), engine.Call{Tool: tt.approved.tool, Input: first}); err != nil || d.Decision != engine.Ask {
				t.Fatalf("the approved call must have asked first: %+v %v", d, err)
			}
			if err := rules.Always(tt.approved.tool, first); err != nil {
				t.Fatal(err)
			}
			d, err := dec(context.Background(), engine.Call{Tool: tt.next.tool, Input: red14sessionInput(tt.next.in, s.Cwd)})
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != tt.want {
				t.Errorf("after always-allow of %v: %s %v = %s/%s (%s), want %s", tt.approved.in, tt.next.tool, tt.next.in,
					d.Decision, d.Stage, d.Reason, tt.want)
			}
		})
	}
}

func TestRed14SessionGrantable(t *testing.T) {
	for rule, want := range map[string]bool{
		"Bash(make test)":                   true,
		"Bash(ls *.go)":                     false,
		"Edit(//p/a.go)":                    true,
		"Edit(//p/*.go)":                    false,
		"Read(//p/a{b,c})":                  false,
		"Read(//p/a\\b)":                    false,
		"Read(/src)":                        false, // a relative Grep path
		"Edit(//p/.ssh )":                   false,
		"Edit(//p/a\nb)":                    false,
		"Edit(//p/naïve file.txt)":          true,
		"Read(/../x)":                       false,
		"WebFetch(domain:docs.example.com)": true,
		"WebFetch(domain:*)":                false,
		"WebFetch":                          false, // a URL without a host
		"Read":                              false, // a Glob or Grep without a path
		"Skill":                             false,
		"mcp__db__query":                    true,
		"EnterWorktree":                     true,
	} {
		if got := grantable(rule); got != want {
			t.Errorf("grantable(%s) = %v, want %v", rule, got, want)
		}
	}
}

// red14sessionPlanExitRows: the policy's allow of ExitPlanMode is asked in
// plan mode (the plan needs approving), and only there.
var red14sessionPlanExitRows = []struct {
	name, tool, mode, hook string
	policy, want           engine.Effect
}{
	{"plan mode asks", "ExitPlanMode", "plan", "none", engine.Allow, engine.Ask},
	{"a PreToolUse hook's allow does not approve", "ExitPlanMode", "plan", "allow", engine.Allow, engine.Ask},
	{"a policy deny stays", "ExitPlanMode", "plan", "none", engine.Deny, engine.Deny},
	{"outside plan mode nothing to approve", "ExitPlanMode", "default", "none", engine.Allow, engine.Allow},
	{"other tools untouched", "Read", "plan", "none", engine.Allow, engine.Allow},
}

func TestRed14SessionPlanExit(t *testing.T) {
	for _, tt := range red14sessionPlanExitRows {
		stage := engine.StageAllow
		if tt.hook == "allow" {
			stage = engine.StageHook
		}
		d := planExit(ToolUse{Name: tt.tool}, tt.mode, engine.Decision{Decision: tt.policy, Stage: stage})
		if d.Decision != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, d.Decision, tt.want)
		}
		if d.Decision == engine.Ask && d.Stage != engine.StageDefault {
			t.Errorf("%s: the ask must be a fallback ask (an approver answers it), got stage %s", tt.name, d.Stage)
		}
	}
}

// red14sessionDirRows: an "always allow" of a Bash call that only lists,
// inspects or creates a directory outside the working directories must
// not grant the files below it (a path rule covers its whole subtree).
var red14sessionDirRows = []struct {
	name           string
	approved, next red14sessionCall
	want           engine.Effect
}{
	{"ls of a directory does not grant its files",
		red14sessionCall{"Bash", map[string]any{"command": "ls {out}"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/deep/secret"}}, engine.Ask},
	{"ls of a directory does not grant cat of its files",
		red14sessionCall{"Bash", map[string]any{"command": "ls -la {out}"}},
		red14sessionCall{"Bash", map[string]any{"command": "cat {out}/deep/secret"}}, engine.Ask},
	{"stat of a directory does not grant its files",
		red14sessionCall{"Bash", map[string]any{"command": "stat {out}/deep"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/deep/secret"}}, engine.Ask},
	{"mkdir does not grant writes into the new directory",
		red14sessionCall{"Bash", map[string]any{"command": "mkdir -p {out}/new"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{out}/new/run.sh", "content": "x"}}, engine.Ask},
	{"touch of a directory does not grant writes into it",
		red14sessionCall{"Bash", map[string]any{"command": "touch {out}/deep"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{out}/deep/secret", "content": "x"}}, engine.Ask},
	// Harmless neighbours: a file the call names is granted.
	{"cat of a file grants that file",
		red14sessionCall{"Bash", map[string]any{"command": "cat {out}/deep/secret"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/deep/secret"}}, engine.Allow},
	{"touch of a file grants that file",
		red14sessionCall{"Bash", map[string]any{"command": "touch {out}/deep/new.txt"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{out}/deep/new.txt", "content": "x"}}, engine.Allow},
	{"the approved command runs again",
		red14sessionCall{"Bash", map[string]any{"command": "cat {out}/deep/secret"}},
		red14sessionCall{"Bash", map[string]any{"command": "cat {out}/deep/secret"}}, engine.Allow},
}

func TestRed14SessionDirectoryGrant(t *testing.T) {
	for _, tt := range red14sessionDirRows {
		t.Run(tt.name, func(t *testing.T) {
			s := loadProject(t, `{}`, settings.Options{})
			out := filepath.Join(filepath.Dir(s.Cwd), "outside")
			if err := os.MkdirAll(filepath.Join(out, "deep"), 0o755); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(out, "deep", "secret"), []byte("s\n"), 0o600)
			checkAlwaysThenNext(t, s, out, tt.approved, tt.next, tt.want)
		})
	}
}

// TestRed14SessionClassifierRunsWhereItIsPolicy: the auto-mode classifier
// named relatively ("./classify.sh") is protected where the session
// started; after an EnterWorktree moved the cwd, it ran in the worktree,
// whose copy of classify.sh the session may rewrite to allow everything.
// It runs in the starting directory; the call's cwd is still what its
// input says.
func TestRed14SessionClassifierRunsWhereItIsPolicy(t *testing.T) {
	s := loadProject(t, `{"agentctl": {"autoClassifier": "./classify.sh"}}`, settings.Options{TrustWorkspace: true})
	os.WriteFile(filepath.Join(s.Cwd, "classify.sh"), []byte("#!/bin/sh\ncat >/dev/null\necho 'the real classifier' >&2\nexit 2\n"), 0o755)
	wt := filepath.Join(s.Cwd, ".claude", "worktrees", "wt")
	os.MkdirAll(wt, 0o755)
	os.WriteFile(filepath.Join(wt, "classify.sh"), []byte("#!/bin/sh\ncat >/dev/null\necho '{\"decision\": \"approve\"}'\n"), 0o755)
	dec := chainFor(t, s)
	for _, cwd := range []string{s.Cwd, wt} {
		d, err := dec(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{"command": "make deploy"}, Mode: "auto", Cwd: cwd})
		if err != nil {
			t.Fatal(err)
		}
		if d.Decision != engine.Deny || !strings.Contains(d.Reason, "the real classifier") {
			t.Errorf("in %s: %s (%s), want the starting directory's classifier to block", cwd, d.Decision, d.Reason)
		}
	}
}

// red14sessionFileRows: the editing tools read the file before the
// permission check (validation needs its content). A path naming a FIFO
// hung the session there (the open blocks until a writer comes), and
// /dev/zero exhausted its memory: a call that should have been refused or
// asked ended the session instead. Each is refused as invalid at once.
var red14sessionFileRows = []struct {
	name  string
	tool  string
	input func(dir string) map[string]any
	want  string // in the error result
}{
	{"Edit of a FIFO", "Edit", func(dir string) map[string]any {
		return map[string]any{"file_path": filepath.Join(dir, "fifo"), "old_string": "a", "new_string": "b"}
	}, "FIFO"},
	{"MultiEdit of a FIFO", "MultiEdit", func(dir string) map[string]any {
		return map[string]any{"file_path": filepath.Join(dir, "fifo"), "edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}
	}, "FIFO"},
	{"Write over a FIFO", "Write", func(dir string) map[string]any {
		return map[string]any{"file_path": filepath.Join(dir, "fifo"), "content": "x"}
	}, "FIFO"},
	{"NotebookEdit of a FIFO", "NotebookEdit", func(dir string) map[string]any {
		return map[string]any{"notebook_path": filepath.Join(dir, "nb.ipynb"), "new_source": "x", "cell_id": "cell-0"}
	}, "FIFO"},
	{"Edit of /dev/zero", "Edit", func(string) map[string]any {
		return map[string]any{"file_path": "/dev/zero", "old_string": "a", "new_string": "b"}
	}, "device"},
	{"Write over a directory", "Write", func(dir string) map[string]any {
		return map[string]any{"file_path": dir, "content": "x"}
	}, "directory"},
}

func TestRed14SessionEditingToolsRefuseSpecialFiles(t *testing.T) {
	pool := []tools.Tool{tools.NewEdit(), tools.NewMultiEdit(), tools.NewWrite(), tools.NewNotebookEdit(), tools.NewRead()}
	for _, tt := range red14sessionFileRows {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, pool, allowAll{}, nil)
			dir := s.tc.Cwd
			for _, f := range []string{"fifo", "nb.ipynb"} {
				if err := syscall.Mkfifo(filepath.Join(dir, f), 0o600); err != nil {
					t.Skip("no FIFOs here:", err)
				}
			}
			done := make(chan Outcome, 1)
			go func() {
				done <- s.Dispatch(context.Background(), ToolUse{ID: "t1", Name: tt.tool, Input: tt.input(dir)})
			}()
			select {
			case o := <-done:
				text := fmt.Sprint(o.Block.Content)
				if !o.Block.IsError || !strings.Contains(text, tt.want) {
					t.Errorf("%s: %+v, want an error naming the %s", tt.name, o.Block, tt.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: the call hung (the FIFO was opened)", tt.name)
			}
		})
	}
}

// TestRed14SessionOrdinaryEditsStillRun is the harmless neighbour: a
// regular file is read, edited, edited again and rewritten.
func TestRed14SessionOrdinaryEditsStillRun(t *testing.T) {
	pool := []tools.Tool{tools.NewEdit(), tools.NewMultiEdit(), tools.NewWrite(), tools.NewRead()}
	s := newSession(t, pool, allowAll{}, nil)
	f := filepath.Join(s.tc.Cwd, "app.go")
	os.WriteFile(f, []byte("return 41\n"), 0o644)
	for i, use := range []ToolUse{
		{Name: "Read", Input: map[string]any{"file_path": f}},
		{Name: "Edit", Input: map[string]any{"file_path": f, "old_string": "41", "new_string": "42"}},
		{Name: "MultiEdit", Input: map[string]any{"file_path": f, "edits": []any{map[string]any{"old_string": "42", "new_string": "43"}}}},
		{Name: "Write", Input: map[string]any{"file_path": f, "content": "return 44\n"}},
	} {
		use.ID = fmt.Sprintf("t%d", i)
		if o := s.Dispatch(context.Background(), use); o.Block.IsError {
			t.Fatalf("%s: %v", use.Name, o.Block.Content)
		}
	}
	if b, _ := os.ReadFile(f); string(b) != "return 44\n" {
		t.Errorf("file = %q", b)
	}
}

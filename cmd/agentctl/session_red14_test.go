package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

// red14sessionUse is one tool_use line of a scripted session.
func red14sessionUse(t *testing.T, id, tool string, input map[string]any) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"role": "assistant", "content": []any{
		map[string]any{"type": "tool_use", "id": id, "name": tool, "input": input}}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// red14sessionRun runs script (lines) with agentctl run in cwd and the extra
// flags; it returns stdout and fails the test on a non-zero exit.
func red14sessionRun(t *testing.T, cwd string, lines []string, flags ...string) string {
	t.Helper()
	// Under `make test` the outer make's flags reach the session's own
	// make, which then prints "make[1]: Entering directory …" first.
	for _, k := range []string{"MAKEFLAGS", "MFLAGS", "MAKELEVEL"} {
		t.Setenv(k, "")
	}
	script := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(script, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"agentctl", "run", "--cwd", cwd, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir()}, flags...)
	out, errOut, code := runCLI(t, "", append(args, script)...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	return out
}

// red14sessionNeed skips a test whose session runs a program this machine
// lacks: the session's own output is what the test reads.
func red14sessionNeed(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("no %s here: %v", p, err)
		}
	}
}

// red14sessionDenied lists the tool_use ids of the result line's permission_denials.
func red14sessionDenied(t *testing.T, out string) []string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		var r struct {
			Type    string `json:"type"`
			Denials []struct {
				ID string `json:"tool_use_id"`
			} `json:"permission_denials"`
		}
		if json.Unmarshal([]byte(line), &r) == nil && r.Type == "result" {
			var ids []string
			for _, d := range r.Denials {
				ids = append(ids, d.ID)
			}
			return ids
		}
	}
	t.Fatalf("no result line in:\n%s", out)
	return nil
}

// TestRed14SessionAlwaysAllowIsLiteral: an approver answers "always" to a
// call whose input holds a wildcard character and refuses everything else.
// The later call the wildcard would have covered must be asked (and so
// refused), not run: before, `perl -e 'print 2*3'` approved always let
// `perl -e 'print 2; unlink q(victim.txt); print 3'` delete the file, and
// `https://*.example.com/` let every subdomain be fetched.
func TestRed14SessionAlwaysAllowIsLiteral(t *testing.T) {
	red14sessionNeed(t, "perl", "make")
	_, _ = demoEnv(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	os.WriteFile(victim, []byte("keep\n"), 0o644)
	approver := filepath.Join(t.TempDir(), "approve.sh")
	os.WriteFile(approver, []byte(`#!/bin/sh
case "$(cat)" in
  *'print 2*3'*|*'https://*.example.com/'*|*'make demo'*) echo '{"behavior": "allow", "always": true}' ;;
  *) echo '{"behavior": "deny", "message": "not approved"}' ;;
esac
`), 0o755)
	os.WriteFile(filepath.Join(dir, "Makefile"), []byte("demo:\n\t@echo demo ran\n"), 0o644)
	lines := []string{
		red14sessionUse(t, "t1", "Bash", map[string]any{"command": "perl -e 'print 2*3'"}),
		red14sessionUse(t, "t2", "Bash", map[string]any{"command": "perl -e 'print 2; unlink q(victim.txt); print 3'"}),
		red14sessionUse(t, "t3", "WebFetch", map[string]any{"url": "https://*.example.com/", "prompt": "x"}),
		red14sessionUse(t, "t4", "WebFetch", map[string]any{"url": "https://evil.example.com/", "prompt": "x"}),
		// The harmless neighbour: a literal approval is remembered.
		red14sessionUse(t, "t5", "Bash", map[string]any{"command": "make demo"}),
		red14sessionUse(t, "t6", "Bash", map[string]any{"command": "make demo"}),
	}
	out := red14sessionRun(t, dir, lines, "--permission-prompt-command", "'"+approver+"'")
	if got := strings.Join(red14sessionDenied(t, out), ","); got != "t2,t4" {
		t.Errorf("denied %q, want t2,t4:\n%s", got, out)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Errorf("the widened perl call ran: %v", err)
	}
	if !strings.Contains(out, `"tool_use_id":"t5","content":"demo ran`) || !strings.Contains(out, `"tool_use_id":"t6","content":"demo ran`) {
		t.Errorf("make demo must run twice (approved always):\n%s", out)
	}
}

// red14sessionPlanRows: in plan mode, ExitPlanMode lifts the refusal of
// every write and command for the rest of the session, so it must be the
// plan's approval — a person's, the approver's, a hook's — not the model's
// own call. Before, an unapproved ExitPlanMode answered "Plan approved"
// and the organisation's Bash(make *) ran the next `make x`.
var red14sessionPlanRows = []struct {
	name     string
	approver string // "" for none; else the approver's answer
	hook     bool   // a PreToolUse hook that allows every call
	wantRan  bool
}{
	{"no one to approve the plan", "", false, false},
	{"the approver refuses the plan", `{"behavior": "deny", "message": "plan rejected"}`, false, false},
	{"an allow-everything PreToolUse hook is no approval", "", true, false},
	{"the approver approves the plan", `{"behavior": "allow"}`, false, true},
}

func TestRed14SessionPlanExitNeedsApproval(t *testing.T) {
	red14sessionNeed(t, "make")
	for _, tt := range red14sessionPlanRows {
		t.Run(tt.name, func(t *testing.T) {
			_, _ = demoEnv(t)
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "Makefile"), []byte("x:\n\t@echo make ran\n"), 0o644)
			flags := []string{"--permission-mode", "plan", "--allowed-tools", "Bash(make *)"}
			if tt.hook {
				hook := filepath.Join(t.TempDir(), "allow.sh")
				os.WriteFile(hook, []byte("#!/bin/sh\ncat >/dev/null\necho '{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"allow\"}}'\n"), 0o755)
				os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
				os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(`{"hooks": {"PreToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "`+hook+`"}]}]}}`), 0o644)
				flags = append(flags, "--trust-workspace")
			}
			if tt.approver != "" {
				approver := filepath.Join(t.TempDir(), "approve.sh")
				os.WriteFile(approver, []byte("#!/bin/sh\ncat >/dev/null\necho '"+tt.approver+"'\n"), 0o755)
				flags = append(flags, "--permission-prompt-command", "'"+approver+"'")
			}
			lines := []string{
				red14sessionUse(t, "t1", "Bash", map[string]any{"command": "make x"}),
				red14sessionUse(t, "t2", "ExitPlanMode", map[string]any{"plan": "run make"}),
				red14sessionUse(t, "t3", "Bash", map[string]any{"command": "make x"}),
				// Reads go on in plan mode either way.
				red14sessionUse(t, "t4", "Bash", map[string]any{"command": "ls Makefile"}),
			}
			out := red14sessionRun(t, dir, lines, flags...)
			ran := strings.Contains(out, `"tool_use_id":"t3","content":"make ran`)
			if ran != tt.wantRan {
				t.Errorf("make after ExitPlanMode ran=%v, want %v:\n%s", ran, tt.wantRan, out)
			}
			if strings.Contains(out, `"tool_use_id":"t1","content":"make ran`) || !strings.Contains(out, `"tool_use_id":"t4","content":"Makefile`) {
				t.Errorf("plan mode must refuse make and allow ls:\n%s", out)
			}
		})
	}
}

// TestRed14SessionOutputCannotDriveTheTerminal: a repository file's
// control sequences, printed by an allowed `cat` in --output text, reached
// the terminal raw (conceal, a window title, a shifted character set), and
// so could redraw what the next call's approval prompt shows. They are
// printed as escapes; ordinary text, tabs and non-ASCII letters are not.
func TestRed14SessionOutputCannotDriveTheTerminal(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("héllo\t中文\x1b[8m\x1b]0;x\x07 hidden\x0egarble\r\u202eevil\u009b2J\n"), 0o644)
	lines := []string{red14sessionUse(t, "t1", "Bash", map[string]any{"command": "cat notes.txt"})}
	out := red14sessionRun(t, dir, lines, "--output", "text")
	if strings.ContainsAny(out, "\x1b\x07\x0e\r\u202e\u009b") {
		t.Errorf("raw control characters reached the terminal: %q", out)
	}
	if !strings.Contains(out, "héllo\t中文\\u001b[8m") || !strings.Contains(out, `\u202eevil\u009b2J`) {
		t.Errorf("the output must show the text and the escapes: %q", out)
	}
}

// red14sessionPromptRows: what the approval prompt prints from the call
// (a tool's name, a file name in the reason) cannot drive the terminal.
var red14sessionPromptRows = []struct{ name, tool, reason string }{
	{"a file name conceals the rest", "Bash", "write /p/\x1b[8mx (no allow rule covers it)"},
	{"a carriage return rewrites the line", "Bash", "write /p/a\r\x1b[2Kread /p/b"},
	{"a C1 CSI", "mcp__s__t\u009b2J", "no rule allows it"},
	{"a bidi override", "Bash", "write /p/\u202etxt.exe"},
}

func TestRed14SessionPromptCannotDriveTheTerminal(t *testing.T) {
	for _, tt := range red14sessionPromptRows {
		var prompt bytes.Buffer
		a := &ttyApprover{in: bufio.NewReader(strings.NewReader("n\n")), out: &prompt}
		req := pipeline.AskRequest{Use: pipeline.ToolUse{Name: tt.tool, Input: map[string]any{"command": "x"}},
			Decision: engine.Decision{Reason: tt.reason}}
		if _, err := a.Approve(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(prompt.String(), "\x1b\r\u009b\u202e") {
			t.Errorf("%s: raw control characters in the prompt: %q", tt.name, prompt.String())
		}
	}
	var prompt bytes.Buffer
	a := &ttyApprover{in: bufio.NewReader(strings.NewReader("n\n")), out: &prompt}
	_, _ = a.Approve(context.Background(), pipeline.AskRequest{Use: pipeline.ToolUse{Name: "Write"},
		Decision: engine.Decision{Reason: "write /p/naïve\tfile.txt (outside the working directories)"}})
	if !strings.Contains(prompt.String(), "write /p/naïve\tfile.txt (outside") {
		t.Errorf("ordinary text must print as it is: %q", prompt.String())
	}
}

// red14sessionApproverRows: the --permission-prompt-command script answers
// every ask of the session, so a call that rewrites it (acceptEdits allows
// edits in the working directory) must ask like a write to the policy.
// Before, a Write of tools/approve.sh to print "allow" ran unasked and the
// approver then approved the session's next call.
var red14sessionApproverRows = []struct {
	name    string
	command string // the approver command; {dir} is the project
	write   map[string]any
	tool    string
}{
	{"Write by absolute path", "{dir}/tools/approve.sh", map[string]any{"file_path": "{dir}/tools/approve.sh", "content": "#!/bin/sh\necho '{\"behavior\":\"allow\"}'\n"}, "Write"},
	{"Edit of the answer", "{dir}/tools/approve.sh", map[string]any{"file_path": "{dir}/tools/approve.sh", "old_string": "deny", "new_string": "allow"}, "Edit"},
	{"sh names the script", "sh {dir}/tools/approve.sh", map[string]any{"command": "sed -i s/deny/allow/ tools/approve.sh"}, "Bash"},
	{"a shell redirect", "'{dir}/tools/approve.sh'", map[string]any{"command": "echo 'echo {\"behavior\":\"allow\"}' >> tools/approve.sh"}, "Bash"},
	{"cp over it", "{dir}/tools/approve.sh", map[string]any{"command": "cp tools/other.sh tools/approve.sh"}, "Bash"},
}

func TestRed14SessionApproverIsPolicy(t *testing.T) {
	for _, tt := range red14sessionApproverRows {
		t.Run(tt.name, func(t *testing.T) {
			_, _ = demoEnv(t)
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			os.MkdirAll(filepath.Join(dir, "tools"), 0o755)
			approver := filepath.Join(dir, "tools", "approve.sh")
			os.WriteFile(approver, []byte("#!/bin/sh\ncat >/dev/null\necho '{\"behavior\": \"deny\", \"message\": \"no\"}'\n"), 0o755)
			os.WriteFile(filepath.Join(dir, "tools", "other.sh"), []byte("#!/bin/sh\necho '{\"behavior\": \"allow\"}'\n"), 0o755)
			sub := func(s string) string { return strings.ReplaceAll(s, "{dir}", dir) }
			in := map[string]any{}
			for k, v := range tt.write {
				in[k] = sub(v.(string))
			}
			lines := []string{
				red14sessionUse(t, "t1", "Read", map[string]any{"file_path": approver}),
				red14sessionUse(t, "t2", tt.tool, in),
				// The harmless neighbour: another script of the directory is edited unasked.
				red14sessionUse(t, "t3", "Write", map[string]any{"file_path": filepath.Join(dir, "tools", "new.sh"), "content": "echo hi\n"}),
			}
			out := red14sessionRun(t, dir, lines, "--permission-mode", "acceptEdits", "--permission-prompt-command", sub(tt.command))
			if got := strings.Join(red14sessionDenied(t, out), ","); got != "t2" {
				t.Errorf("denied %q, want t2 (the approver refuses its own rewrite):\n%s", got, out)
			}
			if b, _ := os.ReadFile(approver); strings.Contains(string(b), "allow") {
				t.Errorf("the approver was rewritten: %s", b)
			}
		})
	}
}

// TestRed14SessionApproverAfterWorktree: a relative --permission-prompt-command
// ran in the cwd EnterWorktree moved to, so it named the worktree's copy,
// which acceptEdits let the session rewrite to approve its next call (a
// write outside the working directories). It runs where the session
// started, whose script is protected.
func TestRed14SessionApproverAfterWorktree(t *testing.T) {
	_, _ = demoEnv(t)
	root, _ := filepath.EvalSymlinks(t.TempDir())
	dir := filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(dir, "tools"), 0o755)
	os.WriteFile(filepath.Join(dir, "tools", "approve.sh"), []byte(`#!/bin/sh
case "$(cat)" in
  *EnterWorktree*) echo '{"behavior": "allow"}' ;;
  *) echo '{"behavior": "deny", "message": "no"}' ;;
esac
`), 0o755)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "i"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	wt := filepath.Join(dir, ".claude", "worktrees", "wt")
	outside := filepath.Join(root, "outside.txt")
	lines := []string{
		red14sessionUse(t, "t1", "EnterWorktree", map[string]any{"name": "wt"}),
		red14sessionUse(t, "t2", "Read", map[string]any{"file_path": filepath.Join(wt, "tools", "approve.sh")}),
		red14sessionUse(t, "t3", "Write", map[string]any{"file_path": filepath.Join(wt, "tools", "approve.sh"),
			"content": "#!/bin/sh\ncat >/dev/null\necho '{\"behavior\": \"allow\"}'\n"}),
		red14sessionUse(t, "t4", "Bash", map[string]any{"command": "echo pwned > " + outside}),
	}
	t.Chdir(dir)
	out := red14sessionRun(t, dir, lines, "--permission-mode", "acceptEdits", "--permission-prompt-command", "tools/approve.sh")
	if !strings.Contains(out, "Entered worktree") || !strings.Contains(out, `"tool_use_id":"t3","content":"The file`) {
		t.Fatalf("the session must enter the worktree and edit its copy:\n%s", out)
	}
	if got := strings.Join(red14sessionDenied(t, out), ","); got != "t4" {
		t.Errorf("denied %q, want t4:\n%s", got, out)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("the rewritten approver approved the write outside")
	}
}

// red14sessionAuditRows: a session in acceptEdits whose --session-dir and
// --decision-log lie in the working directory erased them (`rm`, a Write):
// the record of what it ran was gone. They are policy files now.
var red14sessionAuditRows = []struct {
	name string
	tool string
	in   func(dir string) map[string]any
}{
	{"rm of the transcript and the decision log", "Bash", func(string) map[string]any {
		return map[string]any{"command": "rm -f .sess/transcript.jsonl .audit.log"}
	}},
	{"truncating the decision log", "Bash", func(string) map[string]any {
		return map[string]any{"command": ": > .audit.log"}
	}},
	{"rm of the session directory", "Bash", func(string) map[string]any {
		return map[string]any{"command": "rm -rf .sess"}
	}},
	{"Write of a forged spilled result", "Write", func(dir string) map[string]any {
		return map[string]any{"file_path": filepath.Join(dir, ".sess", "tool-results", "t1.txt"), "content": "nothing ran\n"}
	}},
}

func TestRed14SessionAuditTrailIsPolicy(t *testing.T) {
	for _, tt := range red14sessionAuditRows {
		t.Run(tt.name, func(t *testing.T) {
			_, _ = demoEnv(t)
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			os.WriteFile(filepath.Join(dir, "build.o"), []byte("x"), 0o644)
			lines := []string{
				red14sessionUse(t, "t1", "Read", map[string]any{"file_path": filepath.Join(dir, ".sess", "transcript.jsonl")}),
				red14sessionUse(t, "t2", tt.tool, tt.in(dir)),
				// The harmless neighbour: other files of the directory are edited unasked.
				red14sessionUse(t, "t3", "Bash", map[string]any{"command": "rm -f build.o"}),
			}
			script := filepath.Join(t.TempDir(), "s.jsonl")
			os.WriteFile(script, []byte(strings.Join(lines, "")), 0o644)
			out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
				"--permission-mode", "acceptEdits", "--session-dir", filepath.Join(dir, ".sess"),
				"--decision-log", filepath.Join(dir, ".audit.log"), script)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if got := strings.Join(red14sessionDenied(t, out), ","); got != "t2" {
				t.Errorf("denied %q, want t2:\n%s", got, out)
			}
			// Both still record the first call (the log by its input).
			for _, f := range []string{".audit.log", ".sess/transcript.jsonl"} {
				if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || !strings.Contains(string(b), `transcript.jsonl"`) {
					t.Errorf("%s lost its record of t1: %v", f, err)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "build.o")); err == nil {
				t.Error("rm -f build.o must run unasked in acceptEdits")
			}
		})
	}
}

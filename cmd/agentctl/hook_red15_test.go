package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red15Blocked reads a hook answer back in agent's dialect: blocked is
// the agent's block (exit 2, a deny); reason is what the agent shows.
func red15Blocked(agent, out, errOut string, code int) (blocked bool, reason string) {
	var a map[string]any
	json.Unmarshal([]byte(out), &a)
	if agent == "cursor" {
		msg, _ := a["user_message"].(string)
		return code == 0 && a["permission"] == "deny", msg
	}
	return code == 2 || a["decision"] == "deny", errOut
}

// red15SlowGlobs is a command whose decision walks the file system once
// per glob operand (each walk within its own budget): n operands over
// root, then a read of the project's denied secret/key.
func red15SlowGlobs(root string, n int) string {
	ops := make([]string, n)
	for i := range ops {
		ops[i] = root + "/" + strings.Repeat("./", i) + "*/*/*/*/*/*"
	}
	return "ls " + strings.Join(ops, " ") + "; cat secret/key"
}

// TestHookDeadlineRealProcess: Claude Code and Gemini CLI take a hook that
// does not answer within its timeout for a non-blocking error, and the
// call runs under their own permission check, which knows none of
// agentctl's stricter rules (a Read deny rule against cat, in
// bypassPermissions mode). A command with many glob operands over a large
// tree took the hook over a minute to decide (90 operands over /usr:
// killed at the installed 60 s, `cat secret/key` then ran); stdin left
// open held it for ever. The hook now answers its own block when no
// decision is made within --deadline (45 s by default, under the
// installed timeout), in each agent's dialect.
func TestHookDeadlineRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	os.MkdirAll(filepath.Join(cwd, "secret"), 0o755)
	os.WriteFile(filepath.Join(cwd, "secret", "key"), []byte("k\n"), 0o600)
	os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"),
		[]byte(`{"permissions":{"allow":["Bash(ls *)"],"deny":["Read(./secret/**)","Bash(rm *)"]}}`), 0o644)
	slow := ""
	if fi, err := os.Stat("/usr/lib"); err == nil && fi.IsDir() {
		slow = red15SlowGlobs("/usr", 12)
	}
	tests := []struct {
		name, command string
		args          []string
		openStdin     bool
		blocked       bool
		// reason is what the block must say ("" for an allow).
		reason string
	}{
		{"a decision slower than the deadline", "ls", []string{"--deadline", "1ms"}, false, true, "no decision within 1ms"},
		{"glob walks past the deadline", slow, []string{"--deadline", "1s"}, false, true, "no decision within 1s"},
		{"stdin left open", "ls", []string{"--deadline", "1s"}, true, true, "no decision within 1s"},
		{"stdin left open, the agent from the event", "ls", []string{"--deadline", "1s", "--agent", ""}, true, true, "no decision within 1s"},
		// harmless neighbours
		{"ls within the default deadline", "ls", nil, false, false, ""},
		{"ls with no deadline", "ls", []string{"--deadline", "0"}, false, false, ""},
		{"ls within a deadline of a minute", "ls", []string{"--deadline", "1m"}, false, false, ""},
	}
	for _, tt := range tests {
		for agent, event := range hookEvents(cwd, tt.command) {
			t.Run(tt.name+"/"+agent, func(t *testing.T) {
				if tt.command == "" {
					t.Skip("no /usr/lib to walk")
				}
				args := append([]string{"--agent", agent, "--managed-settings", managed}, tt.args...)
				var stdin *os.File
				if tt.openStdin {
					r, w, err := os.Pipe()
					if err != nil {
						t.Fatal(err)
					}
					defer r.Close()
					defer w.Close() // held open until the hook has answered
					w.WriteString(event)
					stdin = r
				}
				out, errOut, code := hookProc(t, stdin, event, nil, args...)
				blocked, reason := red15Blocked(agent, out, errOut, code)
				if tt.openStdin && agent == "cursor" && hasArg(tt.args, "") {
					// Not told the agent and no event read: Claude Code's
					// and Gemini CLI's exit 2, which Cursor's failClosed
					// entry blocks on.
					blocked, reason = code == 2, errOut
				}
				if code == 1 || blocked != tt.blocked || tt.blocked && !strings.Contains(reason, tt.reason) || !tt.blocked && !strings.Contains(out, "allow") {
					t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v naming %q", code, out, strings.TrimSpace(errOut), tt.blocked, tt.reason)
				}
			})
		}
	}
}

// hasArg says whether args holds v.
func hasArg(args []string, v string) bool {
	for _, a := range args {
		if a == v {
			return true
		}
	}
	return false
}

// TestHooksInstallDeadlineRealProcess: an install with a timeout other
// than the default names a deadline under it in the hook's command line,
// so the hook's own block comes before the agent gives up on it; the
// default timeout leaves the hook's default deadline (45 s, under 60 s).
func TestHooksInstallDeadlineRealProcess(t *testing.T) {
	tests := []struct {
		name, timeout, want string
	}{
		{"a 30s timeout", "30s", "--deadline 22.5s"},
		{"a 10m timeout", "10m", "--deadline 7m30s"},
		{"a 1s timeout", "1s", "--deadline 750ms"},
		// harmless neighbour: the default timeout writes no deadline
		{"the default timeout", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cwd, managed := hookProject(t)
			exe, _ := os.Executable()
			args := []string{"agentctl", "--cwd", cwd, "--managed-settings", managed, "hooks", "install", "--agent", "gemini", "--scope", "project", "--command", exe}
			if tt.timeout != "" {
				args = append(args, "--timeout", tt.timeout)
			}
			if out, errOut, code := runCLI(t, "", args...); code != 0 {
				t.Fatalf("install: %d %q %q", code, out, errOut)
			}
			b, _ := os.ReadFile(filepath.Join(cwd, ".gemini", "settings.json"))
			if tt.want == "" && strings.Contains(string(b), "--deadline") || tt.want != "" && !strings.Contains(string(b), tt.want) {
				t.Errorf("installed:\n%s\nwant %q", b, tt.want)
			}
		})
	}
}

// TestHookClaudeSearchInShellDirRealProcess: Claude Code resolves a
// relative Grep or Glob path, and searches a call without one, where its
// shell stands (the event's cwd, after `cd secret`); the hook decided the
// path against the project root CLAUDE_PROJECT_DIR names. Grep
// {"path":"key"} from secret/ read secret/key, decided as the root's key:
// allowed, under a deny rule of the hook's own --settings (which Claude
// Code's Grep does not leave out) or of the project. Each is now decided
// where it runs.
func TestHookClaudeSearchInShellDirRealProcess(t *testing.T) {
	root, managed := hookProject(t)
	for _, d := range []string{"secret/sub", "src/sub"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	os.WriteFile(filepath.Join(root, "secret", "key"), []byte("k\n"), 0o600)
	os.WriteFile(filepath.Join(root, "src", "a.ts"), []byte("k\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".claude", "settings.json"), []byte(`{"permissions":{"allow":["Grep","Glob"],"deny":["Read(./private/**)"]}}`), 0o644)
	os.MkdirAll(filepath.Join(root, "private"), 0o755)
	os.WriteFile(filepath.Join(root, "private", "p"), []byte("k\n"), 0o600)
	org := filepath.Join(t.TempDir(), "org.json")
	os.WriteFile(org, []byte(`{"permissions":{"deny":["Read(/`+root+`/secret/**)"]}}`), 0o644)
	secret, src, private := filepath.Join(root, "secret"), filepath.Join(root, "src"), filepath.Join(root, "private")
	tests := []struct {
		name, cwd, tool, input string
		blocked                bool
	}{
		{"Grep a relative file after cd secret", secret, "Grep", `{"pattern":"k","path":"key","output_mode":"content"}`, true},
		{"Grep ./key after cd secret", secret, "Grep", `{"pattern":"k","path":"./key"}`, true},
		{"Grep . after cd secret", secret, "Grep", `{"pattern":"k","path":"."}`, true},
		{"Grep without a path after cd secret", secret, "Grep", `{"pattern":"k"}`, true},
		{"Grep an empty path after cd secret/sub", filepath.Join(secret, "sub"), "Grep", `{"pattern":"k","path":""}`, true},
		{"Grep sub/.. after cd secret", secret, "Grep", `{"pattern":"k","path":"sub/.."}`, true},
		{"Grep ../secret/key after cd src", src, "Grep", `{"pattern":"k","path":"../secret/key"}`, true},
		{"Grep ../secret after cd src", src, "Grep", `{"pattern":"k","path":"../secret","glob":"*"}`, true},
		{"Glob without a path after cd secret", secret, "Glob", `{"pattern":"*"}`, true},
		{"Glob . after cd secret", secret, "Glob", `{"pattern":"**/*","path":"."}`, true},
		{"Glob ../secret after cd src", src, "Glob", `{"pattern":"*","path":"../secret"}`, true},
		{"Grep without a path after cd private (a project rule)", private, "Grep", `{"pattern":"k"}`, true},
		{"Grep p after cd private (a project rule)", private, "Grep", `{"pattern":"k","path":"p"}`, true},
		// harmless neighbours
		{"Grep a.ts after cd src", src, "Grep", `{"pattern":"k","path":"a.ts"}`, false},
		{"Grep without a path after cd src", src, "Grep", `{"pattern":"k"}`, false},
		{"Grep sub after cd src", src, "Grep", `{"pattern":"k","path":"sub"}`, false},
		{"Glob without a path after cd src", src, "Glob", `{"pattern":"*.ts"}`, false},
		{"Grep an absolute src from secret", secret, "Grep", `{"pattern":"k","path":"` + src + `"}`, false},
		{"Grep src from the root", root, "Grep", `{"pattern":"k","path":"src"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			event := `{"hook_event_name":"PreToolUse","cwd":"` + tt.cwd + `","permission_mode":"default","tool_name":"` + tt.tool + `","tool_input":` + tt.input + `}`
			out, errOut, code := hookProc(t, nil, event, []string{"CLAUDE_PROJECT_DIR=" + root},
				"--agent", "claude", "--managed-settings", managed, "--settings", org)
			blocked := code == 2 || strings.Contains(out, `"permissionDecision":"deny"`) || strings.Contains(out, `"permissionDecision":"ask"`)
			if code == 1 || blocked != tt.blocked || !tt.blocked && !strings.Contains(out, `"permissionDecision":"allow"`) {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, strings.TrimSpace(errOut), tt.blocked)
			}
		})
	}
}

// TestHookClaudeGrepTreeAgentctlRulesRealProcess: Claude Code's Grep
// leaves out of its results the files its own deny rules name, so a
// search of a tree holding them was allowed; but a Read rule of the
// hook's --settings, or of a managed file that is not Claude Code's, is
// agentctl's alone, and Grep over the project returned every matching
// line of secret/key under an org rule denying secret/. Such a search
// now asks (dontAsk: denies) when the tree could hold a path one of those
// rules covers; rules Claude Code reads keep the search allowed.
func TestHookClaudeGrepTreeAgentctlRulesRealProcess(t *testing.T) {
	root, _ := hookProject(t)
	for _, d := range []string{"secret", "private", "local", "src"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
		os.WriteFile(filepath.Join(root, d, "f"), []byte("k\n"), 0o600)
	}
	os.WriteFile(filepath.Join(root, ".claude", "settings.json"), []byte(`{"permissions":{"allow":["Grep","Glob"],"deny":["Read(./local/**)"]}}`), 0o644)
	dir := t.TempDir()
	org := filepath.Join(dir, "org.json")
	os.WriteFile(org, []byte(`{"permissions":{"deny":["Read(/`+root+`/secret/**)"]}}`), 0o644)
	orgAsk := filepath.Join(dir, "org-ask.json")
	os.WriteFile(orgAsk, []byte(`{"permissions":{"ask":["Read(/`+root+`/secret/**)"]}}`), 0o644)
	orgOutside := filepath.Join(dir, "org-outside.json")
	os.WriteFile(orgOutside, []byte(`{"permissions":{"deny":["Read(//elsewhere/**)"]}}`), 0o644)
	managed := filepath.Join(dir, "managed.json")
	os.WriteFile(managed, []byte(`{"permissions":{"deny":["Read(/`+root+`/private/**)"]}}`), 0o644)
	empty := emptyManaged(t)
	inline := `{"permissions":{"deny":["Read(/` + root + `/secret/**)"]}}`
	src := filepath.Join(root, "src")
	tests := []struct {
		name, mode, input string
		args              []string
		blocked           bool
	}{
		{"a search of the project under a --settings rule", "default", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", org}, true},
		{"the project named as the path", "default", `{"pattern":"k","path":"` + root + `"}`, []string{"--managed-settings", empty, "--settings", org}, true},
		{"the path .", "default", `{"pattern":"k","path":"."}`, []string{"--managed-settings", empty, "--settings", org}, true},
		{"with a glob and content", "default", `{"pattern":"k","glob":"*","output_mode":"content"}`, []string{"--managed-settings", empty, "--settings", org}, true},
		{"an inline --settings rule", "default", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", inline}, true},
		{"a --settings ask rule", "default", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", orgAsk}, true},
		{"a managed file that is not Claude Code's", "default", `{"pattern":"k"}`, []string{"--managed-settings", managed}, true},
		{"dontAsk", "dontAsk", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", org}, true},
		{"acceptEdits", "acceptEdits", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", org}, true},
		// harmless neighbours
		{"a search of src", "default", `{"pattern":"k","path":"` + src + `"}`, []string{"--managed-settings", empty, "--settings", org}, false},
		{"a project rule Claude Code reads", "default", `{"pattern":"k"}`, []string{"--managed-settings", empty}, false},
		{"a --settings rule outside the tree", "default", `{"pattern":"k"}`, []string{"--managed-settings", empty, "--settings", orgOutside}, false},
		{"a file of src", "default", `{"pattern":"k","path":"` + filepath.Join(src, "f") + `"}`, []string{"--managed-settings", empty, "--settings", org}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			event := `{"hook_event_name":"PreToolUse","cwd":"` + root + `","permission_mode":"` + tt.mode + `","tool_name":"Grep","tool_input":` + tt.input + `}`
			out, errOut, code := hookProc(t, nil, event, []string{"CLAUDE_PROJECT_DIR=" + root}, append([]string{"--agent", "claude"}, tt.args...)...)
			blocked := code == 2 || strings.Contains(out, `"permissionDecision":"deny"`) || strings.Contains(out, `"permissionDecision":"ask"`)
			if code == 1 || blocked != tt.blocked || !tt.blocked && !strings.Contains(out, `"permissionDecision":"allow"`) {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, strings.TrimSpace(errOut), tt.blocked)
			}
			if tt.mode == "dontAsk" && !strings.Contains(out, `"permissionDecision":"deny"`) {
				t.Errorf("dontAsk: %q; want a deny", out)
			}
		})
	}
}

// TestHookCursorTabReadRealProcess: Cursor Tab sends the file it completes
// in (and others) to its model after a beforeTabFileRead event, an event
// of its own that `hooks install` did not hook and agentctl did not
// decide: a .env or secret/key that a Read deny rule names went to Tab's
// model while the agent's read of it was denied. Install hooks it now, and
// it is decided as beforeReadFile is.
func TestHookCursorTabReadRealProcess(t *testing.T) {
	denied, clean, managed := red13Project(t)
	tests := []struct {
		name, dir, file string
		blocked         bool
		reason          string
	}{
		{"Tab reads .env", denied, filepath.Join(denied, ".env"), true, "denied by rule Read(.env)"},
		{"Tab reads a relative .env", denied, ".env", true, "denied by rule Read(.env)"},
		{"Tab reads secret/key", denied, filepath.Join(denied, "secret", "key"), true, "denied by rule Read(./secret/**)"},
		{"Tab reads secret/sub/deep through ..", denied, filepath.Join(denied, "src", "..", "secret", "sub", "deep"), true, "denied by rule Read(./secret/**)"},
		// harmless neighbours
		{"Tab reads src/a.ts", denied, filepath.Join(denied, "src", "a.ts"), false, ""},
		{"Tab reads src/a.ts, no deny rules", clean, filepath.Join(clean, "src", "a.ts"), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, _ := json.Marshal(map[string]any{"hook_event_name": "beforeTabFileRead", "conversation_id": "c", "generation_id": "g",
				"workspace_roots": []string{tt.dir}, "file_path": tt.file, "content": "K=1\n"})
			out, errOut, code := hookProc(t, nil, string(ev), nil, "--agent", "cursor", "--managed-settings", managed)
			blocked, reason := red15Blocked("cursor", out, errOut, code)
			if code != 0 || blocked != tt.blocked || tt.blocked && !strings.Contains(reason, tt.reason) || !tt.blocked && !strings.Contains(out, `"permission":"allow"`) {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v naming %q", code, out, strings.TrimSpace(errOut), tt.blocked, tt.reason)
			}
		})
	}
	t.Run("install hooks beforeTabFileRead", func(t *testing.T) {
		cwd, managed := hookProject(t)
		exe, _ := os.Executable()
		if out, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed, "hooks", "install", "--agent", "cursor", "--scope", "project", "--command", exe); code != 0 {
			t.Fatalf("install: %d %q %q", code, out, errOut)
		}
		b, _ := os.ReadFile(filepath.Join(cwd, ".cursor", "hooks.json"))
		var doc struct {
			Hooks map[string][]map[string]any `json:"hooks"`
		}
		json.Unmarshal(b, &doc)
		entries := doc.Hooks["beforeTabFileRead"]
		if len(entries) != 1 || entries[0]["failClosed"] != true || !strings.Contains(entries[0]["command"].(string), "hook --agent cursor") {
			t.Errorf("installed:\n%s\nwant a fail-closed beforeTabFileRead entry", b)
		}
	})
}

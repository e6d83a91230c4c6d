package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// namedEvents are one Bash command's hook events for each agent, the cwd
// JSON-encoded (a project name may hold quotes or a backslash).
func namedEvents(t *testing.T, cwd, command string) map[string]string {
	t.Helper()
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return map[string]string{
		"claude": enc(map[string]any{"hook_event_name": "PreToolUse", "cwd": cwd, "permission_mode": "default",
			"tool_name": "Bash", "tool_input": map[string]any{"command": command}}),
		"gemini": enc(map[string]any{"hook_event_name": "BeforeTool", "cwd": cwd, "tool_name": "run_shell_command",
			"tool_input": map[string]any{"command": command}}),
		"cursor": enc(map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c",
			"workspace_roots": []string{cwd}, "cwd": cwd, "command": command}),
	}
}

// TestHostileNamesThroughTheCLI: a project whose name is syntax somewhere
// (glob characters, NFD or invisible Unicode, quotes, a leading dash) is
// decided alike by `check` and by `hook` for every agent: a file's loose
// spelling stays inside the project, a shell glob keeps its quoted
// characters literal, and the Glob tool's directory is not a pattern.
func TestHostileNamesThroughTheCLI(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(.env)","Read(**/vault/**)","Read(/secret/**)"]}}`
	for _, name := range []string{"cafe\u0301", "z\u200cw", "p[1]", "x{a,b}", `q"x`, "-rf", "sp ace"} {
		t.Run(name, func(t *testing.T) {
			isolatedHome(t)
			root, _ := filepath.EvalSymlinks(t.TempDir())
			proj := filepath.Join(root, name, "proj")
			writeFiles(t, proj, map[string]string{".claude/settings.json": policy, ".env": "S=1", "ok.txt": "x",
				"secret/k": "k", "sub[2]/vault/k": "k"})
			t.Setenv("CLAUDE_PROJECT_DIR", proj)
			managed := emptyManaged(t)
			checks := []struct{ tool, input, want string }{
				{"Read", `{"file_path":` + jsonString(t, filepath.Join(proj, ".env\u200c")) + `}`, "deny"},
				{"Write", `{"file_path":` + jsonString(t, filepath.Join(proj, ".e\u200dnv")) + `,"content":"x"}`, "deny"},
				{"Read", `{"file_path":` + jsonString(t, filepath.Join(proj, "secret\u200c", "k")) + `}`, "deny"},
				{"Glob", `{"pattern":"secret/*","path":` + jsonString(t, proj) + `}`, "deny"},
				{"Glob", `{"pattern":"vault/*","path":` + jsonString(t, filepath.Join(proj, "sub[2]")) + `}`, "deny"},
				{"Bash", `{"command":"cat .env\u200c"}`, "deny"},
				{"Bash", `{"command":"cat 'sub[2]'/vault/*"}`, "deny"},
				{"Read", `{"file_path":` + jsonString(t, filepath.Join(proj, "ok.txt")) + `}`, "allow"},
				{"Glob", `{"pattern":"*.txt","path":` + jsonString(t, proj) + `}`, "allow"},
				{"Bash", `{"command":"cat ok.txt"}`, "allow"},
			}
			codes := map[int]string{0: "allow", 2: "deny", 3: "ask"}
			for _, c := range checks {
				out, errOut, code := runCLI(t, "", "agentctl", "--cwd", proj, "--managed-settings", managed, "check", c.tool, c.input)
				if codes[code] != c.want {
					t.Errorf("check %s %s: exit %d (%s %s), want %s", c.tool, c.input, code, out, errOut, c.want)
				}
			}
			for _, cmd := range []string{"cat .env\u200c", "cat 'sub[2]'/vault/*", "cat secret./k"} {
				for agent, ev := range namedEvents(t, proj, cmd) {
					out, errOut, code := runCLI(t, ev, "agentctl", "hook", "--managed-settings", managed)
					if got := hookVerdict(out, code); got != "deny" && got != "block" {
						t.Errorf("hook %s %q: %s (exit %d, %s), want deny", agent, cmd, out, code, errOut)
					}
				}
			}
		})
	}
}

// jsonString is s as a JSON string literal.
func jsonString(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLooseSpellingUnderSettingsFolder: "/x" in a --settings file is
// anchored at that file's folder. A folder whose own name is not
// loose-normal (NFD, an invisible mark) moved a path's loose spelling out
// from under the rule: Read of x+U+200C/k asked, and bypass mode allowed
// it past Read(/x/**).
func TestLooseSpellingUnderSettingsFolder(t *testing.T) {
	for _, name := range []string{"cafe\u0301", "z\u200cw", "p[1]"} {
		t.Run(name, func(t *testing.T) {
			isolatedHome(t)
			root, _ := filepath.EvalSymlinks(t.TempDir())
			folder := filepath.Join(root, name)
			writeFiles(t, folder, map[string]string{"s.json": `{"permissions":{"deny":["Read(/x/**)"]}}`, "x/k": "k", "y/k": "k"})
			writeFiles(t, filepath.Join(root, "proj"), map[string]string{"a.txt": "x"})
			managed := emptyManaged(t)
			for _, c := range []struct{ mode, path, want string }{
				{"default", filepath.Join(folder, "x\u200c", "k"), "deny"},
				{"bypassPermissions", filepath.Join(folder, "x\u200c", "k"), "deny"},
				{"bypassPermissions", filepath.Join(folder, "\u200dx", "k"), "deny"},
				{"bypassPermissions", filepath.Join(folder, "x.", "k"), "deny"},
				{"bypassPermissions", filepath.Join(folder, "x", "k"), "deny"},
				{"bypassPermissions", filepath.Join(folder, "y", "k"), "allow"},
			} {
				out, errOut, code := runCLI(t, "", "agentctl", "--cwd", filepath.Join(root, "proj"), "--managed-settings", managed,
					"--settings", filepath.Join(folder, "s.json"), "--permission-mode", c.mode, "check", "Read", `{"file_path":`+jsonString(t, c.path)+`}`)
				if got := map[int]string{0: "allow", 2: "deny", 3: "ask"}[code]; got != c.want {
					t.Errorf("%s Read %q: exit %d (%s %s), want %s", c.mode, c.path, code, out, errOut, c.want)
				}
			}
		})
	}
}

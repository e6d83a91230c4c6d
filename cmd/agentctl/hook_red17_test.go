package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red17Event marshals one event's top-level fields, in the agent's shape.
func red17Event(t *testing.T, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHookEventFieldTypesRealProcess: the top-level fields an event is
// decided by were read as strings with the wrong type taken for absent:
// Cursor's beforeShellExecution "cwd": ["…/secret"] (or a number, an
// object, null) was decided in the workspace root, so `cat key` was
// allowed as a read of a key that is not there while the agent's own
// reader could run it in secret/; Claude Code's "permission_mode":
// ["plan"] was decided in the settings' mode (an ask) instead of plan's
// deny. Every such field of the wrong type now blocks the event, in the
// agent's own dialect.
func TestHookEventFieldTypesRealProcess(t *testing.T) {
	denied, _, managed := red13Project(t)
	secret := filepath.Join(denied, "secret")
	cursorShell := func(cwd any, present bool) map[string]any {
		ev := map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c", "generation_id": "g",
			"workspace_roots": []any{denied}, "command": "cat key"}
		if present {
			ev["cwd"] = cwd
		}
		return ev
	}
	claude := func(mode any, command string) map[string]any {
		return map[string]any{"hook_event_name": "PreToolUse", "session_id": "s", "cwd": denied, "permission_mode": mode,
			"tool_name": "Bash", "tool_input": map[string]any{"command": command}}
	}
	tests := []struct {
		name    string
		agent   string
		event   map[string]any
		blocked bool
	}{
		{"cursor shell cwd an array", "cursor", cursorShell([]any{secret}, true), true},
		{"cursor shell cwd a number", "cursor", cursorShell(7, true), true},
		{"cursor shell cwd an object", "cursor", cursorShell(map[string]any{"path": secret}, true), true},
		{"cursor shell cwd null", "cursor", cursorShell(nil, true), true},
		{"cursor shell cwd true", "cursor", cursorShell(true, true), true},
		{"cursor preToolUse Shell, top-level cwd an array", "cursor", map[string]any{"hook_event_name": "preToolUse", "conversation_id": "c",
			"workspace_roots": []any{denied}, "cwd": []any{secret}, "tool_name": "Shell", "tool_input": map[string]any{"command": "cat key"}}, true},
		{"cursor workspace root beside a number", "cursor", map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c",
			"workspace_roots": []any{denied, 5}, "cwd": denied, "command": "cat key"}, true},
		{"cursor workspace roots an object", "cursor", map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c",
			"workspace_roots": map[string]any{"0": denied}, "cwd": denied, "command": "cat key"}, true},
		{"cursor MCP url an array", "cursor", map[string]any{"hook_event_name": "beforeMCPExecution", "conversation_id": "c",
			"workspace_roots": []any{denied}, "url": []any{"https://api.example/mcp"}, "tool_name": "list", "tool_input": "{}"}, true},
		{"claude permission_mode an array", "claude", claude([]any{"plan"}, "touch x"), true},
		{"claude permission_mode a number", "claude", claude(1, "touch x"), true},
		{"claude permission_mode null", "claude", claude(nil, "touch x"), true},
		{"gemini tool_name an array", "gemini", map[string]any{"hook_event_name": "BeforeTool", "cwd": denied,
			"tool_name": []any{"read_file"}, "tool_input": map[string]any{"file_path": "src/a.ts"}}, true},
		// harmless neighbours
		{"cursor shell cwd the root", "cursor", cursorShell(denied, true), false},
		{"cursor shell without cwd", "cursor", cursorShell(nil, false), false},
		{"cursor shell cwd empty", "cursor", cursorShell("", true), false},
		{"claude default mode ls", "claude", claude("default", "ls"), false},
		{"gemini read_file", "gemini", map[string]any{"hook_event_name": "BeforeTool", "cwd": denied,
			"tool_name": "read_file", "tool_input": map[string]any{"file_path": "src/a.ts"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := hookProc(t, nil, red17Event(t, tt.event), nil, "--agent", tt.agent, "--managed-settings", managed)
			blocked, _ := red15Blocked(tt.agent, out, errOut, code)
			if code == 1 || blocked != tt.blocked || !tt.blocked && !strings.Contains(out, "allow") {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, strings.TrimSpace(errOut), tt.blocked)
			}
		})
	}
}

// TestHookToolParamTypesRealProcess: a tool_input parameter the mapping
// reads was taken for absent when its JSON type was not the one the
// agent's tool takes: a Gemini CLI read_many_files "include": "secret/key"
// (a string, not a list) was left out and the call allowed as a read of
// its paths; a web_fetch "prompt": ["https://evil.example/"] or "url":
// ["https://evil.example/"] beside an allowed URL had only the allowed one
// decided. Such an event now blocks (null stays absent, as the agents read
// it).
func TestHookToolParamTypesRealProcess(t *testing.T) {
	denied, _, managed := red13Project(t)
	tests := []struct {
		name, agent, tool, input string
		blocked                  bool
	}{
		{"read_many_files include a string", "gemini", "read_many_files", `{"paths":["src/a.ts"],"include":"secret/key"}`, true},
		{"read_many_files include an object", "gemini", "read_many_files", `{"paths":["src/a.ts"],"include":{"0":".env"}}`, true},
		{"read_many_files include a number entry", "gemini", "read_many_files", `{"paths":["src/a.ts"],"include":[".env",1]}`, true},
		{"read_many_files exclude a string", "gemini", "read_many_files", `{"paths":["src/a.ts"],"exclude":"x"}`, true},
		{"web_fetch prompt a list naming a denied site", "gemini", "web_fetch", `{"url":"https://ok.example/","prompt":["https://evil.example/"]}`, true},
		{"web_fetch url a list beside an allowed prompt URL", "gemini", "web_fetch", `{"url":["https://evil.example/"],"prompt":"summarize https://ok.example/"}`, true},
		{"web_fetch url a number", "gemini", "web_fetch", `{"url":7,"prompt":"summarize https://ok.example/"}`, true},
		{"web_fetch prompt an object", "gemini", "web_fetch", `{"prompt":{"text":"https://evil.example/"}}`, true},
		{"replace old_string a list", "gemini", "replace", `{"file_path":"src/a.ts","old_string":["x"],"new_string":"y"}`, true},
		{"list_directory ignore a string", "gemini", "list_directory", `{"dir_path":"src","ignore":"*"}`, true},
		{"cursor Edit new_string a number", "cursor", "Edit", `{"file_path":"src/a.ts","old_string":"x","new_string":5}`, true},
		{"cursor Task prompt a list", "cursor", "Task", `{"prompt":["do it"],"description":"d"}`, true},
		// harmless neighbours
		{"read_many_files with include and exclude lists", "gemini", "read_many_files", `{"paths":["src/a.ts"],"include":["src/a.ts"],"exclude":["*.md"]}`, false},
		{"read_many_files include null", "gemini", "read_many_files", `{"paths":["src/a.ts"],"include":null}`, false},
		{"web_fetch an allowed URL", "gemini", "web_fetch", `{"url":"https://ok.example/","prompt":"summarize"}`, false},
		{"web_fetch an allowed URL in the prompt", "gemini", "web_fetch", `{"prompt":"summarize https://ok.example/a"}`, false},
		{"list_directory with an ignore list", "gemini", "list_directory", `{"dir_path":"src","ignore":["*.md"]}`, false},
		{"read_file offset a number", "gemini", "read_file", `{"file_path":"src/a.ts","offset":10,"limit":5}`, false},
		{"cursor Read", "cursor", "Read", `{"file_path":"src/a.ts"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			red13ExpectHook(t, tt.agent, managed, red13Event(tt.agent, denied, tt.tool, tt.input), tt.blocked)
		})
	}
}

// TestHookWalkUnhooksRealProcess: a changing walk of the workspace (find
// -delete, find -exec truncate) filtered to the name of Cursor's or Gemini
// CLI's own hook and MCP files — .cursor/hooks.json, .cursor/mcp.json,
// .gemini/settings.json, policy files of the session — was allowed by an
// Edit rule in acceptEdits mode: `find . -name hooks.json -delete` removes
// Cursor's project install of agentctl (checked with the real find), and
// every later call runs unhooked. Each now asks, as a write to the file
// itself does; walks that name other files stay allowed.
func TestHookWalkUnhooksRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	for _, d := range []string{".cursor", ".gemini", "src"} {
		if err := os.MkdirAll(filepath.Join(cwd, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(cwd, ".cursor", "hooks.json"), []byte(`{"version":1,"hooks":{}}`), 0o644)
	os.WriteFile(filepath.Join(cwd, ".cursor", "mcp.json"), []byte(`{"mcpServers":{}}`), 0o644)
	os.WriteFile(filepath.Join(cwd, ".gemini", "settings.json"), []byte(`{}`), 0o644)
	os.WriteFile(filepath.Join(cwd, "src", "a.pyc"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"),
		[]byte(`{"permissions":{"allow":["Edit","Bash"],"defaultMode":"acceptEdits"}}`), 0o644)
	tests := []struct {
		name, command string
		allowed       bool
	}{
		{"find -name hooks.json -delete", "find . -name hooks.json -delete", false},
		{"find -iname HOOKS.JSON -delete", "find . -iname HOOKS.JSON -delete", false},
		{"find -name mcp.json -delete", "find . -name mcp.json -delete", false},
		{"find -name 'hook*' -delete", "find . -name 'hook*' -delete", false},
		{"find -name hooks.json -exec truncate", "find . -name hooks.json -exec truncate -s0 {} +", false},
		{"find -name settings.json under .gemini", "find . -path '*/.gemini/*' -name settings.json -delete", false},
		// harmless neighbours
		{"find -name *.pyc -delete", "find . -name '*.pyc' -delete", true},
		{"find src -delete", "find src -delete", true},
		{"find -name hooks.json (no delete)", "find . -name hooks.json", true},
	}
	for _, tt := range tests {
		for _, agent := range []string{"cursor", "gemini"} {
			t.Run(tt.name+"/"+agent, func(t *testing.T) {
				ev := hookEvents(cwd, tt.command)[agent]
				out, errOut, code := hookProc(t, nil, ev, nil, "--agent", agent, "--managed-settings", managed, "--trust-workspace")
				allowed := code == 0 && (strings.Contains(out, `"permission":"allow"`) || strings.Contains(out, `"decision":"allow"`))
				if code == 1 || allowed != tt.allowed {
					t.Errorf("exit %d, stdout %q, stderr %q; want allowed %v", code, out, strings.TrimSpace(errOut), tt.allowed)
				}
			})
		}
	}
}

// TestHooksInstallProgramRealProcess: install wrote whatever --command
// named, made absolute against the directory it ran in: `--command
// agentctl` inside a repository became REPO/agentctl (a file the
// repository can supply), and a program that does not exist, or is a
// directory, was installed as is. The agent's sh then exits 127 on every
// call, which Claude Code and Gemini CLI take for a non-blocking error:
// every call went ahead undecided. Install now refuses a program that is
// not an executable file, and looks a bare name up on PATH (never in the
// cwd, never through a relative PATH entry).
func TestHooksInstallProgramRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	t.Chdir(cwd)
	bin := t.TempDir()
	prog := filepath.Join(bin, "agentctl")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	notExec := filepath.Join(bin, "agentctl-plain")
	os.WriteFile(notExec, []byte("x"), 0o644)
	tests := []struct {
		name, command, path string
		// want is the program the hook command must start with; "" for a
		// refusal.
		want string
	}{
		{"a bare name not on PATH (the cwd's ./agentctl would be named)", "agentctl", "/nonexistent", ""},
		{"a relative path to nothing", "./nonexist/agentctl", bin, ""},
		{"an absolute path to nothing", filepath.Join(bin, "missing", "agentctl"), bin, ""},
		{"a directory", bin, bin, ""},
		{"a file without an execute bit", notExec, bin, ""},
		{"a bare name found through a relative PATH entry", "agentctl", ".", ""},
		// harmless neighbours
		{"a bare name on PATH", "agentctl", bin, prog},
		{"an absolute path", prog, "/nonexistent", prog},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path == "." {
				os.WriteFile(filepath.Join(cwd, "agentctl"), []byte("#!/bin/sh\nexit 0\n"), 0o755)
				defer os.Remove(filepath.Join(cwd, "agentctl"))
			}
			t.Setenv("PATH", tt.path)
			os.RemoveAll(filepath.Join(cwd, ".claude", "settings.local.json"))
			out, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed,
				"hooks", "install", "--agent", "claude", "--scope", "local", "--command", tt.command)
			b, _ := os.ReadFile(filepath.Join(cwd, ".claude", "settings.local.json"))
			if tt.want == "" {
				if code == 0 || len(b) > 0 {
					t.Errorf("exit %d, stdout %q, stderr %q, file %s; want a refusal and no file", code, out, errOut, b)
				}
				return
			}
			if code != 0 || !strings.Contains(string(b), `"command": "`+tt.want+` hook --agent claude`) {
				t.Errorf("exit %d, stderr %q, file:\n%s\nwant a hook running %s", code, errOut, b, tt.want)
			}
		})
	}
}

// TestHookPolicyEditedMidSessionRealProcess: settings edited between two
// calls of one session (a deny rule added, then removed) are the ones the
// next call is decided under, in every agent's dialect: nothing of a
// policy is kept from one hook call to the next.
func TestHookPolicyEditedMidSessionRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	settingsFile := filepath.Join(cwd, ".claude", "settings.json")
	steps := []struct {
		settings string
		allowed  bool
	}{
		{`{"permissions":{"allow":["Bash"]}}`, true},
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(git status*)"]}}`, false},
		{`{"permissions":{"allow":["Bash"]}}`, true},
	}
	for agent, ev := range hookEvents(cwd, "git status") {
		t.Run(agent, func(t *testing.T) {
			for i, st := range steps {
				if err := os.WriteFile(settingsFile, []byte(st.settings), 0o644); err != nil {
					t.Fatal(err)
				}
				out, errOut, code := hookProc(t, nil, ev, nil, "--agent", agent, "--managed-settings", managed)
				allowed := code == 0 && (strings.Contains(out, `"permission":"allow"`) || strings.Contains(out, `"decision":"allow"`) ||
					strings.Contains(out, `"permissionDecision":"allow"`))
				if code == 1 || allowed != st.allowed {
					t.Errorf("step %d: exit %d, stdout %q, stderr %q; want allowed %v", i, code, out, strings.TrimSpace(errOut), st.allowed)
				}
			}
		})
	}
}

// TestHooksInstallRefusesLinksRealProcess: install replaced a settings
// file that is a symbolic link with a plain file (the rename cut the
// user's dotfiles link; a repository's link to another file was swapped
// for JSON of agentctl's); it now refuses the link and writes nothing.
// A file it cannot parse is refused at file:line:col.
func TestHooksInstallRefusesLinksRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	target := filepath.Join(t.TempDir(), "dotfiles-settings.json")
	tests := []struct {
		name, agent, file string
		setup             func(p string)
		// refusal is what the error must say; "" for an install.
		refusal string
	}{
		{"claude project settings a link", "claude", filepath.Join(cwd, ".claude", "settings.local.json"), func(p string) {
			os.WriteFile(target, []byte(`{"env":{"A":"1"}}`), 0o644)
			os.Symlink(target, p)
		}, "is a symbolic link to " + target},
		{"cursor hooks.json a link", "cursor", filepath.Join(cwd, ".cursor", "hooks.json"), func(p string) {
			os.WriteFile(target, []byte(`{"version":1,"hooks":{}}`), 0o644)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.Symlink(target, p)
		}, "is a symbolic link to " + target},
		{"gemini settings a dangling link", "gemini", filepath.Join(cwd, ".gemini", "settings.json"), func(p string) {
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.Symlink(filepath.Join(cwd, "nowhere.json"), p)
		}, "is a symbolic link to "},
		{"a comment on line 2", "claude", filepath.Join(cwd, ".claude", "settings.local.json"), func(p string) {
			os.WriteFile(p, []byte("{\n  // mine\n  \"env\": {}\n}\n"), 0o644)
		}, "settings.local.json:2:3: "},
		// harmless neighbour
		{"a plain file", "claude", filepath.Join(cwd, ".claude", "settings.local.json"), func(p string) {
			os.WriteFile(p, []byte(`{"env":{"A":"1"}}`), 0o644)
		}, ""},
	}
	exe, _ := os.Executable()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(tt.file)
			os.Remove(target)
			tt.setup(tt.file)
			before, _ := os.ReadFile(tt.file)
			scope := "project"
			if strings.HasSuffix(tt.file, "settings.local.json") {
				scope = "local"
			}
			out, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed,
				"hooks", "install", "--agent", tt.agent, "--scope", scope, "--command", exe)
			fi, lerr := os.Lstat(tt.file)
			after, _ := os.ReadFile(tt.file)
			if tt.refusal == "" {
				if code != 0 || !strings.Contains(string(after), "hook --agent "+tt.agent) {
					t.Errorf("exit %d, stderr %q, file:\n%s\nwant an install", code, errOut, after)
				}
				return
			}
			wasLink := strings.Contains(tt.name, "link")
			if code == 0 || !strings.Contains(errOut, tt.refusal) || string(after) != string(before) ||
				wasLink && (lerr != nil || fi.Mode()&os.ModeSymlink == 0) {
				t.Errorf("exit %d, stdout %q, stderr %q; want a refusal naming %q and the file (link) as it was", code, out, errOut, tt.refusal)
			}
		})
	}
}

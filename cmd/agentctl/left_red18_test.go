package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLeftRed18CursorPreToolUse: Cursor sends no before* event ahead of
// its Write, StrReplace, Edit, Delete, Grep, Glob, LS and Task tools, only
// preToolUse, and `hooks install --agent cursor` did not hook preToolUse:
// a Write to .env under Read(.env), or of .git/hooks/pre-commit, never
// reached agentctl. Install hooks it now (fail-closed, every tool), and the
// command it installs, run as Cursor runs it (sh -c), blocks those calls
// while reads of the sources stay allowed.
func TestLeftRed18CursorPreToolUse(t *testing.T) {
	denied, _, managed := red13Project(t)
	os.MkdirAll(filepath.Join(denied, ".git", "hooks"), 0o755)
	exe, _ := os.Executable()
	if out, errOut, code := runCLI(t, "", "agentctl", "--cwd", denied, "--managed-settings", managed, "hooks", "install", "--agent", "cursor", "--scope", "project", "--command", exe); code != 0 {
		t.Fatalf("install: %d %q %q", code, out, errOut)
	}
	b, _ := os.ReadFile(filepath.Join(denied, ".cursor", "hooks.json"))
	var doc struct {
		Hooks map[string][]map[string]any `json:"hooks"`
	}
	json.Unmarshal(b, &doc)
	entries := doc.Hooks["preToolUse"]
	if len(entries) != 1 || entries[0]["failClosed"] != true || entries[0]["matcher"] != nil {
		t.Fatalf("installed:\n%s\nwant one fail-closed preToolUse entry for every tool", b)
	}
	command, _ := entries[0]["command"].(string)
	if !strings.Contains(command, "hook --agent cursor") {
		t.Fatalf("preToolUse command %q does not run agentctl's hook", command)
	}
	tests := []struct {
		name, tool string
		input      map[string]any
		blocked    bool
		reason     string
	}{
		{"Write .env", "Write", map[string]any{"file_path": filepath.Join(denied, ".env"), "contents": "K=2\n"}, true, "Read(.env)"},
		{"StrReplace .env", "StrReplace", map[string]any{"file_path": filepath.Join(denied, ".env"), "old_string": "K=1", "new_string": "K=2"}, true, "Read(.env)"},
		{"Edit secret/key", "Edit", map[string]any{"file_path": filepath.Join(denied, "secret", "key"), "old_string": "k", "new_string": "j"}, true, "Read(./secret/**)"},
		{"Write .git/hooks/pre-commit", "Write", map[string]any{"file_path": filepath.Join(denied, ".git", "hooks", "pre-commit"), "contents": "#!/bin/sh\nid\n"}, true, "protected"},
		{"Grep secret", "Grep", map[string]any{"pattern": "k", "path": filepath.Join(denied, "secret")}, true, "secret"},
		{"Glob secret", "Glob", map[string]any{"glob_pattern": "*", "target_directory": filepath.Join(denied, "secret")}, true, "Read(./secret/**)"},
		{"Read .env", "Read", map[string]any{"file_path": filepath.Join(denied, ".env")}, true, "Read(.env)"},
		// harmless neighbours
		{"Read src/a.ts", "Read", map[string]any{"file_path": filepath.Join(denied, "src", "a.ts")}, false, ""},
		{"Glob src", "Glob", map[string]any{"glob_pattern": "*.ts", "target_directory": filepath.Join(denied, "src")}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, _ := json.Marshal(map[string]any{"hook_event_name": "preToolUse", "conversation_id": "c", "generation_id": "g",
				"workspace_roots": []string{denied}, "tool_name": tt.tool, "tool_input": tt.input})
			cmd := exec.Command("/bin/sh", "-c", command)
			cmd.Dir = denied
			cmd.Env = append(os.Environ(), asMainEnv+"=1")
			cmd.Stdin = strings.NewReader(string(ev))
			var out, errOut strings.Builder
			cmd.Stdout, cmd.Stderr = &out, &errOut
			code := 0
			if err := cmd.Run(); err != nil {
				if ee, ok := err.(*exec.ExitError); ok {
					code = ee.ExitCode()
				} else {
					t.Fatal(err)
				}
			}
			blocked, reason := red15Blocked("cursor", out.String(), errOut.String(), code)
			if code != 0 || blocked != tt.blocked || tt.blocked && !strings.Contains(reason, tt.reason) || !tt.blocked && !strings.Contains(out.String(), `"permission":"allow"`) {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v naming %q", code, out.String(), strings.TrimSpace(errOut.String()), tt.blocked, tt.reason)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealWorldSettingsLoad: every settings file of fixtures/settings
// (shaped after what public repositories hold: long allow lists, MCP rules,
// hooks of every event, managed locks, keys agentctl does not use) loads,
// shows each of its rules at its line, and ignores none but the forms the
// spec says are never consulted.
func TestRealWorldSettingsLoad(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/settings/*.json")
	if len(files) < 30 {
		t.Fatalf("%d settings fixtures, want at least 30", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Permissions map[string]any `json:"permissions"`
			}
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatal(err)
			}
			abs, _ := filepath.Abs(path)
			cwd := t.TempDir()
			args := []string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t)}
			if strings.HasPrefix(filepath.Base(path), "managed-") {
				args[4] = abs
			} else {
				args = append(args, "--settings", abs)
			}
			stdout, stderr, code := runCLI(t, "", append(args, "settings", "show", "--output", "json")...)
			if code != 0 {
				t.Fatalf("settings show: exit %d: %s", code, stderr)
			}
			if strings.Contains(stderr, "unknown hook event") {
				t.Errorf("warnings for what Claude Code accepts: %s", stderr)
			}
			var shown struct {
				Rules []struct {
					Text    string `json:"text"`
					Ignored string `json:"ignored"`
					Pos     struct {
						Line int `json:"line"`
					} `json:"pos"`
				} `json:"rules"`
			}
			if err := json.Unmarshal([]byte(stdout), &shown); err != nil {
				t.Fatalf("settings show output: %v", err)
			}
			got := map[string]bool{}
			for _, r := range shown.Rules {
				got[r.Text] = true
				if r.Pos.Line == 0 {
					t.Errorf("rule %s has no line", r.Text)
				}
				if r.Ignored != "" && !strings.Contains(r.Ignored, "never consulted") {
					t.Errorf("documented rule form %s ignored: %s", r.Text, r.Ignored)
				}
			}
			for _, list := range []string{"allow", "ask", "deny"} {
				rules, _ := doc.Permissions[list].([]any)
				for _, r := range rules {
					if !got[r.(string)] {
						t.Errorf("%s rule %s missing from settings show", list, r)
					}
				}
			}
		})
	}
}

package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchemaCheck: what a JSON Schema flags in a settings file is a
// warning at the value it is about — each bad rule of a list at its own
// line — and never stops the file from loading; unknown keys the schema
// leaves open stay unflagged.
func TestSchemaCheck(t *testing.T) {
	sc, err := LoadSchema(filepath.Join("testdata", "settings-schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Unchecked) != 1 || sc.Unchecked[0] != `^(?!\s)` {
		t.Errorf("Unchecked = %q, want the lookahead pattern", sc.Unchecked)
	}
	tests := []struct {
		name, content string
		want          []string // one warning each, in order; nil: none
	}{
		{"valid", `{"model": "opus", "permissions": {"allow": ["Bash(ls *)", "Read"]}, "frobnicate": 1}`, nil},
		{"two bad rules", "{\"permissions\": {\"allow\": [\n  \"Bash(ls *)\",\n  \"Bsh(ls)\",\n  \"Read\",\n  \"read\"]}}",
			[]string{`s.json:3:3: warning: schema: permissions: `, `"Bsh(ls)" does not match`,
				`s.json:5:3: warning: schema: permissions: `, `"read" does not match`}},
		{"type and minimum", "{\"cleanupPeriodDays\": 0,\n \"model\": 5}",
			[]string{`s.json:1:23: warning: schema: cleanupPeriodDays: minimum: 0`,
				`s.json:2:11: warning: schema: model: type: 5 has type "integer", want "string"`}},
		{"env number", `{"env": {"DEBUG": 1, "OK": "x"}}`, []string{`s.json:1:9: warning: schema: env: `, `want "string"`}},
		{"enum", `{"permissions": {"defaultMode": "yolo"}}`, []string{`s.json:1:17: warning: schema: permissions: `, `enum: yolo does not equal`}},
		{"a hook without its command", "{\"hooks\": {\"PreToolUse\": [\n {\"matcher\": \"Bash\", \"hooks\": [\n  {\"type\": \"command\", \"command\": \"ok\"},\n  {\"type\": \"command\", \"comand\": \"typo\"}]}]}}",
			[]string{`s.json:4:3: warning: schema: hooks: `}},
		{"lookahead pattern not checked", `{"apiKeyHelper": " leading space"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := sc.Check("s.json", []byte(tt.content))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range ws {
				got = append(got, w.String())
			}
			text := strings.Join(got, "\n")
			if tt.want == nil && len(got) > 0 {
				t.Errorf("unexpected warnings:\n%s", text)
			}
			pos := 0
			for _, want := range tt.want {
				i := strings.Index(text[pos:], want)
				if i < 0 {
					t.Errorf("warnings lack %q (in order):\n%s", want, text)
					break
				}
				pos += i + len(want)
			}
			if n := strings.Count(strings.Join(tt.want, ""), "warning:"); n > 0 && len(got) != n {
				t.Errorf("%d warnings, want %d:\n%s", len(got), n, text)
			}
		})
	}
	if _, err := sc.Check("s.json", []byte("{broken")); err == nil {
		t.Error("a document that does not parse: no error")
	}
	ws, err := sc.Check("s.yaml", []byte("permissions:\n  allow:\n    - Bash\n    - nope\n"))
	if err != nil || len(ws) != 1 || ws[0].Pos.Line != 4 {
		t.Errorf("YAML: %v, %v", ws, err)
	}
}

// TestSchemaCheckWithThePublicSchema checks the fixtures' real-world-shaped
// settings files against a copy of schemastore's claude-code-settings.json
// named by AGENTCTL_CLAUDE_SETTINGS_SCHEMA (agentctl does not ship it): it
// must load, and every file must be checked without an error.
func TestSchemaCheckWithThePublicSchema(t *testing.T) {
	path := os.Getenv("AGENTCTL_CLAUDE_SETTINGS_SCHEMA")
	if path == "" {
		t.Skip("AGENTCTL_CLAUDE_SETTINGS_SCHEMA names no copy of claude-code-settings.json")
	}
	sc, err := LoadSchema(path)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "fixtures", "settings", "*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ws, err := sc.Check(filepath.Base(f), data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		for _, w := range ws {
			t.Log(w)
		}
	}
}

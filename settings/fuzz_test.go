package settings

import (
	"errors"
	"regexp"
	"testing"
)

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"Bash", "Bash(npm run test:*)", "Read(//etc/**)", "Edit(~/x)", "WebFetch(domain:*.a.b)",
		"mcp__s__t", "mcp__s__*", "Bash(description:*x*)", "*", "Tool(", "Agent(Explore)"} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, text string, b int) {
		behavior := []Behavior{Deny, Ask, Allow}[((b%3)+3)%3]
		r, err := ParseRule(text, behavior)
		if err != nil {
			if !errors.Is(err, errRule) {
				t.Fatalf("error %v does not wrap errRule", err)
			}
			return
		}
		if r.Tool == "" {
			t.Fatalf("ParseRule(%q) accepted a rule without a tool", text)
		}
		if behavior == Allow && r.ToolGlob && r.Ignored == "" && (r.MCPServer == "" || regexp.MustCompile(`\*`).MatchString(r.MCPServer)) {
			t.Fatalf("unanchored allow glob %q is live", text)
		}
	})
}

var positioned = regexp.MustCompile(`^settings\.(json|yaml):\d+(:\d+)?: `)

func FuzzLoad(f *testing.F) {
	for _, s := range []string{`{}`, `{"permissions": {"allow": ["Bash(ls)"], "deny": ["Read(.env)"]}}`,
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 3}]}]}}`,
		`{"permissions": {"allow": "Bash"}}`, `{"permissions": {"defaultMode": "plan", "additionalDirectories": ["a"]}}`,
		"permissions:\n  allow: [Bash]\n", `{"env": {"A": "b"}, "agentctl": {"autoClassifier": "c"}}`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, content string, yaml bool) {
		name := "settings.json"
		if yaml {
			name = "settings.yaml"
		}
		fs, err := parseFile(name, []byte(content), ProjectSettings)
		if err != nil {
			var es Errors
			var e *Error
			switch {
			case errors.As(err, &es):
				for _, one := range es {
					if !positioned.MatchString(one.Error()) {
						t.Fatalf("error without position: %q", one.Error())
					}
				}
			case errors.As(err, &e):
				if e.Pos.File != name {
					t.Fatalf("error without file: %q", e.Error())
				}
			default:
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		for _, r := range fs.rules {
			if r.Pos.Line == 0 {
				t.Fatalf("rule %q without a line", r.Text)
			}
		}
	})
}

package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// project makes a temp project with the given settings and files.
func project(t *testing.T, projectSettings string, files map[string]string) *settings.Settings {
	t.Helper()
	return projectAt(t, t.TempDir(), projectSettings, files)
}

// projectAt makes the project in root/proj, home in root/home.
func projectAt(t *testing.T, root, projectSettings string, files map[string]string) *settings.Settings {
	t.Helper()
	cwd := filepath.Join(root, "proj")
	files[".claude/settings.json"] = projectSettings
	for name, content := range files {
		p := filepath.Join(cwd, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: filepath.Join(root, "home"),
		ManagedFile: filepath.Join(root, "none.json"), TrustWorkspace: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func decide(t *testing.T, e *Engine, tool string, input map[string]any) Decision {
	t.Helper()
	d, err := e.Decide(context.Background(), Call{Tool: tool, Input: input})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCustomModuleDenyBeatsSettingsAllow(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash"]}}`, map[string]string{})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "org.rego"), []byte(`package agentctl.custom

deny contains "no deploys from laptops" if {
	some c in input.facts.commands
	c.wide.name == "deploy"
}
`), 0o644)
	e, err := New(context.Background(), s, WithPolicyDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if d := decide(t, e, "Bash", map[string]any{"command": "sudo deploy prod"}); d.Decision != Deny || !strings.Contains(d.Reason, "no deploys") {
		t.Errorf("got %+v, want the custom deny", d)
	}
	if d := decide(t, e, "Bash", map[string]any{"command": "make"}); d.Decision != Allow {
		t.Errorf("got %+v, want allow", d)
	}
}

func TestBrokenCustomModuleIsAClearError(t *testing.T) {
	s := project(t, `{}`, map[string]string{})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.rego"), []byte("package agentctl.custom\n\ndeny contains x if {\n"), 0o644)
	_, err := New(context.Background(), s, WithPolicyDir(dir))
	if !errors.Is(err, ErrPolicy) || !strings.Contains(err.Error(), "bad.rego:") {
		t.Errorf("err = %v, want ErrPolicy naming bad.rego with a line", err)
	}
	// A module that compiles but conflicts at evaluation is caught at prepare time.
	os.WriteFile(filepath.Join(dir, "bad.rego"), []byte("package agentctl.custom\n\ndeny := 1\ndeny := 2\n"), 0o644)
	if _, err := New(context.Background(), s, WithPolicyDir(dir)); !errors.Is(err, ErrPolicy) {
		t.Errorf("err = %v, want ErrPolicy", err)
	}
	// deny as a boolean is the user's mistake: reported at the user's line,
	// not in agentctl's own deny.rego.
	os.WriteFile(filepath.Join(dir, "bad.rego"), []byte("package agentctl.custom\n\n# org rules\ndeny := true\n"), 0o644)
	_, err = New(context.Background(), s, WithPolicyDir(dir))
	var pe *PolicyError
	if !errors.As(err, &pe) || pe.File != filepath.Join(dir, "bad.rego") || pe.Line != 4 || pe.Code != CodePolicy ||
		!strings.Contains(pe.Message, "deny must be a set of messages") || !errors.Is(err, ErrPolicy) {
		t.Errorf("err = %#v, want a PolicyError at bad.rego:4", err)
	}
	// A type error inside a custom module keeps OPA's code and the user's position.
	os.WriteFile(filepath.Join(dir, "bad.rego"), []byte("package agentctl.custom\n\nask contains x if {\n\tx := count(input.facts.commands) + 1\n\tx == \"s\"\n}\n"), 0o644)
	_, err = New(context.Background(), s, WithPolicyDir(dir))
	if !errors.As(err, &pe) || pe.File != filepath.Join(dir, "bad.rego") || pe.Line != 5 || pe.Code != "rego_type_error" {
		t.Errorf("err = %#v, want a rego_type_error at bad.rego:5", err)
	}
}

func TestFailClosed(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash"]}}`, map[string]string{})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := e.Decide(ctx, Call{Tool: "Bash", Input: map[string]any{"command": "ls"}})
	if err == nil || d.Decision != Deny || d.Stage != StageError {
		t.Errorf("cancelled: %+v %v, want deny/error", d, err)
	}
	for _, tc := range []struct {
		tool  string
		input map[string]any
	}{
		{"NoSuchTool", map[string]any{}},
		{"Bash", map[string]any{"command": 5}},
		{"Bash", map[string]any{}},
		{"Read", map[string]any{"file_path": "rel.txt"}},
		{"Read", map[string]any{"file_path": "/x\x00y"}},
		{"Edit", map[string]any{"file_path": "/x", "old_string": "a", "new_string": "a"}},
		{"WebFetch", map[string]any{"url": "file:///etc/passwd", "prompt": "p"}},
		{"mcp__", map[string]any{}},
		// The same schema set as the CLI and the tools (one validation).
		{"Read", map[string]any{"file_path": "/x", "offset": 0.0}},
		{"WebSearch", map[string]any{"query": "a"}},
		{"Bash", map[string]any{"command": "ls", "no_such_field": true}},
	} {
		if d := decide(t, e, tc.tool, tc.input); d.Decision != Deny || d.Stage != StageValidate {
			t.Errorf("%s %v: %+v, want deny/validate", tc.tool, tc.input, d)
		}
	}
	if _, err := parseDecision(map[string]any{"decision": "maybe", "stage": "x"}); !errors.Is(err, ErrMalformed) {
		t.Errorf("malformed decision accepted: %v", err)
	}
	if _, err := resultDecision(nil); !errors.Is(err, ErrUndefined) {
		t.Errorf("undefined result accepted: %v", err)
	}
}

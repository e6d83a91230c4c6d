package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	regopkg "github.com/agentctl/agentctl/rego"
)

// TestCustomModuleTypeErrors: agentctl compiles custom modules against the
// policy input's schema, and a mistake there is the user's, at the user's
// file:line — as `opa check --schema` reports it.
func TestCustomModuleTypeErrors(t *testing.T) {
	s := project(t, `{}`, map[string]string{})
	tests := []struct {
		body, want string
	}{
		{`input.tool_name_typo.x == "Bash"`, "undefined ref: input.tool_name_typo.x"},
		{`input.facts.files[0].acess == "write"`, "undefined ref: input.facts.files[0].acess"},
		{`input.tool == 3`, "match error"},
		{`input.facts.parse_error == "yes"`, "match error"},
		{`input.facts.commands[0].wide.name == "rm"`, ""},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		path := filepath.Join(dir, "org.rego")
		os.WriteFile(path, []byte("package agentctl.custom\n\ndeny contains \"x\" if {\n\t"+tt.body+"\n}\n"), 0o644)
		_, err := New(context.Background(), s, WithPolicyDir(dir))
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.body, err)
			}
			continue
		}
		var pe *PolicyError
		if !errors.As(err, &pe) || pe.File != path || pe.Line != 4 || pe.Code != "rego_type_error" ||
			!strings.Contains(pe.Message, tt.want) || !errors.Is(err, ErrPolicy) {
			t.Errorf("%s: err = %v, want a rego_type_error %q at org.rego:4", tt.body, err, tt.want)
		}
	}
}

// inputSchemaValidator is rego/schemas/input.json, resolved.
func inputSchemaValidator(t *testing.T) *jsonschema.Resolved {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal(regopkg.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// validInput checks one built input against the schema, as plain JSON.
func validInput(t *testing.T, r *jsonschema.Resolved, what string, in map[string]any) {
	t.Helper()
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(v); err != nil {
		t.Errorf("%s: the input does not match rego/schemas/input.json: %v\n%s", what, err, raw)
	}
}

// TestInputSchemaIsHonest builds the policy input for every command of
// the shell corpus and a call of every kind of tool, and validates each
// against the schema: a field the engine adds, renames or retypes fails
// here (the schema closes every object).
func TestInputSchemaIsHonest(t *testing.T) {
	r := inputSchemaValidator(t)
	s := project(t, `{"permissions": {"deny": ["Read(.env)", "Edit(secrets/**)"], "ask": ["Bash(git push *)"],
		"additionalDirectories": ["../shared"]}}`, map[string]string{"src/app.go": "package app\n", ".env": "X=1\n"})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	check := func(call Call) {
		t.Helper()
		in, problems := e.Input(call)
		if len(problems) > 0 {
			t.Fatalf("%s %v: %v", call.Tool, call.Input, problems)
		}
		validInput(t, r, call.Tool, in)
	}
	f, err := os.Open("../bashparse/testdata/commands_corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		_, cmd, ok := strings.Cut(sc.Text(), "\t")
		if strings.HasPrefix(sc.Text(), "#") || !ok {
			continue
		}
		n++
		check(Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
	}
	if n < 1000 {
		t.Fatalf("only %d corpus commands", n)
	}
	src := filepath.Join(s.Cwd, "src", "app.go")
	for _, call := range []Call{
		{Tool: "Bash", Input: map[string]any{"command": "cd src && cat ../.env > out.txt; grep -r --include=.env X . &"}},
		{Tool: "Bash", Input: map[string]any{"command": "$CMD x; eval \"$Y\"; echo ${Z:-rm} | sh"}},
		{Tool: "Bash", Input: map[string]any{"command": "if then fi ((("}},
		{Tool: "Bash", Input: map[string]any{"command": "sudo -u root kubectl get pods", "timeout": 1000}, Mode: "acceptEdits"},
		{Tool: "Bash", Input: map[string]any{"command": "rm -rf /"}, Hook: &HookVerdict{Decision: "ask", Reason: "why"}},
		{Tool: "Bash", Input: map[string]any{"command": "ls"}, Hook: &HookVerdict{Decision: "none"}},
		{Tool: "Read", Input: map[string]any{"file_path": src}},
		{Tool: "Edit", Input: map[string]any{"file_path": src, "old_string": "a", "new_string": "b"}},
		{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(s.Cwd, "secrets", "k"), "content": "x"}},
		{Tool: "Glob", Input: map[string]any{"pattern": "**/*.go"}},
		{Tool: "Grep", Input: map[string]any{"pattern": "x", "path": s.Cwd}},
		{Tool: "Task", Input: map[string]any{"description": "d", "prompt": "p"}},
		{Tool: "WebFetch", Input: map[string]any{"url": "https://Docs.Example.com:8443/a?b", "prompt": "p"}},
		{Tool: "WebSearch", Input: map[string]any{"query": "opa schema"}},
		{Tool: "mcp__github__get_issue", Input: map[string]any{"n": 1}},
		{Tool: "TodoWrite", Input: map[string]any{"todos": []any{}}},
		{Tool: "SomeAgentsTool", Input: map[string]any{"x": 1}, Foreign: true},
	} {
		check(call)
	}
}

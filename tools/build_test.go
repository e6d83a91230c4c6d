package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/toolspec"
)

func TestBuildDefaultsFailClosed(t *testing.T) {
	tool := Build(Spec{Name: "X", Call: func(context.Context, Input, *Context, Progress) (Result, error) {
		return Result{Data: "ok"}, nil
	}})
	in := Input{"a": 1}
	if tool.IsConcurrencySafe(in) {
		t.Error("default must not be concurrency-safe")
	}
	if tool.IsReadOnly(in) {
		t.Error("default must not be read-only")
	}
	if !tool.IsDestructive(in) {
		t.Error("default must be destructive")
	}
	if !tool.IsEnabled() {
		t.Error("default must be enabled")
	}
	if tool.UserFacingName() != "X" {
		t.Error("user-facing name defaults to the name")
	}
	if b := tool.MapResult(Result{Data: "ok"}, "id1"); b.Type != "tool_result" || b.ToolUseID != "id1" || b.Content != "ok" {
		t.Errorf("default MapResult = %+v", b)
	}
}

func TestSafeToolMayNotModifyContext(t *testing.T) {
	tool := Build(Spec{Name: "Sneaky", IsConcurrencySafe: Always,
		Call: func(context.Context, Input, *Context, Progress) (Result, error) {
			return Result{Data: "x", ContextModifier: func(c *Context) { c.Cwd = "/" }}, nil
		}})
	if _, err := tool.Call(context.Background(), Input{}, &Context{}, nil); !errors.Is(err, ErrModifierFromSafeTool) {
		t.Fatalf("err = %v, want ErrModifierFromSafeTool", err)
	}
}

func TestSchemaValidationMessages(t *testing.T) {
	tests := []struct {
		tool Tool
		in   Input
		want string
	}{
		{NewRead(), Input{}, "Read: required parameter `file_path` is missing"},
		{NewRead(), Input{"file_path": 3.0}, "Read: parameter `file_path`"},
		{NewRead(), Input{"file_path": "/x", "offset": 1.5}, "Read: parameter `offset`"},
		{NewRead(), Input{"file_path": "/x", "bogus": true}, "Read: unexpected parameter(s) `bogus`"},
		{NewEdit(), Input{"file_path": "/x"}, "Edit: required parameter `new_string` is missing\nEdit: required parameter `old_string` is missing"},
		{NewBash(), Input{"command": "ls", "timeout": 700000.0}, "Bash: parameter `timeout`"},
		{NewGrep(), Input{"pattern": "x", "output_mode": "lines"}, "Grep: parameter `output_mode`"},
		{NewMultiEdit(), Input{"file_path": "/x", "edits": []any{}}, "MultiEdit: parameter `edits`"},
		{NewTodoWrite(), Input{"todos": []any{map[string]any{"content": "a", "status": "done", "activeForm": "A"}}}, "TodoWrite: parameter `todos.0.status`"},
	}
	for _, tt := range tests {
		err := ValidateSchema(tt.tool, tt.in)
		if err == nil || !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: err = %v, want %q", tt.tool.Name(), tt.in, err, tt.want)
		}
	}
	if err := ValidateSchema(NewRead(), Input{"file_path": "/x", "offset": 3.0}); err != nil {
		t.Errorf("valid input refused: %v", err)
	}
}

func TestValidateInputRules(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.txt")
	os.WriteFile(f, []byte("one two two\n"), 0o644)
	tc := &Context{Cwd: dir}
	tests := []struct {
		tool Tool
		in   Input
		want string
	}{
		{NewRead(), Input{"file_path": "rel.txt"}, "must be an absolute path"},
		{NewRead(), Input{"file_path": "/a\x00b"}, "NUL byte"},
		{NewWrite(), Input{"file_path": f, "content": "x"}, "has not been read yet"},
		{NewEdit(), Input{"file_path": f, "old_string": "one", "new_string": "1"}, "has not been read yet"},
		{NewEdit(), Input{"file_path": filepath.Join(dir, "missing"), "old_string": "a", "new_string": "b"}, "does not exist"},
		{NewBash(), Input{"command": "   "}, "must not be empty"},
		{NewGlob(), Input{"pattern": "[", "path": dir}, "not a valid glob"},
		{NewGrep(), Input{"pattern": "(", "path": dir}, "`pattern`"},
		{NewGrep(), Input{"pattern": "x", "type": "cobol"}, "`type`"},
		{NewWebFetch(nil), Input{"url": "file:///etc/passwd", "prompt": "p"}, "only http and https"},
		{NewNotebookEdit(), Input{"notebook_path": f, "new_source": "x"}, ".ipynb"},
		{NewTodoWrite(), Input{"todos": []any{
			map[string]any{"content": "a", "status": "in_progress", "activeForm": "A"},
			map[string]any{"content": "b", "status": "in_progress", "activeForm": "B"}}}, "at most one"},
	}
	for _, tt := range tests {
		err := tt.tool.ValidateInput(tt.in, tc)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %v: err = %v, want %q", tt.tool.Name(), tt.in, err, tt.want)
		}
	}
	// After reading: old == new, not found, ambiguous.
	if _, err := NewRead().Call(context.Background(), Input{"file_path": f}, tc, nil); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]Input{
		"must differ":     {"file_path": f, "old_string": "one", "new_string": "one"},
		"not found":       {"file_path": f, "old_string": "three", "new_string": "3"},
		"found 2 matches": {"file_path": f, "old_string": "two", "new_string": "2"},
		"":                {"file_path": f, "old_string": "two", "new_string": "2", "replace_all": true},
	} {
		err := NewEdit().ValidateInput(want, tc)
		if (in == "" && err != nil) || (in != "" && (err == nil || !strings.Contains(err.Error(), in))) {
			t.Errorf("Edit %v: err = %v, want %q", want, err, in)
		}
	}
}

func TestSchemasRoundTrip(t *testing.T) {
	for _, tool := range Catalog() {
		def := DefinitionOf(tool)
		b, err := json.Marshal(def)
		if err != nil {
			t.Fatal(err)
		}
		var back Definition
		if err := json.Unmarshal(b, &back); err != nil || back.Name != tool.Name() {
			t.Fatalf("%s: round trip: %v", tool.Name(), err)
		}
		var schema map[string]any
		if err := json.Unmarshal(back.InputSchema, &schema); err != nil || schema["type"] != "object" ||
			schema["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: schema %v", tool.Name(), schema)
		}
		if spec, ok := toolspec.Lookup(tool.Name()); !ok || !bytes.Equal(spec.Schema, tool.InputSchema()) {
			t.Errorf("%s: the schema is not the tool catalogue's", tool.Name())
		}
	}
}

func TestPoolOrderIsStable(t *testing.T) {
	mk := func(name string) Tool {
		return Build(Spec{Name: name, Call: func(context.Context, Input, *Context, Progress) (Result, error) { return Result{}, nil }})
	}
	mcp := []Tool{mk("mcp__z__b"), mk("mcp__a__x"), mk("Read")}
	var names []string
	for i := 0; i < 3; i++ {
		var got []string
		for _, t := range AssemblePool(Catalog(), mcp) {
			got = append(got, t.Name())
		}
		if names != nil && strings.Join(got, ",") != strings.Join(names, ",") {
			t.Fatal("pool order changed between runs")
		}
		names = got
	}
	want := "Bash,Edit,EnterWorktree,ExitPlanMode,ExitWorktree,Glob,Grep,MultiEdit,NotebookEdit,Read,TodoWrite,ToolSearch,WebFetch,WebSearch,Write,mcp__a__x,mcp__z__b"
	if got := strings.Join(names, ","); got != want {
		t.Errorf("pool order:\n got %s\nwant %s", got, want)
	}
	pool := AssemblePool(Catalog(), mcp)
	if r, _ := Find(pool, "Read"); r.Description() == "" {
		t.Error("a built-in must win over an MCP tool of the same name")
	}
}

func TestEnabledAndGates(t *testing.T) {
	all := AllBase(Features{}, func() int { return 3 })
	if _, ok := Find(all, "WebSearch"); ok {
		t.Error("WebSearch must be gated off without an endpoint")
	}
	if _, ok := Find(AllBase(Features{WebSearchURL: "http://x"}, nil), "WebSearch"); !ok {
		t.Error("WebSearch gate on")
	}
	if _, ok := Find(all, "EnterWorktree"); ok {
		t.Error("worktree tools gated off")
	}
	kept, dropped := Enabled(all, func(name string) (string, bool) { return "Bash", name == "Bash" })
	if _, ok := Find(kept, "Bash"); ok {
		t.Error("denied tool kept")
	}
	reasons := map[string]string{}
	for _, d := range dropped {
		reasons[d.Tool.Name()] = d.Reason
	}
	if !strings.Contains(reasons["Bash"], "denied by rule") || !strings.Contains(reasons["ToolSearch"], "feature gate") {
		t.Errorf("dropped = %v", reasons)
	}
	big := AllBase(Features{ToolSearchThreshold: 2}, func() int { return 3 })
	if ts, _ := Find(big, "ToolSearch"); !ts.IsEnabled() {
		t.Error("ToolSearch must turn on when the pool is large")
	}
}

// TestReadOnlyAgreesWithTheCatalogue: a tool that is read-only whatever its
// input is read-only in the tool catalogue the policy reads.
func TestReadOnlyAgreesWithTheCatalogue(t *testing.T) {
	for _, tool := range Catalog() {
		spec, ok := toolspec.Lookup(tool.Name())
		if !ok {
			t.Errorf("%s: not in the tool catalogue", tool.Name())
			continue
		}
		if tool.IsReadOnly(Input{}) && !spec.ReadOnly {
			t.Errorf("%s: read-only here, not in the catalogue", tool.Name())
		}
	}
}

// TestBashParsesACommandOnce: scheduling, read-only-ness and the decision
// share one analysis per command text.
func TestBashParsesACommandOnce(t *testing.T) {
	b := NewBash()
	in := Input{"command": "ls -l | wc -l"}
	a := b.Analyze(in)
	if a == nil || a.Source != "ls -l | wc -l" || !b.IsConcurrencySafe(in) || b.Analyze(in) != a {
		t.Errorf("Analyze: %v", a)
	}
	if NewRead().Analyze(Input{"file_path": "/x"}) != nil {
		t.Error("only command tools have an analysis")
	}
	var memo Analyses
	for i := 0; i < maxAnalyses+10; i++ {
		memo.Parse(strings.Repeat("x", i+1))
	}
	if len(memo.m) != maxAnalyses || len(memo.order) != maxAnalyses {
		t.Errorf("memo holds %d, want at most %d", len(memo.m), maxAnalyses)
	}
}

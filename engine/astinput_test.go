package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/agentctl/agentctl/settings"
)

// TestToValueEqualsJSONInput: the input OPA sees is the same value whether
// it is built straight from the Go facts or through their JSON form, for
// calls that fill every kind of fact (commands with views, powers and
// table refs, files, mentions, reach, unresolved parts, a parse error,
// URL, MCP, a hook verdict, bytes that are not UTF-8).
func TestToValueEqualsJSONInput(t *testing.T) {
	dir := t.TempDir()
	cli := largePolicy(t, dir, 100)
	proj := filepath.Join(dir, "project")
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	os.Symlink("/etc", filepath.Join(proj, "etc-link"))
	s, err := settings.Load(settings.Options{Cwd: proj, Home: filepath.Join(dir, "home"),
		ManagedFile: filepath.Join(dir, "managed", "managed-settings.json"), AllowedTools: cli,
		DisallowedTools: []string{"Read(~/.ssh/**)", "Edit(**/*.pem)"}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	calls := []Call{
		{Tool: "Bash", Input: map[string]any{"command": "cd src && npm run test -- --watch | tee out.log; git diff HEAD~1 > /dev/null || echo failed"}},
		{Tool: "Bash", Input: map[string]any{"command": `sudo -u root env A=1 timeout 5 sh -c "rm -rf build && make" & cat etc-link/passwd *.pem`}},
		{Tool: "Bash", Input: map[string]any{"command": "grep -r key ~ ; find . -name '*.pem' -exec cat {} + ; echo $(whoami) \xff"}},
		{Tool: "Bash", Input: map[string]any{"command": "if then fi ((("}},
		{Tool: "Bash", Input: map[string]any{"command": "git -c core.pager='sh -c x' log; kubectl get pods"}},
		{Tool: "Read", Input: map[string]any{"file_path": proj + "/etc-link/hosts"}},
		{Tool: "Edit", Input: map[string]any{"file_path": proj + "/src/../src/a.pem", "old_string": "a", "new_string": "b"}},
		{Tool: "WebFetch", Input: map[string]any{"url": "https://api.svc3.example:8443/x?y=1", "prompt": "p"}},
		{Tool: "mcp__server7__op357", Input: map[string]any{"q": "x", "n": 3.5, "list": []any{true, nil, "s"}}},
		{Tool: "Bash", Input: map[string]any{"command": "ls"}, Hook: &HookVerdict{Decision: "ask", Reason: "r"}},
		{Tool: "Bash", Input: map[string]any{"command": "ls"}, Hook: &HookVerdict{Decision: "allow"}},
	}
	for _, call := range calls {
		in, problems := e.input(call)
		if len(problems) > 0 {
			t.Fatalf("%v: %v", call.Input, problems)
		}
		want, err := ast.InterfaceToValue(in.toMap())
		if err != nil {
			t.Fatal(err)
		}
		got, err := in.toValue()
		if err != nil {
			t.Fatal(err)
		}
		if want.Compare(got) != 0 {
			t.Errorf("%v:\n got %v\nwant %v", call.Input, got, want)
		}
	}
}

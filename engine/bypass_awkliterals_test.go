package engine

import (
	"context"
	"encoding/json"
	"testing"
)

// TestAwkLiteralPipes: under Bash(awk:*), a "|" inside an awk string or
// regular expression (/foo|bar/, "|") is not a pipe to a command, and
// asked for nothing; real pipes, to a literal or a computed command, still
// ask, and deny rules still see the literal ones.
func TestAwkLiteralPipes(t *testing.T) {
	s := projectAt(t, t.TempDir(), `{"permissions":{"allow":["Bash(awk:*)"],"deny":["Bash(rm:*)"]}}`, map[string]string{"f": "a b\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	bash := func(cmd string) string {
		b, _ := json.Marshal(map[string]string{"command": cmd})
		return string(b)
	}
	runToolRows(t, e, s.Cwd, map[string][]toolRow{
		"literal pipes": {
			{tool: "Bash", input: bash(`awk '/foo|bar/ {print}' f`), want: "allow"},
			{tool: "Bash", input: bash(`awk '$1 ~ /a|b/' f`), want: "allow"},
			{tool: "Bash", input: bash(`awk '!/a|b/' f`), want: "allow"},
			{tool: "Bash", input: bash(`awk '{print $1 "|" $2}' f`), want: "allow"},
			{tool: "Bash", input: bash(`awk -v OFS='|' '{print $1, "a|b"}' f`), want: "allow"},
		},
		"real pipes": {
			{tool: "Bash", input: bash(`awk '{print | "sh"}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '{print "|" | "sh"}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '/x|y/ {print | c}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '{x = a / 2; print | c; y = b / 2}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '/"/ {print | c}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '{print 1 /2/ 3 | c}' f`), want: "ask"},
			{tool: "Bash", input: bash(`awk '/a|b/ {print | "rm -rf x"}' f`), want: "deny"},
			{tool: "Bash", input: bash(`awk '{print "|" | "rm x"}' f`), want: "deny"},
		},
	})
}

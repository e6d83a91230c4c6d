package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/version"
)

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// logLines decodes a decision log, one event per line, as plain JSON.
func logLines(t *testing.T, log string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("log line %s: %v", line, err)
		}
		out = append(out, ev)
	}
	return out
}

// TestDecisionLogEvent: an embedded decision's event has OPA's fields:
// labels (id, version), a UUID decision id, bundles with the revision,
// path, input, result, timestamp, metrics and req_id.
func TestDecisionLogEvent(t *testing.T) {
	s := project(t, `{"permissions": {"deny": ["Bash(rm *)"]}}`, map[string]string{})
	var log bytes.Buffer
	e, err := New(context.Background(), s, WithDecisionLog(&log))
	if err != nil {
		t.Fatal(err)
	}
	decide(t, e, "Bash", map[string]any{"command": "rm x"})
	decide(t, e, "Bash", map[string]any{"command": "ls"})
	evs := logLines(t, log.String())
	if len(evs) != 2 {
		t.Fatalf("%d events, want 2", len(evs))
	}
	first, second := evs[0], evs[1]
	labels, _ := first["labels"].(map[string]any)
	checks := []struct {
		what string
		ok   bool
	}{
		{"decision_id is a UUID", uuidRE.MatchString(first["decision_id"].(string))},
		{"decision ids differ", first["decision_id"] != second["decision_id"]},
		{"labels", labels["version"] == version.Version && uuidRE.MatchString(labels["id"].(string)) &&
			labels["app"] == "agentctl" && labels["evaluation"] == "embedded"},
		{"one log id", labels["id"] == second["labels"].(map[string]any)["id"]},
		{"path", first["path"] == "agentctl/decision"},
		{"input", first["input"].(map[string]any)["tool"] == "Bash"},
		{"result", first["result"].(map[string]any)["decision"] == "deny" && second["result"].(map[string]any)["decision"] == "allow"},
		{"bundles", reflect.DeepEqual(first["bundles"], map[string]any{"agentctl": map[string]any{"revision": e.Bundle().Revision()}})},
		{"timestamp", first["timestamp"] != ""},
		{"metrics", first["metrics"].(map[string]any)["timer_agentctl_eval_ns"].(float64) > 0},
		{"req_id", first["req_id"] == 1.0 && second["req_id"] == 2.0},
		{"nothing masked", first["erased"] == nil && first["masked"] == nil},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: %v", c.what, first)
		}
	}
}

// maskPolicy is a system.log module: it erases the command and the facts
// (which name the files), upserts the home directory, drops Read
// decisions entirely.
const maskPolicy = `package system.log

mask contains "/input/input/command"

mask contains "/input/facts"

mask contains {"op": "upsert", "path": "/input/home", "value": "~"}

mask contains "/result/matches"

drop if input.input.tool == "Read"
`

// TestDecisionLogMask: OPA's system.log.mask and system.log.drop, from a
// package system.log module in the policy directory, act on the log only:
// the decision returned is whole, the bundle and its revision unchanged.
func TestDecisionLogMask(t *testing.T) {
	s := project(t, `{"permissions": {"deny": ["Bash(rm *)"]}}`, map[string]string{})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "log.rego"), []byte(maskPolicy), 0o644)
	var log bytes.Buffer
	e, err := New(context.Background(), s, WithPolicyDir(dir), WithDecisionLog(&log))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Build(s, "")
	if err != nil {
		t.Fatal(err)
	}
	if e.Bundle().Revision() != plain.Revision() || len(e.Bundle().Modules) != len(plain.Modules) {
		t.Errorf("the system.log module changed the decision bundle")
	}
	d := decide(t, e, "Bash", map[string]any{"command": "rm secret.txt"})
	if len(d.Matches) == 0 {
		t.Errorf("the masked result reached the caller: %+v", d)
	}
	decide(t, e, "Read", map[string]any{"file_path": filepath.Join(s.Cwd, "README.md")})
	evs := logLines(t, log.String())
	if len(evs) != 1 {
		t.Fatalf("%d events, want 1 (Read dropped):\n%s", len(evs), log.String())
	}
	ev := evs[0]
	in := ev["input"].(map[string]any)
	if _, ok := in["input"].(map[string]any)["command"]; ok || in["home"] != "~" || strings.Contains(log.String(), "secret.txt") {
		t.Errorf("input not masked: %v", in)
	}
	if _, ok := ev["result"].(map[string]any)["matches"]; ok || ev["result"].(map[string]any)["decision"] != "deny" {
		t.Errorf("result not masked: %v", ev["result"])
	}
	if !reflect.DeepEqual(ev["erased"], []any{"/input/facts", "/input/input/command", "/result/matches"}) ||
		!reflect.DeepEqual(ev["masked"], []any{"/input/home"}) {
		t.Errorf("erased %v, masked %v", ev["erased"], ev["masked"])
	}
}

// TestDecisionLogPolicyErrors: a broken system.log module fails the engine
// at the user's file:line; a mask rule OPA rejects stops the decision
// (fail closed) rather than logging it unmasked.
func TestDecisionLogPolicyErrors(t *testing.T) {
	s := project(t, `{}`, map[string]string{})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "log.rego"), []byte("package system.log\n\nmask contains x if {\n\tx := input.nope + 1\n\tx == \"s\"\n}\n"), 0o644)
	var pe *PolicyError
	if _, err := New(context.Background(), s, WithPolicyDir(dir), WithDecisionLog(&bytes.Buffer{})); !errors.As(err, &pe) ||
		pe.File != filepath.Join(dir, "log.rego") || pe.Line != 5 {
		t.Errorf("err = %v, want a policy error at log.rego:5", err)
	}
	os.WriteFile(filepath.Join(dir, "log.rego"), []byte("package system.log\n\nmask contains \"/labels/id\"\n"), 0o644)
	e, err := New(context.Background(), s, WithPolicyDir(dir), WithDecisionLog(&bytes.Buffer{}))
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "ls"}})
	if !errors.Is(err, ErrDecisionLog) || d.Decision != Deny || !strings.Contains(err.Error(), "only input, result and nd_builtin_cache") {
		t.Errorf("bad mask rule: %+v, %v", d, err)
	}
}

package engine

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/plugins"
	"github.com/open-policy-agent/opa/v1/plugins/logs"
	"github.com/open-policy-agent/opa/v1/server"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/version"
)

// captureLogger is a decision-log plugin sink (OPA's logs.Logger): it keeps
// the events OPA's plugin hands it.
type captureLogger struct{ events []logs.EventV1 }

func (c *captureLogger) Start(context.Context) error      { return nil }
func (c *captureLogger) Stop(context.Context)             {}
func (c *captureLogger) Reconfigure(context.Context, any) {}
func (c *captureLogger) Log(_ context.Context, e logs.EventV1) error {
	c.events = append(c.events, e)
	return nil
}

// opaMasked runs one decision through OPA's own decision-log plugin with
// policy in its store, and returns the event it logs (nil: dropped, or
// rejected as the plugin rejects a bad mask).
func opaMasked(t *testing.T, policy string, ev LogEvent) *logs.EventV1 {
	t.Helper()
	ctx := context.Background()
	store := inmem.New()
	if err := storage.Txn(ctx, store, storage.WriteParams, func(txn storage.Transaction) error {
		return store.UpsertPolicy(ctx, txn, "log.rego", []byte(policy))
	}); err != nil {
		t.Fatal(err)
	}
	m, err := plugins.New(nil, ev.Labels["id"], store)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Stop(ctx) })
	sink := &captureLogger{}
	m.Register("capture", sink)
	cfg, err := logs.ParseConfig([]byte(`{"plugin": "capture"}`), nil, []string{"capture"})
	if err != nil {
		t.Fatal(err)
	}
	p := logs.New(cfg, m)
	input, result := roundTrip(t, ev.Input), roundTrip(t, ev.Result)
	info := &server.Info{DecisionID: ev.DecisionID, Path: ev.Path, Timestamp: ev.Timestamp, Input: &input, Results: &result,
		RequestID: ev.RequestID, Bundles: map[string]server.BundleInfo{"agentctl": {Revision: ev.Bundles["agentctl"].Revision}}}
	if err := p.Log(ctx, info); err != nil {
		t.Fatal(err)
	}
	if len(sink.events) == 0 {
		return nil
	}
	return &sink.events[0]
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMaskMatchesOPAsPlugin: for each mask (and drop) policy, agentctl's
// decision log masks the event exactly as OPA's decision-log plugin does
// (its v1/plugins/logs, linked into this test only): the same input and
// result left, the same erased and masked lists, the same events dropped
// or refused.
func TestMaskMatchesOPAsPlugin(t *testing.T) {
	input := `{"tool": "Bash", "input": {"command": "curl -H 'token: s3cret' x", "a b": 1, "a,b": 2},
		"list": [1, 2, 3], "nested": [[1, 2], [3]], "home": "/home/dev", "n": "scalar"}`
	result := `{"decision": "deny", "reason": "denied by rule Bash(curl *)", "matches": [{"rule": "Bash(curl *)"}]}`
	rules := func(body string) string { return "package system.log\n\n" + body + "\n" }
	tests := []struct{ name, policy string }{
		{"erase", rules(`mask contains "/input/input/command"`)},
		{"erase when the result says so", rules(`mask contains "/input/input/command" if input.result.decision == "deny"`)},
		{"erase a path that is not there", rules(`mask contains "/input/input/nope"`)},
		{"erase below a scalar", rules(`mask contains "/input/n/x"`)},
		{"erase the whole input", rules(`mask contains "/input"`)},
		{"erase an array element", rules(`mask contains "/input/list/0"`)},
		{"erase out of range", rules(`mask contains "/input/list/7"`)},
		{"erase inside a nested array", rules(`mask contains "/input/nested/0/1"`)},
		{"erase from the result", rules(`mask contains "/result/matches"`)},
		{"escaped key", rules(`mask contains "/input/input/a%20b"`)},
		{"key OPA escapes", rules(`mask contains "/input/input/a,b"`)},
		{"upsert", rules(`mask contains {"op": "upsert", "path": "/input/home", "value": "~"}`)},
		{"upsert makes objects", rules(`mask contains {"op": "upsert", "path": "/input/x/y/z", "value": 1}`)},
		{"upsert an array element", rules(`mask contains {"op": "upsert", "path": "/input/list/1", "value": "*"}`)},
		{"upsert out of range", rules(`mask contains {"op": "upsert", "path": "/input/list/9", "value": "*"}`)},
		{"upsert below a scalar", rules(`mask contains {"op": "upsert", "path": "/input/n/x", "value": "*"}`)},
		{"upsert the whole result", rules(`mask contains {"op": "upsert", "path": "/result", "value": {"decision": "deny"}}`)},
		{"remove op with a value", rules(`mask contains {"op": "remove", "path": "/input/home", "value": "x"}`)},
		{"several rules", rules("mask contains \"/input/home\"\n\nmask contains \"/result/reason\"\n\n" +
			`mask contains {"op": "upsert", "path": "/input/input/command", "value": "***"}`)},
		{"no mask rule", rules(`other := 1`)},
		{"drop", rules("drop if input.input.tool == \"Bash\"\n\nmask contains \"/input/home\"")},
		{"drop that does not apply", rules("drop if input.input.tool == \"Read\"\n\nmask contains \"/input/home\"")},
		{"object rule without op", rules(`mask contains {"path": "/input/home"}`)},
		{"unknown op", rules(`mask contains {"op": "hash", "path": "/input/home"}`)},
		{"path outside input and result", rules(`mask contains "/labels/id"`)},
		{"path without a slash", rules(`mask contains "input/home"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in, res any
			json.Unmarshal([]byte(input), &in)
			json.Unmarshal([]byte(result), &res)
			ev := LogEvent{Labels: map[string]string{"id": "test", "version": version.Version},
				DecisionID: "4ca636c1-55e4-417a-b1d8-4aceb67960d1", Path: logPath, Input: in, Result: res,
				Bundles: map[string]BundleInfo{"agentctl": {Revision: "r1"}}, Timestamp: time.Unix(1700000000, 5).UTC(), RequestID: 3}
			want := opaMasked(t, tt.policy, ev)
			l, err := newDecisionLog(context.Background(), nil, &Bundle{logModules: map[string]string{"log/log.rego": tt.policy}})
			if err != nil {
				t.Fatal(err)
			}
			keep, err := l.policies(context.Background(), &ev)
			switch {
			case want == nil && (keep && err == nil):
				t.Fatalf("OPA's plugin logs nothing; agentctl logs %+v", ev)
			case want == nil:
				return
			case err != nil || !keep:
				t.Fatalf("OPA's plugin logs %+v; agentctl: keep %v, %v", want, keep, err)
			}
			got := map[string]any{"input": roundTrip(t, ev.Input), "result": roundTrip(t, ev.Result),
				"erased": ev.Erased, "masked": ev.Masked}
			opa := map[string]any{"input": roundTrip(t, want.Input), "result": roundTrip(t, want.Result),
				"erased": want.Erased, "masked": want.Masked}
			if g, w := string(mustJSON(t, got)), string(mustJSON(t, opa)); g != w {
				t.Errorf("agentctl: %s\nOPA:      %s", g, w)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

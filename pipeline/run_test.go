package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/tools"
)

// record runs a script in a session that collects its lines.
func record(t *testing.T, ctx context.Context, script string, opts ...Option) ([]Line, error) {
	t.Helper()
	sc, err := ReadScript(strings.NewReader(script), "-")
	if err != nil {
		t.Fatal(err)
	}
	var lines []Line
	echo := probe("Echo", true, func(_ context.Context, in tools.Input) (tools.Result, error) {
		return tools.Result{Data: in["text"]}, nil
	})
	dir := t.TempDir()
	opts = append([]Option{WithPool([]tools.Tool{echo}), WithVersion("test"), WithOutput(func(l Line, b []byte) {
		if !json.Valid(b) {
			t.Errorf("line %s is not JSON", b)
		}
		lines = append(lines, l)
	})}, opts...)
	s, err := NewSession(&tools.Context{Cwd: dir, Mode: "default", SessionID: "s1", SessionDir: dir}, allowAll{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return lines, s.Run(ctx, sc)
}

func TestRunLines(t *testing.T) {
	turn := func(id, text string) string {
		return `{"role":"assistant","content":[{"type":"tool_use","id":"` + id + `","name":"Echo","input":{"text":"` + text + `"}}]}`
	}
	var progress []string
	lines, err := record(t, context.Background(), turn("t1", "${CWD}")+"\n\n"+turn("t2", "two")+"\n",
		WithProgress(func(turn, turns, denials int) {
			progress = append(progress, fmt.Sprintf("%d/%d %d", turn, turns, denials))
		}))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, l := range lines {
		types = append(types, fmt.Sprint(l["type"]))
	}
	if got := strings.Join(types, " "); got != "system assistant user assistant user result" {
		t.Fatalf("lines: %s", got)
	}
	if lines[0]["claude_code_version"] != "agentctl test" || lines[0]["session_id"] != "s1" {
		t.Errorf("init line: %v", lines[0])
	}
	blocks := lines[2]["message"].(map[string]any)["content"].([]tools.Block)
	if len(blocks) != 1 || blocks[0].ToolUseID != "t1" || strings.Contains(fmt.Sprint(blocks[0].Content), "${CWD}") {
		t.Errorf("first turn's result: %+v (${CWD} must be the session's cwd)", blocks)
	}
	uuids := map[any]bool{}
	for _, l := range lines {
		uuids[l["uuid"]] = true
	}
	if len(uuids) != len(lines) {
		t.Errorf("%d distinct uuids for %d lines", len(uuids), len(lines))
	}
	res := lines[len(lines)-1]
	if res["subtype"] != "success" || res["num_turns"] != 2 || res["is_interrupt"] != nil {
		t.Errorf("result: %v", res)
	}
	if got := strings.Join(progress, ", "); got != "1/2 0, 2/2 0" {
		t.Errorf("progress: %s", got)
	}
}

type interruption struct{}

func (interruption) Error() string        { return "interrupted by SIGINT" }
func (interruption) Is(target error) bool { return target == ErrInterrupted }

func TestRunStops(t *testing.T) {
	const turn = `{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Echo","input":{"text":"x"}}]}`
	tests := []struct {
		name, script string
		cause        error
		subtype      string
		interrupted  bool
		err          string
	}{
		{"a turn fails", turn + "\nmissing.sse\n" + turn, nil, "error_during_execution", false, "missing.sse"},
		{"interrupted", turn, interruption{}, "error_during_execution", true, "interrupted by SIGINT"},
		{"a fatal error", turn, fmt.Errorf("decision log: disk full"), "error_during_execution", false, "disk full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			if tt.cause != nil {
				cancel(tt.cause)
			}
			lines, err := record(t, ctx, tt.script)
			res := lines[len(lines)-1]
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(fmt.Sprint(res["result"]), tt.err) {
				t.Errorf("err %v, result %q: want %q in both", err, res["result"], tt.err)
			}
			if res["subtype"] != tt.subtype || (res["is_interrupt"] == true) != tt.interrupted {
				t.Errorf("result: %v", res)
			}
			if tt.interrupted && err != tt.cause {
				t.Errorf("Run returned %v, want the interruption itself", err)
			}
		})
	}
}

func TestReadScript(t *testing.T) {
	sc, err := ReadScript(strings.NewReader(`{"type":"session","cwd":"proj"}`+"\nturn1.sse\n"+`{"role":"assistant","content":[]}`+"\n"), "dir/s.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Cwd != "dir/proj" || len(sc.Turns) != 2 || sc.Turns[0].SSE != "dir/turn1.sse" || sc.Turns[1].Message == "" {
		t.Errorf("script: %+v", sc)
	}
	for _, bad := range []string{`{"role":"user"}`, `{not json`} {
		if _, err := ReadScript(strings.NewReader(bad), "s.jsonl"); err == nil || !strings.HasPrefix(err.Error(), "s.jsonl:1: ") {
			t.Errorf("%s: %v, want an error at s.jsonl:1", bad, err)
		}
	}
}

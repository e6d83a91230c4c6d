package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// allowAll is a Decider for scheduler tests, where permissions are not the subject.
type allowAll struct{}

func (allowAll) Decide(context.Context, engine.Call) (engine.Decision, error) {
	return engine.Decision{Decision: engine.Allow, Stage: engine.StageAllow}, nil
}

// probe is a tool whose calls rendezvous on channels, to prove parallelism
// and ordering without sleeps.
func probe(name string, safe bool, run func(ctx context.Context, in tools.Input) (tools.Result, error)) tools.Tool {
	return tools.Build(tools.Spec{Name: name, IsConcurrencySafe: func(tools.Input) bool { return safe },
		Call: func(ctx context.Context, in tools.Input, _ *tools.Context, _ tools.Progress) (tools.Result, error) {
			return run(ctx, in)
		}})
}

func newSession(t *testing.T, pool []tools.Tool, dec Decider, hooks []settings.Hook) *Session {
	t.Helper()
	dir := t.TempDir()
	s, err := NewSession(&tools.Context{Cwd: dir, Mode: "default", SessionDir: dir,
		CheckCommand: func(context.Context, []string) error { return nil }}, dec,
		WithPool(pool), WithHooks(&HookRunner{Hooks: hooks, ProjectDir: dir, DefaultTimeout: 5 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSafeCallsRunInParallelAndKeepOrder(t *testing.T) {
	const n = 4
	arrived := make(chan string, n)
	release := make(chan struct{})
	p := probe("P", true, func(_ context.Context, in tools.Input) (tools.Result, error) {
		arrived <- in["id"].(string)
		<-release // every call waits here: they only all arrive if they run at once
		return tools.Result{Data: in["id"]}, nil
	})
	s := newSession(t, []tools.Tool{p}, allowAll{}, nil)
	ex := s.NewExecutor(context.Background())
	for i := 0; i < n; i++ {
		ex.Add(ToolUse{ID: fmt.Sprint(i), Name: "P", Input: map[string]any{"id": fmt.Sprint(i)}})
	}
	for i := 0; i < n; i++ {
		<-arrived
	}
	close(release)
	outs := ex.Wait()
	for i, o := range outs {
		if o.Block.ToolUseID != fmt.Sprint(i) || o.Block.Content != fmt.Sprint(i) {
			t.Errorf("result %d = %+v: results must keep block order", i, o.Block)
		}
	}
}

func TestUnsafeCallIsABatchOfItsOwnAndModifiersApplyBetweenBatches(t *testing.T) {
	var mu sync.Mutex
	var log []string
	record := func(s string) { mu.Lock(); log = append(log, s); mu.Unlock() }
	safe := probe("Safe", true, func(_ context.Context, in tools.Input) (tools.Result, error) {
		record("safe " + in["id"].(string))
		return tools.Result{Data: "ok"}, nil
	})
	var seenCwd []string
	unsafe := tools.Build(tools.Spec{Name: "Move", Call: func(_ context.Context, in tools.Input, tc *tools.Context, _ tools.Progress) (tools.Result, error) {
		record("move")
		return tools.Result{Data: "moved", ContextModifier: func(c *tools.Context) { c.Cwd = "/moved" }}, nil
	}})
	look := probe("Look", true, func(context.Context, tools.Input) (tools.Result, error) { return tools.Result{}, nil })
	s := newSession(t, []tools.Tool{safe, unsafe, look}, allowAll{}, nil)
	ex := s.NewExecutor(context.Background())
	ex.Add(ToolUse{ID: "1", Name: "Safe", Input: map[string]any{"id": "1"}})
	ex.Add(ToolUse{ID: "2", Name: "Move", Input: map[string]any{}})
	ex.Add(ToolUse{ID: "3", Name: "Safe", Input: map[string]any{"id": "3"}})
	ex.Wait()
	seenCwd = append(seenCwd, s.tc.Cwd)
	if strings.Join(log, ",") != "safe 1,move,safe 3" {
		t.Errorf("order = %v: an unsafe call must run alone between its neighbours", log)
	}
	if seenCwd[0] != "/moved" {
		t.Errorf("context modifier not applied: cwd %s", seenCwd[0])
	}
}

func TestMaxConcurrency(t *testing.T) {
	var mu sync.Mutex
	running, peak := 0, 0
	arrived := make(chan struct{}, 5)
	gate := make(chan struct{})
	p := probe("P", true, func(context.Context, tools.Input) (tools.Result, error) {
		mu.Lock()
		running++
		peak = max(peak, running)
		mu.Unlock()
		arrived <- struct{}{}
		<-gate
		mu.Lock()
		running--
		mu.Unlock()
		return tools.Result{}, nil
	})
	s := newSession(t, []tools.Tool{p}, allowAll{}, nil)
	s.maxConcurrency = 2
	ex := s.NewExecutor(context.Background())
	for i := 0; i < 5; i++ {
		ex.Add(ToolUse{ID: fmt.Sprint(i), Name: "P"})
	}
	<-arrived
	<-arrived // two calls are inside at once
	close(gate)
	ex.Wait()
	if peak != 2 {
		t.Errorf("peak concurrency %d, want 2", peak)
	}
}

func TestFailingBashAbortsSiblings(t *testing.T) {
	started := make(chan struct{})
	slow := probe("Slow", true, func(ctx context.Context, _ tools.Input) (tools.Result, error) {
		close(started)
		<-ctx.Done() // aborted by the failing sibling
		return tools.Result{Data: "cancelled", IsError: true}, nil
	})
	s := newSession(t, []tools.Tool{slow, tools.NewBash()}, allowAll{}, nil)
	ex := s.NewExecutor(context.Background())
	ex.Add(ToolUse{ID: "a", Name: "Slow"})
	<-started
	ex.Add(ToolUse{ID: "b", Name: "Bash", Input: map[string]any{"command": "ls /definitely-not-here"}})
	outs := ex.Wait()
	if !outs[1].Block.IsError {
		t.Fatalf("bash should fail: %+v", outs[1].Block)
	}
	if c := fmt.Sprint(outs[0].Block.Content); !outs[0].Block.IsError || !strings.Contains(c, "sibling_error") {
		t.Errorf("sibling result = %+v, want a sibling_error", outs[0].Block)
	}
}

func TestStreamStartsToolBeforeMessageStop(t *testing.T) {
	started := make(chan string, 1)
	p := probe("P", true, func(_ context.Context, in tools.Input) (tools.Result, error) {
		started <- in["x"].(string)
		return tools.Result{Data: "ok"}, nil
	})
	s := newSession(t, []tools.Tool{p}, allowAll{}, nil)
	pr, pw := newPipe()
	ex := s.NewExecutor(context.Background())
	done := make(chan Message)
	go func() {
		m, err := ReadStream(pr, ex.Add)
		if err != nil {
			t.Error(err)
		}
		done <- m
	}()
	fmt.Fprint(pw, sse("message_start", `{"type":"message_start","message":{"id":"m1","role":"assistant","content":[]}}`))
	fmt.Fprint(pw, sse("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"P","input":{}}}`))
	fmt.Fprint(pw, sse("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"x\": "}}`))
	fmt.Fprint(pw, sse("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"\"v\"}"}}`))
	fmt.Fprint(pw, sse("content_block_stop", `{"type":"content_block_stop","index":0}`))
	if got := <-started; got != "v" { // the tool runs while the stream is still open
		t.Fatalf("input = %q", got)
	}
	fmt.Fprint(pw, sse("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`))
	fmt.Fprint(pw, sse("message_stop", `{"type":"message_stop"}`))
	pw.Close()
	m := <-done
	outs := ex.Wait()
	if len(m.ToolUses()) != 1 || m.StopReason != "tool_use" || outs[0].Block.Content != "ok" {
		t.Errorf("message %+v outs %+v", m, outs)
	}
}

func sse(event, data string) string { return "event: " + event + "\ndata: " + data + "\n\n" }

func TestSpillIsByteIdentical(t *testing.T) {
	big := strings.Repeat("héllo wörld\n", 6000)
	p := probe("Big", true, func(context.Context, tools.Input) (tools.Result, error) { return tools.Result{Data: big}, nil })
	s := newSession(t, []tools.Tool{p}, allowAll{}, nil)
	o := s.Dispatch(context.Background(), ToolUse{ID: "toolu_big", Name: "Big"})
	path := filepath.Join(s.tc.SessionDir, "tool-results", "toolu_big.txt")
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(saved) != big {
		t.Error("spilled file differs from the output")
	}
	c := o.Block.Content.(string)
	if len(c) > 3000 || !strings.Contains(c, path) || !strings.HasPrefix(c, "héllo wörld") {
		t.Errorf("preview = %.100q…", c)
	}
}

func TestUnknownToolAndInvalidInput(t *testing.T) {
	s := newSession(t, []tools.Tool{tools.NewRead()}, allowAll{}, nil)
	if o := s.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Nope"}); !o.Block.IsError || !strings.Contains(fmt.Sprint(o.Block.Content), "no such tool") {
		t.Errorf("unknown: %+v", o.Block)
	}
	o := s.Dispatch(context.Background(), ToolUse{ID: "2", Name: "Read", Input: map[string]any{}})
	if !o.Block.IsError || !strings.Contains(fmt.Sprint(o.Block.Content), "Read: required parameter `file_path` is missing") {
		t.Errorf("invalid: %+v", o.Block)
	}
}

// TestValidationRunsWhenTheCallRuns: an Edit of a file that a Write earlier
// in the same message creates is validated after the Write has run.
func TestValidationRunsWhenTheCallRuns(t *testing.T) {
	s := newSession(t, []tools.Tool{tools.NewWrite(), tools.NewEdit()}, allowAll{}, nil)
	f := filepath.Join(s.tc.Cwd, "new.txt")
	ex := s.NewExecutor(context.Background())
	ex.Add(ToolUse{ID: "w", Name: "Write", Input: map[string]any{"file_path": f, "content": "a = 1\n"}})
	ex.Add(ToolUse{ID: "e", Name: "Edit", Input: map[string]any{"file_path": f, "old_string": "a = 1", "new_string": "a = 2"}})
	outs := ex.Wait()
	if outs[0].Block.IsError || outs[1].Block.IsError {
		t.Fatalf("outs = %+v", Blocks(outs))
	}
	if b, _ := os.ReadFile(f); string(b) != "a = 2\n" {
		t.Errorf("file = %q", b)
	}
}

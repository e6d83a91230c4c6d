package workflow

import (
	"context"
	"encoding/json"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/agentctl/agentctl/engine"
)

// counting is a Decider that counts its decisions.
type counting struct {
	Decider
	n atomic.Int64
}

func (c *counting) Decide(ctx context.Context, call engine.Call) (engine.Decision, error) {
	c.n.Add(1)
	return c.Decider.Decide(ctx, call)
}

// TestReplayShares: identical calls share one decision, which is the one
// each would get on its own; auto mode, another cwd or mode, and
// EveryCall decide apart.
func TestReplayShares(t *testing.T) {
	e, calls := fixtureEngine(t)
	ctx := context.Background()
	bash := func(cmd, cwd, mode string) Recorded {
		return Recorded{Tool: "Bash", Input: map[string]any{"command": cmd}, Cwd: cwd, Mode: mode}
	}
	cwd := calls[0].Cwd
	for _, tt := range []struct {
		name    string
		calls   []Recorded
		every   bool
		decided int64
	}{
		{"recorded sessions twice", append(append([]Recorded(nil), calls...), calls...), false, int64(distinct(calls))},
		{"every call", append(append([]Recorded(nil), calls...), calls...), true, int64(2 * len(calls))},
		{"same call", []Recorded{bash("make build", cwd, "default"), bash("make build", cwd, "default")}, false, 1},
		{"another cwd", []Recorded{bash("make build", cwd, ""), bash("make build", cwd+"/src", "")}, false, 2},
		{"another mode", []Recorded{bash("make build", cwd, "default"), bash("make build", cwd, "acceptEdits")}, false, 2},
		{"auto mode", []Recorded{bash("make build", cwd, "auto"), bash("make build", cwd, "auto")}, false, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := &counting{Decider: e}
			got, err := Replay(ctx, c, tt.calls, ReplayOptions{EveryCall: tt.every})
			if err != nil {
				t.Fatal(err)
			}
			if c.n.Load() != tt.decided {
				t.Errorf("%d decisions, want %d", c.n.Load(), tt.decided)
			}
			for i, r := range got {
				want, err := e.Decide(ctx, ReplayOptions{}.Call(tt.calls[i]))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(r.Decision, want) {
					t.Errorf("call %d: %+v, alone %+v", i, r.Decision, want)
				}
			}
		})
	}
}

// distinct counts the calls that differ in tool, input, cwd or mode.
func distinct(calls []Recorded) int {
	seen := map[string]bool{}
	for _, c := range calls {
		in, _ := json.Marshal(c.Input)
		seen[c.Tool+"\x00"+c.Cwd+"\x00"+c.Mode+"\x00"+string(in)] = true
	}
	return len(seen)
}

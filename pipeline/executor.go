package pipeline

import (
	"context"
	"sync"

	"github.com/agentctl/agentctl/tools"
)

// Executor runs one assistant message's calls as they arrive (streamed or
// all at once): consecutive concurrency-safe calls share a batch and run in
// parallel (at most MaxConcurrency); any other call is a batch of its own.
// A batch starts when every earlier call has finished and its context
// modifier has been applied. Results keep the block order.
type Executor struct {
	s   *Session
	ctx context.Context
	sem chan struct{}

	mu      sync.Mutex
	outs    []Outcome
	dones   []chan struct{}
	current *batch
	batches []*batch
	wg      sync.WaitGroup
}

// batch is a group of calls that run together.
type batch struct {
	safe    bool
	barrier chan struct{} // closed when every earlier call is done
	ctx     context.Context
	cancel  context.CancelCauseFunc
}

// siblingError is the cause of a batch cancelled because a Bash call failed.
type siblingError struct{ id string }

func (e siblingError) Error() string {
	return "sibling_error: a sibling Bash call (" + e.id + ") failed"
}

// NewExecutor starts an executor for one message.
func (s *Session) NewExecutor(ctx context.Context) *Executor {
	return &Executor{s: s, ctx: ctx, sem: make(chan struct{}, s.maxConcurrency)}
}

// safe reports whether a call may share a batch: a known tool, input valid
// by its schema, and concurrency-safe for this input. Only the schema is
// checked here: the full validation (which may read files an earlier call
// writes) runs when the call's turn comes.
func (e *Executor) safe(use ToolUse) bool {
	t, ok := tools.Find(e.s.pool, use.Name)
	return ok && tools.ValidateSchema(t, use.Input) == nil && t.IsConcurrencySafe(use.Input)
}

// Add schedules a call; it starts as soon as the batching rules allow.
func (e *Executor) Add(use ToolUse) {
	safe := e.safe(use)
	e.mu.Lock()
	idx := len(e.outs)
	e.outs = append(e.outs, Outcome{})
	done := make(chan struct{})
	if e.current == nil || !e.current.safe || !safe {
		prev := append([]chan struct{}(nil), e.dones...)
		b := &batch{safe: safe, barrier: make(chan struct{})}
		b.ctx, b.cancel = context.WithCancelCause(e.ctx)
		go func() {
			for _, d := range prev {
				<-d
			}
			close(b.barrier)
		}()
		e.current = b
		e.batches = append(e.batches, b)
	}
	b := e.current
	e.dones = append(e.dones, done)
	e.mu.Unlock()

	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		defer close(done)
		<-b.barrier
		e.sem <- struct{}{}
		defer func() { <-e.sem }()
		var out Outcome
		switch {
		case e.ctx.Err() != nil:
			out = interrupted(e.ctx, use.ID, false)
		case b.ctx.Err() != nil:
			out = errorOutcome(use.ID, "<tool_use_error>"+context.Cause(b.ctx).Error()+"; this call did not run</tool_use_error>")
		default:
			out = e.s.Dispatch(b.ctx, use)
			switch {
			case e.ctx.Err() != nil && out.failed:
				out = interrupted(e.ctx, use.ID, true)
			case b.ctx.Err() != nil && out.failed:
				out = errorOutcome(use.ID, "<tool_use_error>"+context.Cause(b.ctx).Error()+"; this call was aborted</tool_use_error>")
			}
		}
		if out.failed && out.ran && use.Name == "Bash" && b.safe {
			b.cancel(siblingError{use.ID})
		}
		if out.modifier != nil {
			out.modifier(e.s.tc) // only unsafe calls (batches of one) carry modifiers
		}
		e.mu.Lock()
		e.outs[idx] = out
		e.mu.Unlock()
	}()
}

// interrupted is the outcome of a call the run's end cut short (started)
// or never let start.
func interrupted(ctx context.Context, id string, started bool) Outcome {
	what := "this call did not run"
	if started {
		what = "this call was cancelled while it ran (its processes were killed); it may have done part of its work"
	}
	o := errorOutcome(id, "<tool_use_error>Interrupted: "+context.Cause(ctx).Error()+"; "+what+"</tool_use_error>")
	o.Interrupted = true
	return o
}

// Wait waits for every call and returns the outcomes in block order.
func (e *Executor) Wait() []Outcome {
	e.wg.Wait()
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, b := range e.batches {
		b.cancel(nil)
	}
	return append([]Outcome(nil), e.outs...)
}

// Blocks returns the tool_result blocks of outcomes.
func Blocks(outs []Outcome) []tools.Block {
	bs := make([]tools.Block, len(outs))
	for i, o := range outs {
		bs[i] = o.Block
	}
	return bs
}

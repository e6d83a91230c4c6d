// Package tools defines the Tool interface, builds tools from small specs
// with fail-closed defaults, implements the built-in tools, validates inputs
// against JSON Schemas, and assembles the tool pool. It decides no
// permissions: the Bash tool asks a callback in the Context about every
// command it really executes.
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/agentctl/agentctl/bashparse"
)

// Input is a tool call's input as the model sent it (decoded JSON object).
type Input = map[string]any

// Progress receives progress events of a running call (may be nil).
type Progress func(message string)

// ContextModifier changes the execution context for later calls (cwd, mode).
// The scheduler applies it between batches only.
type ContextModifier func(*Context)

// Result is what a call returns.
type Result struct {
	// Data is the tool's output: a string, or content blocks (images).
	Data            any
	NewMessages     []any
	ContextModifier ContextModifier
	MCPMeta         map[string]any
	IsError         bool
	// Response is what PostToolUse hooks get as tool_response: the object
	// Claude Code sends for this tool (Bash: stdout, stderr, interrupted …);
	// nil means Data.
	Response map[string]any
}

// CommandChecker is asked about every command the Bash tool really executes,
// after expansion; a non-nil error refuses it. The pipeline wires it to the
// permission engine.
type CommandChecker func(ctx context.Context, argv []string) error

// OpenChecker is asked about every file the Bash tool's shell itself
// opens (a redirection, after expansion), with its absolute path and
// whether it is opened for writing; a non-nil error refuses the open.
type OpenChecker func(ctx context.Context, path string, write bool) error

// Context is the execution context of a session's calls. Its methods are
// safe for concurrent use; fields are set up before calls run and changed
// only by context modifiers between batches.
type Context struct {
	Cwd         string
	Mode        string
	PrePlanMode string // the mode plan mode was entered from
	SessionID   string
	SessionDir  string
	// OriginalCwd is where the session started (ExitWorktree returns there).
	OriginalCwd string
	// Env is added to the environment of commands the Bash tool runs
	// (the settings' "env" key).
	Env          map[string]string
	CheckCommand CommandChecker
	// CheckOpen is asked about the files the shell opens for redirections
	// (nil: the static decision alone covers them).
	CheckOpen OpenChecker
	// SkipRead reports files a search over a tree must not open (a Read
	// deny or ask rule covers them); nil opens everything.
	SkipRead func(path string) bool
	// Pool returns the session's tool pool (ToolSearch searches it).
	Pool func() []Tool

	mu      sync.Mutex
	reads   map[string]time.Time
	todos   []Todo
	jobs    map[string]chan struct{}
	cancels []context.CancelFunc
	stopped bool
}

// startJob registers a background command: it gets a context that
// StopBackground cancels, and a channel to close when it is done. After
// StopBackground no job starts (ok is false).
func (c *Context) startJob(id string, timeout time.Duration) (ctx context.Context, done chan struct{}, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return nil, nil, false
	}
	if c.jobs == nil {
		c.jobs = map[string]chan struct{}{}
	}
	done = make(chan struct{})
	c.jobs[id] = done
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	c.cancels = append(c.cancels, cancel)
	return ctx, done, true
}

// StopBackground cancels every background command (their process groups
// are killed) and waits until each has finished writing its output. The
// session calls it when the run ends, interrupted or not.
func (c *Context) StopBackground() {
	c.mu.Lock()
	c.stopped = true
	cancels, jobs := c.cancels, c.jobs
	c.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
	for _, done := range jobs {
		<-done
	}
}

// WaitBackground blocks until the background command id has finished (or
// ctx ends); it returns false for an unknown id.
func (c *Context) WaitBackground(ctx context.Context, id string) bool {
	c.mu.Lock()
	ch, ok := c.jobs[id]
	c.mu.Unlock()
	if !ok {
		return false
	}
	select {
	case <-ch:
		return true
	case <-ctx.Done():
		return false
	}
}

// MarkRead records that path was read (with its modification time), which
// Write and Edit require before changing an existing file.
func (c *Context) MarkRead(path string, mtime time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.reads == nil {
		c.reads = map[string]time.Time{}
	}
	c.reads[path] = mtime
}

// ReadAt returns when path was last read and whether it was.
func (c *Context) ReadAt(path string) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.reads[path]
	return t, ok
}

// Todos returns a copy of the session's todo list.
func (c *Context) Todos() []Todo {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Todo(nil), c.todos...)
}

func (c *Context) setTodos(t []Todo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.todos = t
}

// ErrModifierFromSafeTool is returned when a concurrency-safe call returns a
// context modifier: it would race with its batch siblings.
var ErrModifierFromSafeTool = errors.New("a concurrency-safe tool call may not return a context modifier")

// ErrInvalidInput wraps every validation failure.
var ErrInvalidInput = errors.New("invalid tool input")

// Tool is one tool the model may call. Make one with Build.
type Tool interface {
	Name() string
	UserFacingName() string
	Description() string
	Prompt() string
	InputSchema() json.RawMessage
	Call(ctx context.Context, in Input, tc *Context, progress Progress) (Result, error)
	IsConcurrencySafe(in Input) bool
	IsReadOnly(in Input) bool
	IsDestructive(in Input) bool
	ValidateInput(in Input, tc *Context) error
	// Analyze returns the shell analysis of a command tool's input (Bash),
	// parsed once per command text; nil for every other tool.
	Analyze(in Input) *bashparse.Analysis
	MapResult(r Result, toolUseID string) Block
	IsEnabled() bool
}

// Spec describes a tool; nil funcs get the conservative defaults of Build.
type Spec struct {
	Name, UserFacingName, Description, Prompt string
	Schema                                    json.RawMessage
	Call                                      func(ctx context.Context, in Input, tc *Context, progress Progress) (Result, error)
	IsConcurrencySafe, IsReadOnly             func(in Input) bool
	IsDestructive                             func(in Input) bool
	ValidateInput                             func(in Input, tc *Context) error
	Analyze                                   func(in Input) *bashparse.Analysis
	MapResult                                 func(r Result, toolUseID string) Block
	IsEnabled                                 func() bool
}

// Build makes a Tool from a spec, filling what the spec leaves out with
// fail-closed defaults: not concurrency-safe, not read-only, destructive,
// no shell analysis, enabled, and a plain text result.
func Build(s Spec) Tool {
	if s.Name == "" || s.Call == nil {
		panic("tools.Build: a tool needs a Name and a Call")
	}
	if s.Schema == nil {
		s.Schema = json.RawMessage(`{"type":"object"}`)
	}
	return &built{s}
}

type built struct{ s Spec }

func (b *built) Name() string { return b.s.Name }
func (b *built) UserFacingName() string {
	if b.s.UserFacingName != "" {
		return b.s.UserFacingName
	}
	return b.s.Name
}
func (b *built) Description() string          { return b.s.Description }
func (b *built) Prompt() string               { return b.s.Prompt }
func (b *built) InputSchema() json.RawMessage { return b.s.Schema }

func (b *built) Call(ctx context.Context, in Input, tc *Context, progress Progress) (r Result, err error) {
	defer recoverCall(b.s.Name, &r, &err)
	if progress == nil {
		progress = func(string) {}
	}
	r, err = b.s.Call(ctx, in, tc, progress)
	if err == nil && r.ContextModifier != nil && b.IsConcurrencySafe(in) {
		return Result{}, fmt.Errorf("%s: %w", b.s.Name, ErrModifierFromSafeTool)
	}
	return r, err
}

func (b *built) IsConcurrencySafe(in Input) bool {
	return b.s.IsConcurrencySafe != nil && b.s.IsConcurrencySafe(in)
}
func (b *built) IsReadOnly(in Input) bool { return b.s.IsReadOnly != nil && b.s.IsReadOnly(in) }
func (b *built) IsDestructive(in Input) bool {
	return b.s.IsDestructive == nil || b.s.IsDestructive(in)
}
func (b *built) IsEnabled() bool { return b.s.IsEnabled == nil || b.s.IsEnabled() }

func (b *built) ValidateInput(in Input, tc *Context) error {
	if err := validateSchema(b, in); err != nil {
		return err
	}
	if b.s.ValidateInput == nil {
		return nil
	}
	if err := b.s.ValidateInput(in, tc); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrInvalidInput, b.s.Name, err)
	}
	return nil
}

func (b *built) Analyze(in Input) *bashparse.Analysis {
	if b.s.Analyze == nil {
		return nil
	}
	return b.s.Analyze(in)
}

func (b *built) MapResult(r Result, id string) Block {
	if b.s.MapResult != nil {
		return b.s.MapResult(r, id)
	}
	return textResult(r, id)
}

// Always and Never are spec helpers.
func Always(Input) bool { return true }

// Never is the predicate that is false for every input.
func Never(Input) bool { return false }

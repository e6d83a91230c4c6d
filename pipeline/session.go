// Package pipeline runs an agent session: each tool call through the seven
// stages (extract, validate, pre-tool hooks, permission, execute,
// post-tool hooks, map result), one message's calls scheduled into
// batches, streamed calls executed as their blocks complete, and scripted
// sessions played turn by turn with their stream-json lines. Around each
// decision runs middleware (Chain): the decision log, the auto-mode
// classifier, the session's rules, the exec-time check.
package pipeline

import (
	"errors"
	"sync"

	"github.com/agentctl/agentctl/tools"
	"github.com/agentctl/agentctl/tools/mcp"
)

// Session dispatches the calls of one agent session. It is safe for
// concurrent use by its executors; Run plays one script at a time.
type Session struct {
	tc       *tools.Context
	dec      Decider
	pool     []tools.Tool
	hooks    *HookRunner
	approver Approver
	rules    *SessionRules

	maxResultChars int
	maxConcurrency int

	// What Run writes: the lines' destinations and the init line's facts.
	transcript *Transcript
	output     func(line Line, encoded []byte)
	progress   func(turn, turns, denials int)
	servers    []*mcp.Server
	version    string

	mu      sync.Mutex
	denials []Denial
	// asking serialises approvals: calls of one batch may ask at once, and
	// a person answers one question at a time.
	asking sync.Mutex
}

// Option configures a Session.
type Option func(*Session)

// WithPool sets the tools the session's calls may use (default: none).
func WithPool(pool []tools.Tool) Option { return func(s *Session) { s.pool = pool } }

// WithHooks sets the hooks run around calls (default: none).
func WithHooks(h *HookRunner) Option { return func(s *Session) { s.hooks = h } }

// WithApprover sets who answers asks. Without one every ask is a denial
// saying what would have been needed.
func WithApprover(a Approver) Option { return func(s *Session) { s.approver = a } }

// WithSessionRules makes an "always allow" answer add session rules to r,
// which should be the core of the session's Decider.
func WithSessionRules(r *SessionRules) Option { return func(s *Session) { s.rules = r } }

// WithMaxResultChars sets the length beyond which a tool's output is
// spilled to the session directory (default 50,000 characters).
func WithMaxResultChars(n int) Option { return func(s *Session) { s.maxResultChars = n } }

// WithMaxConcurrency bounds how many concurrency-safe calls of one batch
// run at once (default 10).
func WithMaxConcurrency(n int) Option { return func(s *Session) { s.maxConcurrency = n } }

// WithTranscript records every line Run writes in t.
func WithTranscript(t *Transcript) Option { return func(s *Session) { s.transcript = t } }

// WithOutput hands every line Run writes, once it is recorded, to out:
// the line and its JSON encoding (without a newline).
func WithOutput(out func(line Line, encoded []byte)) Option {
	return func(s *Session) { s.output = out }
}

// WithProgress tells progress before each turn Run plays: the turn
// (1-based), the number of turns and the denials so far.
func WithProgress(progress func(turn, turns, denials int)) Option {
	return func(s *Session) { s.progress = progress }
}

// WithMCPServers names the MCP servers (and their status) in the init line.
func WithMCPServers(servers []*mcp.Server) Option { return func(s *Session) { s.servers = servers } }

// WithVersion is agentctl's version, as the init line reports it.
func WithVersion(v string) Option { return func(s *Session) { s.version = v } }

// NewSession starts a session that runs calls in tc and decides them with
// dec. When tc has no CheckCommand or CheckOpen, the Bash tool's
// exec-time checks are wired to dec (ExecCheck, OpenCheck).
func NewSession(tc *tools.Context, dec Decider, opts ...Option) (*Session, error) {
	if dec == nil || tc == nil {
		return nil, errors.New("pipeline: a session needs a Decider and a tools.Context")
	}
	s := &Session{tc: tc, dec: dec}
	for _, o := range opts {
		o(s)
	}
	if s.hooks == nil {
		s.hooks = &HookRunner{}
	}
	if s.maxResultChars <= 0 {
		s.maxResultChars = 50000
	}
	if s.maxConcurrency <= 0 {
		s.maxConcurrency = 10
	}
	if tc.CheckCommand == nil {
		tc.CheckCommand = ExecCheck(dec, tc)
	}
	if tc.CheckOpen == nil {
		tc.CheckOpen = OpenCheck(dec, tc)
	}
	return s, nil
}

// Denials returns the calls refused so far (never nil: stream-json prints []).
func (s *Session) Denials() []Denial {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Denial{}, s.denials...)
}

func (s *Session) deny(use ToolUse) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.denials = append(s.denials, Denial{ToolName: use.Name, ToolUseID: use.ID, ToolInput: use.Input})
}

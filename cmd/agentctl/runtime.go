package main

import (
	"bufio"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
	"github.com/agentctl/agentctl/tools/mcp"
)

// swappable is the session's engine; an "always allow" answer adds a
// session rule and rebuilds it. Safe for concurrent use.
type swappable struct {
	mu   sync.RWMutex
	e    *engine.Engine
	s    *settings.Settings
	opts []engine.Option
}

func (w *swappable) Decide(ctx context.Context, call engine.Call) (engine.Decision, error) {
	w.mu.RLock()
	e := w.e
	w.mu.RUnlock()
	return e.Decide(ctx, call)
}

// always adds session allow rules for exactly this call (and, for Bash, the
// files it touches) and recompiles.
func (w *swappable) always(tool string, input map[string]any) error {
	rules := []string{sessionRule(tool, input)}
	w.mu.Lock()
	defer w.mu.Unlock()
	if tool == "Bash" {
		if in, problems := w.e.Input(engine.Call{Tool: tool, Input: input}); len(problems) == 0 {
			facts, _ := in["facts"].(map[string]any)
			files, _ := facts["files"].([]any)
			for _, f := range files {
				m, _ := f.(map[string]any)
				if p, _ := m["path"].(string); strings.HasPrefix(p, "/") && m["dynamic"] != true {
					kind := "Read"
					if m["access"] == "write" {
						kind = "Edit"
					}
					rules = append(rules, kind+"(/"+p+")")
				}
			}
		}
	}
	if err := w.s.AddRules(settings.SessionSettings, settings.Allow, rules...); err != nil {
		return err
	}
	e, err := engine.New(context.Background(), w.s, w.opts...)
	if err != nil {
		return err
	}
	w.e = e
	return nil
}

// sessionRule is the narrowest rule that allows this call again.
func sessionRule(tool string, in map[string]any) string {
	str := func(k string) string { s, _ := in[k].(string); return s }
	switch tool {
	case "Bash":
		return "Bash(" + str("command") + ")"
	case "Read", "Glob", "Grep":
		if p := str("file_path") + str("path"); p != "" {
			return "Read(/" + p + ")"
		}
	case "Edit", "Write", "MultiEdit":
		return "Edit(/" + str("file_path") + ")"
	case "NotebookEdit":
		return "Edit(/" + str("notebook_path") + ")"
	case "WebFetch":
		if u, err := url.Parse(str("url")); err == nil && u.Hostname() != "" {
			return "WebFetch(domain:" + u.Hostname() + ")"
		}
	}
	return tool
}

type runtime struct {
	mcp        []*mcp.Server
	id         string
	tc         *tools.Context
	pool       []tools.Tool
	session    *pipeline.Session
	emit       *emitter
	transcript *pipeline.Transcript
	stop       *stopper
	close      func()
}

func newRuntime(c *cli.Context, s *settings.Settings) (rt *runtime, err error) {
	stop := newStopper(c.App.Writer)
	closers := []func(){stop.release}
	closeAll := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	defer func() {
		if err != nil {
			closeAll()
		}
	}()
	var opts []engine.Option
	if dir := flagString(c, "policy"); dir != "" {
		opts = append(opts, engine.WithPolicyDir(dir))
	}
	opts = append(opts, remoteOptions(c)...)
	if p := flagString(c, "decision-log"); p != "" {
		f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, cli.Exit("--decision-log: "+err.Error(), exitError)
		}
		closers = append(closers, func() { f.Close() })
		opts = append(opts, engine.WithDecisionLog(f))
	}
	e, err := engine.New(context.Background(), s, opts...)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitError)
	}
	rules := &swappable{e: e, s: s, opts: opts}
	// A decision log that cannot be written ends the run: decisions
	// would go unaudited.
	dec := pipeline.Around(rules.Decide, s, stop.fail)
	id := c.String("session-id")
	if id == "" {
		id = newSessionID()
	}
	dir := c.String("session-dir")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir = filepath.Join(cache, "agentctl", "sessions", id)
	}
	sdir, err := pipeline.OpenSessionDir(dir)
	if err != nil {
		return nil, cli.Exit("--session-dir: "+err.Error(), exitError)
	}
	closers = append(closers, func() { sdir.Close() })
	transcript, err := sdir.OpenTranscript()
	if err != nil {
		return nil, cli.Exit("--session-dir: "+err.Error(), exitError)
	}
	closers = append(closers, func() { transcript.Close() })
	tc := &tools.Context{Cwd: s.Cwd, Mode: s.Mode.Value, SessionID: id, SessionDir: dir, Env: s.Env}
	if tc.Mode == "plan" {
		tc.PrePlanMode = "default"
	}
	tc.CheckCommand = pipeline.ExecCheck(dec, tc)
	tc.SkipRead = e.Guarded // session rules only add allows: the guards stay
	servers, mcpTools, stopMCP, err := mcpServers(stop.ctx, c)
	if err != nil {
		return nil, err
	}
	closers = append(closers, stopMCP)
	var size int
	all := tools.AllBase(tools.FeaturesFromEnv(), func() int { return size })
	kept, _ := tools.Enabled(all, denyFunc(s))
	keptMCP, _ := tools.Enabled(mcpTools, denyFunc(s))
	size = len(kept) + len(keptMCP)
	pool := tools.AssemblePool(kept, keptMCP)
	tc.Pool = func() []tools.Tool { return pool }
	hooks := &pipeline.HookRunner{Hooks: s.Hooks, Skipped: s.SkippedHooks, ManagedAllowOnly: s.AllowManagedPermissionRulesOnly,
		ProjectDir: s.Cwd, SessionID: id, TranscriptPath: transcript.Path()}
	cfg := pipeline.Config{Pool: pool, Decider: dec, Hooks: hooks, Always: rules.always, Context: tc, SessionDir: dir,
		MaxResultChars: c.Int("max-result-chars"), MaxConcurrency: maxConcurrency()}
	switch cmd := c.String("permission-prompt-command"); {
	case cmd != "":
		cfg.Approver = &commandApprover{command: cmd, sessionID: id, timeout: c.Duration("permission-prompt-timeout")}
	case c.Args().First() != "-" && isTerminal(os.Stdin):
		cfg.Approver = &ttyApprover{in: bufio.NewReader(os.Stdin), out: c.App.ErrWriter}
	}
	session, err := pipeline.NewSession(cfg)
	if err != nil {
		return nil, err
	}
	asText := flagString(c, "output") == "text" && isSetAnywhere(c, "output")
	return &runtime{mcp: servers, id: id, tc: tc, pool: pool, session: session, transcript: transcript, stop: stop,
		emit:  &emitter{out: c.App.Writer, errw: c.App.ErrWriter, transcript: transcript, text: asText, stop: stop},
		close: closeAll}, nil
}

func maxConcurrency() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("AGENTCTL_MAX_TOOL_USE_CONCURRENCY"), &n); err == nil && n > 0 {
		return n
	}
	return 10
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

//go:build !agentctl_lean

package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// runtime is what agentctl run builds from its flags: the session, the
// transcript it records, and what stops the run.
type runtime struct {
	session    *pipeline.Session
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
	if cmd := c.String("permission-prompt-command"); cmd != "" {
		// The approver's script is the decision for every ask: a policy file.
		s.PolicyFiles = append(s.PolicyFiles, settings.CommandFiles(cmd, s.Cwd, s.Home)...)
	}
	s.PolicyFiles = append(s.PolicyFiles, auditFiles(c)...)
	e, err := engine.New(context.Background(), s, opts...)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitError)
	}
	// Session rules at the core; a decision log that cannot be written
	// ends the run: decisions would go unaudited.
	rules := pipeline.NewSessionRules(e, opts...)
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
		ProjectDir: s.Cwd, SessionID: id, TranscriptPath: transcript.Path(), Effort: s.EffortLevel}
	out := &printer{out: c.App.Writer, errw: c.App.ErrWriter, stop: stop,
		text: flagString(c, "output") == "text" && isSetAnywhere(c, "output")}
	sopts := []pipeline.Option{pipeline.WithPool(pool), pipeline.WithHooks(hooks), pipeline.WithSessionRules(rules),
		pipeline.WithMaxResultChars(c.Int("max-result-chars")), pipeline.WithMaxConcurrency(maxConcurrency()),
		pipeline.WithTranscript(transcript), pipeline.WithOutput(out.print), pipeline.WithMCPServers(servers),
		pipeline.WithVersion(c.App.Version)}
	switch cmd := c.String("permission-prompt-command"); {
	case cmd != "":
		sopts = append(sopts, pipeline.WithApprover(&commandApprover{command: cmd, sessionID: id,
			timeout: c.Duration("permission-prompt-timeout"), dir: s.Cwd}))
	case c.Args().First() != "-" && isTerminal(os.Stdin):
		sopts = append(sopts, pipeline.WithApprover(&ttyApprover{in: bufio.NewReader(os.Stdin), out: c.App.ErrWriter}))
	}
	if f, ok := c.App.ErrWriter.(*os.File); ok && isTerminal(f) {
		sopts = append(sopts, pipeline.WithProgress(func(turn, turns, denials int) {
			fmt.Fprintf(f, "\r\x1b[Kagentctl run: turn %d/%d, %d denials", turn, turns, denials)
		}))
		closers = append(closers, func() { fmt.Fprint(f, "\r\x1b[K") })
	}
	session, err := pipeline.NewSession(tc, dec, sopts...)
	if err != nil {
		return nil, err
	}
	return &runtime{session: session, transcript: transcript, stop: stop, close: closeAll}, nil
}

func maxConcurrency() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("AGENTCTL_MAX_TOOL_USE_CONCURRENCY"), &n); err == nil && n > 0 {
		return n
	}
	return 10
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

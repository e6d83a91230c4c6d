//go:build !agentctl_lean

package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/pipeline"
	"github.com/agentctl/agentctl/tools"
)

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run a scripted agent session under the policy (stream-json out)",
		ArgsUsage: "SCRIPT|-",
		UsageText: `agentctl run SCRIPT|- [--session-dir DIR] [--permission-prompt-command CMD] [--output text]

SCRIPT is JSONL: each line an Anthropic API assistant message with tool_use blocks, or the
path of a recorded .sse event stream (relative to the script), one per turn. A first line
{"type":"session","cwd":"DIR"} sets the cwd (relative to the script) when --cwd is not given;
${CWD} in a line stands for the session's cwd.

Examples:
   agentctl run fixtures/sessions/demo.jsonl
   agentctl run --output text --permission-mode acceptEdits session.jsonl
   agentctl run --permission-prompt-command ./approve.sh session.jsonl`,
		Flags: withGlobals(
			&cli.StringFlag{Name: "session-dir", Usage: "`DIR` for the transcript and spilled results (default: user cache dir)"},
			&cli.StringFlag{Name: "session-id", Usage: "session `ID` (default: random)"},
			&cli.IntFlag{Name: "max-result-chars", Value: 50000, Usage: "spill tool output longer than `N` characters to the session dir"},
			&cli.StringFlag{Name: "permission-prompt-command", Usage: "external approver `CMD` answering asks (hook protocol)"},
			&cli.DurationFlag{Name: "permission-prompt-timeout", Value: pipeline.DefaultHookTimeout,
				Usage: "how long the approver may take before the ask counts as denied"},
		),
		Action: runAction,
	}
}

// scriptLine is one turn of a scripted session: a recorded stream, or the
// raw JSON of an assistant message (${CWD} is substituted when it runs).
type scriptLine struct {
	sse     string
	message string
}

type script struct {
	cwd   string // from a session header, absolute
	turns []scriptLine
	dir   string
}

func readScript(c *cli.Context, path string) (*script, error) {
	var r io.Reader = c.App.Reader
	sc := &script{dir: "."}
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
		sc.dir = filepath.Dir(path)
	}
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "{") {
			sc.turns = append(sc.turns, scriptLine{sse: filepath.Join(sc.dir, line)})
			continue
		}
		var head struct {
			Type string `json:"type"`
			Role string `json:"role"`
			Cwd  string `json:"cwd"`
		}
		if err := json.Unmarshal([]byte(line), &head); err != nil {
			return nil, fmt.Errorf("%s:%d: expected an assistant message or a .sse path: %v", path, n, err)
		}
		if head.Type == "session" {
			sc.cwd = filepath.Join(sc.dir, head.Cwd)
			continue
		}
		if head.Role != "assistant" {
			return nil, fmt.Errorf("%s:%d: expected role \"assistant\", got %q", path, n, head.Role)
		}
		sc.turns = append(sc.turns, scriptLine{message: line})
	}
	return sc, s.Err()
}

// parseTurn decodes a message line after substituting ${CWD}; a tool_use
// block whose JSON is ambiguous comes back marked invalid.
func parseTurn(raw, cwd string) (pipeline.Message, []pipeline.ToolUse, error) {
	q, _ := json.Marshal(cwd)
	raw = strings.ReplaceAll(raw, "${CWD}", string(q[1:len(q)-1]))
	return pipeline.ParseMessage([]byte(raw))
}

func newSessionID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func runAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit("run: expected one SCRIPT (or - for stdin)", exitError)
	}
	sc, err := readScript(c, c.Args().First())
	if err != nil {
		return cli.Exit("run: "+err.Error(), exitError)
	}
	opts := settingsOptions(c)
	if !isSetAnywhere(c, "cwd") && sc.cwd != "" {
		opts.Cwd = sc.cwd
	}
	s, err := loadWith(c, opts)
	if err != nil {
		return err
	}
	rt, err := newRuntime(c, s)
	if err != nil {
		return err
	}
	defer rt.close()
	return rt.run(c, sc)
}

// emitter writes stream-json lines to stdout (or a readable transcript)
// and every line to the session's transcript file. A line that cannot be
// recorded stops the run: a transcript failure is fatal (exit 1), a closed
// stdout an interruption (exit 141) — the transcript is still finished.
type emitter struct {
	out        io.Writer
	transcript *pipeline.Transcript
	text       bool
	stop       *stopper
	outDead    bool
	lines      int // lines emitted: each gets its own stable uuid
	// calls are the text-mode lines of the current turn's calls, by id.
	calls map[string]string
	// errw gets the hook messages in text mode.
	errw io.Writer
}

func (e *emitter) emit(v map[string]any) {
	if _, ok := v["uuid"]; !ok {
		e.lines++
		v["uuid"] = lineUUID(fmt.Sprint(v["session_id"]), e.lines)
	}
	b, err := json.Marshal(v)
	if err != nil {
		e.stop.fail(fmt.Errorf("encoding a %v line: %w", v["type"], err))
		return
	}
	if err := e.transcript.WriteLine(b); err != nil {
		e.stop.fail(err)
	}
	if e.outDead {
		return
	}
	line := append(b, '\n')
	if e.text {
		line = []byte(e.textLine(v))
	}
	if _, err := e.out.Write(line); err != nil {
		e.outDead = true
		if errors.Is(err, syscall.EPIPE) {
			e.stop.stdoutClosed()
			return
		}
		e.stop.fail(fmt.Errorf("stdout: %w", err))
	}
}

// textLine renders one stream-json event for people: each call is printed
// with its own result under it (parallel calls finish in any order).
func (e *emitter) textLine(v map[string]any) string {
	switch v["type"] {
	case "system":
		if v["subtype"] == "hook_message" {
			fmt.Fprintf(e.errw, "agentctl: %v\n", v["message"]) // for the person, not the transcript reader
			return ""
		}
		return fmt.Sprintf("session %v in %v (mode %v)\n", v["session_id"], v["cwd"], v["permissionMode"])
	case "assistant":
		content, _ := v["message"].(map[string]any)["content"].([]map[string]any)
		e.calls = map[string]string{}
		for _, blk := range content {
			if blk["type"] == "tool_use" {
				in, _ := json.Marshal(blk["input"])
				e.calls[fmt.Sprint(blk["id"])] = fmt.Sprintf("> %s %s\n", blk["name"], in)
			}
		}
		return ""
	case "user":
		var b strings.Builder
		for _, blk := range v["message"].(map[string]any)["content"].([]tools.Block) {
			b.WriteString(e.calls[blk.ToolUseID])
			status := "ok"
			if blk.IsError {
				status = "error"
			}
			text := fmt.Sprint(blk.Content)
			if len(text) > 200 {
				text = text[:200] + "…"
			}
			fmt.Fprintf(&b, "  %s: %s\n", status, strings.ReplaceAll(strings.TrimSpace(text), "\n", "\n    "))
		}
		return b.String()
	case "result":
		return fmt.Sprintf("result: %v, %v turns, %d permission denials\n", v["subtype"], v["num_turns"],
			len(v["permission_denials"].([]pipeline.Denial)))
	}
	return ""
}

func (rt *runtime) run(c *cli.Context, sc *script) error {
	ctx := rt.stop.ctx
	start := time.Now()
	var names []string
	for _, t := range rt.pool {
		names = append(names, t.Name())
	}
	servers := []map[string]string{}
	for _, m := range rt.mcp {
		srv := map[string]string{"name": m.Name, "status": m.Status}
		if m.Error != "" {
			srv["error"] = m.Error
		}
		servers = append(servers, srv)
	}
	rt.emit.emit(map[string]any{"type": "system", "subtype": "init", "cwd": rt.tc.Cwd, "session_id": rt.id,
		"tools": names, "mcp_servers": servers, "permissionMode": rt.tc.Mode, "model": "scripted", "apiKeySource": "none",
		"claude_code_version": "agentctl " + c.App.Version, "slash_commands": []string{}, "output_style": "default",
		"skills": []string{}, "plugins": []any{}, "agents": []string{}})
	turns := 0
	var failure error
	stopReason := ""
	progress := func(string) {}
	if f, ok := c.App.ErrWriter.(*os.File); ok && isTerminal(f) {
		progress = func(msg string) { fmt.Fprintf(f, "\r\x1b[K%s", msg) }
		defer fmt.Fprint(f, "\r\x1b[K")
	}
	for _, turn := range sc.turns {
		if ctx.Err() != nil {
			break
		}
		turns++
		progress(fmt.Sprintf("agentctl run: turn %d/%d, %d denials", turns, len(sc.turns), len(rt.session.Denials())))
		msg, outs, err := rt.turn(ctx, turn)
		if err != nil {
			failure = err
		}
		if msg != nil {
			// Also after a failed stream: every call that started is recorded with its result.
			rt.emit.emit(map[string]any{"type": "assistant", "message": assistantMessage(*msg, rt.id, turns),
				"parent_tool_use_id": nil, "session_id": rt.id})
			rt.emit.emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": pipeline.Blocks(outs)},
				"parent_tool_use_id": nil, "tool_use_result": toolUseResult(outs), "session_id": rt.id})
			for _, o := range outs {
				for _, n := range o.Notices {
					rt.emit.emit(map[string]any{"type": "system", "subtype": "hook_message", "tool_use_id": o.Block.ToolUseID,
						"message": n, "session_id": rt.id})
				}
			}
		}
		if failure != nil {
			break
		}
		for _, o := range outs {
			if o.Stop {
				stopReason = strings.TrimSpace(o.StopReason)
				if stopReason == "" {
					stopReason = "a hook asked to stop"
				}
			}
		}
		if stopReason != "" {
			break
		}
	}
	rt.tc.StopBackground()
	result := map[string]any{"type": "result", "subtype": "success", "is_error": false,
		"duration_ms": time.Since(start).Milliseconds(), "duration_api_ms": 0, "num_turns": turns, "session_id": rt.id,
		"permission_denials": rt.session.Denials(), "result": "", "stop_reason": nil, "total_cost_usd": 0,
		"usage": zeroUsage(), "modelUsage": map[string]any{}}
	if stopReason != "" {
		result["stop_reason"] = stopReason
	}
	if cause := rt.stop.cause(); cause != nil && failure == nil {
		failure = cause
	}
	if failure != nil {
		result["subtype"], result["is_error"], result["result"] = "error_during_execution", true, failure.Error()
	}
	if _, ok := rt.stop.interrupted(); ok {
		result["is_interrupt"] = true
	}
	rt.emit.emit(result)
	return rt.exit(failure)
}

// turn runs one scripted turn and returns the assistant message (nil when
// the turn could not be read at all), the outcomes of its calls, and the
// turn's own failure.
func (rt *runtime) turn(ctx context.Context, turn scriptLine) (*pipeline.Message, []pipeline.Outcome, error) {
	ex := rt.session.NewExecutor(ctx)
	if turn.sse == "" {
		m, uses, err := parseTurn(turn.message, rt.tc.Cwd)
		if err != nil {
			return nil, nil, err
		}
		for _, use := range uses {
			ex.Add(use)
		}
		return &m, ex.Wait(), nil
	}
	f, err := os.Open(turn.sse)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	msg, err := pipeline.ReadStream(f, ex.Add)
	outs := ex.Wait()
	if err != nil {
		err = fmt.Errorf("%s: %w", turn.sse, err)
		if len(outs) == 0 {
			return nil, nil, err
		}
	}
	return &msg, outs, err
}

// exit maps how the run ended to its exit status: 0, 1 for a failure
// (stderr says which), 130/143/141 for an interruption. Whatever stopped
// the run first decides; a transcript that could not be finished is an
// error even then.
func (rt *runtime) exit(failure error) error {
	if err := rt.transcript.Close(); err != nil && failure == nil {
		failure = err
	}
	if i, ok := rt.stop.interrupted(); ok {
		return cli.Exit("run: "+i.Error(), i.code)
	}
	if failure != nil {
		return cli.Exit("run: "+failure.Error(), exitError)
	}
	return nil
}

//go:build !agentctl_lean

package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

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

// readScript reads the script path names (- for stdin).
func readScript(c *cli.Context, path string) (*pipeline.Script, error) {
	var r io.Reader = c.App.Reader
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	return pipeline.ReadScript(r, path)
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
	if !isSetAnywhere(c, "cwd") && sc.Cwd != "" {
		opts.Cwd = sc.Cwd
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
	return rt.exit(rt.session.Run(rt.stop.ctx, sc))
}

// exit maps how the run ended to its exit status: 0, 1 for a failure
// (stderr says which), 130/143/141 for an interruption. Whatever stopped
// the run first decides; a transcript that could not be finished is an
// error even then.
func (rt *runtime) exit(failure error) error {
	if err := rt.transcript.Close(); err != nil && failure == nil {
		failure = err
	}
	var i *interruption
	if errors.As(failure, &i) {
		return cli.Exit("run: "+i.Error(), i.code)
	}
	if failure != nil {
		return cli.Exit("run: "+failure.Error(), exitError)
	}
	return nil
}

// printer writes a session's lines to stdout: as they are (stream-json) or
// readable (--output text). A closed stdout interrupts the run (exit 141),
// another write error fails it; the lines still go to the transcript.
type printer struct {
	out  io.Writer
	text bool
	stop *stopper
	dead bool
	// calls are the text-mode lines of the current turn's calls, by id.
	calls map[string]string
	// errw gets the hook messages in text mode.
	errw io.Writer
}

func (p *printer) print(v pipeline.Line, encoded []byte) {
	if p.dead {
		return
	}
	line := append(encoded, '\n')
	if p.text {
		line = []byte(p.textLine(v))
	}
	if _, err := p.out.Write(line); err != nil {
		p.dead = true
		if errors.Is(err, syscall.EPIPE) {
			p.stop.stdoutClosed()
			return
		}
		p.stop.fail(fmt.Errorf("stdout: %w", err))
	}
}

// textLine renders one stream-json line for people: each call is printed
// with its own result under it (parallel calls finish in any order).
func (p *printer) textLine(v pipeline.Line) string {
	switch v["type"] {
	case "system":
		if v["subtype"] == "hook_message" {
			fmt.Fprintf(p.errw, "agentctl: %s\n", terminalText(fmt.Sprint(v["message"]))) // for the person, not the transcript reader
			return ""
		}
		return fmt.Sprintf("session %v in %v (mode %v)\n", v["session_id"], v["cwd"], v["permissionMode"])
	case "assistant":
		content, _ := v["message"].(map[string]any)["content"].([]map[string]any)
		p.calls = map[string]string{}
		for _, blk := range content {
			if blk["type"] == "tool_use" {
				in, _ := json.Marshal(blk["input"])
				p.calls[fmt.Sprint(blk["id"])] = fmt.Sprintf("> %s %s\n", terminalText(fmt.Sprint(blk["name"])), in)
			}
		}
		return ""
	case "user":
		var b strings.Builder
		for _, blk := range v["message"].(map[string]any)["content"].([]tools.Block) {
			b.WriteString(p.calls[blk.ToolUseID])
			status := "ok"
			if blk.IsError {
				status = "error"
			}
			text := fmt.Sprint(blk.Content)
			if len(text) > 200 {
				text = text[:200] + "…"
			}
			fmt.Fprintf(&b, "  %s: %s\n", status, strings.ReplaceAll(terminalText(strings.TrimSpace(text)), "\n", "\n    "))
		}
		return b.String()
	case "result":
		return fmt.Sprintf("result: %v, %v turns, %d permission denials\n", v["subtype"], v["num_turns"],
			len(v["permission_denials"].([]pipeline.Denial)))
	}
	return ""
}

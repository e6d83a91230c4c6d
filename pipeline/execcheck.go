package pipeline

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/tools"
)

// ExecCheck is the Bash tool's exec-time check: every command the shell
// really runs, after expansion, is decided again under the context's mode
// and cwd. A deny, or a safety ask (rm of a critical path), refuses it; a
// plain ask does not, since the static command was already approved. The
// checker keeps the analyses of the commands it has seen (a loop runs the
// same command again): each command text is parsed once per checker, that
// is once per session.
func ExecCheck(dec Decider, tc *tools.Context) tools.CommandChecker {
	memo := &tools.Analyses{}
	return func(ctx context.Context, argv []string) error {
		quoted := make([]string, len(argv))
		for i, a := range argv {
			q, err := syntax.Quote(a, syntax.LangBash)
			if err != nil {
				return fmt.Errorf("argument %q cannot be checked: %v", a, err)
			}
			quoted[i] = q
		}
		// Decide where the shell stands now (after a cd) and with the
		// program-naming variables it passes (GIT_PAGER=… git log).
		var dir string
		if ee, ok := tools.ExecEnvFrom(ctx); ok {
			dir = ee.Dir
			var pre []string
			for _, a := range ee.Assigns {
				name, value, _ := strings.Cut(a, "=")
				q, err := syntax.Quote(value, syntax.LangBash)
				if err != nil {
					return fmt.Errorf("variable %s cannot be checked: %v", name, err)
				}
				pre = append(pre, name+"="+q)
			}
			quoted = append(pre, quoted...)
		}
		cmd := strings.Join(quoted, " ")
		return refusal(ctx, dec, engine.Call{Tool: "Bash", Input: map[string]any{"command": cmd},
			Mode: tc.Mode, Cwd: tc.Cwd, Dir: dir, Analysis: memo.Parse(cmd)})
	}
}

// refusal decides call at run time: a deny, or a safety ask (a critical
// rm, a protected path), refuses it; a plain ask does not, since the
// static command was already approved.
func refusal(ctx context.Context, dec Decider, call engine.Call) error {
	d, err := dec.Decide(ctx, call)
	switch {
	case err != nil:
		return err
	case d.Decision == engine.Deny, d.Decision == engine.Ask && d.Stage == engine.StageSafety:
		return fmt.Errorf("%s", d.Reason)
	}
	return nil
}

// OpenCheck is the Bash tool's check of the files its shell opens for
// redirections, once expanded: a read is decided as a Read of the path,
// a write as a Write, where the shell stands. A deny (a rule, plan mode)
// or a safety ask (a protected path) refuses the open; a plain ask does
// not, since the static command was already approved — and dontAsk's
// turning of every ask into a deny is that plain ask, so it is decided
// as in default mode. /dev/null and the standard streams are exempt
// (spec §3).
func OpenCheck(dec Decider, tc *tools.Context) tools.OpenChecker {
	return func(ctx context.Context, path string, write bool) error {
		switch path {
		case "/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty":
			return nil
		}
		call := engine.Call{Tool: "Read", Input: map[string]any{"file_path": path}, Mode: tc.Mode, Cwd: tc.Cwd}
		if write {
			call.Tool, call.Input = "Write", map[string]any{"file_path": path, "content": ""}
		}
		if call.Mode == "dontAsk" {
			call.Mode = "default"
		}
		return refusal(ctx, dec, call)
	}
}

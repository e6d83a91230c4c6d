package main

import (
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// carriedEnv is the part of a repository's environment that agentctl did
// not apply but the agent did: the repository's settings env block (Claude
// Code applies it to its own process, trust dialog or not, under claude
// -p, whatever the managed lock says) and a .env file (Gemini CLI loads
// one). Every command the agent's shell runs inherits it: BASH_ENV makes
// bash source the repository's script before `ls`, PATH finds the
// repository's own `git`, GIT_CONFIG_* give git a pager or an fsmonitor
// that runs a program, LD_PRELOAD loads its library into every process.
// A read-only command is then not read-only, and a rule that allowed
// `npm test` did not allow the repository's npm.
type carriedEnv struct {
	// names are the variables that change what a command runs, with
	// where the repository set each one.
	names []string
	from  []string
}

// newCarriedEnv keeps the variables of s.CarriedEnv that change what a
// command runs: from a settings env block every variable an allow rule
// would not match past as a leading assignment (spec §3: only the
// known-safe ones); from a .env file, which users also load into their own
// shell, the variables that name code or a program. nil when none.
func newCarriedEnv(s *settings.Settings) *carriedEnv {
	var c carriedEnv
	for _, v := range s.CarriedEnv {
		if v.DotEnv && !codeVar(v.Name) || !v.DotEnv && bashparse.SafeVars[v.Name] {
			continue
		}
		c.names = append(c.names, v.Name)
		c.from = append(c.from, v.From)
	}
	if len(c.names) == 0 {
		return nil
	}
	return &c
}

// codeVar reports a variable that names code a command runs or where
// programs are found.
func codeVar(name string) bool {
	return bashparse.ProgramVar(name) || name == "PATH" || strings.HasPrefix(name, "BASH_FUNC_")
}

// spawning are the tools whose call starts programs under the agent's
// environment: the shell, and the searches agents implement with a
// program (Claude Code's Grep and Glob run ripgrep, system rg when
// USE_BUILTIN_RIPGREP=0 says so; Gemini CLI's search runs git grep or
// grep, found on PATH).
var spawning = map[string]bool{"Bash": true, "Grep": true, "Glob": true}

// check turns an allow of a call that starts programs into an ask (a
// deny under dontAsk): what it runs is not what was analysed. Deny and ask
// stand; bypassPermissions, which the user chose, allows everything alike.
func (c *carriedEnv) check(call engine.Call, mode string, d engine.Decision) engine.Decision {
	if c == nil || d.Decision != engine.Allow || mode == "bypassPermissions" || !spawning[call.Tool] {
		return d
	}
	d.Reason = fmt.Sprintf("this process carries environment the repository set and agentctl did not apply (%s, from %s), which every command "+
		"the agent runs inherits: it may run the repository's code, not the command that was allowed; it needs approval (was: %s)",
		strings.Join(c.names, ", "), strings.Join(dedupe(c.from), "; "), d.Reason)
	d.Decision, d.Stage, d.Rule = engine.Ask, engine.StageTool, nil
	if mode == "dontAsk" {
		d.Decision = engine.Deny
	}
	return d
}

func dedupe(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

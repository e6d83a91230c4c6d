package engine

import "testing"

// Third-round disguises found by running them under real bash 5.2 with
// logging stand-ins (bashparse's TestTraceDiffRed14, AGENTCTL_TRACE=1).
// Both evaluators decide every row.

// red14traceSettings approves every Bash call except rm and reading .env:
// the deny rules are all that stands between the call and the attack.
const red14traceSettings = `{"permissions":{"deny":["Bash(rm *)","Bash(rm)","Read(.env)"],"allow":["Bash(*)"]}}`

var red14traceFiles = map[string]string{".env": "SECRET=hunter2", "victim": "x"}

var red14traceClasses = map[string][]shellRow{
	"r14t-1 a completion word list is expanded again, substitutions and all": {
		// bash -c "compgen -W '\$(rm -rf victim)' x" ran rm: compgen splits
		// the -W value and expands every word; complete -W stores the same
		// list for the next completion.
		{red14traceSettings, "default", `compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "bypassPermissions", `compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", "compgen -W '`rm -rf victim`' x", "deny"},
		{red14traceSettings, "default", `compgen -W '${x:=$(rm -rf victim)}' x`, "deny"},
		{red14traceSettings, "default", `compgen -W"\$(rm -rf victim)" x`, "deny"},
		{red14traceSettings, "default", `compgen -A file -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `builtin compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `eval "compgen -W '\$(rm -rf victim)' x"`, "deny"},
		{red14traceSettings, "default", `complete -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `compgen -W '$(cat .env)' x`, "deny"},
		{red14traceSettings, "default", `x='$(rm -rf victim)'; compgen -W "$x" x`, "notallow"},
		{red14traceSettings, "default", `read x; compgen -W "$x" x`, "notallow"},
		{red14traceSettings, "dontAsk", `read x; compgen -W "$x" x`, "deny"},
		// Neighbours: a list with nothing to run, and the options bash
		// does not expand (-P, -S, -X print or match the text as it is).
		{red14traceSettings, "default", `compgen -W 'a b c' a`, "allow"},
		{red14traceSettings, "default", `compgen -W '$HOME' x`, "allow"},
		{red14traceSettings, "default", `complete -W 'start stop' svc`, "allow"},
		{red14traceSettings, "default", `compgen -P '$(x)' -S '$(y)' -W a`, "allow"},
		{red14traceSettings, "default", `echo '$(rm -rf victim)'`, "allow"},
	},
}

// TestRed14TraceBypasses decides every row of red14traceClasses.
func TestRed14TraceBypasses(t *testing.T) {
	runShellRows(t, red14traceFiles, red14traceClasses)
}

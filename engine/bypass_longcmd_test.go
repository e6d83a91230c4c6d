package engine

import (
	"strings"
	"testing"

	"github.com/agentctl/agentctl/bashparse"
)

// Over-long commands with many subcommands are a public bypass class (spec
// §9): past 10,000 characters the command is unresolved, so no allow rule
// and no read-only verdict approves it — but its parts are still parsed, so
// a deny rule matching one of them denies ("unless a deny rule already
// matched", spec §3) instead of leaving the user an ask to click through.

// padded is cmd behind enough harmless parts to pass bashparse.MaxLength.
func padded(cmd string) string {
	unit := "echo a && "
	return strings.Repeat(unit, bashparse.MaxLength/len(unit)+1) + cmd
}

const longDeny = `{"permissions":{"allow":["Bash(echo *)","Bash(git status)"],"deny":["Read(.env)","Bash(rm *)","Edit(config/**)"]}}`

const longBareAllow = `{"permissions":{"allow":["Bash"]}}`

var longCommandClasses = map[string][]shellRow{
	"a denied part behind many harmless ones": {
		{longDeny, "default", padded("rm -rf build"), "deny"},
		{longDeny, "default", padded("cat .env"), "deny"},
		{longDeny, "default", padded("echo x > config/a.yml"), "deny"},
		{longDeny, "default", padded("/bin/rm -rf build"), "deny"},
		{longDeny, "default", padded("bash -c 'rm -rf build'"), "deny"},
		{longDeny, "bypassPermissions", padded("rm -rf build"), "deny"},
		{longDeny, "acceptEdits", padded("cat .env"), "deny"},
		{longDeny, "default", "rm -rf build; " + padded("ls"), "deny"},
		{longDeny, "default", padded("ls") + "\ncat .env", "deny"},
	},
	"an over-long command no rule denies is never approved": {
		{longDeny, "default", padded("echo b"), "ask"},
		{longDeny, "default", padded("git status"), "ask"},
		{longDeny, "default", padded("ls"), "ask"},
		{longDeny, "dontAsk", padded("ls"), "deny"},
		{longDeny, "acceptEdits", padded("echo x > out.txt"), "ask"},
	},
	"harmless neighbours": {
		{longDeny, "default", "echo a && echo b", "allow"},
		{longDeny, "default", "echo a && cat .env", "deny"},
		// A bare Bash allow with no Bash deny or ask rule approves what it
		// cannot see, as the user asked (spec §3).
		{longBareAllow, "default", padded("ls"), "allow"},
	},
}

func TestOverLongCommands(t *testing.T) {
	runShellRows(t, map[string]string{".env": "S=1\n", "config/a.yml": "a\n"}, longCommandClasses)
}

package engine

import "testing"

// Bash runs a script's complete lines one by one and meets a syntax error
// only when it reaches it: bash -c $'rm -rf b\nfi' removes b first. The
// lines before the error are parsed and decided; the error keeps the whole
// command unresolved, so nothing is approved.

var parsePrefixClasses = map[string][]shellRow{
	"a denied command on a line before a syntax error": {
		{longDeny, "default", "echo ok\nrm -rf build\nfi", "deny"},
		{longDeny, "default", "echo ok\ncat .env\nfi", "deny"},
		{longDeny, "default", "echo ok\necho x > config/a.yml\ndone", "deny"},
		{longDeny, "bypassPermissions", "rm -rf build\necho 'unterminated", "deny"},
		{longDeny, "default", "bash -c $'echo ok\\nrm -rf build\\nfi'", "deny"},
		{longDeny, "default", "sh -c 'cat .env\n)'", "deny"},
	},
	"nothing before the error runs, or nothing there is denied": {
		{longDeny, "default", "echo ok\nls\nfi", "ask"},
		{longDeny, "dontAsk", "echo ok\nls\nfi", "deny"},
		// The error is inside the compound: bash runs none of it.
		{longDeny, "default", "if true; then\necho b\nfi fi", "ask"},
		{longDeny, "default", "echo a\nif true; then echo x", "ask"},
		{longBareAllow, "default", "echo ok\nls\nfi", "allow"},
	},
}

func TestParseErrorPrefix(t *testing.T) {
	runShellRows(t, map[string]string{".env": "S=1\n", "config/a.yml": "a\n"}, parsePrefixClasses)
}

package bashparse

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// stdinLinkPath matches the paths that name the opening process's
// standard input: /dev/stdin, /dev/fd/0 and /proc/PID/fd/0 (self,
// thread-self, a task, a number). A shell or source given one of them as
// its script file reads its commands from stdin, exactly as bash -s does:
// sh /dev/fd/0 <<<'rm y' and source /dev/stdin <<<'rm y' run rm.
var stdinLinkPath = lazyre.New(`^/(dev/(fd/0+|stdin)|proc/[^/]+/(task/[^/]+/)?fd/0+)$`)

// stdinLink reports a script path that is the process's own stdin.
func stdinLink(p string) bool {
	if len(p) < 5 || p[0] != '/' {
		return false
	}
	return stdinLinkPath.MatchString(path.Clean(p))
}

// sourceStdin: source or . whose file is a stdin path runs the text its
// here-document, here-string or pipe feeds it, as a nested script, so that
// deny and ask rules see the commands inside (the source itself stays
// unresolved: only commands are added). Any other file is unknown.
func (p *parser) sourceStdin(inner []Word, pays []payload, body string) []payload {
	if body == "" || len(inner) < 2 {
		return pays
	}
	op := inner[1]
	if op.Value == "--" && len(inner) > 2 {
		op = inner[2]
	}
	if !op.Static() || !stdinLink(op.Value) {
		return pays
	}
	origin := strings.TrimSpace(inner[0].Value + " " + op.Value)
	return append(pays, payload{script: body, origin: origin, reason: ReasonDynamicShell, lenient: true})
}

// envStdin: BASH_ENV or ENV naming a stdin path makes the shell started
// run the text fed to its stdin before its own script:
// BASH_ENV=/dev/stdin bash -c ls <<< 'rm y' runs rm. That text is parsed
// as a nested script (the startup file stays unresolved: only commands
// are added).
func envStdin(inner []Word, assigns []Assign, pays []payload, body string) []payload {
	if body == "" || len(inner) == 0 || !inner[0].Static() || !scriptShells[path.Base(inner[0].Value)] {
		return pays
	}
	for _, a := range assigns {
		if (a.Name == "BASH_ENV" || a.Name == "ENV") && !a.Dynamic && stdinLink(a.Value) {
			return append(pays, payload{script: body, origin: a.Name + "=" + a.Value, reason: ReasonDynamicShell, lenient: true})
		}
	}
	return pays
}

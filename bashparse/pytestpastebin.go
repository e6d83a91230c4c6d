package bashparse

import (
	"strings"
)

// pytest --pastebin=failed|all sends the session's output (test names,
// failures, captured output with whatever secrets the tests printed) to a
// public paste service: pytest 7.2 printed "Sending information to Paste
// Service" and opened a connection to it. Sending data out is what makes
// curl and ping not read-only; a Bash(pytest *) rule approves running the
// tests, not publishing their output (spec §3).

// pytestPastebinPowers returns the --pastebin options of a pytest command
// line (args after the program's name), abbreviations included (no other
// pytest option begins with "--pa").
func pytestPastebinPowers(args []Word) []string {
	var out []string
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		name, _, _ := strings.Cut(v, "=")
		if len(name) >= len("--pa") && strings.HasPrefix("--pastebin", name) {
			out = append(out, "pytest "+v+" sends the session's output to a paste service")
		}
	}
	return out
}

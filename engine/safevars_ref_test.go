package engine

import "testing"

// Leading assignments an allow rule matches past, as the reference CLI
// does (../shared/oracle/run-case.sh with allow Bash(npm test *), each
// "VAR=1 npm test x"): it allowed the first group and asked for the
// second, and agentctl answers the same. The second group configures what
// the program loads, where it writes, or what it runs.
var safeVarsRefAllowed = []string{"CGO_ENABLED", "GO111MODULE", "GOEXPERIMENT", "PYTEST_DISABLE_PLUGIN_AUTOLOAD",
	"PYTEST_DEBUG", "LC_TIME", "CHARSET", "COLORTERM", "LS_COLORS", "LSCOLORS", "GREP_COLOR", "GREP_COLORS",
	"GCC_COLORS", "TIME_STYLE", "BLOCK_SIZE", "BLOCKSIZE", "NODE_ENV", "TZ", "RUST_BACKTRACE", "GOOS"}

var safeVarsRefAsked = []string{"GOFLAGS", "GOPROXY", "GOPATH", "GOCACHE", "GOTOOLCHAIN", "PYTHONPATH",
	"PYTHONWARNINGS", "LC_NUMERIC", "LC_COLLATE", "RUSTFLAGS", "CARGO_TERM_COLOR", "DEBUG", "NODE_NO_WARNINGS",
	"NPM_CONFIG_LOGLEVEL", "TF_LOG", "HOME", "USER", "EDITOR"}

func TestSafeVarsMatchReference(t *testing.T) {
	const s = `{"permissions":{"allow":["Bash(npm test *)"]}}`
	var rows []shellRow
	for _, v := range safeVarsRefAllowed {
		rows = append(rows, shellRow{s, "default", v + "=1 npm test x", "allow"})
	}
	for _, v := range safeVarsRefAsked {
		rows = append(rows, shellRow{s, "default", v + "=1 npm test x", "ask"}, shellRow{s, "dontAsk", v + "=1 npm test x", "deny"})
	}
	// Safe for an allow rule, still seen by deny rules.
	rows = append(rows, shellRow{`{"permissions":{"allow":["Bash"],"deny":["Bash(go build *)"]}}`, "default", "CGO_ENABLED=0 go build .", "deny"})
	runShellRows(t, nil, map[string][]shellRow{"reference safe variables": rows})
}

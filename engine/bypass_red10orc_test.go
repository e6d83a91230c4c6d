package engine

import (
	"context"
	"testing"
)

// Bypass classes of the tenth red-team pass over Bash allow-rule matching,
// modes and the read-only list, found while sweeping them against the
// reference CLI. Each row is decided by both evaluators.

// red10ListDeny denies the secret and approves the archivers by prefix;
// red10ListNone has no rule at all.
const (
	red10ListDeny = `{"permissions":{"deny":["Read(.env)"],"allow":["Bash(tar:*)","Bash(sort:*)","Bash(rsync:*)"]}}`
	red10ListNone = `{}`
)

var red10ListDenyClasses = map[string][]toolRow{
	"o10-1 a reader whose files come from a list it reads at run time (deny rule)": {
		// sort --files0-from=- reads (and prints) every file the NUL list
		// on stdin names; printf is read-only, so the whole pipeline ran as
		// a read-only command and printed .env under Read(.env).
		// Before: allow.
		{"Bash", `{"command":"printf '.env\\0' | sort --files0-from=-"}`, "", "ask"},
		{"Bash", `{"command":"sort --files0-from=list"}`, "", "ask"},
		{"Bash", `{"command":"sort --files0=list"}`, "", "ask"},
		{"Bash", `{"command":"sort -u --files0-from list"}`, "dontAsk", "deny"},
		{"Bash", `{"command":"wc -c --files0-from=list"}`, "", "ask"},
		{"Bash", `{"command":"du --files0-from=list"}`, "", "ask"},
		{"Bash", `{"command":"file -f list"}`, "", "ask"},
		{"Bash", `{"command":"file --files-from=list"}`, "", "ask"},
		// A checksum tool in check mode opens every file its list names
		// and says whether each matches a digest the caller chose.
		{"Bash", `{"command":"sha256sum -c sums"}`, "", "ask"},
		{"Bash", `{"command":"md5sum --check sums"}`, "", "ask"},
		{"Bash", `{"command":"cksum --ch sums"}`, "", "ask"},
		{"Bash", `{"command":"sha1sum --quiet -c - < sums"}`, "", "ask"},
		// A prefix rule approves tar's arguments, not the files its list
		// names (tar cf - -T list | tar xO printed .env). Before: allow.
		{"Bash", `{"command":"tar cf - -T list"}`, "", "ask"},
		{"Bash", `{"command":"tar -cf out.tar --files-from=list"}`, "", "ask"},
		{"Bash", `{"command":"tar -cf out.tar --files-fr=list"}`, "", "ask"},
		// Benign neighbours: the same readers on files they name.
		{"Bash", `{"command":"sort x"}`, "", "allow"},
		{"Bash", `{"command":"wc -l x README.md"}`, "", "allow"},
		{"Bash", `{"command":"du -sh src"}`, "", "allow"},
		{"Bash", `{"command":"sha256sum x"}`, "", "allow"},
		{"Bash", `{"command":"file x"}`, "", "allow"},
		{"Bash", `{"command":"sort .env"}`, "", "deny"},
	},
}

var red10ListNoneClasses = map[string][]toolRow{
	"o10-1 a reader whose files come from a list it reads at run time (no rule)": {
		// The listed files can lie outside the working directories, which
		// a read-only command may not read unasked. Before: allow.
		{"Bash", `{"command":"printf '/etc/hosts\\0' | sort --files0-from=-"}`, "", "ask"},
		{"Bash", `{"command":"wc --files0-from=list"}`, "", "ask"},
		{"Bash", `{"command":"sha512sum -c sums"}`, "", "ask"},
		{"Bash", `{"command":"wc --files0-from=list"}`, "dontAsk", "deny"},
		{"Bash", `{"command":"wc --files0-from=list"}`, "plan", "ask"},
		// Benign neighbours.
		{"Bash", `{"command":"sort -r x"}`, "", "allow"},
		{"Bash", `{"command":"sha256sum x src/index.ts"}`, "", "allow"},
		{"Bash", `{"command":"sort -c x"}`, "", "allow"},
	},
}

// red10ArithDeny approves every command but touch; red10ArithNone has no
// rule at all.
const (
	red10ArithDeny = `{"permissions":{"allow":["Bash"],"deny":["Bash(touch:*)"]}}`
	red10ArithNone = `{}`
)

var red10ArithClasses = map[string][]toolRow{
	"o10-2 a literal that runs a command when arithmetic evaluates it": {
		// The loop word is a literal, so its variable read as known; but
		// $((x)) evaluates the value again and the subscript's $(touch p)
		// runs (checked with bash: p is created). Before: allow.
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo $((x)); done"}`, "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo ${a[x]}; done"}`, "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do s=abc; echo ${s:x}; done"}`, "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do [[ x -eq 0 ]]; done"}`, "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do (( x )); done"}`, "", "ask"},
		{"Bash", "{\"command\":\"for x in 'a[`touch p`]'; do echo $((x+1)); done\"}", "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo $((x)); done"}`, "dontAsk", "deny"},
		// A file name is repository content: a glob's words are names
		// such as a[$(touch p)] (checked with bash).
		{"Bash", `{"command":"for f in a*; do echo $((f)); done"}`, "", "ask"},
		{"Bash", `{"command":"for f in *.txt; do echo ${a[f]}; done"}`, "", "ask"},
		// A value naming another variable evaluates that one in turn.
		{"Bash", `{"command":"for y in 'a[$(touch p)]'; do x=y; echo $((x)); done"}`, "", "ask"},
		{"Bash", `{"command":"x='a[$(touch p)]' && declare -i n=x"}`, "", "deny"},
		// o10-3: read, mapfile, getopts and select assign REPLY, MAPFILE and
		// OPTARG without naming them; only named operands were tainted, so
		// read <<< 'a[$(touch p)]'; echo $((REPLY)) ran touch (checked with
		// bash). Before: allow.
		{"Bash", `{"command":"read <<< 'a[$(touch p)]'; echo $((REPLY))"}`, "", "ask"},
		{"Bash", `{"command":"read -r < list; echo ${a[REPLY]}"}`, "", "ask"},
		{"Bash", `{"command":"mapfile < list; echo $((MAPFILE))"}`, "", "ask"},
		{"Bash", `{"command":"readarray -t < list; [[ MAPFILE -eq 1 ]]"}`, "", "ask"},
		{"Bash", `{"command":"getopts a: o -a \"$1\"; echo $((OPTARG))"}`, "", "ask"},
		{"Bash", `{"command":"read <<< 'a[$(touch p)]'; echo $((REPLY))"}`, "dontAsk", "deny"},
		// Benign neighbours: numbers, and values never used in arithmetic.
		{"Bash", `{"command":"for i in 1 2 3; do echo $((i*2)); done"}`, "", "allow"},
		{"Bash", `{"command":"for x in 0x1F 2#101 64#_a; do echo $((x)); done"}`, "", "allow"},
		{"Bash", `{"command":"for f in 'a[b]' c; do echo $f; done"}`, "", "allow"},
		{"Bash", `{"command":"n=10; echo $((n+1))"}`, "", "allow"},
		{"Bash", `{"command":"read -r line < list; echo \"$line\""}`, "", "allow"},
		{"Bash", `{"command":"echo $((RANDOM % 6))"}`, "", "allow"},
	},
}

var red10ArithNoneClasses = map[string][]toolRow{
	"o10-2 a literal that runs a command when arithmetic evaluates it (no rule)": {
		// A read-only body made the loop read-only, in every mode.
		// Before: allow.
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo $((x)); done"}`, "", "ask"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo $((x)); done"}`, "plan", "deny"},
		{"Bash", `{"command":"for x in 'a[$(touch p)]'; do echo $((x)); done"}`, "dontAsk", "deny"},
		// The reference asks for an expansion of a variable in echo
		// (engine/readonly_params_test.go); plan mode then denies.
		{"Bash", `{"command":"for i in 1 2 3; do echo $((i*2)); done"}`, "", "ask"},
		{"Bash", `{"command":"for i in 1 2 3; do echo $((i*2)); done"}`, "plan", "deny"},
	},
}

func TestBypassRed10Arith(t *testing.T) {
	for policy, classes := range map[string]map[string][]toolRow{red10ArithDeny: red10ArithClasses, red10ArithNone: red10ArithNoneClasses} {
		s := project(t, policy, map[string]string{"list": "a[$(touch p)]\n"})
		e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		runToolRows(t, e, s.Cwd, classes)
	}
}

func TestBypassRed10Lists(t *testing.T) {
	files := map[string]string{"x": "x\n", "README.md": "x\n", "src/index.ts": "x\n", ".env": "SECRET=x\n", "list": ".env\x00", "sums": "0  .env\n"}
	for policy, classes := range map[string]map[string][]toolRow{red10ListDeny: red10ListDenyClasses, red10ListNone: red10ListNoneClasses} {
		s := project(t, policy, files)
		e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		runToolRows(t, e, s.Cwd, classes)
	}
}

package engine

import "testing"

// printf -v stores the value its format makes. A format setterLiteral does
// not fold (two %s, %b, literal text around %s, a precision) gave the
// variable no candidates, so a write through it reached no protected
// place and bypass mode allowed it. bash 5.2 wrote each of these.
var printfValueRows = map[string][]shellRow{
	"printf -v with a value it makes": {
		{red20shellNone, "bypassPermissions", `printf -v x %s%s .gi t; echo x > $x/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `printf -v x %b '.g\x69t'; echo x > $x/HEAD`, "ask"},
		{red20shellNone, "bypassPermissions", `printf -v x .%s git; echo x >> $x/config`, "ask"},
		{red20shellNone, "bypassPermissions", `printf -v n .git%.0d 0; echo x > $n/config`, "ask"},
		{red20shellNone, "bypassPermissions", `builtin printf -v x %s%s .cla ude; echo x > $x/settings.json`, "ask"},
		{red20shellNone, "bypassPermissions", `printf -v 'a[0]' %s%s .gi t; echo x > ${a[0]}/config`, "ask"},
		{red20shellPrefix, "acceptEdits", `printf -v x %s%s .gi t; echo x > $x/hooks/pre-commit`, "ask"},
		// Neighbours: a literal the parser folds, digits only, a read.
		{red20shellNone, "bypassPermissions", `printf -v x %s hello; echo x > $x.txt`, "allow"},
		{red20shellNone, "bypassPermissions", `printf -v n %d 5; echo x > out$n.txt`, "allow"},
		{red20shellNone, "bypassPermissions", `printf -v n %05d 5; echo x > out$n.txt`, "allow"},
		{red20shellNone, "bypassPermissions", `printf -v x .%s git; cat $x/config`, "allow"},
	},
}

func TestPrintfValueWrites(t *testing.T) { runShellRows(t, nil, printfValueRows) }

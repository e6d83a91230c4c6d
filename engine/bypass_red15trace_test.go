package engine

import "testing"

// Fourth-round real-bash disguises: writes under .git and .claude whose
// place a script computes. Every attack row was run under bash 5.2 in a
// throwaway repository and wrote the protected file (see
// red15traceAttacks in bypass_red15trace_real_test.go); bypass mode must
// ask before it, and the neighbours must stay allowed.

// red15traceFiles is a repository with its .git and .claude, a source
// tree, and a file whose text names .git (dirfile).
var red15traceFiles = map[string]string{
	"<cwd>/.git/HEAD":             "ref: refs/heads/main\n",
	"<cwd>/.git/config":           "[core]\n",
	"<cwd>/.git/hooks/pre-commit": "#!/bin/sh\n",
	"<cwd>/.claude/settings.json": "{}\n",
	"<cwd>/src/a.go":              "package a\n",
	"<cwd>/dirfile":               ".git\n",
	"<cwd>/x":                     "x\n",
}

// red15traceNone has no rules: in bypass mode only the protected-path
// check stands between the call and the write.
const red15traceNone = `{}`

// red15traceBy is the mode every row but the mode rows is decided in.
const red15traceBy = "bypassPermissions"

var red15traceClasses = map[string][]bashModeRow{
	"r15t-1 a cd or write target that is the output of a command printing a literal": {
		// bash wrote .git/config for each: the substitution's output is
		// known without running it, but a cd's guess kept its text and
		// dirname/basename/realpath were not read as printing a path.
		{red15traceNone, `cd "$(echo .git)" && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `cd "$(printf .git)" && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, "cd `echo .git` && echo x > config", red15traceBy, "ask"},
		{red15traceNone, `cd $(echo .git/hooks) && echo x > pre-commit`, red15traceBy, "ask"},
		{red15traceNone, `cd "$(echo .git)"; cd hooks; echo x > pre-commit`, red15traceBy, "ask"},
		{red15traceNone, `pushd "$(echo .git)" && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `cd "$(dirname .git/hooks)" && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `cd "$(echo .claude)" && echo {} > settings.json`, red15traceBy, "ask"},
		{red15traceNone, `echo x > "$(dirname .git/x)/config"`, red15traceBy, "ask"},
		{red15traceNone, `echo x > "$(basename /a/.git)/config"`, red15traceBy, "ask"},
		{red15traceNone, `echo x > "$(realpath .git)/config"`, red15traceBy, "ask"},
		{red15traceNone, `echo x > "$(readlink -f .git)/config"`, red15traceBy, "ask"},
		{red15traceNone, `cp x "$(dirname .git/hooks/x)/pre-commit"`, red15traceBy, "ask"},
		{red15traceNone, `cd "$(echo .git)" && echo x > config`, "dontAsk", "deny"},
		// Neighbours: the same producers naming ordinary places, and a
		// substitution only echoed.
		{red15traceNone, `cd "$(echo src)" && echo x > out.log`, red15traceBy, "allow"},
		{red15traceNone, `cd "$(dirname src/a.go)" && touch b.go`, red15traceBy, "allow"},
		{red15traceNone, `echo x > "$(dirname src/a.go)/b.go"`, red15traceBy, "allow"},
		{red15traceNone, `echo x > "$(basename /a/out.txt)"`, red15traceBy, "allow"},
		{red15traceNone, `echo "$(dirname .git/x)"`, red15traceBy, "allow"},
		{red15traceNone, `cd "$(echo .git)" && ls`, red15traceBy, "allow"},
	},
	"r15t-2 ~+, $PWD and OLDPWD spell where a cd goes": {
		// bash wrote .git/config for each: ~+ is $PWD (the shell's own
		// directory), cd - and ~- go to $OLDPWD, which the script set.
		{red15traceNone, `cd ~+/.git && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `cd ~+/.git/hooks && echo x > pre-commit`, red15traceBy, "ask"},
		{red15traceNone, `d=.git; cd ~+/$d && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `d=.git; cd "$PWD/$d" && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `d=.claude; cd "${PWD}/$d" && echo {} > settings.json`, red15traceBy, "ask"},
		{red15traceNone, `OLDPWD=.git; cd -; echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `OLDPWD=.git cd - ; echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `export OLDPWD=.git; cd - >/dev/null && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `OLDPWD=.git; cd ~-/hooks; echo x > pre-commit`, red15traceBy, "ask"},
		{red15traceNone, `OLDPWD=.git; pushd ~- && echo x > config`, red15traceBy, "ask"},
		{red15traceNone, `cd ~+/.git && echo x > config`, "acceptEdits", "ask"},
		// Neighbours: the same spellings of ordinary places.
		{red15traceNone, `cd ~+/src && echo x > out.log`, red15traceBy, "allow"},
		{red15traceNone, `cd ~+ && echo x > out.log`, red15traceBy, "allow"},
		{red15traceNone, `d=src; cd "$PWD/$d" && touch b.go`, red15traceBy, "allow"},
		{red15traceNone, `OLDPWD=src; cd -; echo x > out.log`, red15traceBy, "allow"},
		{red15traceNone, `cd -; echo x > out.log`, red15traceBy, "allow"},
		{red15traceNone, `echo "$PWD"; ls ~+`, red15traceBy, "allow"},
	},
}

// TestRed15TraceBypasses decides every row of red15traceClasses.
func TestRed15TraceBypasses(t *testing.T) {
	checkBashRows(t, red15traceFiles, red15traceClasses)
}

package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Shell options that change how later words are read, round 21. Each
// attack was run in bash 5.2 first: it read the denied file or wrote
// under .git while the decision before the fix allowed it. Every row is
// decided by the evaluator AGENTCTL_EVALUATOR names (both in CI).

// red21shellAll approves every command, as a permissive project does, and
// keeps secrets away with deny rules.
const red21shellAll = `{"permissions":{"allow":["Bash"],"deny":["Read(.env)","Read(~/.ssh/**)","Bash(rm:*)"]}}`

// red21shellDeny has the deny rules only (bypassPermissions mode).
const red21shellDeny = `{"permissions":{"deny":["Read(.env)","Read(~/.ssh/**)","Bash(rm:*)"]}}`

// red21shellNone has no rule: only the protected paths guard .git.
const red21shellNone = `{}`

var red21shellClasses = map[string][]shellRow{
	"r21-1 cdable_vars makes cd NAME go where the variable NAME points": {
		// bash printed the key from the home directory and from the
		// directory x held, while cd was followed into ./HOME and ./x.
		{red21shellAll, "default", `shopt -s cdable_vars; cd HOME && cat .ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -s cdable_vars; x=../home/.ssh; cd x && cat id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -s cdable_vars; x=../home/.ssh; pushd x && cat id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -s "cdable"_vars; cd HOME; cat .ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `f() { cd HOME && pr .ssh/id_rsa; }; shopt -s cdable_vars; f`, "deny"},
		{red21shellDeny, "bypassPermissions", `shopt -s cdable_vars; cd HOME && cat .ssh/id_rsa`, "deny"},
		// A variable the script does not spell: where cd goes is unknown.
		{red21shellAll, "default", `shopt -s cdable_vars; read x < f; cd x && cat id_rsa`, "notallow"},
		{red21shellAll, "default", `shopt -s cdable_vars; cd SSHDIR && cat id_rsa`, "notallow"},
		// Neighbours: the option off, and targets that are not names.
		{red21shellAll, "default", `cd HOME && cat .ssh/id_rsa`, "allow"},
		{red21shellAll, "default", `x=../home/.ssh; cd x && cat id_rsa`, "allow"},
		{red21shellAll, "default", `shopt -s cdable_vars; cd ./src && cat a.go`, "allow"},
		{red21shellAll, "default", `shopt -s cdable_vars; cd src/ && cat a.go`, "allow"},
	},
	"r21-2 globskipdots off lets a dot glob match . and ..": {
		// bash 5.2 read ../home/.ssh/id_rsa through .*, .? and .[.].
		{red21shellAll, "default", `shopt -u globskipdots; cat .*/home/.ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -u globskipdots; cat .?/home/.ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -u globskipdots; cat .[.]/home/.ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -u globskipdots; pr .*/home/.ssh/id_rsa`, "deny"},
		{red21shellAll, "default", `shopt -u glob\skipdots; head .*/home/.ssh/*`, "deny"},
		{red21shellDeny, "bypassPermissions", `shopt -u globskipdots; cat .*/home/.ssh/id_rsa`, "deny"},
		// Neighbours: the option left on, globs without a leading dot.
		{red21shellAll, "default", `cat .*/home/.ssh/id_rsa`, "allow"},
		{red21shellAll, "default", `shopt -u globskipdots; cat *.go src/*.go`, "allow"},
		{red21shellAll, "default", `shopt -u globskipdots; cat src/a.g?`, "allow"},
	},
	"r21-3 dotglob and GLOBIGNORE spelled with quotes or escapes": {
		// bash removes the quotes before shopt or the assignment sees
		// the name: *nv and ?env then matched .env (bash printed it).
		{red21shellAll, "default", `shopt -s "dot"glob; pr *nv`, "deny"},
		{red21shellAll, "default", `shopt -s dot\glob; pr ?env`, "deny"},
		{red21shellAll, "default", `shopt -s $'dot\x67lob'; pr *nv`, "deny"},
		{red21shellAll, "default", `shopt -s 'dot'"glob"; fold *env`, "deny"},
		{red21shellAll, "default", `printf -v GLOB''IGNORE x; pr *nv`, "deny"},
		{red21shellAll, "default", `read GLOB""IGNORE <<<x; pr *nv`, "deny"},
		{red21shellAll, "default", `declare -n r=GLOB""IGNORE; r=x; pr *nv`, "deny"},
		{red21shellAll, "default", `let "GLOB""IGNORE=1"; pr *nv`, "deny"},
		{red21shellAll, "default", `eval 'shopt -s dot\glob'; pr *nv`, "deny"},
		{red21shellDeny, "bypassPermissions", `shopt -s "dot"glob; pr *nv`, "deny"},
		// Neighbours: sources under the option, and the words apart.
		{red21shellAll, "default", `shopt -s "dot"glob; pr *.go`, "allow"},
		{red21shellAll, "default", `pr *nv`, "allow"},
		{red21shellAll, "default", `echo "dot" glob; pr *nv`, "allow"},
		{red21shellAll, "default", `shopt -s "nocase"glob; pr *.GO`, "allow"},
	},
	"r21-4 hash -p read with the builtin's getopt": {
		// bash removed v through ls for each: -p shares a word with other
		// letters or holds its path, -- ends the options, and every
		// operand is bound.
		{red21shellDeny, "bypassPermissions", `hash -rp /bin/rm ls; ls v`, "deny"},
		{red21shellDeny, "bypassPermissions", `hash -dp /bin/rm ls; ls v`, "deny"},
		{red21shellDeny, "bypassPermissions", `hash -p/bin/rm ls; ls v`, "deny"},
		{red21shellDeny, "bypassPermissions", `hash -p /bin/rm -- ls; ls v`, "deny"},
		{red21shellDeny, "bypassPermissions", `hash -p /bin/rm cat ls; ls v`, "deny"},
		{red21shellAll, "default", `hash -lp /bin/rm ls; ls v`, "deny"},
		// Neighbours: -t only lists; hash -r forgets.
		{red21shellDeny, "bypassPermissions", `hash -tp /bin/rm ls; ls v`, "allow"},
		{red21shellAll, "default", `hash -r; ls src`, "allow"},
	},
}

// TestRed21shellDisguises decides every row of red21shellClasses.
func TestRed21shellDisguises(t *testing.T) {
	runShellRows(t, map[string]string{".env": "SECRET=1\n", "src/a.go": "package a\n", "f": "../home/.ssh\n"}, red21shellClasses)
}

// red21shellPhysicalRows are decided in a repository where q links to
// .git/hooks: a physical cd to q/.. stands in .git, and bash wrote
// .git/config for each attack row (config1…config9 in the proof run).
var red21shellPhysicalRows = []shellRow{
	{red21shellNone, "bypassPermissions", `shopt -os physical; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `shopt -s -o physical; cd q/.. && echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `set -"P"; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `s\et -P; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `set -o phys\ical; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `set -$'\x50'; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "bypassPermissions", `bash -P -c 'cd q/..; echo x > config'`, "ask"},
	{red21shellNone, "bypassPermissions", `bash -o physical -c 'cd q/..; echo x > config'`, "ask"},
	{red21shellNone, "bypassPermissions", `eval 's\et -P'; cd q/..; echo x > config`, "ask"},
	{red21shellNone, "dontAsk", `shopt -os physical; cd q/..; echo x > config`, "deny"},
	// Neighbours: logical cds back out of the link, physical ones
	// through a plain directory.
	{red21shellNone, "bypassPermissions", `cd q/..; echo x > config`, "allow"},
	{red21shellNone, "bypassPermissions", `bash -c 'cd q/..; echo x > config'`, "allow"},
	{red21shellNone, "bypassPermissions", `shopt -os physical; cd src/..; echo x > out.log`, "allow"},
	{red21shellNone, "bypassPermissions", `bash -P -c 'cd src && ls'`, "allow"},
}

// TestRed21shellPhysicalCd decides red21shellPhysicalRows.
func TestRed21shellPhysicalCd(t *testing.T) {
	s := project(t, red21shellNone, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n",
		".git/hooks/pre-commit": "#!/bin/sh\n", "src/a.go": "package a\n"})
	if err := os.Symlink(".git/hooks", filepath.Join(s.Cwd, "q")); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range red21shellPhysicalRows {
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": r.cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if !wantDecision(r.want, d.Decision.String()) {
			t.Errorf("%s [%s]: got %s (%s: %s), want %s", r.cmd, r.mode, d.Decision, d.Stage, d.Reason, r.want)
		}
	}
}

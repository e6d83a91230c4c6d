package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Fifth-round real-bash disguises: reads of a Read-denied file by a
// program no operand table knows, under a policy that allows Bash and
// denies the file. Every attack row marked in red16readsPrinting printed
// the secret under bash 5.2 (TestRed16ReadsRealBash); the others were
// seen opening it under strace. The neighbours must stay allowed.

// red16readsFiles is a project with a secret, a secrets directory, a file
// whose text names the secret (n), and ordinary sources.
var red16readsFiles = map[string]string{
	"<cwd>/.env":        "SECRET=red16\n",
	"<cwd>/secrets/key": "SECRET=red16\n",
	"<cwd>/n":           ".env\n",
	"<cwd>/README":      "hello\n",
	"<cwd>/src/a.go":    "package a\n",
}

// red16readsAllow allows every Bash call but denies the secrets and two
// programs; red16readsNone only denies, so read-only detection decides.
const (
	red16readsAllow = `{"permissions":{"allow":["Bash"],"deny":["Read(.env)","Read(secrets/**)","Bash(rm:*)","Bash(curl:*)"]}}`
	red16readsNone  = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)","Bash(rm:*)","Bash(curl:*)"]}}`
)

var red16readsClasses = map[string][]bashModeRow{
	"r16r-1 an unknown program's operand whose value the script chooses": {
		// pr, nl-like readers no table knows, and interpreters: the
		// script sets the name through an array, set --, a loop, read,
		// mapfile, a default or an indirection.
		{red16readsAllow, `x=(.env); pr "${x[@]}"`, "default", "ask"},
		{red16readsAllow, `x=(.env); pr "${x[0]}"`, "default", "ask"},
		{red16readsAllow, `declare -A m=([k]=.env); pr "${m[k]}"`, "default", "ask"},
		{red16readsAllow, `set -- .env; pr "$1"`, "default", "ask"},
		{red16readsAllow, `set -- .env; pr "$@"`, "default", "ask"},
		{red16readsAllow, `set -- x .env; pr $*`, "default", "ask"},
		{red16readsAllow, `for f in .*; do pr "$f"; done`, "default", "ask"},
		{red16readsAllow, `for f in .e*; do pr "$f"; done`, "default", "ask"},
		{red16readsAllow, `for f in *; do pr "$f"; done`, "default", "ask"},
		{red16readsAllow, `ls -a | while read f; do pr "$f"; done`, "default", "ask"},
		{red16readsAllow, `read x < n; pr "$x"`, "default", "ask"},
		{red16readsAllow, `read -r x < n; python3 -c 'import sys; print(open(sys.argv[1]).read())' "$x"`, "default", "ask"},
		{red16readsAllow, `mapfile -t a < n; pr "${a[0]}"`, "default", "ask"},
		{red16readsAllow, `readarray -t a < n; fmt "${a[@]}"`, "default", "ask"},
		{red16readsAllow, `pr ${y:-.env}`, "default", "deny"},
		{red16readsAllow, `pr "${y-.env}"`, "default", "deny"},
		{red16readsAllow, `pr "${z:=.env}"`, "default", "deny"},
		{red16readsAllow, `pr ${y:-secrets}/key`, "default", "deny"},
		{red16readsAllow, `p=x; x=.env; pr "${!p}"`, "default", "ask"},
		{red16readsAllow, `x=.xnv; pr "${x/x/e}"`, "default", "ask"},
		{red16readsAllow, `f() { perl -ne print "$1"; }; f "$(cat n)"`, "default", "ask"},
		{red16readsAllow, `shuf "${a[@]:-.env}"`, "default", "ask"},
		{red16readsAllow, `x=(.env); pr "${x[@]}"`, "dontAsk", "deny"},
		// Neighbours: a literal value (spelled and checked), a variable
		// only the environment sets, a number from arithmetic, a home path.
		{red16readsAllow, `x=README; pr "$x"`, "default", "allow"},
		{red16readsAllow, `x=(README src/a.go); pr "${x[@]}"`, "default", "ask"},
		{red16readsAllow, `pr "$f"`, "default", "allow"},
		{red16readsAllow, `foo --in=$f`, "default", "allow"},
		{red16readsAllow, `for ((i=0; i<3; i++)); do make $i; done`, "default", "allow"},
		{red16readsAllow, `pr "$HOME/notes"`, "default", "allow"},
		{red16readsAllow, `pr README`, "default", "allow"},
		{red16readsAllow, `go test ./...`, "default", "allow"},
		{red16readsAllow, `x=.env; pr "$x"`, "default", "deny"},
		{red16readsNone, `x=(.env); pr "${x[@]}"`, "default", "ask"},
	},
	"r16r-2 xargs hands the names it reads to a program no table knows": {
		// As xargs cat does: the names on xargs's input are operands of
		// pr, nl-like programs, interpreters, which may open them.
		{red16readsAllow, `echo .env | xargs pr`, "default", "ask"},
		{red16readsAllow, `find . -name .env | xargs pr`, "default", "ask"},
		{red16readsAllow, `ls -A | xargs fmt`, "default", "ask"},
		{red16readsAllow, `xargs pr < n`, "default", "ask"},
		{red16readsAllow, `cat n | xargs -n1 expand`, "default", "ask"},
		{red16readsAllow, `printf '%s\0' .env | xargs -0 perl -ne print`, "default", "ask"},
		{red16readsAllow, `find . -name .env -print0 | xargs -0 -I{} python3 -c 'print(open("{}").read())'`, "default", "ask"},
		{red16readsAllow, `echo .env | xargs pr`, "dontAsk", "deny"},
		// Neighbours: programs that only name, and subcommand CLIs.
		{red16readsAllow, `find . -name '*.go' | xargs echo`, "default", "allow"},
		{red16readsAllow, `ls | xargs -n1 basename`, "default", "allow"},
		{red16readsAllow, `echo a | xargs git add`, "default", "allow"},
		{red16readsAllow, `echo a b | xargs printf "%s\n"`, "default", "allow"},
	},
	"r16r-3 a wrapper's option file spelled as a glob": {
		// xargs -a F reads F: a pattern matching .env is a read of it.
		{red16readsAllow, `xargs -a .e?v`, "default", "deny"},
		{red16readsAllow, `xargs -a .en* echo`, "default", "deny"},
		{red16readsAllow, `xargs --arg-file=.e?v`, "default", "deny"},
		{red16readsAllow, `xargs -a ./.[e]nv echo`, "default", "deny"},
		{red16readsAllow, `xargs -a s*/* echo`, "default", "deny"},
		{red16readsAllow, `xargs -a secre?s/key`, "default", "deny"},
		{red16readsNone, `xargs -a .e?v`, "default", "deny"},
		// Neighbours: a list file and a glob of sources.
		{red16readsAllow, `xargs -a n echo`, "default", "allow"},
		{red16readsAllow, `xargs -a src/*.go echo`, "default", "allow"},
	},
	"r16r-4 a glob under dotglob or GLOBIGNORE matches a leading dot": {
		// shopt -s dotglob, or any GLOBIGNORE value, makes *, ? and a
		// bracket match the dot of .env.
		{red16readsAllow, `shopt -s dotglob; pr *env`, "default", "deny"},
		{red16readsAllow, `shopt -s dotglob; pr ?env`, "default", "deny"},
		{red16readsAllow, `shopt -s dotglob; pr [.]env`, "default", "deny"},
		{red16readsAllow, `shopt -s dotglob; pr [!a]env`, "default", "deny"},
		{red16readsAllow, `shopt -s dotglob; pr *.env`, "default", "deny"},
		{red16readsAllow, `shopt -s dotglob; pr *`, "default", "deny"},
		{red16readsAllow, `GLOBIGNORE=x; pr *nv`, "default", "deny"},
		{red16readsAllow, `GLOBIGNORE=x; fold *env`, "default", "deny"},
		{red16readsAllow, `shopt -s globstar dotglob; pr **/*nv`, "default", "deny"},
		{red16readsAllow, `bash -c 'shopt -s dotglob; pr *env'`, "default", "deny"},
		{red16readsNone, `shopt -s dotglob; rev ?env`, "default", "deny"},
		// Neighbours: sources under dotglob, and *env without it (bash
		// does not pass .env).
		{red16readsAllow, `shopt -s dotglob; pr src/*.go`, "default", "allow"},
		{red16readsAllow, `shopt -s dotglob; pr *.go`, "default", "allow"},
		{red16readsAllow, `GLOBIGNORE=.; pr *.md`, "default", "allow"},
		{red16readsAllow, `pr *env`, "default", "allow"},
	},
	"r16r-5 a glob whose segment only the pattern spells, under a ** rule": {
		// Read(secrets/**): s*/k* is secrets/key, but no name of the
		// rule fills k*, so no witness was found for a program no table
		// knows (cat had the file system's expansion).
		{red16readsAllow, `pr s*/k*`, "default", "deny"},
		{red16readsAllow, `pr s**/k*`, "default", "deny"},
		{red16readsAllow, `pr se*/?ey`, "default", "deny"},
		{red16readsAllow, `fold s*/[k]ey`, "default", "deny"},
		{red16readsNone, `rev secr*/k?y`, "default", "deny"},
		{red16readsNone, `fold s*/k*`, "default", "deny"},
		// Neighbours: the sources beside it.
		{red16readsNone, `fold src/*.go`, "default", "allow"},
		{red16readsAllow, `pr src/a*`, "default", "allow"},
	},
	"r16r-6 a literal default or alternate of an expansion names the file": {
		// With y unset (or set, for :+), the command gets .env: git
		// hash-object -w stores it, and git cat-file -p prints it back.
		{red16readsAllow, `git hash-object ${y:-.env}`, "default", "deny"},
		{red16readsAllow, `git hash-object -w "${z:=.env}"`, "default", "deny"},
		{red16readsAllow, `git hash-object ${y:+.env}`, "default", "deny"},
		{red16readsAllow, `git hash-object "${y:-secrets}/key"`, "default", "deny"},
		// Neighbours: an ordinary default, and a command that only names.
		{red16readsAllow, `git hash-object ${y:-README}`, "default", "allow"},
		{red16readsAllow, `echo ${y:-.env}`, "default", "allow"},
	},
}

// TestRed16ReadsBypasses decides every row of red16readsClasses.
func TestRed16ReadsBypasses(t *testing.T) {
	checkBashRows(t, red16readsFiles, red16readsClasses)
}

// red16readsPrinting are attack rows whose command prints what it read:
// run by bash in a copy of red16readsFiles, each printed the secret.
var red16readsPrinting = []string{
	`x=(.env); pr "${x[@]}"`,
	`set -- .env; pr "$1"`,
	`for f in .e*; do pr "$f"; done`,
	`read x < n; pr "$x"`,
	`mapfile -t a < n; pr "${a[0]}"`,
	`pr ${y:-.env}`,
	`pr ${y:-secrets}/key`,
	`p=x; x=.env; pr "${!p}"`,
	`x=.xnv; pr "${x/x/e}"`,
	`echo .env | xargs pr`,
	`xargs pr < n`,
	`xargs -a .e?v`,
	`xargs -a secre?s/key`,
	`shopt -s dotglob; pr ?env`,
	`shopt -s dotglob; pr [.]env`,
	`GLOBIGNORE=x; pr *nv`,
	`pr s*/k*`,
	`pr se*/?ey`,
}

// TestRed16ReadsRealBash runs red16readsPrinting in bash and checks each
// really prints the secret (the rows are attacks, not guesses).
func TestRed16ReadsRealBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("pr"); err != nil {
		t.Skip("no pr")
	}
	for _, script := range red16readsPrinting {
		dir := t.TempDir()
		for name, text := range red16readsFiles {
			p := filepath.Join(dir, strings.TrimPrefix(name, "<cwd>/"))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bash, "--noprofile", "--norc", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C"}
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "SECRET=red16") {
			t.Errorf("%q did not print the secret: %s", script, out)
		}
	}
}

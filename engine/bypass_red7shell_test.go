package engine

import (
	"testing"
)

// Bypass classes of the seventh red-team pass on Bash command analysis.
// Each row names its settings, its mode and the decision the spec asks for.

type shellRed7Case = shellRow

var shellRed7Classes = map[string][]shellRed7Case{
	"r7-1 a command whose name is not static hides the files it names": {
		// Whatever ${X:-cat} turns out to be, it is a command no table
		// knows: its operands are possible reads and writes (spec §3).
		{pathPolicy, "default", `${X:-cat} .env`, "deny"},
		{pathPolicy, "default", `${CAT:=cat} .env`, "deny"},
		{pathPolicy, "default", `$X .env`, "deny"},
		{pathPolicy, "default", `"$X" .env`, "deny"},
		{pathPolicy, "default", `$(echo cat) .env`, "deny"},
		{pathPolicy, "default", "`echo cat` secrets/key", "deny"},
		{pathPolicy, "default", `${!X} .env`, "deny"},
		{pathPolicy, "default", `$1 -- .env`, "deny"},
		{pathPolicy, "default", `${@:-cat} .env`, "deny"},
		{pathPolicy, "default", `$((0)) .env`, "deny"},
		{pathPolicy, "default", `ca? .env`, "deny"},
		{pathPolicy, "default", `~/bin/cat .env`, "deny"},
		{pathPolicy, "default", `{cat,.env}`, "deny"},
		{pathPolicy, "default", `{ca,}t .env`, "deny"},
		{pathPolicy, "default", `${X:-cp} x config/app.yml`, "deny"},
		{pathPolicy, "default", `${X:-cat} --file=.env`, "deny"},
		{red6AllowAll, "default", `${X:-tee} .bashrc`, "ask"},
		{red6AllowAll, "acceptEdits", `$X x .bashrc`, "ask"},
		{red6AllowAll, "bypassPermissions", `$X x .git/hooks/pre-commit`, "ask"},
		{red6AllowAll, "bypassPermissions", `$(echo cp) x .claude/settings.json`, "ask"},
		// A brace word of a command no table knows stands for each of
		// its expansions.
		{pathPolicy, "default", `rev .{e,}nv`, "deny"},
		{pathPolicy, "default", `rev {x,.env}`, "deny"},
		{pathPolicy, "default", `fold {x,.env}`, "deny"},
		// Benign neighbours.
		{pathPolicy, "default", `${X:-cat} README.md`, "allow"},
		{pathPolicy, "default", `$X src/main.go`, "allow"},
		{pathPolicy, "default", `expand {README,x}.md`, "allow"},
		{red6AllowAll, "default", `$X x y`, "allow"},
	},
	"r7-2 a script mvdan rejects but bash runs": {
		// bash reads x[1] as a glob word and ((…); …) as nested
		// subshells; mvdan stops at them. The rest of the script still
		// runs, so the files it names are checked (spec §3, §6).
		{pathPolicy, "default", `cat .env; x[1]`, "deny"},
		{pathPolicy, "default", `x[1]; cat .env`, "deny"},
		{pathPolicy, "default", `cat .e''nv; x[1]`, "deny"},
		{pathPolicy, "default", `cat "secrets/key"; y[0] z`, "deny"},
		{pathPolicy, "default", `((cat .env); echo b)`, "deny"},
		{pathPolicy, "default", `A=1 b[2]; head -c9 .env`, "deny"},
		{pathPolicy, "default", `bash -c 'x[1]; cat .env'`, "deny"},
		{pathPolicy, "default", `cp x config/app.yml; x[1]`, "deny"},
		{red6AllowAll, "default", `echo x > .bashrc; x[1]`, "ask"},
		{red6AllowAll, "default", `python3 -c "open('.bashrc','w')"; x[1]`, "ask"},
		{red6AllowAll, "acceptEdits", `((tee .zshrc); :)`, "ask"},
		{red6AllowAll, "bypassPermissions", `echo x > .git/hooks/pre-commit; x[1]`, "ask"},
		{red6AllowAll, "bypassPermissions", `x[1]; cp x .claude/settings.json`, "ask"},
		// Benign neighbours: a bare Bash allow with no Bash rule approves
		// what does not parse (spec §3), when it names nothing guarded.
		{red6AllowAll, "default", `ls; x[1]`, "allow"},
		{pathPolicy, "default", `cat README.md; x[1]`, "allow"},
		{red6AllowAll, "bypassPermissions", `x[1] > out.txt`, "allow"},
	},
	"r7-3 a reader no operand table knows, given a word whose value is not known": {
		// rev and fold read their operands as cat does; a word the
		// script does not spell whole (an operator expansion, a value read
		// at run time, a split value, a name reference) asks, as cat's
		// does (spec §3).
		{pathPolicy, "default", `rev $X`, "ask"},
		{pathPolicy, "default", `X=.ENV; rev ${X,,}`, "ask"},
		{pathPolicy, "default", `X=x.env; fold ${X#x}`, "ask"},
		{pathPolicy, "default", `X=.envx; rev ${X%x}`, "ask"},
		{pathPolicy, "default", `X=.env; rev ${X:0:4}`, "ask"},
		{pathPolicy, "default", `a=(x .env); rev "${a[@]}"`, "ask"},
		{pathPolicy, "default", `read X <<<.env; rev $X`, "notallow"},
		{pathPolicy, "default", `mapfile a <<<.env; rev ${a[0]}`, "ask"},
		{pathPolicy, "default", `printf -v X %s .env; rev "$X"`, "notallow"},
		{pathPolicy, "default", `set -- .env; rev $1`, "ask"},
		{pathPolicy, "default", "rev `echo .env`", "deny"},
		{pathPolicy, "default", `rev ${X:-.env}`, "ask"},
		// A variable the script sets to a literal and to something else
		// may hold the something else.
		{pathPolicy, "default", `X=README.md; read X <<<.env; rev $X`, "notallow"},
		{pathPolicy, "default", `X=README.md; printf -v X .env; rev $X`, "notallow"},
		{pathPolicy, "default", `X=README.md; : ${X:=.env}; rev $X`, "ask"},
		{pathPolicy, "default", `X=README.md; declare -n R=X; rev $R`, "ask"},
		{pathPolicy, "default", `X=README.md; for X in $(ls); do rev $X; done`, "ask"},
		{pathPolicy, "default", `X=README.md; (( X++ )); rev $X`, "ask"},
		// An unquoted value splits into fields.
		{pathPolicy, "default", `X="README.md .env"; rev $X`, "deny"},
		{pathPolicy, "default", `IFS=:; X=a:.env; rev $X`, "deny"},
		// Benign neighbours: a value the script spells whole.
		{pathPolicy, "default", `X=README.md; expand $X`, "allow"},
		{pathPolicy, "default", `X=README.md; expand "$X"`, "allow"},
		{pathPolicy, "default", `X="README.md src/main.go"; expand $X`, "allow"},
		{pathPolicy, "default", `expand "$(echo README.md)"`, "allow"},
		{pathPolicy, "default", `expand $HOME/notes`, "allow"},
		{"{}", "default", `rev README.md`, "allow"},
		// With no rule at all a read of a word not known is not read-only
		// here, as cat $X is not (where it reads is not known).
		{"{}", "default", `rev $X`, "ask"},
	},
	"r7-4 a program reads its script from a here-document or here-string": {
		// bash <<'EOF' runs the body as a script; python3 <<'EOF' runs it
		// as a program: the body is parsed (a shell's) or its words are
		// mentions (an interpreter's), as bash -c and python3 -c are.
		{pathPolicy, "default", "bash <<'EOF'\ncat .env\nEOF", "deny"},
		{pathPolicy, "default", "sh -s <<EOF\nhead secrets/key\nEOF", "deny"},
		{pathPolicy, "default", `bash -s <<<'cat .env'`, "deny"},
		{pathPolicy, "default", `bash <<<"rev .e''nv"`, "deny"},
		{pathPolicy, "default", "python3 <<'EOF'\nprint(open('.env').read())\nEOF", "deny"},
		{pathPolicy, "default", "python3 - <<'EOF'\nprint(open('.env').read())\nEOF", "deny"},
		{pathPolicy, "default", "node <<'EOF'\nconsole.log(require('fs').readFileSync('.env','utf8'))\nEOF", "deny"},
		{pathPolicy, "default", "perl <<'EOF'\nopen F,'.env'; print <F>\nEOF", "deny"},
		{pathPolicy, "default", `python3 <<<"print(open('.env').read())"`, "deny"},
		{pathPolicy, "default", "awk -f - README.md <<'EOF'\n{ while ((getline l < \".env\") > 0) print l }\nEOF", "deny"},
		{red6AllowAll, "default", "bash <<'EOF'\necho x > .bashrc\nEOF", "ask"},
		{red6AllowAll, "default", "python3 <<'EOF'\nopen('.bashrc','w').write('x')\nEOF", "ask"},
		{red6AllowAll, "bypassPermissions", "sh <<'EOF'\ncp x .git/hooks/pre-commit\nEOF", "ask"},
		{red6AllowAll, "bypassPermissions", `ruby <<<"File.write('.claude/settings.json','{}')"`, "ask"},
		// Benign neighbours.
		{pathPolicy, "default", "bash <<'EOF'\ncat README.md\nEOF", "allow"},
		{pathPolicy, "default", "python3 <<'EOF'\nprint(open('README.md').read())\nEOF", "allow"},
		{pathPolicy, "default", "cat <<'EOF'\n.env\nEOF", "allow"},
	},
	"r7-5 an editor's start-up commands from the environment": {
		// vim runs $VIMINIT (ex: $EXINIT) as Ex commands before it opens
		// the file: call system(…) and ! run programs (checked with vim
		// 9: VIMINIT='call system("rm victim")' vim -c q x removes it).
		{commandPolicy, "default", `VIMINIT='call system("rm victim")' vim x`, "ask"},
		{commandPolicy, "default", `EXINIT='!rm victim' vi x`, "ask"},
		{commandPolicy, "default", `export VIMINIT='!rm victim'; vim x`, "ask"},
		{commandPolicy, "default", `env GVIMINIT='!rm victim' gvim x`, "ask"},
		{commandPolicy, "default", `vim x`, "allow"},
	},
}

func TestRed7ShellClasses(t *testing.T) {
	files := map[string]string{".env": "SECRET=1\n", "secrets/key": "k\n", "config/app.yml": "a: 1\n",
		"README.md": "readme\n", "src/main.go": "package main\n", "x": "x\n", ".git/config": "[core]\n"}
	runShellRows(t, files, shellRed7Classes)
}

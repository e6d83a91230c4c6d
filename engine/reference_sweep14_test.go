package engine

import (
	"testing"
)

// Rows of a fourteenth differential sweep against the reference CLI
// (2.1.332, run offline), walking spec §3's read-only list and its cd
// sentences with disguises: [[ ]] conditionals alone and beside other
// commands (with and without a parameter in them), [ and test with
// $HOME, git branch in list mode (--contains, --no-contains, --merged,
// --points-at, --list with patterns, -i, --column, --abbrev) beside the
// forms that create a branch or that the reference asks for (--format,
// --color=WHEN, --merged=C, a filter without its commit, an unquoted
// glob), and cd/pushd into $HOME and $PWD before a relative read of a
// denied file, and a cd that names no directory (cd, cd --, cd -L,
// cd -P, cd -) before ls and git. Each row keeps the reference's answer (ref); a row whose
// want differs says why in note, and agentctl is never looser than the
// reference without one. The classes the sweep showed (cd "$HOME" asked
// where the reference denies; git branch list mode and lone [[ ]] asked
// where it lists; [[ "$HOME" ]] and [ "$HOME" ] were approved where it
// asks) are the regression tests of bypass_red20sb_test.go.

// red20sbSweepRow rows reuse the twelfth sweep's row type
// (red18orcSweepRow): id, settings, command, want, ref, note.

const (
	red20sbSw0 = `{"permissions":{}}`
	red20sbSw1 = `{"permissions":{"deny":["Read(.env)","Bash(rm:*)"]}}`
	red20sbSw2 = `{"permissions":{"allow":["Bash(cat:*)","Bash(cd:*)"],"deny":["Read(.env)","Read(~/.ssh/**)"]}}`
	red20sbSw3 = `{"permissions":{"allow":["Bash(cat:*)","Bash(git:*)","Bash(grep:*)","Bash(awk:*)","Bash(sed:*)","Bash(cp:*)","Bash(tar:*)","Bash(xargs:*)","Bash(find:*)","Bash(python3:*)","Bash(node:*)","Bash(sort:*)","Bash(wc:*)","Bash(du:*)","Bash(diff:*)","Bash(cd:*)","Bash(ls:*)","Bash(source:*)","Bash(dd:*)","Bash(jq:*)","Bash(less:*)","Bash(vim:*)","Bash(tr:*)","Bash(cut:*)","Bash(paste:*)","Bash(join:*)","Bash(comm:*)","Bash(split:*)","Bash(md5sum:*)","Bash(sha256sum:*)","Bash(file:*)","Bash(bat:*)","Bash(column:*)","Bash(iconv:*)","Bash(look:*)","Bash(envsubst:*)","Bash(zip:*)","Bash(gzip:*)","Bash(mapfile:*)","Bash(read:*)","Bash(printf:*)","Bash(echo:*)"],"deny":["Read(.env)","Read(~/.ssh/**)","Bash(curl:*)"]}}`
)

// red20sbSweepFiles are the reference run's fixture files.
var red20sbSweepFiles = map[string]string{
	"<cwd>/.env": "SECRET=oracle-dummy\n", "<cwd>/README.md": "# fixture\n", "<cwd>/x": "x\n",
	"<cwd>/package.json": "{\"name\":\"a\",\"scripts\":{\"test\":\"echo T\"}}\n",
	"<cwd>/src/a.go":     "package a\n", "<cwd>/src/sub/b.go": "package b\n",
	"<home>/.ssh/id_rsa": "KEY\n",
}

var red20sbSweepRows = []red18orcSweepRow{
	{`b0`, red20sbSw0, `(( 1 + 2 ))`, `ask`, `ask`, ``},
	{`b1`, red20sbSw0, `let a=1`, `ask`, `ask`, ``},
	{`b2`, red20sbSw0, `# hi`, `ask`, `allow`, `stricter: a comment alone is no command the read-only check approves`},
	{`b3`, red20sbSw0, `:`, `ask`, `ask`, ``},
	{`b4`, red20sbSw0, `[[ -n "$HOME" ]] && echo y`, `ask`, `ask`, ``},
	{`b5`, red20sbSw0, `[[ -d src ]]`, `allow`, `allow`, ``},
	{`b6`, red20sbSw0, `[[ a == b ]]`, `allow`, `allow`, ``},
	{`b7`, red20sbSw0, `[[ -f x ]] || echo no`, `allow`, `allow`, ``},
	{`b8`, red20sbSw0, `if [[ -f x ]]; then echo y; fi`, `allow`, `allow`, ``},
	{`b9`, red20sbSw0, `git branch --no-contains HEAD`, `allow`, `allow`, ``},
	{`b10`, red20sbSw0, `git branch --merged main`, `allow`, `allow`, ``},
	{`b11`, red20sbSw0, `git branch --points-at HEAD`, `allow`, `allow`, ``},
	{`b12`, red20sbSw0, `git branch --sort=-committerdate`, `allow`, `allow`, ``},
	{`b13`, red20sbSw0, `git branch --format="%(refname)"`, `ask`, `ask`, ``},
	{`b14`, red20sbSw0, `git branch -l 'f*'`, `allow`, `allow`, ``},
	{`b15`, red20sbSw0, `git branch --list 'f*'`, `allow`, `allow`, ``},
	{`b16`, red20sbSw0, `git branch -vv`, `allow`, `allow`, ``},
	{`b17`, red20sbSw0, `git branch --column`, `allow`, `allow`, ``},
	{`b18`, red20sbSw0, `git branch -a --contains HEAD`, `allow`, `allow`, ``},
	{`b19`, red20sbSw0, `git branch --no-merged`, `allow`, `allow`, ``},
	{`b20`, red20sbSw0, `git branch -r --merged`, `allow`, `allow`, ``},
	{`b21`, red20sbSw0, `git branch --contains`, `ask`, `ask`, ``},
	{`b22`, red20sbSw0, `git branch --abbrev=4 -v`, `allow`, `allow`, ``},
	{`b23`, red20sbSw0, `git branch --no-color`, `allow`, `allow`, ``},
	{`b24`, red20sbSw0, `git branch --color=always`, `ask`, `ask`, ``},
	{`b25`, red20sbSw0, `git branch -i --list`, `allow`, `allow`, ``},
	{`b26`, red20sbSw0, `git branch --ignore-case`, `allow`, `allow`, ``},
	{`b27`, red20sbSw1, `[[ -f .env ]]`, `allow`, `allow`, ``},
	{`b28`, red20sbSw1, `[[ -s .env ]] && echo y`, `deny`, `allow`, `stricter, spec §3: test -s reads what it sizes, as for test and [`},
	{`b29`, red20sbSw1, `[[ $(cat .env) ]]`, `deny`, `ask`, `stricter, spec §3: a denied path named anywhere fails closed`},
	{`b30`, red20sbSw1, `[[ -f .env ]] && echo y`, `allow`, `allow`, ``},
	{`b31`, red20sbSw1, `[[ "$(<.env)" == x ]]`, `deny`, `ask`, `stricter, spec §3: a denied path named anywhere fails closed`},
	{`b32`, red20sbSw1, `[[ -v a[$(rm x)] ]]`, `deny`, `deny`, ``},
	{`b33`, red20sbSw1, `[[ x -eq "a[$(rm x)]" ]]`, `deny`, `deny`, ``},
	{`b34`, red20sbSw0, `echo $HOME`, `allow`, `allow`, ``},
	{`b35`, red20sbSw0, `echo "$HOME"`, `allow`, `allow`, ``},
	{`b36`, red20sbSw0, `[[ -n "$HOME" ]]`, `ask`, `ask`, ``},
	{`b37`, red20sbSw0, `[[ -n x ]] && echo y`, `allow`, `allow`, ``},
	{`b38`, red20sbSw0, `ls $HOME`, `ask`, `ask`, ``},
	{`b39`, red20sbSw0, `cat "$PWD/README.md"`, `ask`, `allow`, `stricter: a file word spelled with a parameter is not static`},
	{`b40`, red20sbSw0, `test -n "$HOME"`, `allow`, `allow`, ``},
	{`b41`, red20sbSw0, `[ -n "$HOME" ]`, `ask`, `ask`, ``},
	{`b42`, red20sbSw0, `[[ -f x ]] && echo "$X"`, `ask`, `ask`, ``},
	{`b43`, red20sbSw0, `[[ $X == y ]]`, `ask`, `ask`, ``},
	{`b44`, red20sbSw0, `echo ${HOME}`, `allow`, `allow`, ``},
	{`b45`, red20sbSw0, `[[ -n $X ]]`, `ask`, `ask`, ``},
	{`b46`, red20sbSw0, `[ -n "$X" ] && echo y`, `ask`, `ask`, ``},
	{`b47`, red20sbSw0, `git branch --format=x`, `ask`, `ask`, ``},
	{`b48`, red20sbSw0, `git branch --contains HEAD nb`, `ask`, `ask`, ``},
	{`b49`, red20sbSw0, `git branch --list f nb`, `allow`, `allow`, ``},
	{`b50`, red20sbSw0, `git branch -v nb`, `ask`, `ask`, ``},
	{`b51`, red20sbSw0, `git branch --points-at=HEAD`, `allow`, `allow`, ``},
	{`b52`, red20sbSw0, `git branch --contains=HEAD`, `allow`, `allow`, ``},
	{`b53`, red20sbSw0, `git branch --merged=main`, `ask`, `ask`, ``},
	{`b54`, red20sbSw0, `git branch --sort=refname nb`, `ask`, `ask`, ``},
	{`b55`, red20sbSw0, `git branch --column nb`, `ask`, `ask`, ``},
	{`b56`, red20sbSw0, `git branch -a nb`, `ask`, `ask`, ``},
	{`b57`, red20sbSw0, `git branch --no-contains`, `ask`, `ask`, ``},
	{`b58`, red20sbSw0, `git branch --points-at`, `ask`, `ask`, ``},
	{`b59`, red20sbSw2, `cd "$HOME"; cat .ssh/id_rsa`, `deny`, `deny`, ``},
	{`b60`, red20sbSw2, `cd ${HOME}/.ssh && cat id_rsa`, `deny`, `deny`, ``},
	{`b61`, red20sbSw2, `cd "$PWD"; cat .env`, `deny`, `ask`, `stricter, spec §3: a denied path named anywhere fails closed ($PWD is where the shell stands)`},
	{`b62`, red20sbSw2, `cd $PWD/src && cat ../.env`, `deny`, `ask`, `stricter, spec §3: a denied path named anywhere fails closed ($PWD is where the shell stands)`},
	{`b63`, red20sbSw2, `pushd $HOME && cat .ssh/id_rsa`, `deny`, `deny`, ``},
	{`b64`, red20sbSw2, `env -C "$HOME" cat .ssh/id_rsa`, `ask`, `ask`, ``},
	{`b65`, red20sbSw2, `cd ~ && cat .ssh/id_rsa`, `deny`, `deny`, ``},
	{`b66`, red20sbSw0, `[ -f x ]`, `allow`, `allow`, ``},
	{`b67`, red20sbSw0, `[ -n x ]`, `allow`, `allow`, ``},
	{`b68`, red20sbSw0, `[ -f x ] && echo y`, `allow`, `allow`, ``},
	{`b69`, red20sbSw0, `[ "$HOME" ]`, `ask`, `ask`, ``},
	{`b70`, red20sbSw0, `test -f x`, `allow`, `allow`, ``},
	{`b71`, red20sbSw0, `test -n "$X"`, `ask`, `ask`, ``},
	{`b72`, red20sbSw0, `[ -f "$HOME/x" ]`, `ask`, `ask`, ``},
	{`b73`, red20sbSw0, `[[ -f "$HOME/x" ]]`, `ask`, `ask`, ``},
	{`b74`, red20sbSw0, `echo "$X"`, `ask`, `ask`, ``},
	{`b75`, red20sbSw0, `test -f "$HOME"`, `allow`, `allow`, ``},
	{`b76`, red20sbSw0, `[[ -f x && -d src ]]`, `allow`, `allow`, ``},
	{`b77`, red20sbSw0, `[[ ! -e x ]]`, `allow`, `allow`, ``},
	{`b78`, red20sbSw0, `[[ x =~ ^a ]]`, `allow`, `allow`, ``},
	{`b79`, red20sbSw0, `[[ -f src/a.go ]] && cat src/a.go`, `allow`, `allow`, ``},
	{`b80`, red20sbSw0, `git branch -l`, `allow`, `allow`, ``},
	{`b81`, red20sbSw0, `git branch --list f`, `allow`, `allow`, ``},
	{`b82`, red20sbSw0, `git branch -a --list f`, `allow`, `allow`, ``},
	{`b83`, red20sbSw0, `git branch --merged main --list f`, `allow`, `allow`, ``},
	{`b84`, red20sbSw0, `git branch --no-merged main`, `allow`, `allow`, ``},
	{`b85`, red20sbSw0, `git branch -r --contains HEAD`, `allow`, `allow`, ``},
	{`b86`, red20sbSw0, `git branch --sort=refname --list f`, `allow`, `allow`, ``},
	{`b87`, red20sbSw0, `git branch --abbrev=4`, `allow`, `allow`, ``},
	{`b88`, red20sbSw0, `git branch -vv --list f*`, `ask`, `ask`, ``},
	{`b89`, red20sbSw0, `git branch --no-column`, `allow`, `allow`, ``},
	{`b90`, red20sbSw0, `git branch --color`, `allow`, `allow`, ``},
	{`b91`, red20sbSw0, `git branch --points-at HEAD -a`, `allow`, `allow`, ``},
	{`b92`, red20sbSw0, `git branch --contains HEAD`, `allow`, `allow`, ``},
	{`b93`, red20sbSw0, `pushd src`, `ask`, `ask`, ``},
	{`b94`, red20sbSw0, `popd`, `ask`, `ask`, ``},
	{`b95`, red20sbSw0, `pushd src && cat a.go`, `ask`, `ask`, ``},
	{`b96`, red20sbSw0, `echo $(date)`, `ask`, `ask`, ``},
	{`b97`, red20sbSw0, `[[ -f x ]]`, `allow`, `allow`, ``},
	{`b98`, red20sbSw0, `command -v ls`, `ask`, `ask`, ``},
	{`b99`, red20sbSw0, `env`, `ask`, `ask`, ``},
	{`b100`, red20sbSw0, `printenv`, `ask`, `ask`, ``},
	{`b101`, red20sbSw0, `printenv HOME`, `ask`, `ask`, ``},
	{`b102`, red20sbSw0, `uniq x`, `ask`, `ask`, ``},
	{`b103`, red20sbSw0, `go version`, `ask`, `ask`, ``},
	{`b104`, red20sbSw0, `node -v`, `ask`, `allow`, `stricter: node is no read-only command of spec §3`},
	{`b105`, red20sbSw0, `npm -v`, `ask`, `ask`, ``},
	{`b106`, red20sbSw0, `HOME=/tmp ls`, `ask`, `ask`, ``},
	{`b107`, red20sbSw0, `TERM=xterm ls`, `allow`, `allow`, ``},
	{`b108`, red20sbSw0, `NO_COLOR=1 ls`, `allow`, `allow`, ``},
	{`b109`, red20sbSw0, `LANG=C ls`, `allow`, `allow`, ``},
	{`b110`, red20sbSw0, `PROMPT_COMMAND=id ls`, `ask`, `ask`, ``},
	{`b111`, red20sbSw0, `local A=1`, `ask`, `ask`, ``},
	{`b112`, red20sbSw3, `git archive HEAD`, `allow`, `allow`, ``},
	{`b113`, red20sbSw3, `git stash show -p`, `allow`, `allow`, ``},
	{`b114`, red20sbSw3, `git format-patch -1 --stdout`, `allow`, `allow`, ``},
	{`b115`, red20sbSw3, `cd $HOME; cat .ssh/id_rsa`, `deny`, `deny`, ``},
	{`b116`, red20sbSw3, `echo .env | xargs cat`, `ask`, `allow`, `stricter, spec §3: a file operand from xargs input is not static`},
	{`b117`, red20sbSw0, `cd`, `ask`, `ask`, ``},
	{`b118`, red20sbSw0, `cd && ls`, `ask`, `ask`, ``},
	{`b119`, red20sbSw0, `cd && git status`, `ask`, `ask`, ``},
	{`b120`, red20sbSw0, `cd ~`, `ask`, `ask`, ``},
	{`b121`, red20sbSw0, `cd -`, `allow`, `allow`, ``},
	{`b122`, red20sbSw0, `cd - && ls`, `allow`, `allow`, ``},
	{`b123`, red20sbSw0, `cd -- && git status`, `ask`, `ask`, ``},
	{`b124`, red20sbSw0, `cd ~ && git status`, `ask`, `ask`, ``},
	{`b125`, red20sbSw0, `cd -P; git log`, `ask`, `ask`, ``},
	{`b126`, red20sbSw0, `cd && pwd`, `ask`, `ask`, ``},
	{`b127`, red20sbSw0, `cd - && git status`, `allow`, `ask`, `looser, left open this round: cd - goes to $OLDPWD, which a fresh non-interactive bash has not set (cd fails and git runs in the cwd); a session that exports OLDPWD makes it another directory`},
	{`b128`, red20sbSw0, `cd -- && ls`, `ask`, `ask`, ``},
	{`b129`, red20sbSw0, `cd -L && git status`, `ask`, `ask`, ``},
}

func TestReferenceSweep14(t *testing.T) {
	for _, r := range red20sbSweepRows {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
	}
	root, dirs, sub := sweepLayout(t, red20sbSweepFiles)
	engine := sweepEngines(root, dirs, sub)
	for _, r := range red20sbSweepRows {
		d := sweepDecide(t, engine(t, r.settings), "Bash", sweepBashJSON(t, sub(r.command)), "default")
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %q under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.command, r.settings,
				got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

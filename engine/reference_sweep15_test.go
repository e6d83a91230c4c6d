package engine

import (
	"testing"
)

// Rows of a fifteenth differential sweep against the reference CLI
// (2.1.332, run offline), walking spec §9's public bypass classes with
// disguises of round 21: an unquoted expansion that field splitting cuts
// into an option or a find action ($IFS, an unset variable glued to
// -exec), a brace expansion that spells an option (-{delete,print},
// --{output=F,}), a glob in option position (-del?te, --outpu*), a
// redirect target whose expansion is glued to .git, and a sed label that
// GNU sed ends at a blank (":a w y", "ba e CMD"), beside the quoted,
// "--"-guarded and loop-idiom forms that stay approved. Each row keeps
// the reference's answer (ref); a row whose want differs says why in
// note, and agentctl is never looser than the reference without one. The
// classes the sweep showed are the regression tests of
// bypass_red21b9_test.go.

const (
	red21b9Sw0 = `{"permissions":{}}`
	red21b9Sw1 = `{"permissions":{"allow":["Bash(git status:*)","Bash(npm test:*)","Bash(echo:*)","Bash(find:*)","Bash(sed -n:*)","Bash(ping:*)","Bash(git log:*)","Bash(grep:*)","Bash(sort:*)"],"deny":["Bash(curl:*)","Bash(rm:*)","Read(.env)","Edit(.git/**)"]}}`
)

// red21b9SweepFiles are the reference run's fixture files.
var red21b9SweepFiles = map[string]string{
	"<cwd>/.env": "SECRET=oracle-dummy\n", "<cwd>/README.md": "# fixture\n", "<cwd>/x": "x\n", "<cwd>/y": "a\n",
	"<cwd>/package.json": "{\"name\":\"a\",\"scripts\":{\"test\":\"echo T\"}}\n",
}

var red21b9SweepRows = []red18orcSweepRow{
	{`c0`, red21b9Sw1, `find . -exec${IFS}rm {} +`, `deny`, `ask`, `stricter: the spelling with $IFS's blanks is find . -exec rm {} +, which Bash(rm:*) denies`},
	{`c1`, red21b9Sw1, `find . -type f -exec$IFS rm {} +`, `deny`, `ask`, `stricter: the spelling with $IFS's blanks is find . -type f -exec rm {} +, which Bash(rm:*) denies`},
	{`c2`, red21b9Sw1, `find . -exec$x rm {} +`, `deny`, `ask`, `stricter: with x unset the command is find . -exec rm {} +, which Bash(rm:*) denies`},
	{`c3`, red21b9Sw1, `find . -name x${IFS}-delete`, `deny`, `ask`, `stricter: find . -name x -delete may remove under .git, which Edit(.git/**) denies`},
	{`c4`, red21b9Sw1, `find . -fls${IFS}y`, `ask`, `ask`, ``},
	{`c5`, red21b9Sw1, `git log HEAD${IFS}--output=y`, `ask`, `ask`, ``},
	{`c6`, red21b9Sw1, `git log HEAD$x`, `ask`, `ask`, ``},
	{`c7`, red21b9Sw1, `npm test x${IFS}--script-shell=./s`, `ask`, `ask`, ``},
	{`c8`, red21b9Sw1, `grep -e x${IFS}-f.env y`, `deny`, `ask`, `stricter: the spelling grep -e x -f.env y reads .env, which Read(.env) denies`},
	{`c9`, red21b9Sw1, `sort x${IFS}-o${IFS}y`, `ask`, `ask`, ``},
	{`c10`, red21b9Sw0, `find . -name x${IFS}-delete`, `ask`, `ask`, ``},
	{`c11`, red21b9Sw1, `find . -name "x${IFS}-delete"`, `allow`, `ask`, `quoted: the expansion stays inside the one word find takes as -name's pattern; the reference asks for any variable`},
	{`c12`, red21b9Sw1, `grep -e "x${IFS}-f.env" y`, `allow`, `ask`, `quoted: grep gets the one pattern x<blanks>-f.env; the reference asks for any variable`},
	{`c13`, red21b9Sw1, `npm test -- x${IFS}--script-shell=./s`, `allow`, `ask`, `npm hands every word after -- to the script, not to its own options (npm test -- x --script-shell=./s echoed them); the reference asks for any variable`},
	{`c14`, red21b9Sw1, `find . -name '*.go' -newer x`, `allow`, `allow`, ``},
	{`c15`, red21b9Sw1, `echo x${IFS}-e`, `allow`, `ask`, `echo's words are printed, not opened or run; the reference asks for any variable`},
	{`c16`, red21b9Sw0, `echo x > $nope.git/hooks/pre-commit`, `ask`, `ask`, ``},
	{`c17`, red21b9Sw0, `echo x >${IFS}.git/hooks/pre-commit`, `ask`, `ask`, ``},
	{`c18`, red21b9Sw1, `echo x > $nope.git/config`, `deny`, `ask`, `stricter: with nope unset the target is .git/config, which Edit(.git/**) denies`},
	{`c19`, red21b9Sw0, `echo x > $nope.txt`, `ask`, `ask`, ``},
	{`c20`, red21b9Sw1, `sed -n ':a w y' x`, `ask`, `allow`, `stricter: GNU sed ends the label at the blank; w y writes y (spec §3: sed's w is not read-only, and a prefix rule approves arguments, not new powers)`},
	{`c21`, red21b9Sw1, `sed -n 'ba w y' x`, `ask`, `allow`, `stricter: GNU sed ends the label at the blank; w y writes y`},
	{`c22`, red21b9Sw1, `sed -n 't a W y' x`, `ask`, `allow`, `stricter: GNU sed ends the label at the blank; W y writes y`},
	{`c23`, red21b9Sw1, `sed -n 'bx;:x w y' x`, `ask`, `allow`, `stricter: GNU sed ends the label at the blank; w y writes y`},
	{`c24`, red21b9Sw1, `sed -n ':a e touch M' x`, `ask`, `allow`, `stricter: GNU sed ends the label at the blank; e runs touch M`},
	{`c25`, red21b9Sw1, `sed -n ':a r .env' x`, `deny`, `allow`, `stricter: GNU sed ends the label at the blank; r .env reads .env, which Read(.env) denies`},
	{`c26`, red21b9Sw1, `sed -n 'b end R .env' x`, `deny`, `allow`, `stricter: GNU sed ends the label at the blank; R .env reads .env, which Read(.env) denies`},
	{`c27`, red21b9Sw0, `sed -n ':a w y' x`, `ask`, `ask`, ``},
	{`c28`, red21b9Sw0, `sed -n ':a e touch M' x`, `ask`, `ask`, ``},
	{`c29`, red21b9Sw1, `sed -n ':a;N;$!ba;s/\n/ /g;p' x`, `allow`, `allow`, ``},
	{`c30`, red21b9Sw1, `sed -n '/x/{:a;n;p;ba}' x`, `allow`, `allow`, ``},
	{`c31`, red21b9Sw1, `sed -n 'b end; :end p' x`, `allow`, `allow`, ``},
	{`c32`, red21b9Sw0, `sed -n ':a;s/x/y/;ta;p' x`, `allow`, `ask`, `spec §3: sed is read-only when its script has no w/W/e/r/R command and no e or w flag; agentctl parses the script where the reference asks for any script off its short list`},
	{`c33`, red21b9Sw0, `sed -n '$!{N;ba};p' x`, `allow`, `ask`, `spec §3: sed is read-only when its script has no w/W/e/r/R command and no e or w flag; agentctl parses the script where the reference asks for any script off its short list`},
	{`c34`, red21b9Sw0, `sed -n 'p' x`, `allow`, `allow`, ``},
	{`c35`, red21b9Sw1, `git log --oneline -5`, `allow`, `allow`, ``},
	{`t0`, red21b9Sw1, `find . -name x -{delete,print}`, `deny`, `ask`, `stricter: the expansion is find . -name x -delete -print, which may remove under .git (Edit(.git/**))`},
	{`t1`, red21b9Sw0, `find . -name x -{delete,print}`, `ask`, `ask`, ``},
	{`t2`, red21b9Sw1, `find . -exec {rm,-v} {} \;`, `deny`, `ask`, `stricter: the expansion runs rm -v, which Bash(rm:*) denies`},
	{`t3`, red21b9Sw1, `git log HEAD --{output=y,}`, `ask`, `ask`, ``},
	{`t4`, red21b9Sw0, `git log --out{put=y,}`, `ask`, `ask`, ``},
	{`t5`, red21b9Sw1, `grep -e x -{f.env,} y`, `deny`, `ask`, `stricter: the expansion grep -e x -f.env - y reads .env, which Read(.env) denies`},
	{`t6`, red21b9Sw1, `npm test --script-shell{=./s,=./s}`, `ask`, `ask`, ``},
	{`t7`, red21b9Sw0, `sed -n{,} -i p x`, `ask`, `ask`, ``},
	{`t8`, red21b9Sw0, `echo {a,b}`, `allow`, `ask`, `echo prints the words the expansion makes; it opens and runs nothing`},
	{`t9`, red21b9Sw0, `git diff HEAD -- src/{a,b}.go`, `allow`, `ask`, `the words after -- are pathspecs git diff only reads inside the repository`},
	{`t10`, red21b9Sw0, `echo {1..5}`, `allow`, `ask`, `echo prints the words the expansion makes; it opens and runs nothing`},
	{`g0`, red21b9Sw1, `find . -name x -del?te`, `ask`, `ask`, ``},
	{`g1`, red21b9Sw0, `find . -name x -del?te`, `ask`, `ask`, ``},
	{`g2`, red21b9Sw0, `git log --outpu*`, `ask`, `ask`, ``},
	{`g3`, red21b9Sw1, `grep -r foo --include=*.go .`, `allow`, `allow`, ``},
	{`g4`, red21b9Sw0, `ls -la *.md`, `allow`, `allow`, ``},
}

func TestReferenceSweep15(t *testing.T) {
	for _, r := range red21b9SweepRows {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
	}
	root, dirs, sub := sweepLayout(t, red21b9SweepFiles)
	engine := sweepEngines(root, dirs, sub)
	for _, r := range red21b9SweepRows {
		d := sweepDecide(t, engine(t, r.settings), "Bash", sweepBashJSON(t, sub(r.command)), "default")
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %q under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.command, r.settings,
				got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

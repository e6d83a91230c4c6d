package engine

import (
	"context"
	"encoding/json"
	"testing"
)

// Rows of a fourth differential sweep against the reference CLI (2.1.332,
// run offline), over Bash alone: allow-rule matching (word boundaries,
// blanks, trailing separators and comments, :* and a * mid-pattern,
// quoting, escapes and line continuations), the stripped wrappers and
// leading assignments under allow, deny and ask rules, the modes
// (acceptEdits, plan, dontAsk, bypassPermissions) and the read-only list
// with options that write, execute or read files named elsewhere. Each
// row keeps the reference's answer (ref); a row whose want differs says
// why in note, and agentctl is never looser than the reference without
// one.

type sweep4Row struct {
	id       string
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the case's directories
	command  string
	mode     string
	want     string
	ref      string
	note     string
}

// sweep4Files are the reference run's fixture files.
var sweep4Files = map[string]string{"<cwd>/package.json": `{"scripts":{"test":"x","build":"x"}}`, "<cwd>/.env": "SECRET=x\n",
	"<cwd>/README.md": "# x\n", "<cwd>/x": "x\n", "<cwd>/src/index.ts": "x\n", "<cwd>/src/nested/deep.ts": "x\n",
	"<cwd>/lib/util.ts": "x\n"}

var referenceSweep4 = []sweep4Row{
	{`m-ls-lsof`, `{"permissions":{"allow":["Bash(ls *)"]}}`, `lsof`, `default`, `ask`, `allow`, `stricter, spec §3: Bash(ls *) does not match lsof, and lsof is not on the read-only list`},
	{`m-ls-two-spaces`, `{"permissions":{"allow":["Bash(ls *)"]}}`, `ls  -la`, `dontAsk`, `allow`, `allow`, ``},
	{`m-npmtest-bare`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm test`, `default`, `allow`, `allow`, ``},
	{`m-npmtest-npmtestx`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm testx q`, `default`, `ask`, `ask`, ``},
	{`m-npmtest-two-spaces`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm test  q`, `default`, `allow`, `allow`, ``},
	{`m-npmtest-tab`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, "npm test\tq", `default`, `allow`, `allow`, ``},
	{`m-npmtest-semicolon`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm test q;`, `default`, `allow`, `allow`, ``},
	{`m-npmtest-trailing`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm test q   `, `default`, `allow`, `allow`, ``},
	{`m-npmtest-comment`, `{"permissions":{"allow":["Bash(npm test *)"]}}`, `npm test q # rm -rf x`, `default`, `allow`, `allow`, ``},
	{`m-npmtest-colon-bare`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `npm test`, `default`, `allow`, `allow`, ``},
	{`m-npmtest-colon-semi-ls`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `npm test q;ls`, `default`, `allow`, `allow`, ``},
	{`m-mid-star-dry`, `{"permissions":{"allow":["Bash(git push * --dry-run)"]}}`, `git push origin main --dry-run`, `default`, `allow`, `allow`, ``},
	{`m-mid-star-dry-after`, `{"permissions":{"allow":["Bash(git push * --dry-run)"]}}`, `git push origin main --dry-run --force`, `default`, `ask`, `ask`, ``},
	{`m-mid-star-dry-force`, `{"permissions":{"allow":["Bash(git push * --dry-run)"]}}`, `git push --force origin --dry-run`, `default`, `allow`, `allow`, ``},
	{`m-exact-redirect`, `{"permissions":{"allow":["Bash(echo hi > out.txt)"]}}`, `echo hi > out.txt`, `default`, `ask`, `ask`, ``},
	{`m-quoted-rule-split-cmd`, `{"permissions":{"allow":["Bash(touch \"a b\")"]}}`, `touch a b`, `default`, `ask`, `ask`, ``},
	{`m-split-rule-quoted-cmd`, `{"permissions":{"allow":["Bash(touch a b)"]}}`, `touch "a b"`, `default`, `ask`, `ask`, ``},
	{`m-commit-quoted-rule-plain`, `{"permissions":{"allow":["Bash(git commit -m \"a b\")"]}}`, `git commit -m a b`, `default`, `ask`, `ask`, ``},
	{`m-commit-quoted-rule-single`, `{"permissions":{"allow":["Bash(git commit -m \"a b\")"]}}`, `git commit -m 'a b'`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`m-commit-escaped-space`, `{"permissions":{"allow":["Bash(git commit -m \"a b\")"]}}`, `git commit -m a\ b`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`m-escaped-name`, `{"permissions":{"allow":["Bash(touch q)"]}}`, `t\ouch q`, `default`, `ask`, `allow`, `stricter, spec §3: a writer operand is a write checked like the file tools (no Edit allow covers it)`},
	{`m-escaped-semicolon`, `{"permissions":{"allow":["Bash(touch:*)"]}}`, `touch q\;ls`, `default`, `ask`, `allow`, `stricter, spec §3: a writer operand is a write checked like the file tools (no Edit allow covers it)`},
	{`m-continuation-mid`, `{"permissions":{"allow":["Bash(touch a b)"]}}`, "touch a \\\nb", `default`, `ask`, `allow`, `stricter, spec §3: a writer operand is a write checked like the file tools (no Edit allow covers it)`},
	{`m-continuation-name`, `{"permissions":{"allow":["Bash(touch q)"]}}`, "tou\\\nch q", `default`, `ask`, `ask`, ``},
	{`w-timeout`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `timeout 5 npm test q`, `default`, `allow`, `allow`, ``},
	{`w-timeout-signal`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `timeout -s KILL 5 npm test q`, `default`, `allow`, `allow`, ``},
	{`w-time`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `time npm test q`, `default`, `allow`, `allow`, ``},
	{`w-nice`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `nice -n 5 npm test q`, `default`, `allow`, `allow`, ``},
	{`w-nohup`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `nohup npm test q`, `default`, `allow`, `allow`, ``},
	{`w-stdbuf`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `stdbuf -oL npm test q`, `default`, `allow`, `allow`, ``},
	{`w-command`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `command npm test q`, `default`, `allow`, `allow`, ``},
	{`w-command-v`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `command -v npm test`, `default`, `ask`, `ask`, ``},
	{`w-builtin`, `{"permissions":{"allow":["Bash(cd:*)"]}}`, `builtin cd src`, `default`, `allow`, `allow`, ``},
	{`w-noglob`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `noglob npm test q`, `default`, `allow`, `allow`, ``},
	{`w-xargs-bare`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `echo q | xargs npm test`, `default`, `allow`, `allow`, ``},
	{`w-xargs-flag`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `echo q | xargs -n1 npm test`, `default`, `ask`, `ask`, ``},
	{`w-env`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `env npm test q`, `default`, `ask`, `ask`, ``},
	{`w-deny-nice`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm:*)"]}}`, `nice -n 5 rm x`, `default`, `deny`, `deny`, ``},
	{`w-deny-stdbuf`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm:*)"]}}`, `stdbuf -oL rm x`, `default`, `deny`, `deny`, ``},
	{`w-deny-noglob`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm:*)"]}}`, `noglob rm x`, `default`, `deny`, `deny`, ``},
	{`w-deny-xargs`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm:*)"]}}`, `echo x | xargs rm`, `default`, `deny`, `deny`, ``},
	{`w-deny-command`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm:*)"]}}`, `command rm x`, `default`, `deny`, `deny`, ``},
	{`v-allow-ci`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `CI=1 npm test q`, `default`, `allow`, `allow`, ``},
	{`v-allow-lang`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `LANG=C npm test q`, `default`, `allow`, `allow`, ``},
	{`v-allow-tz`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `TZ=UTC npm test q`, `default`, `allow`, `allow`, ``},
	{`v-allow-foo`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `FOO=1 npm test q`, `default`, `ask`, `ask`, ``},
	{`v-allow-path`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `PATH=/tmp npm test q`, `default`, `ask`, `ask`, ``},
	{`v-allow-ldpreload`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `LD_PRELOAD=x.so npm test q`, `default`, `ask`, `ask`, ``},
	{`v-allow-ci-foo`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `CI=1 FOO=2 npm test q`, `default`, `ask`, `ask`, ``},
	{`v-allow-ci-subst`, `{"permissions":{"allow":["Bash(npm test:*)"]}}`, `CI=$(id) npm test q`, `default`, `ask`, `ask`, ``},
	{`v-deny-path`, `{"permissions":{"allow":["Bash"],"deny":["Bash(touch:*)"]}}`, `PATH=/tmp touch q`, `default`, `deny`, `deny`, ``},
	{`v-ask-gitssh`, `{"permissions":{"allow":["Bash"],"ask":["Bash(git push:*)"]}}`, `GIT_SSH_COMMAND=x git push`, `default`, `ask`, `ask`, ``},
	{`v-ro-lang`, `{}`, `LANG=C ls`, `default`, `allow`, `allow`, ``},
	{`v-ro-foo`, `{}`, `FOO=1 ls`, `default`, `ask`, `ask`, ``},
	{`v-ro-gitdir`, `{}`, `GIT_DIR=x git status`, `default`, `ask`, `ask`, ``},
	{`v-allow-exact-nodeenv`, `{"permissions":{"allow":["Bash(npm test)"]}}`, `NODE_ENV=test npm test`, `default`, `allow`, `allow`, ``},
	{`a-mkdir`, `{}`, `mkdir newd`, `acceptEdits`, `allow`, `allow`, ``},
	{`a-touch-tmp`, `{}`, `touch <tmp>/q`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-rm`, `{}`, `rm x`, `acceptEdits`, `allow`, `allow`, ``},
	{`a-mv-parent`, `{}`, `mv x ../y`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-cp-home`, `{}`, `cp x <home>/y`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-mkdir-claude`, `{}`, `mkdir -p .claude/commands`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-touch-envrc`, `{}`, `touch .envrc`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-sed-gitconfig`, `{}`, `sed -i s/x/y/ .git/config`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-rm-dot`, `{}`, `rm -rf .`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-cp-t-tmp`, `{}`, `cp -t <tmp> x`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-mv-vscode`, `{}`, `mv x .vscode/settings.json`, `acceptEdits`, `ask`, `ask`, ``},
	{`a-rmdir-outside`, `{}`, `rmdir <tmp>`, `acceptEdits`, `ask`, `ask`, ``},
	{`p-touch-allowed`, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash(touch:*)"]}}`, `touch q`, `plan`, `deny`, `allow`, `stricter, spec §6: plan denies what is not read-only even with an allow rule`},
	{`p-ls`, `{"useAutoModeDuringPlan":false}`, `ls -la`, `plan`, `allow`, `allow`, ``},
	{`p-echo-redirect`, `{"useAutoModeDuringPlan":false}`, `echo hi > out.txt`, `plan`, `deny`, `ask`, `stricter, spec §6: plan denies what is not read-only`},
	{`d-touch`, `{}`, `touch q`, `dontAsk`, `deny`, `deny`, ``},
	{`d-foo-ls`, `{}`, `FOO=1 ls`, `dontAsk`, `deny`, `deny`, ``},
	{`d-touch-allowed`, `{"permissions":{"allow":["Bash(touch:*)"]}}`, `touch q`, `dontAsk`, `deny`, `allow`, `stricter, spec §3: a writer operand is a write checked like the file tools; dontAsk denies what would ask`},
	{`d-nohup-ls`, `{}`, `nohup ls`, `dontAsk`, `deny`, `deny`, ``},
	{`b-deny-rm`, `{"permissions":{"deny":["Bash(rm:*)"]}}`, `rm x`, `bypassPermissions`, `deny`, `deny`, ``},
	{`b-rm-home`, `{}`, `rm -rf ~`, `bypassPermissions`, `ask`, `ask`, ``},
	{`b-touch-git`, `{}`, `touch .git/x`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/`},
	{`b-echo-claude`, `{}`, `echo x > .claude/settings.json`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .claude/`},
	{`b-mkdir-vscode`, `{}`, `mkdir .vscode`, `bypassPermissions`, `allow`, `allow`, ``},
	{`r-find-fprint`, `{}`, `find . -fprint out`, `default`, `ask`, `ask`, ``},
	{`r-rg-pre`, `{}`, `rg --pre cat x .`, `default`, `ask`, `ask`, ``},
	{`r-git-grep-O`, `{}`, `git grep -Ocat x`, `default`, `ask`, `ask`, ``},
	{`r-git-log-output`, `{}`, `git log --output=out`, `default`, `ask`, `ask`, ``},
	{`r-git-branch-new`, `{}`, `git branch newb`, `default`, `ask`, `ask`, ``},
	{`r-diff-tofile`, `{}`, `diff --to-file=x README.md`, `default`, `allow`, `allow`, ``},
	{`r-cd-tmp-ls`, `{}`, `cd <tmp> && ls`, `default`, `ask`, `ask`, ``},
	{`f-sort-files0-stdin-env`, `{"permissions":{"deny":["Read(.env)"]}}`, `printf '.env\0' | sort --files0-from=-`, `default`, `ask`, `ask`, ``},
	{`f-sort-files0-outside`, `{}`, `printf '/etc/hosts\0' | sort --files0-from=-`, `default`, `ask`, `ask`, ``},
	{`f-wc-files0-env`, `{"permissions":{"deny":["Read(.env)"]}}`, `printf '.env\0' | wc -c --files0-from=-`, `default`, `ask`, `allow`, `stricter, spec §3: the files a list names are known only at run time and could be denied (wc counts .env)`},
	{`f-du-files0-file`, `{}`, `du --files0-from=x`, `default`, `ask`, `allow`, `stricter, spec §3: the files a list names are known only at run time and could lie outside the working directories`},
	{`f-sort-plain`, `{}`, `sort x`, `default`, `allow`, `allow`, ``},
}

func TestReferenceSweep4(t *testing.T) {
	for _, r := range referenceSweep4 {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
	}
	root, dirs, sub := sweepLayout(t, sweep4Files)
	engine := sweepEngines(root, dirs, sub)
	for _, r := range referenceSweep4 {
		e := engine(t, r.settings)
		in, err := json.Marshal(map[string]string{"command": sub(r.command)})
		if err != nil {
			t.Fatal(err)
		}
		var input map[string]any
		if err := json.Unmarshal(in, &input); err != nil {
			t.Fatal(err)
		}
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: input})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %q [%s] under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.command, r.mode, r.settings,
				got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

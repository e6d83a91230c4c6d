package engine

import (
	"testing"
)

// Bypass classes of the seventh red-team pass, found by comparing agentctl
// with the reference CLI on rule grammar, modes and everyday workflows.
// Each row names its settings, its mode and the decision the spec (or,
// where the spec is silent, the reference) asks for. Every row runs on
// both evaluators.

const (
	orcPushExact = `{"permissions":{"allow":["Bash(git push origin main)"]}}`
	orcTestRun   = `{"permissions":{"allow":["Bash(npm run test:*)"]}}`
	orcCommitWip = `{"permissions":{"allow":["Bash(git commit -m \"wip\")","Bash(npm run build prod)"]}}`
	orcBareFiles = `{"permissions":{"allow":["Bash(cp:*)","Bash(cat:*)","Bash(touch:*)","Bash(tee:*)","Edit","Read"]}}`
	orcTypical   = `{"permissions":{"allow":["Bash(npm run *)","Bash(pytest:*)","Bash(go test:*)"]}}`
)

type orcCase = shellRow

var orcClasses = map[string][]orcCase{
	"o1 an allow rule joined quoted words, so one word matched two": {
		// Text joins the words with spaces: git push 'origin main' (one
		// argument) read as the rule's git push origin main (two). Allow
		// rules now see a word holding a blank quoted; the reference asks
		// for every one of these.
		{orcPushExact, "default", `git push 'origin main'`, "ask"},
		{orcPushExact, "default", `git push "origin main"`, "ask"},
		{orcPushExact, "default", `git push origin\ main`, "ask"},
		{orcPushExact, "default", `git 'push origin' main`, "ask"},
		{orcPushExact, "default", `'git push' origin main`, "ask"},
		{orcPushExact, "default", `git push $'origin\tmain'`, "ask"},
		{orcPushExact, "default", `git push "origin"' 'main`, "ask"},
		{orcPushExact, "default", `timeout 5 git push 'origin main'`, "ask"},
		{orcPushExact, "dontAsk", `git push 'origin main'`, "deny"},
		{orcCommitWip, "default", `npm run 'build prod'`, "ask"},
		{orcCommitWip, "default", `git commit -m 'wip' 'x y'`, "ask"},
		{orcTestRun, "default", `npm 'run test'`, "ask"},
		{orcTestRun, "default", `npm run 'test --script-shell=/tmp/x'`, "ask"},
		{orcTestRun, "default", `npm "run test" -x`, "ask"},
		// Deny and ask rules still see the plain words.
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(git push origin main)"]}}`, "default", `git push 'origin main'`, "deny"},
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(git push origin main)"]}}`, "default", `git push 'origin' "main"`, "deny"},
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(npm run test:*)"]}}`, "default", `npm 'run test'`, "ask"},
		// Benign neighbours: the same words quoted differently (spec §3:
		// the normalised command), quoted words after the rule's words,
		// and a rule that quotes the same word.
		{orcPushExact, "default", `git push origin main`, "allow"},
		{orcPushExact, "default", `git push 'origin' main`, "allow"},
		{orcCommitWip, "default", `git commit -m "wip"`, "allow"},
		{orcCommitWip, "default", `npm run build prod`, "allow"},
		{`{"permissions":{"allow":["Bash(git commit -m \"fix a bug\")"]}}`, "default", `git commit -m 'fix a bug'`, "allow"},
		{`{"permissions":{"allow":["Bash(git commit -m \"fix a bug\")"]}}`, "default", `git commit -m fix a bug`, "ask"},
		{orcTestRun, "default", `npm run test -- --grep "a b"`, "allow"},
		{orcTestRun, "default", `npm run 'test'`, "allow"},
		{`{"permissions":{"allow":["Bash(git commit:*)"]}}`, "default", `git commit -m "fix: a b"`, "allow"},
	},
	"o2 sed -i's backup suffix names a second file it writes": {
		// GNU sed -iSUFFIX renames the original to FILE+SUFFIX (or to the
		// suffix with '*' replaced by FILE): `sed -irc … .npm` creates
		// .npmrc with the old content of .npm (checked with sed 4.9).
		{"{}", "acceptEdits", `sed -irc s/x/y/ .npm`, "ask"},
		{"{}", "acceptEdits", `sed -Eirc s/x/y/ .npm`, "ask"},
		{"{}", "acceptEdits", `sed -nirc p .npm`, "ask"},
		{"{}", "acceptEdits", `sed --in-place=rc s/x/y/ .zsh`, "ask"},
		{"{}", "acceptEdits", `sed --in-pl=rc s/x/y/ .bash`, "ask"},
		{"{}", "acceptEdits", `sed -e s/x/y/ -it sub/.gi`, "ask"},
		{"{}", "acceptEdits", `sed -i'_*' s/x/y/ .claude`, "notallow"},
		{"{}", "bypassPermissions", `sed -i/hooks/x s/x/y/ .git`, "ask"},
		{"{}", "bypassPermissions", `sed -it -e s/x/y/ .gi`, "ask"},
		{`{"permissions":{"allow":["Bash(sed:*)","Edit(.npm)"]}}`, "default", `sed -irc s/x/y/ .npm`, "ask"},
		{`{"permissions":{"allow":["Bash","Edit"],"deny":["Edit(.env)"]}}`, "default", `sed -iv s/x/y/ .en`, "deny"},
		// Benign neighbours: no suffix, or one that names an ordinary file.
		{"{}", "acceptEdits", `sed -i s/x/y/ x`, "allow"},
		{"{}", "acceptEdits", `sed -i.bak s/x/y/ x`, "allow"},
		{"{}", "acceptEdits", `sed -i.rc s/x/y/ .bash`, "allow"},
	},
	"o3 cp, mv, ln and install into a directory write DIR/base(SOURCE)": {
		// cp payload/.bashrc . writes ./.bashrc; a repository can carry
		// payload/.claude/settings.json, which cp -r payload/.claude .
		// installs as the project's own (checked with GNU cp).
		{"{}", "acceptEdits", `cp payload/.bashrc .`, "ask"},
		{"{}", "acceptEdits", `cp payload/.bashrc sub`, "ask"},
		{"{}", "acceptEdits", `cp -t . payload/.bashrc`, "ask"},
		{"{}", "acceptEdits", `cp --target-directory=sub payload/.npmrc`, "ask"},
		{"{}", "acceptEdits", `mv payload/.envrc ./`, "ask"},
		{"{}", "acceptEdits", `cp -r payload/.vscode .`, "ask"},
		{"{}", "acceptEdits", `cp -a payload/.husky sub/`, "ask"},
		{"{}", "bypassPermissions", `cp -r payload/.claude .`, "ask"},
		{"{}", "bypassPermissions", `cp -R payload/.git sub`, "ask"},
		{"{}", "bypassPermissions", `ln -s payload/.claude`, "ask"},
		{`{"permissions":{"allow":["Bash","Edit"],"deny":["Edit(.env)"]}}`, "default", `cp payload/.env .`, "deny"},
		// A tree copied from inside brings what its source holds at its
		// top: payload/. holds .claude, . holds the session's .git.
		{"{}", "acceptEdits", `cp -r payload/. .`, "ask"},
		{"{}", "bypassPermissions", `cp -a payload/. .`, "ask"},
		{"{}", "bypassPermissions", `cp -r payload sub`, "ask"},
		{"{}", "bypassPermissions", `cp -R ./ sub/copy`, "ask"},
		// Benign neighbours.
		{"{}", "acceptEdits", `cp -r src/. lib`, "ask"}, // acceptEdits asks for cp with an option (the reference does)
		{"{}", "bypassPermissions", `cp -r src lib/`, "allow"},
		{"{}", "acceptEdits", `cp x y`, "allow"},
		{"{}", "acceptEdits", `mv src/main.go lib/`, "allow"},
		{"{}", "acceptEdits", `cp -r src lib/`, "ask"}, // an option: see bypass_red11orc_test.go
	},
	"o4 a bare Read or Edit allow approved shell file operands anywhere": {
		// The reference asks for cp x /tmp/y under Bash(cp:*) and Edit,
		// and for cat /etc/hosts under Bash(cat:*) and Read: outside the
		// working directories a path rule must name the file.
		{orcBareFiles, "default", `cp x /tmp/orc-y`, "ask"},
		{orcBareFiles, "default", `touch /tmp/orc-q`, "ask"},
		{orcBareFiles, "default", `cat /etc/hosts`, "ask"},
		{orcBareFiles, "default", `echo x | tee /tmp/orc-t`, "ask"},
		{orcBareFiles, "default", `cat x > /tmp/orc-r`, "ask"},
		{orcBareFiles, "dontAsk", `cp x /tmp/orc-y`, "deny"},
		{`{"permissions":{"allow":["Bash(cp:*)","Edit(//tmp/**)"]}}`, "default", `cp x /tmp/orc-y`, "allow"},
		{orcBareFiles, "default", `cp x y`, "allow"},
		{orcBareFiles, "default", `cat x`, "allow"},
	},
	"o5 allow rules matched past assignments the reference does not count as safe": {
		// DEBUG and VERBOSE configure many programs; the reference asks
		// for DEBUG=1 npm run build under Bash(npm run *).
		{orcTypical, "default", `DEBUG=1 npm run build`, "ask"},
		{orcTypical, "default", `VERBOSE=1 pytest -x`, "ask"},
		{orcTypical, "default", `DEBUG='*' go test ./...`, "ask"},
		{orcTypical, "default", `NODE_ENV=test npm run build`, "allow"},
		{orcTypical, "default", `CI=true pytest`, "allow"},
	},
	"o6 a pattern rule approved a command sent to the background": {
		// cmd & runs on past the call; the reference asks for npm run
		// build & under Bash(npm run *). A bare Bash allow still approves.
		{orcTypical, "default", `npm run build &`, "ask"},
		{orcTypical, "default", `npm run build & npm run lint`, "ask"},
		{orcTypical, "default", `pytest -x & wait`, "ask"},
		{orcTypical, "dontAsk", `go test ./... &`, "deny"},
		{orcTestRun, "default", "npm run test &\nnpm run test", "ask"},
		{`{"permissions":{"allow":["Bash"]}}`, "default", `npm run build &`, "allow"},
		{orcTypical, "default", `npm run build && npm run lint`, "allow"},
	},
	"o7 a read-only command with a backslash-escaped blank in a word": {
		// The reference asks before running a\ b-style words, however
		// harmless the command reads.
		{"{}", "default", `cat README\ x.md`, "ask"},
		{"{}", "default", `ls src\ `, "ask"},
		{"{}", "default", "cat x\\\n y", "ask"},
		{"{}", "dontAsk", `head -n1 a\ b`, "deny"},
		{"{}", "default", "ls \\\n -la", "allow"},
		{"{}", "default", `cat 'a b'`, "allow"},
	},
}

func TestOrcClasses(t *testing.T) {
	files := map[string]string{"x": "x\n", "src/main.go": "package main\n", "sub/k": "k\n", ".npm": "registry=x\n",
		"payload/.bashrc": "x\n", "payload/.npmrc": "x\n", "payload/.envrc": "x\n", "payload/.env": "x\n",
		"payload/.claude/settings.json": "{}\n", "payload/.vscode/settings.json": "{}\n", "payload/.husky/pre-commit": "x\n",
		"payload/.git/config": "x\n"}
	runShellRows(t, files, orcClasses, WithEvaluator(EvalBoth))
}

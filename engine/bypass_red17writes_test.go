package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Sixth-round real-bash writes nobody spelled: scripts that write a
// protected path, a denied path or a file outside the working
// directories under names that were checked as harmless. Each attack row
// was run under bash 5.2 and strace in a copy of the layout and wrote
// where its comment says.

// red17writesPolicy is the brief's policy: two prefix rules, an exact
// git status, and Edit denies on .env and config/**; red17writesNone has
// no rule, so the mode decides.
const (
	red17writesPolicy = `{"permissions":{"allow":["Bash(npm test:*)","Bash(make:*)","Bash(git status)"],"deny":["Edit(.env)","Edit(config/**)"]}}`
	red17writesNone   = `{}`
)

// red17writesFiles is the project the rows are decided in.
var red17writesFiles = map[string]string{
	"README":                       "hello\n",
	"Makefile":                     "test:\n\techo hi\n",
	"package.json":                 `{"name":"p","version":"1.0.0","scripts":{"test":"echo ok"}}`,
	".env":                         "A=1\n",
	"config/app.yml":               "k: v\n",
	"src/a.go":                     "package a\n",
	"nm/pkg/bin.js":                "//\n",
	"deep/b/c/keep":                "",
	"tpl/keep":                     "",
	"abs/keep":                     "",
	"tpl/x.txt":                    "x\n",
	"tpl/sub/keep.md":              "",
	"box/.claude/settings.json":    "{}\n",
	"box/notes.md":                 "",
	"nested/.git/config":           "[core]\n",
	"nested/.git/hooks/pre-commit": "#!/bin/sh\n",
	"kit/.envrc":                   "export A=1\n",
	"kit/README":                   "",
}

// red17writesLinks are the repository's symbolic links (name -> target):
// each points inside the project where it sits.
var red17writesLinks = map[string]string{
	"tpl/up":      "..",
	"tpl/sib":     "x.txt",
	"deep/b/c/r":  "../../../README",
	"nm/.bin/run": "../pkg/bin.js",
	"tpl/rd":      "../README",
	"ld":          ".",
}

var red17writesClasses = map[string][]shellRow{
	"r17w-1 a relative link carried to another directory points elsewhere": {
		// tpl/up -> .. names the project; moved to the project's top it
		// names the project's parent, and touch wrote ../x there.
		{red17writesNone, "acceptEdits", `mv tpl/up up; touch up/x`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/up up && cp README up/x`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/up . ; mkdir -p up/evil`, "ask"},
		{red17writesNone, "acceptEdits", `mv -t src/.. tpl/up`, "ask"},
		{red17writesNone, "acceptEdits", `mv --target-directory=. tpl/up`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/up "$D"`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/up ./*`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b bb && echo x >> bb/c/r`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b src/b && echo x >> src/b/c/r`, "allow"},
		{red17writesNone, "acceptEdits", `mv tpl/up up`, "ask"},
		// deep/b/c/r -> ../../../README names the project's README; one
		// level down from the top it names the README two levels above
		// the project, and echo created that file.
		{red17writesNone, "acceptEdits", `mv deep/b/c/r r; echo x >> r`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b/c/r deep/r; echo x >> deep/r`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b/c/r src/r`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b/c cc; echo x >> cc/r`, "ask"},
		{red17writesNone, "acceptEdits", `mv deep/b/c/r .`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/sib sib`, "allow"},
		{red17writesNone, "acceptEdits", `mv tpl/up tpl/up9`, "allow"},
		{red17writesNone, "acceptEdits", `mv tpl tpl2`, "allow"},
		{red17writesNone, "acceptEdits", `mv nm src/`, "allow"},
		// Through a linked directory: ld -> . puts rd at the top, where
		// ../README is the parent's (bash wrote it); -T places the link
		// as the name, not into the directory.
		{red17writesNone, "acceptEdits", `mv tpl/rd ld; echo x >> rd`, "ask"},
		{red17writesNone, "acceptEdits", `mv tpl/rd ld/`, "ask"},
		{red17writesNone, "acceptEdits", `mv -T tpl/up newdir`, "ask"},
		{red17writesNone, "acceptEdits", `mv $O tpl/rd src`, "ask"},
		{red17writesNone, "dontAsk", `mv tpl/up up; touch up/x`, "deny"},
		{red17writesPolicy, "acceptEdits", `mv deep/b/c/r r; sed -i 1d r`, "ask"},
		// Neighbours: a tree whose links stay inside it, plain files, a
		// tree without links, a link whose target is absolute.
		{red17writesNone, "acceptEdits", `mv nm nm2`, "allow"},
		{red17writesNone, "acceptEdits", `mv tpl/rd src/`, "allow"},
		{red17writesNone, "acceptEdits", `mv tpl/rd tpl/rd2`, "allow"},
		{red17writesNone, "acceptEdits", `mv src src2`, "allow"},
		{red17writesNone, "acceptEdits", `mv README R2`, "allow"},
		{red17writesNone, "acceptEdits", `mv abs/l l2`, "allow"},
		{red17writesNone, "acceptEdits", `touch up/x`, "allow"},
		{red17writesNone, "default", `ls -la tpl`, "allow"},
	},
	"r17w-2 npm writes its log below a directory an option names": {
		// npm 11 created <dir>/<time>-debug-0.log (with --cache:
		// <dir>/_logs/…) for each, outside the working directories;
		// npm's option parser takes unambiguous abbreviations.
		{red17writesPolicy, "default", `npm test --logs-dir=/tmp/r17w-logs`, "ask"},
		{red17writesPolicy, "default", `npm test --logs-dir /tmp/r17w-logs`, "ask"},
		{red17writesPolicy, "default", `npm test --logs-d=/tmp/r17w-logs`, "ask"},
		{red17writesPolicy, "default", `npm test --cache=/tmp/r17w-cache`, "ask"},
		{red17writesPolicy, "default", `npm test --cache ~/.config/autostart`, "ask"},
		{red17writesPolicy, "default", `npm test --silent --logs-dir=../elsewhere`, "ask"},
		{red17writesPolicy, "default", `npm test --logs-dir=config`, "deny"},
		{red17writesPolicy, "dontAsk", `npm test --cache=/tmp/r17w-cache`, "deny"},
		// Neighbours: the script's own arguments after --, npm's other
		// options, and make.
		{red17writesPolicy, "default", `npm test`, "allow"},
		{red17writesPolicy, "default", `npm test --silent`, "allow"},
		{red17writesPolicy, "default", `npm test --loglevel=silly`, "allow"},
		{red17writesPolicy, "default", `npm test --logs-max=0`, "allow"},
		{red17writesPolicy, "default", `npm test -- --cache=/tmp/x`, "allow"},
		{red17writesPolicy, "default", `make test`, "allow"},
	},
	"r17w-3 a moved tree carries protected names nobody wrote": {
		// mv box b2 made b2/.claude/settings.json and took box/.claude
		// away (rm -rf box asks); mv nested n2 moved a repository's
		// hooks; mv kit k2 made k2/.envrc, which direnv loads.
		{red17writesNone, "acceptEdits", `mv box b2`, "ask"},
		{red17writesNone, "acceptEdits", `mv box src/`, "ask"},
		{red17writesNone, "acceptEdits", `mv -t src box`, "ask"},
		{red17writesNone, "acceptEdits", `mv nested n2`, "ask"},
		{red17writesNone, "acceptEdits", `mv kit k2 && cd k2 && ls`, "ask"},
		{red17writesNone, "acceptEdits", `mv b* src/`, "ask"},
		{red17writesNone, "bypassPermissions", `mv nested n2`, "ask"},
		{red17writesNone, "dontAsk", `mv box b2`, "deny"},
		// Neighbours: trees without protected names, a protected
		// tree's ordinary file, listing.
		{red17writesNone, "acceptEdits", `mv src s2`, "allow"},
		{red17writesNone, "acceptEdits", `mv box/notes.md notes.md`, "allow"},
		{red17writesNone, "bypassPermissions", `mv src s2`, "allow"},
		{red17writesNone, "default", `ls -la box nested kit`, "allow"},
	},
}

// red17writesEngine builds an engine over red17writesFiles and links
// under projectSettings.
func red17writesEngine(t *testing.T, projectSettings string) *Engine {
	t.Helper()
	files := map[string]string{}
	for k, v := range red17writesFiles {
		files[k] = v
	}
	s := project(t, projectSettings, files)
	links := map[string]string{"abs/l": filepath.Join(s.Cwd, "README")}
	for k, v := range red17writesLinks {
		links[k] = v
	}
	for name, to := range links {
		p := filepath.Join(s.Cwd, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(to, p); err != nil {
			t.Fatal(err)
		}
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRed17Writes decides every row of red17writesClasses.
func TestRed17Writes(t *testing.T) {
	engines := map[string]*Engine{}
	for _, rows := range red17writesClasses {
		for _, r := range rows {
			if engines[r.settings] == nil {
				engines[r.settings] = red17writesEngine(t, r.settings)
			}
		}
	}
	for class, rows := range red17writesClasses {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				e := engines[r.settings]
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": r.cmd}})
				if err != nil {
					t.Fatal(err)
				}
				if !wantDecision(r.want, d.Decision.String()) {
					t.Errorf("%s [%s] under %s: got %s (%s: %s), want %s", r.cmd, r.mode, r.settings, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// red17writesReal are attack rows that write outside the project once
// run: TestRed17WritesRealBash runs each under bash in a fresh layout.
var red17writesReal = []string{
	`mv tpl/up up; touch up/x`,
	`mv tpl/up up && cp README up/x`,
	`mv deep/b/c/r deep/r; echo x >> deep/r`,
	`mv deep/b/c cc; echo x >> cc/r`,
	`mv deep/b bb && echo x >> bb/c/r`,
	`mv tpl/rd ld; echo x >> rd`,
}

// TestRed17WritesRealBash runs red17writesReal under a real bash
// (AGENTCTL_TRACE=1; CI does not depend on one), each in a fresh copy of
// the layout, and fails a row after which nothing new exists beside the
// project: each must be a real write outside the working directory.
func TestRed17WritesRealBash(t *testing.T) {
	if os.Getenv("AGENTCTL_TRACE") != "1" {
		t.Skip("AGENTCTL_TRACE=1 runs the rows under bash")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, cmd := range red17writesReal {
		s := project(t, red17writesNone, map[string]string{"README": "hello\n", "deep/b/c/keep": "", "tpl/keep": ""})
		for name, to := range red17writesLinks {
			p := filepath.Join(s.Cwd, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, p); err != nil {
				t.Fatal(err)
			}
		}
		base := filepath.Dir(filepath.Dir(s.Cwd))
		before := red17writesBeside(base)
		run := exec.Command(bash, "-c", cmd)
		run.Dir = s.Cwd
		if out, err := run.CombinedOutput(); err != nil {
			t.Logf("%s: %v: %s", cmd, err, out)
		}
		if after := red17writesBeside(base); after == before {
			t.Errorf("%s: wrote nothing outside %s", cmd, s.Cwd)
		}
	}
}

// red17writesBeside sums the sizes and counts the names of the files in
// base and in its directories' top levels, leaving out every project:
// a write beside a project changes it.
func red17writesBeside(base string) [2]int64 {
	var sum [2]int64
	top, _ := os.ReadDir(base)
	for _, d := range top {
		names := []string{filepath.Join(base, d.Name())}
		if d.IsDir() {
			sub, _ := os.ReadDir(names[0])
			names = names[:0]
			for _, e := range sub {
				if e.Name() != "proj" && e.Name() != "home" {
					names = append(names, filepath.Join(base, d.Name(), e.Name()))
				}
			}
		}
		for _, n := range names {
			if fi, err := os.Lstat(n); err == nil {
				sum[0]++
				sum[1] += fi.Size()
			}
		}
	}
	return sum
}

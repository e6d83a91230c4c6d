package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Bypass classes of the twentieth red-team pass on the path rules of spec
// §4 (symbolic links: a deny fires if either the path or its target
// matches), written from the spec's sentences. Each row runs on a real
// project in a temporary directory with both evaluators.

// red20sfPolicy guards one file below a directory, anchored at the
// project root so that the walk of any other directory meets no guard
// (its neighbours stay allowed), and lets every command and file tool run.
const red20sfPolicy = `{"permissions":{"allow":["Bash","Edit","Read"],` +
	`"deny":["Read(/x/y/z.txt)","Edit(/cfg/deploy.yaml)"]}}`

// red20sfClasses are the rows; <cwd> is the project.
var red20sfClasses = map[string][]toolRow{
	"r20sf-1 a directory renamed or linked in the same line opens what a deny guards below it": {
		// The new name (q) does not exist when the line is checked, so
		// neither the rule nor symlink resolution could see it: the
		// rename or link of an ancestor of a guarded path is itself the
		// access (bash: ln -s x q && cat q/y/z.txt prints the file).
		{"Bash", `{"command":"ln -s x q && cat q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s x/y q; cat q/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -sfn x/ q && head q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s <cwd>/x /tmp/q && cat /tmp/q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s ../x sub/q && cat sub/q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -st sub ../x && cat sub/x/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s --target-directory=sub ../x"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s x"}`, "bypassPermissions", "notallow"},
		{"Bash", `{"command":"mv x q && cat q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"mv ./x/. q"}`, "bypassPermissions", "notallow"},
		{"Bash", `{"command":"mv -t sub x && cat sub/x/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"mv --target-directory=sub x"}`, "acceptEdits", "notallow"},
		{"Bash", `{"command":"mv x* q && cat q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s x q"}`, "dontAsk", "deny"},
		{"Bash", `{"command":"git mv x q && cat q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"rename.ul x q x && cat q/y/z.txt"}`, "", "notallow"},
		{"Bash", `{"command":"rename x q x"}`, "acceptEdits", "notallow"},
		// An Edit deny: moving the directory away, editing, moving back.
		{"Bash", `{"command":"mv cfg c2 && echo evil > c2/deploy.yaml && mv c2 cfg"}`, "", "notallow"},
		{"Bash", `{"command":"ln -s cfg c2 && echo evil > c2/deploy.yaml"}`, "acceptEdits", "notallow"},
		// An existing link was always resolved: the same access through it.
		{"Bash", `{"command":"cat lnk/y/z.txt"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/lnk/y/z.txt"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/cfglnk/deploy.yaml","content":"x"}`, "bypassPermissions", "deny"},
		// Neighbours: files, and directories holding nothing guarded.
		{"Bash", `{"command":"mv a.txt b.txt"}`, "", "allow"},
		{"Bash", `{"command":"mv a.txt b.txt"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"mv *.txt sub/"}`, "", "allow"},
		{"Bash", `{"command":"ln -s a.txt b.txt"}`, "", "allow"},
		{"Bash", `{"command":"mv build dist"}`, "", "allow"},
		{"Bash", `{"command":"mv build dist"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"ln -sfn build current"}`, "", "allow"},
		{"Bash", `{"command":"mv x/y/other.txt sub/"}`, "", "allow"},
		{"Bash", `{"command":"cat x/y/other.txt"}`, "", "allow"},
		{"Bash", `{"command":"mv newdir q"}`, "", "allow"},
		{"Bash", `{"command":"git mv a.txt b.txt"}`, "", "allow"},
		{"Bash", `{"command":"git mv build dist"}`, "", "allow"},
		{"Bash", `{"command":"rename .txt .md a.txt"}`, "", "allow"},
	},
	"r20sf-2 git checkout or restore of a directory rewrites a guarded file below it": {
		// git restore cfg/deploy.yaml was denied; naming its directory
		// rewrote the same file from the index or a revision (real git:
		// git checkout HEAD~1 -- cfg puts back the older deploy.yaml).
		{"Bash", `{"command":"git restore cfg"}`, "", "notallow"},
		{"Bash", `{"command":"git checkout HEAD~1 -- cfg"}`, "", "notallow"},
		{"Bash", `{"command":"git checkout HEAD~1 -- cfg/"}`, "bypassPermissions", "notallow"},
		{"Bash", `{"command":"git restore -s HEAD~2 ./cfg"}`, "acceptEdits", "notallow"},
		{"Bash", `{"command":"git checkout cfg"}`, "", "notallow"},
		{"Bash", `{"command":"git restore cfg/deploy.yaml"}`, "", "deny"},
		// Neighbours: branches, files, directories holding nothing guarded,
		// and the index alone.
		{"Bash", `{"command":"git checkout main"}`, "", "allow"},
		{"Bash", `{"command":"git checkout -b feature"}`, "", "allow"},
		{"Bash", `{"command":"git restore a.txt"}`, "", "allow"},
		{"Bash", `{"command":"git restore build"}`, "", "allow"},
		{"Bash", `{"command":"git checkout HEAD -- build"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"git restore --staged cfg"}`, "", "allow"},
	},
}

// TestBypassRed20SF decides every red20sf row.
func TestBypassRed20SF(t *testing.T) {
	s := project(t, red20sfPolicy, map[string]string{"x/y/z.txt": "SECRET", "x/y/other.txt": "o",
		"cfg/deploy.yaml": "prod", "a.txt": "a", "build/out.js": "js", "sub/keep": "k"})
	for link, target := range map[string]string{"lnk": "x", "cfglnk": "cfg"} {
		if err := os.Symlink(target, filepath.Join(s.Cwd, link)); err != nil {
			t.Fatal(err)
		}
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red20sfClasses)
}

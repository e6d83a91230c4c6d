package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Bypass classes of the sixth red-team pass, on the tools other than
// Bash: what a search tool reaches beyond its path, hosts no domain rule
// can name, and the shell readers whose include globs are paths. Each row
// is decided by both evaluators (EvalBoth fails on any difference).

// red6Policy denies the usual secrets and approves the searches and
// fetches the rows try.
const red6Policy = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)","WebFetch(domain:evil.com)",` +
	`"WebFetch(domain:*.bad.org)","Edit(replace_all:true)","Read(offset:*)","NotebookEdit(edit_mode:delete)","Read(/vault/**)","Read(café/**)"],"ask":["Edit(docs/**)","Read(notes/**)"],` +
	`"allow":["Read(src/**)","Edit(src/**)","WebFetch","Bash(rg *)","Bash(grep *)"]}}`

// red6Case is one call: input is JSON where <cwd> stands for the project.
type red6Case = toolRow

var red6Classes = map[string][]red6Case{
	"r6-1 a host with an empty label no domain rule names": {
		// Domain rules drop one trailing dot; a host with an empty label
		// elsewhere is invalid input, not a host no deny rule names.
		{"WebFetch", `{"url":"https://evil.com../","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://evil.com.../x","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://.evil.com/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://a..bad.org/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://a.bad.org../","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://evil.com\u3002\u3002/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://:443/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://evil.com./","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://a.b.bad.org/","prompt":"p"}`, "", "deny"},
		// Benign neighbours.
		{"WebFetch", `{"url":"https://ok.com./x","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://bad.org/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"http://[::1]:8080/","prompt":"p"}`, "", "allow"},
	},
	"r6-2 a Grep glob that selects a denied file": {
		// Grep's glob is rg's --glob below the path: it surely reads a
		// file it names, at any depth, in any letter case.
		{"Grep", `{"pattern":"x","glob":".env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","path":"<cwd>","glob":"**/.env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"secrets/*"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"**/secrets/**"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"{.env,x}"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"*.go .env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"*.go,.env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":".ENV"}`, "", "deny"},
		{"Grep", `{"pattern":"x","path":"<cwd>/sub","glob":"deep/.env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","path":"<cwd>/src","glob":".env"}`, "dontAsk", "deny"},
		// A glob with a literal part of its own that finds a guarded
		// file that exists aims at it.
		{"Grep", `{"pattern":"x","glob":"*.env"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":".e*"}`, "", "deny"},
		{"Grep", `{"pattern":"x","glob":"**/*env*"}`, "", "deny"},
		// Benign neighbours: globs that select no denied name.
		{"Grep", `{"pattern":"x","glob":"*.go"}`, "", "allow"},
		{"Grep", `{"pattern":"x","glob":"*"}`, "", "allow"},
		{"Grep", `{"pattern":"x","glob":"*.*"}`, "", "allow"},
		{"Grep", `{"pattern":"x","path":"<cwd>/src","glob":"*.env"}`, "", "allow"},
		{"Grep", `{"pattern":"x","glob":"src/**/*.go"}`, "", "allow"},
		{"Grep", `{"pattern":"x","glob":"!.env"}`, "", "allow"},
		{"Grep", `{"pattern":"x","glob":".envrc"}`, "", "allow"},
		{"Grep", `{"pattern":"x","path":"<cwd>"}`, "", "allow"},
	},
	"r6-3 a Glob pattern that leaves its path": {
		// Glob's pattern is a path: absolute, climbing or braced, it
		// lists a directory the path never names.
		{"Glob", `{"pattern":"/etc/*"}`, "", "ask"},
		{"Glob", `{"pattern":"/etc/*"}`, "dontAsk", "deny"},
		{"Glob", `{"pattern":"../../*"}`, "", "ask"},
		{"Glob", `{"pattern":"{src,/etc}/*"}`, "", "ask"},
		{"Glob", `{"pattern":"../secrets/*","path":"<cwd>/src"}`, "", "deny"},
		{"Glob", `{"pattern":"<cwd>/secrets/*"}`, "", "deny"},
		{"Glob", `{"pattern":"{src,secrets}/*"}`, "", "deny"},
		{"Glob", `{"pattern":".env"}`, "", "deny"},
		// Benign neighbours.
		{"Glob", `{"pattern":"*.go","path":"<cwd>/src"}`, "", "allow"},
		{"Glob", `{"pattern":"src/**/*.go"}`, "", "allow"},
		{"Glob", `{"pattern":"**/*.go"}`, "", "allow"},
		{"Glob", `{"pattern":"<cwd>/src/*.go"}`, "", "allow"},
	},
	"r6-4 a shell reader's include glob with a slash": {
		// rg -g globs with a slash match the path below the root; braces
		// are alternatives; grep --include may name a directory path too.
		{"Bash", `{"command":"rg -g '**/.env' x ."}`, "", "deny"},
		{"Bash", `{"command":"rg -g 'secrets/*' x ."}`, "", "deny"},
		{"Bash", `{"command":"rg -g '{.env,x}' x ."}`, "", "deny"},
		{"Bash", `{"command":"rg --glob=/secrets/** x"}`, "", "deny"},
		{"Bash", `{"command":"grep -r --include='**/.env' x ."}`, "", "deny"},
		{"Bash", `{"command":"rg -g '.e*' x ."}`, "", "ask"},
		// Benign neighbours.
		{"Bash", `{"command":"rg -g '*.go' x src"}`, "", "notdeny"},
		{"Bash", `{"command":"rg -g 'src/**' x ."}`, "", "notdeny"},
	},
	"r6-5 plan mode's deny beats an ask": {
		// Plan mode denies what is not read-only (spec §6); a protected
		// path, an ask rule or a critical rm must not make it a prompt.
		{"Write", `{"file_path":"<cwd>/.git/config","content":"x"}`, "plan", "deny"},
		{"Edit", `{"file_path":"<cwd>/.claude/settings.json","old_string":"a","new_string":"b"}`, "plan", "deny"},
		{"Write", `{"file_path":"<cwd>/.bashrc","content":"x"}`, "plan", "deny"},
		{"Write", `{"file_path":"<cwd>/docs/a.md","content":"x"}`, "plan", "deny"},
		{"NotebookEdit", `{"notebook_path":"<cwd>/docs/a.ipynb","new_source":"x"}`, "plan", "deny"},
		{"Write", `{"file_path":"<cwd>/src/a.go","content":"x"}`, "plan", "deny"},
		{"Bash", `{"command":"rm -rf ."}`, "plan", "deny"},
		// Reads stay reads: an ask rule still asks, the rest is allowed.
		{"Read", `{"file_path":"<cwd>/notes/a"}`, "plan", "ask"},
		{"Read", `{"file_path":"<cwd>/src/main.go"}`, "plan", "allow"},
		// Outside plan mode the asks stay asks.
		{"Write", `{"file_path":"<cwd>/.git/config","content":"x"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/docs/a.md","content":"x"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/.git/config","content":"x"}`, "bypassPermissions", "ask"},
	},
	"r6-6 a param rule on a path tool's own field": {
		// Every input field of a file tool can be a param rule's: not a
		// path rule for a file named "replace_all:true" (spec §2).
		{"Edit", `{"file_path":"<cwd>/src/a.go","old_string":"a","new_string":"b","replace_all":true}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/src/main.go","offset":3}`, "", "deny"},
		{"NotebookEdit", `{"notebook_path":"<cwd>/src/a.ipynb","new_source":"","edit_mode":"delete"}`, "", "deny"},
		// Benign neighbours: the field absent or another value.
		{"Edit", `{"file_path":"<cwd>/src/a.go","old_string":"a","new_string":"b","replace_all":false}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/main.go","limit":3}`, "", "allow"},
		{"NotebookEdit", `{"notebook_path":"<cwd>/src/a.ipynb","new_source":"x","edit_mode":"insert"}`, "", "allow"},
	},
	"r6-7 /proc/self/root before /proc/self/cwd": {
		// /proc/self/root is the agent's "/": what follows is its path,
		// and a /proc/self/cwd there is the agent's cwd, not agentctl's.
		{"Read", `{"file_path":"/proc/self/root/proc/self/cwd/.env"}`, "", "deny"},
		{"Write", `{"file_path":"/proc/self/root/proc/self/cwd/secrets/k","content":"x"}`, "acceptEdits", "deny"},
		{"Read", `{"file_path":"/proc/thread-self/root//proc/self/root/proc/self/cwd/sub/../.env"}`, "", "deny"},
		{"Read", `{"file_path":"/proc/self/root<cwd>/.env"}`, "", "deny"},
		{"Write", `{"file_path":"/proc/self/root/proc/self/cwd/.git/config","content":"x"}`, "bypassPermissions", "ask"},
		// Benign neighbours: inside the working directories.
		{"Write", `{"file_path":"/proc/self/root/proc/self/cwd/src/a.go","content":"x"}`, "acceptEdits", "allow"},
		{"Read", `{"file_path":"/proc/self/root<cwd>/src/main.go"}`, "", "allow"},
	},
	"r6-8 a .. after a symlink climbs from its target": {
		// src/subl → ../sub: the kernel reads src/subl/../vault/key as
		// vault/key; the cleaned path (src/vault/key) names nothing the
		// anchored deny covers. A deny fires on the kernel's file too.
		{"Read", `{"file_path":"<cwd>/src/subl/../vault/key"}`, "", "deny"},
		{"Bash", `{"command":"cat src/subl/../vault/key"}`, "", "deny"},
		{"Bash", `{"command":"cat < <cwd>/src/subl/deep/../../vault/key"}`, "", "deny"},
		{"Bash", `{"command":"echo x > src/subl/../vault/new"}`, "acceptEdits", "deny"},
		{"Write", `{"file_path":"<cwd>/src/subl/../.git/config","content":"x"}`, "bypassPermissions", "ask"},
		// Benign neighbours: a .. with no symlink before it, or one that
		// lands on a harmless file.
		{"Read", `{"file_path":"<cwd>/src/../src/main.go"}`, "", "allow"},
		{"Bash", `{"command":"cat src/subl/deep/../x"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/subl/../src/main.go"}`, "", "allow"},
	},
	"r6-9 a name a loose file system reads as a guarded one": {
		// APFS/HFS+ normalise and drop ignorable code points, Windows drops
		// a name's trailing dots and spaces: the same file as .env, .git.
		{"Read", `{"file_path":"<cwd>/.e\u200cnv"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/.env."}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/.env. "}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/secrets\u200d/key"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/caf\u0065\u0301/x"}`, "", "deny"},
		{"Grep", `{"pattern":"x","path":"<cwd>/secrets\ufeff"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/.git\u200c/config","content":"x"}`, "bypassPermissions", "ask"},
		{"Write", `{"file_path":"<cwd>/.git./hooks/pre-commit","content":"x"}`, "bypassPermissions", "ask"},
		{"Edit", `{"file_path":"<cwd>/.claude\u200d/settings.json","old_string":"a","new_string":"b"}`, "bypassPermissions", "ask"},
		{"Write", `{"file_path":"<cwd>/.bashrc ","content":"x"}`, "acceptEdits", "ask"},
		// Benign neighbours: other letters, and names that only look alike.
		{"Read", `{"file_path":"<cwd>/src/\u00fc.go"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/.env\u200b"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/src/a..go","content":"x"}`, "acceptEdits", "allow"},
		{"Write", `{"file_path":"<cwd>/src/a.go","content":"x"}`, "acceptEdits", "allow"},
	},
	"r6-10 a Windows alias of a name": {
		// Claude Code asks for a path with an 8.3 short name (GIT~1 is
		// .git on NTFS), a name ending in dots or a name of three dots,
		// whatever the allow rules and the mode (bypass skips it).
		{"Write", `{"file_path":"<cwd>/GIT~1/config","content":"x"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/src/a~1.go","content":"x"}`, "", "ask"},
		{"Write", `{"file_path":"<cwd>/src./a.go","content":"x"}`, "acceptEdits", "ask"},
		{"Edit", `{"file_path":"<cwd>/.../a","old_string":"a","new_string":"b"}`, "acceptEdits", "ask"},
		{"Read", `{"file_path":"<cwd>/src/a~1.go"}`, "", "ask"},
		{"Write", `{"file_path":"<cwd>/GIT~1/config","content":"x"}`, "dontAsk", "deny"},
		// Benign neighbours.
		{"Write", `{"file_path":"<cwd>/src/a~b.go","content":"x"}`, "acceptEdits", "allow"},
		{"Write", `{"file_path":"<cwd>/src/a..b.go","content":"x"}`, "acceptEdits", "allow"},
		{"Write", `{"file_path":"<cwd>/GIT~1/config","content":"x"}`, "bypassPermissions", "allow"},
	},
	"r6-11 files Claude Code also keeps from unasked edits": {
		// Claude Code asks before editing these (they run at login, in a
		// hook or in a package manager); agentctl is never looser.
		{"Write", `{"file_path":"<cwd>/.pre-commit-config.yaml","content":"x"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/sub/.yarnrc.yml","content":"x"}`, "acceptEdits", "ask"},
		{"Edit", `{"file_path":"<cwd>/.Bash_Logout","old_string":"a","new_string":"b"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/.bunfig.toml","content":"x"}`, "", "ask"},
		{"Bash", `{"command":"echo x >> .bash_aliases"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/.zlogout","content":"x"}`, "bypassPermissions", "allow"},
		// Benign neighbours.
		{"Write", `{"file_path":"<cwd>/.editorconfig","content":"x"}`, "acceptEdits", "allow"},
		{"Write", `{"file_path":"<cwd>/pre-commit-config.yaml","content":"x"}`, "acceptEdits", "allow"},
	},
}

func TestBypassRed6(t *testing.T) {
	s := project(t, red6Policy, map[string]string{".env": "SECRET=1\n", "secrets/key": "k\n",
		"src/main.go": "package main\n", "sub/deep/.env": "S=1\n", "sub/x": "x\n", "vault/key": "k\n"})
	if err := os.Symlink("../sub", s.Cwd+"/src/subl"); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red6Classes)
}

func TestProcSelfRoot(t *testing.T) {
	for in, want := range map[string]string{
		"/proc/self/root/etc/passwd":                  "/etc/passwd",
		"/proc/self/root/proc/self/cwd/.env":          "/proc/self/cwd/.env",
		"//proc/./thread-self//root/proc/self/root/x": "/x",
		"/proc/self/root":                             "/",
		"/proc/1/root/x":                              "/proc/1/root/x",
		"/proc/self/rootx/y":                          "/proc/self/rootx/y",
		"/home/u/proc/self/root/x":                    "/home/u/proc/self/root/x",
	} {
		if got := procSelfRoot(in); got != want {
			t.Errorf("procSelfRoot(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNameVariant(t *testing.T) {
	for in, want := range map[string]string{
		"/p/src/main.go":      "",
		"/p/.env.":            "/p/.env",
		"/p/a. /b":            "/p/a/b",
		"/p/../x":             "",
		"/p/.git\u200c/x":     "/p/.git/x",
		"/p/cafe\u0301":       "/p/caf\u00e9",
		"/p/caf\u00e9":        "",
		"/p/...":              "",
		"/p/\u202e.env\u202c": "/p/.env",
	} {
		got, ok := nameVariant(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("nameVariant(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRelativeDenyCoversAddedDirs: a relative deny or ask pattern covers
// every working directory, as Claude Code's does (Read(.env) denies
// <added dir>/.env); a relative allow stays at the cwd (spec §4, §6).
func TestRelativeDenyCoversAddedDirs(t *testing.T) {
	root := t.TempDir()
	extra := root + "/extra"
	for _, f := range []string{".env", "secrets/k", "notes/a", "src/a", "x"} {
		if err := os.MkdirAll(filepath.Dir(extra+"/"+f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(extra+"/"+f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	policy := `{"permissions":{"deny":["Read(.env)","Read(secrets/**)"],"ask":["Read(notes/**)"],` +
		`"allow":["Edit(src/**)"],"additionalDirectories":["` + extra + `"]}}`
	s := projectAt(t, root, policy, map[string]string{"src/main.go": "package main\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, path, mode, want string }{
		{"Read", extra + "/.env", "", "deny"},
		{"Read", extra + "/sub/.env", "", "deny"},
		{"Read", extra + "/secrets/k", "", "deny"},
		{"Write", extra + "/.env", "acceptEdits", "deny"},
		{"Grep", extra + "/secrets", "", "deny"},
		{"Read", extra + "/notes/a", "", "ask"},
		{"Read", extra + "/notes/a", "dontAsk", "deny"},
		// Benign neighbours: other files there; a relative allow does not
		// reach the added directory; a sibling is no working directory.
		{"Read", extra + "/x", "", "allow"},
		{"Write", extra + "/src/a", "", "ask"},
		{"Write", extra + "/src/a", "acceptEdits", "allow"},
		{"Read", root + "/extra_evil/x", "", "ask"},
		{"Write", s.Cwd + "/src/a.go", "", "allow"},
	} {
		in := map[string]any{"file_path": c.path}
		switch c.tool {
		case "Grep":
			in = map[string]any{"pattern": "x", "path": c.path}
		case "Write":
			in["content"] = "x"
		}
		d, err := e.Decide(context.Background(), Call{Tool: c.tool, Input: in, Mode: c.mode})
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, c.path, err)
		}
		if d.Decision.String() != c.want {
			t.Errorf("%s %s (%s): got %s (%s: %s), want %s", c.tool, c.path, c.mode, d.Decision, d.Stage, d.Reason, c.want)
		}
	}
}

package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// TestLooseSpellingUnderHostileProject: a file tool's path is also checked
// in its loose spelling (NFC, without HFS+'s invisible code points and the
// dots and spaces that end a name), because macOS and Windows open the
// same file under both. The whole path used to be loosened, the project
// directory included, while rules and working directories stay anchored at
// the project as spelled. A project whose own name is not loose-normal —
// "café" in NFD, as HFS+ stores it, a name ending in a dot, a zero-width
// mark — then moved the loose form out of the project: ".env"+U+200C
// missed Read(.env) (ask; bypass mode allowed it), and every read inside
// the project asked as "outside the working directories".
func TestLooseSpellingUnderHostileProject(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(.env)","Edit(/locked/**)","Read(/secret/**)"],"allow":["Edit(/src/**)"]}}`
	for _, dir := range []string{"cafe\u0301", "caf\u00e9", "z\u200cw", "tr.", "sp ", "\u202ertl", "p[1]", "plain"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, policy, map[string]string{".env": "S=1", "ok.txt": "x", "src/a.go": "package a"})
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			cwd := filepath.Join(root, "proj")
			for _, r := range []struct{ mode, tool, path, want string }{
				{"", "Read", ".env\u200c", "deny"},
				{"", "Read", ".e\u200dnv", "deny"},
				{"", "Read", "\ufeff.env", "deny"},
				{"", "Read", ".env.", "deny"},
				{"", "Read", ".env ", "deny"},
				{"", "Read", "sub\u200c/.env", "deny"},
				{"", "Read", "secret\u200c/k", "deny"},
				{"", "Read", "secret./k", "deny"},
				{"", "Write", ".env\u200c", "deny"},
				{"", "Edit", "locked\u200c/x", "deny"},
				{"", "Edit", "locked./x", "deny"},
				{"", "Edit", "locked /x", "deny"},
				{"", "Edit", "\u202alocked/x", "deny"},
				{"bypassPermissions", "Read", ".env\u200c", "deny"},
				{"bypassPermissions", "Read", "secret\u200c/k", "deny"},
				{"bypassPermissions", "Write", ".e\u200dnv", "deny"},
				{"bypassPermissions", "Edit", "locked\u200c/x", "deny"},
				{"bypassPermissions", "Edit", "locked./x", "deny"},
				{"dontAsk", "Read", ".env\u200c", "deny"},
				// Protected names in loose spelling still ask, even in bypass mode.
				{"", "Write", ".gi\u200ct/config", "ask"},
				{"", "Write", ".claude\u200c/settings.json", "ask"},
				{"bypassPermissions", "Write", ".gi\u200ct/hooks/pre-commit", "ask"},
				{"bypassPermissions", "Write", ".clau\u200dde/settings.json", "ask"},
				{"acceptEdits", "Write", ".bashrc\u200c", "ask"},
				// The harmless neighbours stay as they were.
				{"bypassPermissions", "Read", "ok.txt", "allow"},
				{"bypassPermissions", "Write", "ok.txt", "allow"},
				{"", "Read", ".envrc.example", "allow"},
				{"", "Read", "environment", "allow"},
			} {
				in := map[string]any{"file_path": filepath.Join(cwd, r.path)}
				switch r.tool {
				case "Edit":
					in["old_string"], in["new_string"] = "a", "b"
				case "Write":
					in["content"] = "x"
				}
				want := r.want
				if want == "allow" && r.mode == "" && windowsAlias(cwd) {
					want = "ask" // a project named "x." is a Windows alias pattern
				}
				d, err := e.Decide(context.Background(), Call{Tool: r.tool, Input: in, Mode: r.mode})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision.String() != want {
					t.Errorf("%s %s %q: got %s (%s: %s), want %s", r.mode, r.tool, r.path, d.Decision, d.Stage, d.Reason, want)
				}
			}
		})
	}
}

// TestReadInsideLooseNamedProject: a read inside a project whose name is
// not loose-normal is a read inside the working directories (it asked:
// its loose form lay outside them). A name ending in a dot or space is a
// Windows alias pattern, which asks on its own; those are left out.
func TestReadInsideLooseNamedProject(t *testing.T) {
	for _, dir := range []string{"cafe\u0301", "z\u200cw", "\u202ertl", "\ufeffbom"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, `{"permissions":{"deny":["Read(.env)"]}}`, map[string]string{"ok.txt": "x", "d/n\u00e9.txt": "x"})
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			cwd := filepath.Join(root, "proj")
			for _, p := range []string{"ok.txt", "d/n\u00e9.txt", "d/ne\u0301.txt", "d"} {
				d := decide(t, e, "Read", map[string]any{"file_path": filepath.Join(cwd, p)})
				if d.Decision.String() != "allow" {
					t.Errorf("Read %q: got %s (%s: %s), want allow", p, d.Decision, d.Stage, d.Reason)
				}
			}
		})
	}
}

// TestShellLooseSpelling: the shell's files get the loose spelling the
// file tools get. `cat .env` + U+200C is .env on HFS+ (git's
// CVE-2014-9390 class), `cat .env.` is .env on Windows; both were allowed
// as read-only while Read of the same path was denied. The project's own
// name, however spelled, stays as it is.
func TestShellLooseSpelling(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(.env)","Read(/secret/**)","Edit(/locked/**)"]}}`
	for _, dir := range []string{"plain", "cafe\u0301", "z\u200cw", "p[1]"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, policy, map[string]string{".env": "S=1", "ok.txt": "x", "secret/k": "k"})
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []struct{ mode, cmd, want string }{
				{"", "cat .env\u200c", "deny"},
				{"", "cat .e\u200dnv", "deny"},
				{"", "cat \u200e.env", "deny"},
				{"", "cat .env.", "deny"},
				{"", "cat '.env '", "deny"},
				{"", "head -n1 sub/.env\u200c", "deny"},
				{"", "cat ../proj/.env\ufeff", "deny"},
				{"", "cat secret\u200c/k", "deny"},
				{"", "grep x secret./k", "deny"},
				{"", "x=.env\u200c; cat $x", "deny"},
				{"", "rev < .env\u200c", "deny"},
				{"", "echo x > locked\u200c/f", "deny"},
				{"", "cp ok.txt locked./f", "deny"},
				{"bypassPermissions", "cat .env\u200c", "deny"},
				{"bypassPermissions", "tee locked\u200c/f < ok.txt", "deny"},
				{"", "echo x > .gi\u200ct/config", "ask"},
				{"", "echo x >> .bashrc\u200c", "ask"},
				{"bypassPermissions", "echo x > .clau\u200cde/settings.json", "ask"},
				{"acceptEdits", "touch .git./hooks/pre-commit", "ask"},
				// Neighbours stay allowed.
				{"", "cat ok.txt", "allow"},
				{"", "cat caf\u00e9.txt ok.txt", "allow"},
				{"", "cat cafe\u0301.txt", "allow"},
				{"", "cat *.txt", "allow"},
				{"", "ls -a", "allow"},
				{"", "cat ../proj/ok.txt", "allow"},
				{"", "grep -r x --exclude=.env --exclude-dir=secret .", "allow"},
			} {
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": r.cmd}, Mode: r.mode})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision.String() != r.want {
					t.Errorf("%s %q: got %s (%s: %s), want %s", r.mode, r.cmd, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// TestGlobToolInHostileDirectory: the Glob tool's pattern is relative to
// its search directory, and the directory's name is not part of the
// pattern. It was pasted in unescaped, so the static prefix stopped at the
// directory's own "[", "*" or "{": Glob secret/* in a project "p[1]"
// asked (a read of the parent) instead of meeting Read(/secret/**), and
// in a subdirectory "sub[2]" of a plain project it was allowed past
// Read(**/secret/**).
func TestGlobToolInHostileDirectory(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(.env)","Read(/secret/**)","Read(**/vault/**)"]}}`
	for _, dir := range []string{"plain", "p[1]", "a*", "q?", "x{a,b}", `b\s`, "[!x]"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, policy, map[string]string{".env": "S=1", "secret/k": "k", "docs/a.md": "a",
				"sub[2]/vault/k": "k", "s*/vault/k": "k", "c{1,2}/vault/k": "k", "b[x]/docs/a.md": "a"})
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			cwd := filepath.Join(root, "proj")
			for _, r := range []struct{ sub, pattern, want string }{
				{"", "secret/*", "deny"},
				{"", "secret/**", "deny"},
				{"", "{secret,docs}/*", "deny"},
				{"", ".env", "deny"},
				{"sub[2]", "vault/*", "deny"},
				{"sub[2]", "vault/**/*.key", "deny"},
				{"s*", "vault/*", "deny"},
				{"c{1,2}", "vault/*", "deny"},
				{"c{1,2}", "{vault,x}/k", "deny"},
				{"sub[2]", "../secret/*", "deny"},
				// Harmless neighbours.
				{"", "*.md", "allow"},
				{"", "docs/*", "allow"},
				{"b[x]", "docs/*.md", "allow"},
				{"sub[2]", "*.txt", "allow"},
			} {
				in := map[string]any{"pattern": r.pattern, "path": filepath.Join(cwd, r.sub)}
				d, err := e.Decide(context.Background(), Call{Tool: "Glob", Input: in})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision.String() != r.want {
					t.Errorf("Glob %q in %q: got %s (%s: %s), want %s", r.pattern, r.sub, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// TestQuotedGlobCharsInShellGlob: in a shell glob word the quoted and
// backslash-escaped characters are literal. `cat 'sub[2]'/vault/*` reads
// the files of the directory "sub[2]"; the word was matched as the
// pattern sub[2]/vault/*, whose [2] is a class (sub2), so it met no
// guarded path and Read(**/vault/**) let it through.
func TestQuotedGlobCharsInShellGlob(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(**/vault/**)","Read(.env)"]}}`
	for _, dir := range []string{"plain", "p[1]"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, policy, map[string]string{"sub[2]/vault/k": "k", "x?/vault/k": "k", "c{1,2}/vault/k": "k",
				"st*r/vault/k": "k", "b\\s/vault/k": "k", "d[!a]/vault/k": "k", "d[!a]/ok.txt": "x", "e[1]/.env": "S=1",
				"ok.txt": "x", "docs/a.md": "a"})
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []struct{ cmd, want string }{
				{"cat 'sub[2]'/vault/*", "deny"},
				{`cat "sub[2]"/vault/*`, "deny"},
				{`cat sub\[2\]/vault/*`, "deny"},
				{"cat sub'[2]'/v*/k", "deny"},
				{"cat 'sub[2]/'*/k", "deny"},
				{"cat ./'sub[2]'/*/*", "deny"},
				{"head -n1 'sub[2]'/vault/?", "deny"},
				{"cat 'c{1,2}'/vault/*", "deny"},
				{`cat c\{1,2\}/vault/*`, "deny"},
				{"cat 'd[!a]'/vault/*", "deny"},
				{"cat 'x?'/vault/*", "deny"},
				{"cat 'st*r'/vault/*", "deny"},
				{`cat 'b\s'/vault/*`, "deny"},
				{"cat 'e[1]'/.e*", "deny"},
				{"cat $'e[1]'/.env*", "deny"},
				{"cd 'sub[2]' && cat vault/*", "deny"},
				// Harmless neighbours.
				{"cat 'd[!a]'/*.txt", "allow"},
				{"cat *.txt", "allow"},
				{"cat 'docs'/*.md", "allow"},
				{"ls 'sub[2]'", "allow"},
				{"cat [[:alpha:]]*.txt", "allow"},
				{"grep -l x 'sub[2]'/*.txt", "allow"},
			} {
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": r.cmd}})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision.String() != r.want {
					t.Errorf("%q: got %s (%s: %s), want %s", r.cmd, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Deny and ask path rules match case-insensitively, as Claude Code's do:
// on macOS and Windows ".ENV" is ".env". Every route a path takes to such
// a rule is checked here, each with benign neighbours, under both
// evaluators; allow path rules stay case-sensitive.

const (
	// foldPolicy: deny and ask path rules of every kind, Bash allowed.
	foldPolicy = `{"permissions":{"allow":["Bash","Edit","Write","MultiEdit","NotebookEdit"],` +
		`"deny":["Read(.env)","Edit(secrets/**)","Grep(private/**)","Read(key[A-Z].pem)","Read(x[!a-z])",` +
		`"Read(v[Z-a])","Read(ärger.txt)","Read(Straße)","Read(k.txt)","Read(/Vault/**)"],` +
		`"ask":["Read(notes/**)"]}}`
	// anchoredPolicy: a deny anchored at the project root (recursive readers).
	anchoredPolicy = `{"permissions":{"allow":["Bash"],"deny":["Read(/secrets/**)"]}}`
	// foldAskPolicy: an ask rule on a directory (excludes).
	foldAskPolicy = `{"permissions":{"allow":["Bash"],"ask":["Read(secrets/**)"]}}`
	// allowCasePolicy: an allow path rule, which stays case-sensitive.
	allowCasePolicy = `{"permissions":{"allow":["Edit(docs/**)","Read(//opt/Data/**)"]}}`
)

// caseCase is one call: a tool with its main path relative to the cwd
// (prefix "/" for an absolute path), or a Bash command.
type caseCase struct {
	policy, tool, arg, want string
}

var caseFoldCases = map[string][]caseCase{
	"file tools": {
		{foldPolicy, "Read", ".ENV", "deny"},
		{foldPolicy, "Read", ".Env", "deny"},
		{foldPolicy, "Read", "sub/.eNv", "deny"},
		{foldPolicy, "Read", ".env", "deny"},
		{foldPolicy, "Read", ".ENVX", "allow"},
		{foldPolicy, "Read", "ENV", "allow"},
		{foldPolicy, "Edit", "SECRETS/a", "deny"},
		{foldPolicy, "Write", "Secrets/a", "deny"},
		{foldPolicy, "MultiEdit", "sub/SeCrEtS/b", "deny"},
		{foldPolicy, "NotebookEdit", "SECRETS/n.ipynb", "deny"},
		{foldPolicy, "Edit", "SECRETSX/a", "allow"},
		{foldPolicy, "Write", ".ENV", "deny"}, // a Read deny blocks writing too
		{foldPolicy, "Read", "NOTES/a", "ask"},
		{foldPolicy, "Read", "Notes/sub/a", "ask"},
		{foldPolicy, "Read", "NOTESX/a", "allow"},
		{foldPolicy, "Grep", "PRIVATE", "deny"}, // Grep's own path rule
		{foldPolicy, "Grep", "Private/x", "deny"},
		{foldPolicy, "Grep", "SECRETS", "allow"}, // an Edit rule: not Grep's
		{foldPolicy, "Grep", "src", "allow"},
		{foldPolicy, "Glob", "NOTES", "ask"},
		{foldPolicy, "Read", "VAULT/x", "deny"}, // /Vault/**: the project root's
		{foldPolicy, "Read", "vault/x", "deny"},
		{foldPolicy, "Read", "sub/vault/x", "allow"},
		{foldPolicy, "Read", "VAULTS/x", "allow"},
	},
	"character classes and other letters": {
		// [A-Z] lowered is [a-z] on the lower-cased path: either case.
		{foldPolicy, "Read", "keyB.pem", "deny"},
		{foldPolicy, "Read", "keyb.pem", "deny"},
		{foldPolicy, "Read", "KEYB.PEM", "deny"},
		{foldPolicy, "Read", "key1.pem", "allow"},
		// [!a-z] as written still matches what it says (B, 1); lower-cased
		// it would not: a deny never matches less than its pattern.
		{foldPolicy, "Read", "xB", "deny"},
		{foldPolicy, "Read", "X1", "deny"},
		{foldPolicy, "Read", "xb", "allow"},
		// [Z-a] lower-cased ([z-a]) does not compile: as written only.
		{foldPolicy, "Read", "v_", "deny"},
		{foldPolicy, "Read", "V_", "allow"},
		{foldPolicy, "Read", "vb", "allow"},
		// Non-ASCII letters fold with strings.ToLower / Rego lower().
		{foldPolicy, "Read", "ÄRGER.txt", "deny"},
		{foldPolicy, "Read", "Ärger.TXT", "deny"},
		{foldPolicy, "Read", "arger.txt", "allow"},
		{foldPolicy, "Read", "STRAßE", "deny"},
		{foldPolicy, "Read", "STRASSE", "allow"},   // no full case folding
		{foldPolicy, "Read", "\u212a.txt", "deny"}, // KELVIN SIGN lowers to k
	},
	"shell operands and redirects": {
		{foldPolicy, "Bash", "cat .ENV", "deny"},
		{foldPolicy, "Bash", "head -n1 sub/.Env", "deny"},
		{foldPolicy, "Bash", "cat < .ENV", "deny"},
		{foldPolicy, "Bash", "echo x > SECRETS/a", "deny"},
		{foldPolicy, "Bash", "cp README.md Secrets/a", "deny"},
		{foldPolicy, "Bash", "cat NOTES/a", "ask"},
		{foldPolicy, "Bash", "cat README.md", "allow"},
		{foldPolicy, "Bash", "cat .ENVX", "allow"},
		{foldPolicy, "Bash", "echo x > SECRETSX/a", "allow"},
	},
	"mentions": {
		{foldPolicy, "Bash", "rev .ENV", "deny"},
		{foldPolicy, "Bash", "xxd sub/.Env", "deny"},
		{foldPolicy, "Bash", "git show HEAD:.ENV", "deny"},
		{foldPolicy, "Bash", `cat "$PWD/.ENV"`, "deny"},
		{foldPolicy, "Bash", "rev NOTES/a", "ask"},
		{foldPolicy, "Bash", "rev README.md", "allow"},
		{foldPolicy, "Bash", "echo .ENV", "allow"}, // echo names no file
		{foldPolicy, "Bash", `cat "$PWD/README.md"`, "notdeny"},
	},
	"globs in shell words": {
		{foldPolicy, "Bash", "cat .E*", "deny"},
		{foldPolicy, "Bash", "cat .EN?", "deny"},
		{foldPolicy, "Bash", "cat sub/.[E]nv", "deny"},
		{foldPolicy, "Bash", "rev .E*", "deny"},
		{foldPolicy, "Bash", "echo x > SECRETS/*", "deny"},
		{foldPolicy, "Bash", "cat NOTES/a*", "ask"},
		{foldPolicy, "Bash", "cat NOTES/*", "deny"}, // NOTES/keyA.pem
		{foldPolicy, "Bash", "cat *.go", "allow"},
		{foldPolicy, "Bash", "cat .X*", "allow"},
	},
	"recursive readers": {
		{foldPolicy, "Bash", "grep -r --include=.ENV x .", "deny"},
		{foldPolicy, "Bash", "grep -r x . --include=.Env", "deny"},
		{anchoredPolicy, "Bash", "grep -r x ../PROJ", "ask"},
		{anchoredPolicy, "Bash", "tar czf /tmp/x.tgz ../Proj", "ask"},
		{anchoredPolicy, "Bash", "grep -r x SECRETS", "deny"},
		{anchoredPolicy, "Bash", "grep -r x src", "allow"},
		{anchoredPolicy, "Bash", "grep -r x SRC", "allow"},
		// An exclude keeps a guarded name out in any letter case (spec §3:
		// a reader whose excludes keep every denied name out runs freely).
		{foldAskPolicy, "Bash", "grep -r --exclude-dir=secrets x .", "allow"},
		{foldAskPolicy, "Bash", "grep -r --exclude-dir=SECRETS x .", "allow"},
		{foldAskPolicy, "Bash", "grep -r --exclude-dir=secret x .", "ask"},
		{foldAskPolicy, "Bash", "grep -r --exclude-dir='[sS][eE][cC][rR][eE][tT][sS]' x .", "allow"},
		{foldAskPolicy, "Bash", "grep -r '--exclude-dir=[sS]*' x .", "allow"},
	},
	"symlinks": {
		{foldPolicy, "Read", "link-env", "deny"},
		{foldPolicy, "Edit", "link-secrets/a", "deny"},
		{foldPolicy, "Bash", "cat link-env", "deny"},
		{foldPolicy, "Read", "link-readme", "allow"},
		{foldPolicy, "Bash", "cat link-readme", "allow"},
	},
	"allow rules stay case-sensitive": {
		{allowCasePolicy, "Edit", "docs/a", "allow"},
		{allowCasePolicy, "Edit", "DOCS/a", "ask"},
		{allowCasePolicy, "Read", "/opt/Data/a", "allow"},
		{allowCasePolicy, "Read", "/opt/data/a", "ask"},
	},
}

// TestCaseFoldedPathRules decides every case in a project whose path has
// upper-case letters (the test's temporary directory) and in one whose
// path has none: a lower-case glob is its own folded form.
func TestCaseFoldedPathRules(t *testing.T) {
	t.Run("mixed-case root", func(t *testing.T) { testCaseFolded(t, "") })
	lower, err := os.MkdirTemp("", "casefold")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(lower) })
	if lower != strings.ToLower(lower) {
		t.Skipf("temporary directory %s has upper-case letters", lower)
	}
	t.Run("lower-case root", func(t *testing.T) { testCaseFolded(t, lower) })
}

// testCaseFolded runs caseFoldCases in projects under root ("": t.TempDir).
func testCaseFolded(t *testing.T, root string) {
	files := map[string]string{".ENV": "SECRET=1\n", "README.md": "r\n", "src/main.go": "package main\n",
		"SECRETS/key": "k\n", "sub/x": "x\n", "docs/a": "a\n"}
	type pair struct{ rego, native *Engine }
	engines := map[string]pair{}
	for _, cases := range caseFoldCases {
		for _, c := range cases {
			if _, ok := engines[c.policy]; ok {
				continue
			}
			fs := map[string]string{}
			for k, v := range files {
				fs[k] = v
			}
			s := projectUnder(t, root, c.policy, fs)
			for link, target := range map[string]string{"link-env": ".ENV", "link-secrets": "SECRETS", "link-readme": "README.md"} {
				if err := os.Symlink(filepath.Join(s.Cwd, target), filepath.Join(s.Cwd, link)); err != nil {
					t.Fatal(err)
				}
			}
			var p pair
			for _, ev := range []Evaluator{EvalRego, EvalNative} {
				e, err := New(context.Background(), s, WithEvaluator(ev))
				if err != nil {
					t.Fatal(err)
				}
				if ev == EvalRego {
					p.rego = e
				} else {
					p.native = e
				}
			}
			engines[c.policy] = p
		}
	}
	for class, cases := range caseFoldCases {
		t.Run(class, func(t *testing.T) {
			for _, c := range cases {
				p := engines[c.policy]
				in := caseInput(p.rego.settings.Cwd, c)
				dr := decide(t, p.rego, c.tool, in)
				dn := decide(t, p.native, c.tool, in)
				if dr.Decision != dn.Decision || dr.Reason != dn.Reason {
					t.Errorf("%s %s: evaluators differ: rego %s (%s), native %s (%s)", c.tool, c.arg,
						dr.Decision, dr.Reason, dn.Decision, dn.Reason)
				}
				if !wantDecision(c.want, dn.Decision.String()) {
					t.Errorf("%s %s: got %s (%s), want %s", c.tool, c.arg, dn.Decision, dn.Reason, c.want)
				}
			}
		})
	}
}

// projectUnder is project with its directory under root ("": a fresh
// t.TempDir); each call gets a directory of its own.
func projectUnder(t *testing.T, root, projectSettings string, files map[string]string) *settings.Settings {
	t.Helper()
	if root == "" {
		return project(t, projectSettings, files)
	}
	dir, err := os.MkdirTemp(root, "p")
	if err != nil {
		t.Fatal(err)
	}
	return projectAt(t, dir, projectSettings, files)
}

// caseInput builds the tool input of a case.
func caseInput(cwd string, c caseCase) map[string]any {
	p := c.arg
	if !strings.HasPrefix(p, "/") {
		p = filepath.Join(cwd, p)
	}
	switch c.tool {
	case "Bash":
		return map[string]any{"command": c.arg}
	case "Read":
		return map[string]any{"file_path": p}
	case "Edit":
		return map[string]any{"file_path": p, "old_string": "a", "new_string": "b"}
	case "Write":
		return map[string]any{"file_path": p, "content": "x"}
	case "MultiEdit":
		return map[string]any{"file_path": p, "edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}
	case "NotebookEdit":
		return map[string]any{"notebook_path": p, "new_source": "x"}
	case "Grep":
		return map[string]any{"pattern": "x", "path": p}
	case "Glob":
		return map[string]any{"pattern": "*", "path": p}
	}
	return nil
}

// TestCaseGlobs: the forms a deny or ask glob is matched in.
func TestCaseGlobs(t *testing.T) {
	for _, c := range []struct {
		g, folded string
		exact     bool
	}{
		{"/p/**/.env", "/p/**/.env", false},
		{"/P/**/SECRETS/**", "/p/**/secrets/**", false},
		{"/p/key[A-Z].pem", "/p/key[a-z].pem", true},
		{"/p/x[!a-z]", "/p/x[!a-z]", true},
		{"/p/v[Z-a]", "", true},
		{"/p/ÄRGER", "/p/ärger", false},
	} {
		folded, exact := caseGlobs(c.g)
		if folded != c.folded || exact != c.exact {
			t.Errorf("caseGlobs(%q) = %q, %v; want %q, %v", c.g, folded, exact, c.folded, c.exact)
		}
	}
}

// TestGuardedFoldsCase: the Grep tool skips files a deny or ask rule
// covers in any letter case (Engine.Guarded, the guard index).
func TestGuardedFoldsCase(t *testing.T) {
	s := project(t, foldPolicy, map[string]string{".ENV": "S=1\n"})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{".ENV": true, ".env": true, "sub/.Env": true, "SECRETS/a": true,
		"keyB.pem": true, "xB": true, "v_": true, "V_": false, ".ENVX": false, "README.md": false, "src/main.go": false} {
		if got := e.Guarded(filepath.Join(s.Cwd, p)); got != want {
			t.Errorf("Guarded(%s) = %v, want %v", p, got, want)
		}
	}
}

package engine

import (
	"os"
	"testing"
)

// Round-13 bypass rows found by the seventh reference sweep
// (reference_sweep7_test.go), over the file tools.
//
// A file tool's path that Windows reads as another file because a
// backslash is a separator there (<cwd>/x\..\.git\config is .git\config
// on Windows; .git.\config too) was approved in acceptEdits mode as an
// edit inside the project. The reference asks (it reads the path as
// leaving the working directory). On Linux the name is literal — checked:
// the real write makes one file named "x\..\.git\config" in the project —
// but the meaning of such a name depends on the system it lands on, so
// the Windows alias check of the safety stage now reads "\" as a separator
// too: a name ending in dots before one, or a component of two or more
// dots beside one, asks outside bypass mode. A backslash elsewhere in a
// name (a\b.txt) keeps its decision.
//
// A whole-tool allow rule of another tool, or spelled Tool(*), approved a
// file tool's call wherever its path was: under allow Edit, Write and
// NotebookEdit ran on ~/.ssh/authorized_keys, ~/.bashrc's neighbours or
// /tmp without asking, and under Read(*) Read opened /etc/passwd. The
// reference asks for each (a tool-wide rule approves its own tool only,
// and X(*) approves paths inside the working directories only). Now a file
// tool's whole-tool rule approves every path only when it is the tool's
// own bare name (Read for Read, Edit for Edit, Write for Write, as the
// reference allows them); the others (Edit for Write, NotebookEdit,
// MultiEdit; Read for Grep and Glob; any X(*)) approve files inside the
// working directories only, in both evaluators. Spec §4 keeps Edit rules
// covering Write inside them.
//
// An additional working directory that is a symbolic link made its target
// a working directory: agentctl kept each directory's resolved form too.
// A repository's .claude/settings.json with "additionalDirectories":
// ["./docs"], docs a committed link to the home directory, let acceptEdits
// write ~/.ssh/authorized_keys and default mode read ~/.ssh/id_rsa without
// asking (checked with agentctl check on real files: allow before, ask
// now). The reference keeps an additional directory as spelled, and asks
// for a file through the link or at its target. Now only the cwd keeps its
// resolved form; an additional directory is the cleaned path as written,
// and a file whose resolved path leaves it is outside the working
// directories (engine.workingDirs, shared by both evaluators).

type red13orcRow struct {
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the case's directories
	tool     string
	input    string // JSON
	mode     string
	want     string
}

var red13orcRows = map[string][]red13orcRow{
	"backslash as a Windows separator": {
		{`{}`, "Write", `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x"}`, "acceptEdits", "ask"},      // was allow; ref ask
		{`{}`, "Write", `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x"}`, "default", "ask"},          // asks as before
		{`{}`, "Write", `{"file_path":"<cwd>/a\\..\\..\\home\\.bashrc","content":"x"}`, "acceptEdits", "ask"}, // was allow
		{`{}`, "Write", `{"file_path":"<cwd>/.git.\\config","content":"x"}`, "acceptEdits", "ask"},            // was allow
		{`{}`, "Write", `{"file_path":"<cwd>/.git...\\hooks\\pre-commit","content":"x"}`, "acceptEdits", "ask"},
		{`{}`, "Write", `{"file_path":"<cwd>/src\\..","content":"x"}`, "acceptEdits", "ask"},          // was allow
		{`{}`, "Write", `{"file_path":"<cwd>/..\\proj_evil\\x","content":"x"}`, "acceptEdits", "ask"}, // was allow
		{`{}`, "Edit", `{"file_path":"<cwd>/x\\..\\.claude\\settings.json","old_string":"a","new_string":"b"}`, "acceptEdits", "ask"},
		{`{}`, "NotebookEdit", `{"notebook_path":"<cwd>/x\\..\\..\\n.ipynb","new_source":"z","cell_id":"a"}`, "acceptEdits", "ask"},
		{`{}`, "Read", `{"file_path":"<cwd>/x\\..\\..\\home\\secret.txt"}`, "default", "ask"}, // was allow
		{`{}`, "Read", `{"file_path":"<cwd>/x\\..\\..\\home\\secret.txt"}`, "dontAsk", "deny"},
		{`{"permissions":{"deny":["Edit(**)"]}}`, "Write", `{"file_path":"<cwd>/x\\..\\y","content":"x"}`, "acceptEdits", "deny"},
		{`{}`, "Write", `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x"}`, "bypassPermissions", "allow"}, // ref allow
		// Harmless neighbours keep their decisions.
		{`{}`, "Write", `{"file_path":"<cwd>/a\\b.txt","content":"x"}`, "acceptEdits", "allow"}, // ref allow
		{`{}`, "Write", `{"file_path":"<cwd>/a\\.b","content":"x"}`, "acceptEdits", "allow"},
		{`{}`, "Write", `{"file_path":"<cwd>/v1.2\\notes.txt","content":"x"}`, "acceptEdits", "allow"},
		{`{}`, "Write", `{"file_path":"<cwd>/src/..x\\y","content":"x"}`, "acceptEdits", "allow"},
		{`{}`, "Read", `{"file_path":"<cwd>/a\\b.txt"}`, "default", "allow"}, // ref allow
		{`{}`, "Read", `{"file_path":"<cwd>/README.md"}`, "default", "allow"},
		{`{}`, "Write", `{"file_path":"<cwd>/src/new.ts","content":"x"}`, "acceptEdits", "allow"},
	},
	"whole-tool allow outside the working directories": {
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<home>/.ssh/authorized_keys","content":"x"}`, "default", "ask"},                           // was allow; ref ask
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<tmp>/q.txt","content":"x"}`, "acceptEdits", "ask"},                                       // was allow; ref ask
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<tmp>/q.txt","content":"x"}`, "dontAsk", "deny"},                                          // was allow
		{`{"permissions":{"allow":["Edit"]}}`, "NotebookEdit", `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, "default", "ask"},            // was allow; ref ask
		{`{"permissions":{"allow":["Edit"]}}`, "MultiEdit", `{"file_path":"<home>/secret.txt","edits":[{"old_string":"s","new_string":"t"}]}`, "default", "ask"}, // was allow
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<cwd>/ld/new","content":"x"}`, "default", "ask"},                                          // was allow: a link out
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<cwd>/../proj_evil/x","content":"x"}`, "default", "ask"},                                  // was allow
		{`{"permissions":{"allow":["Edit(*)"]}}`, "Write", `{"file_path":"<home>/new.txt","content":"x"}`, "default", "ask"},                                     // was allow; ref ask
		{`{"permissions":{"allow":["Edit(*)"]}}`, "Edit", `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, "default", "ask"},               // was allow
		{`{"permissions":{"allow":["Write(*)"]}}`, "Write", `{"file_path":"<home>/new.txt","content":"x"}`, "default", "ask"},                                    // was allow; ref ask
		{`{"permissions":{"allow":["Read(*)"]}}`, "Read", `{"file_path":"/etc/passwd"}`, "default", "ask"},                                                       // was allow; ref ask
		{`{"permissions":{"allow":["Read(*)"]}}`, "Read", `{"file_path":"<tmp>/t.txt"}`, "dontAsk", "deny"},                                                      // was allow; ref deny
		{`{"permissions":{"allow":["Read"]}}`, "Grep", `{"pattern":"s","path":"<home>"}`, "default", "ask"},                                                      // was allow
		{`{"permissions":{"allow":["Read"]}}`, "Glob", `{"pattern":"*","path":"<home>"}`, "default", "ask"},                                                      // was allow
		{`{"permissions":{"allow":["Read(*)","Edit"]}}`, "Write", `{"file_path":"<home>/new.txt","content":"x"}`, "default", "ask"},
		// Harmless neighbours keep their decisions.
		{`{"permissions":{"allow":["Edit"]}}`, "Edit", `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, "default", "allow"},               // ref allow
		{`{"permissions":{"allow":["Read"]}}`, "Read", `{"file_path":"<home>/secret.txt"}`, "default", "allow"},                                                 // ref allow
		{`{"permissions":{"allow":["Write"]}}`, "Write", `{"file_path":"<home>/new.txt","content":"x"}`, "default", "allow"},                                    // ref allow
		{`{"permissions":{"allow":["NotebookEdit"]}}`, "NotebookEdit", `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, "default", "allow"}, // ref allow
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<cwd>/src/new.ts","content":"x"}`, "default", "allow"},                                   // spec §4
		{`{"permissions":{"allow":["Edit(*)"]}}`, "Edit", `{"file_path":"<cwd>/README.md","old_string":"x","new_string":"y"}`, "default", "allow"},              // ref allow
		{`{"permissions":{"allow":["Edit(~/**)"]}}`, "Write", `{"file_path":"<home>/new.txt","content":"x"}`, "default", "allow"},
		{`{"permissions":{"allow":["Edit"],"additionalDirectories":["<tmp>"]}}`, "Write", `{"file_path":"<tmp>/q.txt","content":"x"}`, "default", "allow"},
		{`{"permissions":{"allow":["Read"]}}`, "Grep", `{"pattern":"s","path":"<cwd>"}`, "default", "allow"},
		{`{"permissions":{"allow":["Edit"]}}`, "Write", `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x"}`, "default", "ask"}, // protected, as before
		{`{"permissions":{"allow":["Edit"],"deny":["Edit(~/**)"]}}`, "Edit", `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, "default", "deny"},
	},
	"additional directory through a symbolic link": {
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Write", `{"file_path":"<home>/.ssh/authorized_keys","content":"x"}`, "acceptEdits", "ask"},     // was allow
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Write", `{"file_path":"<cwd>/docs/.ssh/authorized_keys","content":"x"}`, "acceptEdits", "ask"}, // was allow
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Read", `{"file_path":"<home>/secret.txt"}`, "default", "ask"},                                  // was allow
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Read", `{"file_path":"<cwd>/docs/secret.txt"}`, "dontAsk", "deny"},                             // was allow
		{`{"permissions":{"additionalDirectories":["./docs"]}}`, "Write", `{"file_path":"<home>/n.txt","content":"x"}`, "acceptEdits", "ask"},                        // was allow
		{`{"permissions":{"additionalDirectories":["<cwd>/ld"]}}`, "Write", `{"file_path":"<home>/sdir/n","content":"x"}`, "acceptEdits", "ask"},                     // was allow; ref ask
		{`{"permissions":{"additionalDirectories":["<cwd>/ld/"]}}`, "Write", `{"file_path":"<cwd>/ld/n","content":"x"}`, "acceptEdits", "ask"},                       // was allow; ref ask
		{`{"permissions":{"additionalDirectories":["<cwd>/docs/sdir"]}}`, "Write", `{"file_path":"<home>/sdir/n","content":"x"}`, "acceptEdits", "ask"},              // was allow
		{`{"permissions":{"additionalDirectories":["<cwd>/ld"]}}`, "Read", `{"file_path":"<home>/sdir/k"}`, "default", "ask"},                                        // was allow; ref ask
		// Harmless neighbours keep their decisions.
		{`{"permissions":{"additionalDirectories":["<home>/sdir"]}}`, "Write", `{"file_path":"<home>/sdir/n","content":"x"}`, "acceptEdits", "allow"},
		{`{"permissions":{"additionalDirectories":["<home>"]}}`, "Write", `{"file_path":"<home>/n.txt","content":"x"}`, "acceptEdits", "allow"},
		{`{"permissions":{"additionalDirectories":["<tmp>"]}}`, "Read", `{"file_path":"<tmp>/t.txt"}`, "default", "allow"},                     // ref allow
		{`{"permissions":{"additionalDirectories":["<tmp>/"]}}`, "Write", `{"file_path":"<tmp>/n.txt","content":"x"}`, "acceptEdits", "allow"}, // ref allow
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Write", `{"file_path":"<cwd>/src/new.ts","content":"x"}`, "acceptEdits", "allow"},
		{`{"permissions":{"additionalDirectories":["<cwd>/docs"]}}`, "Read", `{"file_path":"<cwd>/README.md"}`, "default", "allow"},
	},
}

func TestBypassRed13orcFileTools(t *testing.T) {
	root, dirs, sub := sweepLayout(t, map[string]string{"<cwd>/README.md": "x\n", "<home>/secret.txt": "s\n", "<home>/sdir/k": "s\n",
		"<home>/h.ipynb": "{}", "<tmp>/t.txt": "t\n", "<cwd>/../proj_evil/x": "x\n"})
	for name, target := range map[string]string{"<cwd>/ld": "<home>/sdir", "<cwd>/docs": "<home>"} {
		if err := os.Symlink(sub(target), sub(name)); err != nil {
			t.Fatal(err)
		}
	}
	engine := sweepEngines(root, dirs, sub)
	for class, rows := range red13orcRows {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				d := sweepDecide(t, engine(t, r.settings), r.tool, sub(r.input), r.mode)
				if got := d.Decision.String(); got != r.want {
					t.Errorf("%s %s [%s] under %s: got %s (%s: %s), want %s", r.tool, r.input, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// TestRed13orcWindowsBackslashAlias holds windowsBackslashAlias to its
// reading: with "\" as a separator too, a name ending in dots before a
// backslash, or a dots-only component of two or more beside one.
func TestRed13orcWindowsBackslashAlias(t *testing.T) {
	for p, want := range map[string]bool{
		`/p/x\..\.git\config`: true, `/p/.git.\config`: true, `/p/a\..`: true, `\..\x`: true, `/p/..\x`: true,
		`/p/...\x`: true, `/p/x\...`: true, `/p/x\../y`: true,
		`/p/a\b.txt`: false, `/p/a\.b`: false, `/p/v1.2\n`: false, `/p/..x\y`: false, `/p/x\.\y`: false, `/p/a/../b`: false,
		`/p/x..y\z`: false, `/p/plain`: false,
	} {
		if got := windowsBackslashAlias(p); got != want {
			t.Errorf("windowsBackslashAlias(%q) = %v, want %v", p, got, want)
		}
	}
}

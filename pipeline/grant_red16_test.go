package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// red16grantRows: an "always allow" answer to a call whose path is a
// directory outside the working directories must not grant every file
// below it. "{out}" stands for a directory beside the project holding
// docs/a.txt, docs/b.txt, docs/link (→ docs) and keys/id.
var red16grantRows = []struct {
	name           string
	approved, next red14sessionCall
	want           engine.Effect
}{
	{"a Glob listing grants no read below it",
		red14sessionCall{"Glob", map[string]any{"pattern": "*.txt", "path": "{out}/docs"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/b.txt"}}, engine.Ask},
	{"a Glob of the parent grants no key read",
		red14sessionCall{"Glob", map[string]any{"pattern": "docs/*", "path": "{out}"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys/id"}}, engine.Ask},
	{"a Glob with a trailing slash grants nothing",
		red14sessionCall{"Glob", map[string]any{"pattern": "*", "path": "{out}/docs/"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/a.txt"}}, engine.Ask},
	{"a Grep over a directory grants no later read",
		red14sessionCall{"Grep", map[string]any{"pattern": "zzz", "path": "{out}"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys/id"}}, engine.Ask},
	{"a Grep over a linked directory grants no later read",
		red14sessionCall{"Grep", map[string]any{"pattern": "zzz", "path": "{out}/docs/link"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/link/a.txt"}}, engine.Ask},
	{"a Read of a directory grants no file in it",
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys/id"}}, engine.Ask},
	{"a Glob approved always asks again",
		red14sessionCall{"Glob", map[string]any{"pattern": "*.txt", "path": "{out}/docs"}},
		red14sessionCall{"Glob", map[string]any{"pattern": "*.txt", "path": "{out}/docs"}}, engine.Ask},
	// Harmless neighbours: a file approved always is remembered.
	{"a Grep of one file is remembered",
		red14sessionCall{"Grep", map[string]any{"pattern": "zzz", "path": "{out}/docs/a.txt"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/a.txt"}}, engine.Allow},
	{"a Grep of one file grants not its sibling",
		red14sessionCall{"Grep", map[string]any{"pattern": "zzz", "path": "{out}/docs/a.txt"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/b.txt"}}, engine.Ask},
	{"a Read of one file is remembered",
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys/id"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/keys/id"}}, engine.Allow},
	{"a Read of a file yet to be made is remembered",
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/new.txt"}},
		red14sessionCall{"Read", map[string]any{"file_path": "{out}/docs/new.txt"}}, engine.Allow},
	{"a Write of an outside file is remembered",
		red14sessionCall{"Write", map[string]any{"file_path": "{out}/docs/new.txt", "content": "x"}},
		red14sessionCall{"Write", map[string]any{"file_path": "{out}/docs/new.txt", "content": "y"}}, engine.Allow},
}

func TestRed16GrantNoTree(t *testing.T) {
	for _, tt := range red16grantRows {
		t.Run(tt.name, func(t *testing.T) {
			s := loadProject(t, `{}`, settings.Options{})
			out := filepath.Join(filepath.Dir(s.Cwd), "out")
			for name, body := range map[string]string{"docs/a.txt": "A", "docs/b.txt": "B", "keys/id": "SECRET"} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(out, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(out, name), []byte(body), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink(filepath.Join(out, "docs"), filepath.Join(out, "docs", "link")); err != nil {
				t.Fatal(err)
			}
			checkAlwaysThenNext(t, s, out, tt.approved, tt.next, tt.want)
		})
	}
}

package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/tools"
)

// TestOpenCheckRedirections: a redirection's target is known only once
// the shell expands it, so the file the shell opens is checked then, as
// executed commands are. The commands run through the Bash tool
// directly, as after an approved ask: the run-time check alone stands
// between them and the files.
func TestOpenCheckRedirections(t *testing.T) {
	const policy = `{"permissions": {"allow": ["Bash"], "deny": ["Read(.env)", "Edit(config/**)"]}}`
	refused := []struct {
		cmd     string
		dotfile bool // a protected dot-file: bypass mode writes it (spec §6)
	}{
		{`f=$(printf .e)nv; cat < "$f"`, false},
		{`cat < "$(printf .e)nv"`, false},
		{`read -r line < "$(printf .e)nv"; echo "$line"`, false},
		{`f=config/app.yml; echo x > "$f"`, false},
		{`echo x >> "$(printf conf)ig/app.yml"`, false},
		{`echo x > "$(printf .ba)shrc"`, true},
		{`mkdir -p sub && cd sub && echo x > "$(printf ../.ba)shrc"`, true},
		{`mkdir -p .claude && echo x > "$(printf .cl)aude/settings.json"`, false},
	}
	for _, mode := range []string{"default", "dontAsk", "bypassPermissions"} {
		for _, row := range refused {
			cmd := row.cmd
			if mode == "bypassPermissions" && row.dotfile {
				continue
			}
			t.Run(mode+"/"+cmd, func(t *testing.T) {
				sess, dir := realSession(t, policy, nil, 5*time.Second)
				sess.tc.Mode = mode
				files := map[string]string{".env": "SECRET=hunter2", "config/app.yml": "a: 1\n"}
				for name, content := range files {
					p := filepath.Join(dir, name)
					os.MkdirAll(filepath.Dir(p), 0o755)
					os.WriteFile(p, []byte(content), 0o644)
				}
				r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": cmd}, sess.tc, nil)
				if err != nil {
					t.Fatal(err)
				}
				out, _ := r.Data.(string)
				if !r.IsError || !strings.Contains(out, "command refused by policy") {
					t.Errorf("not refused at run time: %q", out)
				}
				if strings.Contains(out, "hunter2") {
					t.Errorf("the secret was printed: %q", out)
				}
				for name, content := range files {
					if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != content {
						t.Errorf("%s was changed: %q", name, b)
					}
				}
				for _, p := range []string{".bashrc", "sub/.bashrc", ".claude/settings.json"} {
					if _, err := os.Stat(filepath.Join(dir, p)); err == nil && p != ".claude/settings.json" {
						t.Errorf("%s was written", p)
					}
				}
				if b, _ := os.ReadFile(filepath.Join(dir, ".claude", "settings.json")); string(b) != policy {
					t.Errorf(".claude/settings.json was changed: %q", b)
				}
			})
		}
	}
	// What the rules leave alone still runs, in every mode.
	for _, mode := range []string{"default", "dontAsk"} {
		sess, dir := realSession(t, policy, nil, 5*time.Second)
		sess.tc.Mode = mode
		cmd := `f=out.txt; echo hi > "$f"; echo gone > /dev/null; cat < "$f"`
		r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": cmd}, sess.tc, nil)
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := r.Data.(string); r.IsError || out != "hi\n" {
			t.Errorf("%s: %q refused or wrong: %q", mode, cmd, out)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "out.txt")); string(b) != "hi\n" {
			t.Errorf("%s: out.txt = %q", mode, b)
		}
	}
}

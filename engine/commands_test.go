package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

func bash(cmd string) map[string]any { return map[string]any{"command": cmd} }

// The profile comes from agentctl.commands; extended approves table forms
// and names the entry; deny and ask rules keep their reach.
func TestCommandProfiles(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		settings, cmd, want, reason string
	}{
		{`{}`, "kubectl get pods", "ask", ""},
		{`{"agentctl":{"commands":"extended"}}`, "kubectl get pods -n x | head", "allow", "kubectl get at commands/kubectl.yaml:"},
		{`{"agentctl":{"commands":"extended"}}`, "kubectl exec api -- sh", "ask", ""},
		{`{"agentctl":{"commands":"extended"},"permissions":{"deny":["Bash(kubectl get *)"]}}`, "kubectl get pods", "deny", ""},
		{`{"agentctl":{"commands":"extended"},"permissions":{"ask":["Bash(kubectl logs *)"]}}`, "kubectl logs api", "ask", ""},
		{`{"agentctl":{"commands":"extended"},"permissions":{"deny":["Read(.env)"]}}`, "jq . .env", "deny", ""},
		{`{"agentctl":{"commands":"extended"}}`, "openssl x509 -in /etc/ssl/private/k.pem -noout -text", "ask", ""},
		{`{"agentctl":{"commands":"core"}}`, "git status", "allow", ""},
		{`{"agentctl":{"commands":"extended"}}`, "yq . /etc/passwd", "ask", "outside the working directories"},
		{`{"agentctl":{"commands":"extended"}}`, "sqlite3 -readonly /tmp/cookies.db 'select 1'", "ask", "outside the working directories"},
	} {
		e, err := New(ctx, project(t, tc.settings, map[string]string{}))
		if err != nil {
			t.Fatal(err)
		}
		d := decide(t, e, "Bash", bash(tc.cmd))
		if d.Decision.String() != tc.want || !strings.Contains(d.Reason, tc.reason) {
			t.Errorf("%s %q: %s (%s), want %s %q", tc.settings, tc.cmd, d.Decision, d.Reason, tc.want, tc.reason)
		}
	}
}

// An org's YAML in --policy DIR turns a category off and adds its own CLI;
// a mistake there is an error at file:line; the bundle carries the table.
func TestCommandPolicyDir(t *testing.T) {
	ctx := context.Background()
	s := project(t, `{"agentctl":{"commands":"extended"}}`, map[string]string{})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "org.yaml"), []byte("disable: [cloud-read]\ncommands:\n  deployctl:\n    commands:\n      status: {}\n"), 0o644)
	e, err := New(ctx, s, WithPolicyDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	for cmd, want := range map[string]string{"kubectl get pods": "ask", "deployctl status": "allow", "git log -3": "allow"} {
		if d := decide(t, e, "Bash", bash(cmd)); d.Decision.String() != want {
			t.Errorf("%q: %s, want %s", cmd, d.Decision, want)
		}
	}
	cmds := e.Bundle().Data()["agentctl"].(map[string]any)["commands"].(map[string]any)
	if cmds["profile"] != "extended" || cmds["entries"].(map[string]any)["kubectl get"] == nil {
		t.Errorf("data.agentctl.commands = %v", cmds["profile"])
	}
	os.WriteFile(filepath.Join(dir, "org.yaml"), []byte("commands:\n  x:\n    effect: maybe\n"), 0o644)
	if _, err := New(ctx, s, WithPolicyDir(dir)); err == nil || !strings.Contains(err.Error(), "org.yaml:3") {
		t.Errorf("bad org table: err = %v, want file:line", err)
	}
}

// BenchmarkDecideCommands is parse+decide per Bash call under each profile.
func BenchmarkDecideCommands(b *testing.B) {
	cmds := []string{"kubectl get pods -n x | head", "git log --oneline -5", "aws ec2 describe-instances --region r",
		"docker exec api ls", "npm run build", "find . -name '*.go' | xargs wc -l", "cat README.md", "terraform apply"}
	for _, p := range []string{"core", "extended"} {
		b.Run(p, func(b *testing.B) {
			root := b.TempDir()
			s, err := settings.Load(settings.Options{Cwd: root, Home: filepath.Join(root, "home"),
				ManagedFile: filepath.Join(root, "none.json"), Commands: p})
			if err != nil {
				b.Fatal(err)
			}
			e, err := New(context.Background(), s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: bash(cmds[i%len(cmds)])}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package settings

import (
	"os"
	"path/filepath"
	"testing"
)

// agentctl.commands: managed settings decide, then --commands, then the
// highest-precedence source; under the managed lock only managed settings
// may choose extended; an unknown value warns and is ignored.
func TestCommandsProfile(t *testing.T) {
	for _, tc := range []struct {
		name, managed, project, flag, want string
	}{
		{"none", ``, ``, "", ""},
		{"project", ``, `{"agentctl":{"commands":"extended"}}`, "", "extended"},
		{"flag over project", ``, `{"agentctl":{"commands":"extended"}}`, "core", "core"},
		{"managed over flag", `{"agentctl":{"commands":"core"}}`, ``, "extended", "core"},
		{"lock drops project", `{"allowManagedPermissionRulesOnly":true}`, `{"agentctl":{"commands":"extended"}}`, "", ""},
		{"lock drops flag", `{"allowManagedPermissionRulesOnly":true}`, ``, "extended", ""},
		{"unknown value", ``, `{"agentctl":{"commands":"everything"}}`, "", ""},
	} {
		root := t.TempDir()
		cwd := filepath.Join(root, "proj")
		os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
		if tc.project != "" {
			os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(tc.project), 0o644)
		}
		managed := filepath.Join(root, "managed.json")
		if tc.managed != "" {
			os.WriteFile(managed, []byte(tc.managed), 0o644)
		}
		s, err := Load(Options{Cwd: cwd, Home: filepath.Join(root, "home"), ManagedFile: managed, Commands: tc.flag, TrustWorkspace: true})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if s.Commands != nil {
			got = s.Commands.Value
		}
		if got != tc.want {
			t.Errorf("%s: commands = %q, want %q (warnings: %s)", tc.name, got, tc.want, warningsText(s))
		}
	}
}

package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// tree lays out files under a temp root and returns Options pointing at it.
func tree(t *testing.T, files map[string]string) (string, Options) {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, Options{
		Cwd:         filepath.Join(root, "proj"),
		Home:        filepath.Join(root, "home"),
		ManagedFile: filepath.Join(root, "etc", "managed-settings.json"),
	}
}

func ruleLines(s *Settings) []string {
	var out []string
	for _, r := range s.Rules {
		out = append(out, r.String())
	}
	return out
}

func TestLoadAllSources(t *testing.T) {
	_, opts := tree(t, map[string]string{
		"etc/managed-settings.json":                 `{"permissions": {"deny": ["Bash(curl *)"]}}`,
		"etc/managed-settings.d/10-extra.json":      `{"permissions": {"ask": ["Bash(git push *)"]}}`,
		"etc/managed-settings.d/05-first.yaml":      "permissions:\n  deny:\n    - WebSearch\n",
		"home/.claude/settings.json":                "{\n  \"permissions\": {\n    \"allow\": [\"Bash(ls *)\"]\n  }\n}",
		"proj/.claude/settings.json":                "{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm run test *)\"\n    ]\n  }\n}",
		"proj/.claude/settings.local.json":          `{"permissions": {"allow": ["Bash(make *)"], "defaultMode": "acceptEdits"}}`,
		"proj/flags.json":                           `{"permissions": {"deny": ["Read(/secret)"]}}`,
		"proj/.claude/settings.yml":                 "permissions:\n  ask:\n    - Bash(rm *)\n",
		"proj/.claude/unrelated/settings.json":      `{"permissions": {"deny": ["Bash"]}}`,
		"home/.claude/not-settings/settings.json":   `{"permissions": {"deny": ["Bash"]}}`,
		"etc/managed-settings.d/ignored.txt":        `not settings`,
		"etc/managed-settings.d/sub/ignored.json":   `{"permissions": {"deny": ["Bash"]}}`,
		"proj/.claude/settings.local.json.disabled": `{"permissions": {"deny": ["Bash"]}}`,
	})
	opts.FlagSettings = "flags.json"
	opts.AllowedTools = []string{"Bash(go test *),Read"}
	opts.DisallowedTools = []string{"WebFetch"}
	opts.PermissionMode = "plan"
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"policySettings " + opts.ManagedFile + ":1:27 deny Bash(curl *)",
		"policySettings " + filepath.Dir(opts.ManagedFile) + "/managed-settings.d/05-first.yaml:3:7 deny WebSearch",
		"policySettings " + filepath.Dir(opts.ManagedFile) + "/managed-settings.d/10-extra.json:1:26 ask Bash(git push *)",
		"flagSettings flags.json:1:27 deny Read(/secret)",
		"cliArg --disallowed-tools:1 deny WebFetch",
		"cliArg --allowed-tools:1 allow Bash(go test *)",
		"cliArg --allowed-tools:2 allow Read",
		"localSettings .claude/settings.local.json:1:28 allow Bash(make *)",
		"projectSettings .claude/settings.json:4:7 allow Bash(npm run test *)",
		"projectSettings .claude/settings.yml:3:7 ask Bash(rm *)",
		"userSettings ~/.claude/settings.json:3:15 allow Bash(ls *)",
	}
	got := ruleLines(s)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s.Mode.Value != "plan" || s.Mode.Source != CLIArg {
		t.Errorf("mode = %+v, want plan from cliArg", s.Mode)
	}
	for _, r := range s.Rules {
		if r.Text == "Read(/secret)" && r.Root != s.Cwd {
			t.Errorf("--settings FILE rule root = %s, want the file's folder %s", r.Root, s.Cwd)
		}
	}
}

func TestLoadScalarsAndManagedKeys(t *testing.T) {
	_, opts := tree(t, map[string]string{
		"etc/managed-settings.json": `{"allowManagedHooksOnly": true,
			"permissions": {"allow": ["Bash(ls)"], "defaultMode": "dontAsk"},
			"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "org-hook"}]}]}}`,
		"proj/.claude/settings.json": `{"permissions": {"allow": ["Bash"], "defaultMode": "acceptEdits", "additionalDirectories": ["../lib", "~/shared"]},
			"allowManagedHooksOnly": false,
			"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "project-hook"}]}]}}`,
	})
	opts.TrustWorkspace = true
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleLines(s); len(got) != 2 {
		t.Errorf("rules = %q, want the managed and the project allow", got)
	}
	if s.Mode.Value != "dontAsk" || s.Mode.Source != PolicySettings {
		t.Errorf("mode = %+v, want dontAsk from policySettings (higher precedence)", s.Mode)
	}
	if len(s.Hooks) != 1 || s.Hooks[0].Command != "org-hook" {
		t.Errorf("allowManagedHooksOnly: hooks = %+v", s.Hooks)
	}
	wantDirs := []string{filepath.Join(filepath.Dir(opts.Cwd), "lib"), filepath.Join(opts.Home, "shared")}
	if len(s.AdditionalDirectories) != 2 || s.AdditionalDirectories[0].Path != wantDirs[0] || s.AdditionalDirectories[1].Path != wantDirs[1] {
		t.Errorf("additional directories = %+v, want %v", s.AdditionalDirectories, wantDirs)
	}
	var managedOnlyWarned, hookDropWarned bool
	for _, w := range s.Warnings {
		managedOnlyWarned = managedOnlyWarned || strings.Contains(w.Msg, "managed-only key")
		hookDropWarned = hookDropWarned || strings.Contains(w.Msg, `hook "project-hook" dropped: allowManagedHooksOnly`)
	}
	if !managedOnlyWarned || !hookDropWarned {
		t.Errorf("a managed-only key in project settings and a dropped hook must warn; warnings = %v", s.Warnings)
	}
}

func TestHooksMergeIdenticalOnce(t *testing.T) {
	hook := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "check.sh", "timeout": 5}]}]}}`
	_, opts := tree(t, map[string]string{"proj/.claude/settings.json": hook, "home/.claude/settings.json": hook})
	opts.TrustWorkspace = true
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Hooks) != 1 || s.Hooks[0].Timeout != 5 || s.Hooks[0].Source != ProjectSettings {
		t.Errorf("hooks = %+v, want one from projectSettings", s.Hooks)
	}
}

func TestDisableBypass(t *testing.T) {
	_, opts := tree(t, map[string]string{"etc/managed-settings.json": `{"permissions": {"disableBypassPermissionsMode": "disable"}}`})
	opts.PermissionMode = "bypassPermissions"
	_, err := Load(opts)
	if !errors.Is(err, ErrBypassDisabled) {
		t.Fatalf("err = %v, want ErrBypassDisabled", err)
	}
	opts.PermissionMode = "default"
	if _, err := Load(opts); err != nil {
		t.Fatalf("default mode: %v", err)
	}
}

func TestLoadBadInput(t *testing.T) {
	tests := []struct {
		name, file, content string
		want                string // substring of the error, with position
	}{
		{"syntax", "proj/.claude/settings.json", "{\n  \"permissions\": {\n    \"allow\": [\"Bash\",]\n  }\n}", ".claude/settings.json:3:"},
		{"trailing data", "proj/.claude/settings.json", `{} {}`, ".claude/settings.json:1:4: unexpected data"},
		{"unclosed", "proj/.claude/settings.json", "{\"permissions\": {", ".claude/settings.json:1:18: invalid JSON: unexpected end of file"},
		{"wrong type", "proj/.claude/settings.json", "{\n \"permissions\": {\"allow\": \"Bash\"}}", ".claude/settings.json:2:27: permissions.allow: expected array, got string"},
		{"non-string rule", "proj/.claude/settings.json", `{"permissions": {"deny": [42]}}`, ":1:27: permissions.deny[0]: expected string, got number"},
		{"bad rule", "proj/.claude/settings.json", `{"permissions": {"allow": ["Bash(npm"]}}`, ":1:28: permissions.allow[0]: invalid rule"},
		{"bad mode", "proj/.claude/settings.json", `{"permissions": {"defaultMode": "yolo"}}`, "permissions.defaultMode: expected one of"},
		{"not an object", "proj/.claude/settings.json", `[]`, ":1:1: settings: expected object, got array"},
		{"duplicate key", "proj/.claude/settings.json", `{"permissions": {}, "permissions": {}}`, `:1:21: duplicate key "permissions"`},
		{"yaml syntax", "proj/.claude/settings.yaml", "permissions:\n  allow: [\n", ".claude/settings.yaml:"},
		{"yaml type", "proj/.claude/settings.yaml", "permissions:\n  deny: Bash\n", ".claude/settings.yaml:2:9: permissions.deny: expected array, got string"},
		{"hook without command", "proj/.claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "x", "hooks": [{"type": "command"}]}]}}`, `missing "command"`},
		{"bad managed", "etc/managed-settings.json", `{"permissions": {"deny": "Bash"}}`, "managed-settings.json:1:26: permissions.deny: expected array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{tt.file: tt.content,
				"home/.claude/settings.json": `{"permissions": {"allow": ["Bash(ls)"]}}`})
			s, err := Load(opts)
			if err == nil {
				t.Fatalf("want an error, got settings with %d rules", len(s.Rules))
			}
			if s != nil {
				t.Error("settings returned with an error: nothing may be partially applied")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not match ErrInvalid", err)
			}
		})
	}
}

func TestLoadUnreadableManaged(t *testing.T) {
	if os.Getuid() == 0 {
		// root reads any file; a directory in the file's place is unreadable for everyone.
		_, opts := tree(t, map[string]string{"etc/managed-settings.json/x": "{}"})
		if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "cannot read policySettings") {
			t.Fatalf("err = %v, want cannot read policySettings", err)
		}
		return
	}
	_, opts := tree(t, map[string]string{"etc/managed-settings.json": "{}"})
	if err := os.Chmod(opts.ManagedFile, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "cannot read policySettings") {
		t.Fatalf("err = %v, want cannot read policySettings", err)
	}
}

func TestLoadMissingFilesAreFine(t *testing.T) {
	_, opts := tree(t, map[string]string{"proj/README": "x"})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Rules) != 0 || len(s.Warnings) != 0 {
		t.Errorf("rules %v warnings %v: want none", s.Rules, s.Warnings)
	}
}

func TestInlineFlagSettingsAndBadCLIRule(t *testing.T) {
	_, opts := tree(t, nil)
	opts.FlagSettings = `{"permissions": {"deny": ["Bash(rm *)"]}}`
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleLines(s); len(got) != 1 || got[0] != "flagSettings --settings:1:27 deny Bash(rm *)" {
		t.Errorf("rules = %q", got)
	}
	opts.AllowedTools = []string{"Bash(oops"}
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "--allowed-tools:1") {
		t.Errorf("err = %v, want a --allowed-tools position", err)
	}
	opts.AllowedTools, opts.PermissionMode = nil, "yolo"
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "--permission-mode") {
		t.Errorf("err = %v, want a --permission-mode error", err)
	}
}

func TestYAMLAliasBombIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for c := 'b'; c <= 'i'; c++ {
		p := string(c - 1)
		fmt.Fprintf(&b, "%c: &%c [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", c, c, p, p, p, p, p, p, p, p, p)
	}
	b.WriteString("permissions:\n  deny: *i\n")
	_, opts := tree(t, map[string]string{"proj/.claude/settings.yaml": b.String()})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Load(opts)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), ".claude/settings.yaml:") ||
		!strings.Contains(err.Error(), "alias bomb") {
		t.Fatalf("err = %v, want ErrTooLarge at a position in the file", err)
	}
	// 9^9 values would be gigabytes; the bound stops after a few megabytes.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("loading the alias bomb allocated %d MiB", grew>>20)
	}

	// Aliases used as intended stay fine.
	_, opts = tree(t, map[string]string{"proj/.claude/settings.yaml": "shared: &rules [\"Bash(rm *)\", \"Bash(curl *)\"]\n" +
		"permissions:\n  deny: *rules\n  ask: *rules\n"})
	s, err := Load(opts)
	if err != nil || len(s.Rules) != 4 {
		t.Fatalf("aliases: %v rules %v", err, s)
	}
}

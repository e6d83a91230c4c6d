package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// typoProject is a project whose settings carry Claude Code's own keys, a
// made-up key and a misspelt "permissions" holding a deny rule.
func typoProject(t *testing.T) (dir string, args []string) {
	t.Helper()
	_, _ = demoEnv(t)
	dir = t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(`{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "opus",
  "disableAutoMode": "disable",
  "permisions": {"deny": ["Bash(ls *)"]},
  "frobnicate": true,
  "env": {"RETRIES": 3}
}
`), 0o644)
	return dir, []string{"agentctl", "--cwd", dir, "--managed-settings", emptyManaged(t)}
}

const typoWarning = `.claude/settings.json:5:3: warning: unknown key "permisions" is ignored: did you mean "permissions"? its rules are NOT applied`

func TestEveryCommandWarnsOnce(t *testing.T) {
	dir, base := typoProject(t)
	script := filepath.Join(dir, "s.jsonl")
	os.WriteFile(script, []byte(`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"true"}}]}`+"\n"), 0o644)
	for _, args := range [][]string{
		{"settings", "show"},
		{"settings", "show", "--output", "json"},
		{"check", "Bash", `{"command":"ls"}`},
		{"check", "--batch", "-"},
		{"explain", "Bash", `{"command":"ls"}`},
		{"facts", "Bash", `{"command":"ls"}`},
		{"tools", "list"},
		{"bundle", "build", "-o", filepath.Join(t.TempDir(), "b.tar.gz")},
		{"run", "--session-dir", t.TempDir(), script},
	} {
		out, errOut, code := runCLI(t, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`+"\n", append(base, args...)...)
		if code != exitOK {
			t.Errorf("%v: exit %d: an unknown key must not reject the file\n%s", args, code, errOut)
		}
		if n := strings.Count(errOut, typoWarning); n != 1 {
			t.Errorf("%v: the warning appears %d times on stderr, want once:\n%s", args, n, errOut)
		}
		if !strings.Contains(errOut, `unknown key "frobnicate" is ignored`) || strings.Contains(errOut, "$schema") ||
			strings.Contains(errOut, "disableAutoMode") || strings.Contains(errOut, "expected string") {
			t.Errorf("%v: stderr:\n%s", args, errOut)
		}
		if args[0] == "check" && strings.Contains(out, "deny") {
			t.Errorf("%v: the misspelt block's rules were applied:\n%s", args, out)
		}
	}
}

func TestSettingsValidateStrict(t *testing.T) {
	dir, base := typoProject(t)
	clean := strings.NewReplacer(dir, "$CWD")
	out, errOut, code := runCLI(t, "", append(base, "settings", "validate")...)
	if code != exitOK || !strings.Contains(out, typoWarning) {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "", append(base, "settings", "validate", "--strict")...)
	if code != exitError {
		t.Errorf("validate --strict with warnings: exit %d, want 1", code)
	}
	golden(t, "validate_strict.txt", []byte(clean.Replace(out+errOut)))

	file := filepath.Join(dir, ".claude", "settings.json")
	if _, _, code := runCLI(t, "", "agentctl", "settings", "validate", "--strict", file); code != exitError {
		t.Errorf("validate --strict FILE with warnings: exit %d, want 1", code)
	}
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, []byte(`{"permissions": {"deny": ["Bash(rm *)"]}}`), 0o644)
	if out, _, code := runCLI(t, "", "agentctl", "settings", "validate", "--strict", good); code != exitOK {
		t.Errorf("validate --strict of a clean file: exit %d\n%s", code, out)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsValidateSchema: settings validate --schema reports what the
// JSON Schema flags as warnings at file:line:col — exit 0, or 1 under
// --strict — for named files and for the effective settings' files.
func TestSettingsValidateSchema(t *testing.T) {
	demoEnv(t)
	schema, _ := filepath.Abs("../../settings/testdata/settings-schema.json")
	dir := t.TempDir()
	file := filepath.Join(dir, "settings.json")
	os.WriteFile(file, []byte("{\"permissions\": {\"allow\": [\n  \"Bash(ls *)\",\n  \"Bsh(ls)\"]},\n \"env\": {\"DEBUG\": 1}}\n"), 0o644)
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"settings", "validate", "--schema", schema, file}, 0,
			[]string{file + `:3:3: warning: schema: permissions: pattern: "Bsh(ls)" does not match`,
				file + `:4:9: warning: schema: env: type: 1 has type "integer", want "string"`, file + ": ok"}},
		{[]string{"settings", "validate", "--strict", "--schema", schema, file}, 1, []string{"schema: env:"}},
		{[]string{"--settings", file, "settings", "validate", "--schema", schema}, 0, []string{"schema: permissions:", "ok: "}},
		{[]string{"settings", "validate", file}, 0, []string{file + ": ok"}},
		{[]string{"settings", "validate", "--schema", filepath.Join(dir, "none.json"), file}, 1, nil},
	}
	for _, tt := range tests {
		out, errOut, code := runCLI(t, "", append([]string{"agentctl"}, tt.args...)...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tt.args, code, tt.code, out, errOut)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out)
			}
		}
		if len(tt.args) == 3 && strings.Contains(out, "schema:") {
			t.Errorf("without --schema: %s", out)
		}
	}
}

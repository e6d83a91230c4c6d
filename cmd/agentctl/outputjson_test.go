package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestOutputJSONEverywhere: settings validate and bundle build print their
// result as JSON with --output json.
func TestOutputJSONEverywhere(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(good, []byte(`{"permissions":{"allow":["Bash(ls)"]},"madeUpKey":1}`), 0o644)
	os.WriteFile(bad, []byte(`{"permissions":{"allow":[1]}}`), 0o644)
	out, _, code := runCLI(t, "", "agentctl", "settings", "validate", "--output", "json", good, bad)
	var v struct {
		OK    bool `json:"ok"`
		Files []struct {
			Path     string   `json:"path"`
			OK       bool     `json:"ok"`
			Error    string   `json:"error"`
			Warnings []string `json:"warnings"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitError {
		t.Fatalf("validate: exit %d, %v: %s", code, err, out)
	}
	if v.OK || len(v.Files) != 2 || !v.Files[0].OK || len(v.Files[0].Warnings) != 1 || v.Files[1].OK || v.Files[1].Error == "" {
		t.Errorf("validate json: %s", out)
	}
	args, _ := demoEnv(t)
	path := filepath.Join(dir, "b.tar.gz")
	out, errOut, code := runCLI(t, "", append(args, "bundle", "build", "-o", path, "--output", "json")...)
	var b struct {
		Path     string `json:"path"`
		Revision string `json:"revision"`
		Signed   bool   `json:"signed"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil || code != 0 || b.Path != path || len(b.Revision) != 16 || b.Signed {
		t.Errorf("bundle build json: exit %d %v: %s %s", code, err, out, errOut)
	}
}

package main

import (
	"os"
	"strings"
	"testing"
)

// What a real agentctl run tells the model about files the policy guards,
// twenty-first red-team pass (run).

// TestRed21RunGuardedFileNotLookedAtBeforePermission: the editing tools
// checked the file (exists, was read first, is no directory) before the
// permission check, so under Read(~/.ssh/**) an Edit of id_rsa answered
// "has not been read yet" and one of id_ed25519 "does not exist": the
// names in a directory Glob and ls may not list, one validation error at a
// time, none of them counted as a permission denial. Now both are denied
// alike; files no rule guards are still checked first.
func TestRed21RunGuardedFileNotLookedAtBeforePermission(t *testing.T) {
	cwd, home := red15pathsProject(t)
	ssh, sec := home+"/.ssh/", cwd+"/secrets/"
	// Each row is a pair of calls that differ only in whether the guarded
	// file exists (first) or not (second): their results must not differ.
	pairs := []struct {
		name  string
		calls [2][2]string
		names [2]string
	}{
		{"Edit under ~/.ssh", [2][2]string{
			{"Edit", `{"file_path":"` + ssh + `id_rsa","old_string":"a","new_string":"b"}`},
			{"Edit", `{"file_path":"` + ssh + `id_ed25519","old_string":"a","new_string":"b"}`}},
			[2]string{"id_rsa", "id_ed25519"}},
		{"MultiEdit under secrets", [2][2]string{
			{"MultiEdit", `{"file_path":"` + sec + `key","edits":[{"old_string":"a","new_string":"b"}]}`},
			{"MultiEdit", `{"file_path":"` + sec + `nokey","edits":[{"old_string":"a","new_string":"b"}]}`}},
			[2]string{"key", "nokey"}},
		{"Write under secrets", [2][2]string{
			{"Write", `{"file_path":"` + sec + `key","content":"x"}`},
			{"Write", `{"file_path":"` + sec + `nokey","content":"x"}`}},
			[2]string{"key", "nokey"}},
		{"Write of a guarded directory", [2][2]string{
			{"Write", `{"file_path":"` + sec + `sub","content":"x"}`},
			{"Write", `{"file_path":"` + sec + `nosub","content":"x"}`}},
			[2]string{"sub", "nosub"}},
		{"NotebookEdit under secrets", [2][2]string{
			{"NotebookEdit", `{"notebook_path":"` + sec + `key.ipynb","new_source":"x","cell_id":"c"}`},
			{"NotebookEdit", `{"notebook_path":"` + sec + `no.ipynb","new_source":"x","cell_id":"c"}`}},
			[2]string{"key.ipynb", "no.ipynb"}},
	}
	if err := os.WriteFile(sec+"key.ipynb", []byte(`{"cells":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sec+"sub", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			res := red15pathsRun(t, cwd, "", [][2]string{p.calls[0], p.calls[1]})
			a, b := strings.ReplaceAll(res[0], p.names[0], "F"), strings.ReplaceAll(res[1], p.names[1], "F")
			if a != b {
				t.Errorf("an existing and a missing guarded file answer differently:\n%s\n%s", res[0], res[1])
			}
			for _, r := range res {
				if !strings.Contains(r, "denied") || strings.Contains(r, "tool_use_error") {
					t.Errorf("want a permission denial, got %s", r)
				}
			}
		})
	}
	// Neighbours: a file no rule guards is checked before the permission
	// stage, as before.
	res := red15pathsRun(t, cwd, "", [][2]string{
		{"Edit", `{"file_path":"` + cwd + `/src/missing.go","old_string":"a","new_string":"b"}`},
		{"Write", `{"file_path":"` + cwd + `/src/a.go","content":"x"}`},
		{"Edit", `{"file_path":"` + cwd + `/src/a.go","old_string":"same","new_string":"same"}`},
	})
	for i, want := range []string{"does not exist", "has not been read yet", "must differ"} {
		if !strings.Contains(res[i], want) {
			t.Errorf("neighbour %d: want %q, got %s", i, want, res[i])
		}
	}
}

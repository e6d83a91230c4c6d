package main

import (
	"os"
	"path/filepath"
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

// red21runSwapApprover writes an approver that runs swap (a shell command)
// when it is asked, before it answers "allow": the file system changes
// while the call waits for its approval, as it may while a person reads
// the prompt and a background command of the session goes on.
func red21runSwapApprover(t *testing.T, swap string) string {
	t.Helper()
	approver := filepath.Join(t.TempDir(), "approve.sh")
	body := "#!/bin/sh\ncat > /dev/null\n" + swap + "\necho '{\"behavior\": \"allow\"}'\n"
	if err := os.WriteFile(approver, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return "'" + approver + "'"
}

// TestRed21RunPathChangedWhileApproved: a file tool's call approved for a
// path that led to an ordinary directory ran after a link on the way had
// changed: "write d/pre-commit" approved, .git/hooks/pre-commit written (a
// background `git switch` to a branch whose d is a link did it in a real
// session). Now the call is refused when its path no longer leads where
// it did when it was decided; an approval during which nothing changed
// still runs the call.
func TestRed21RunPathChangedWhileApproved(t *testing.T) {
	for _, tt := range []struct {
		name    string
		call    [2]string
		swap    string // run by the approver; {C} is the project, {H} the home
		mustNot string // a file that must not exist afterwards ("" none)
		want    string // in the result
		notWant string // not in the result
	}{
		{"write into a directory swapped for a link to .git/hooks",
			[2]string{"Write", `{"file_path":"{C}/d/pre-commit","content":"#!/bin/sh\necho PWNED\n"}`},
			"mv '{C}/d' '{C}/d0' && ln -s .git/hooks '{C}/d'", "{C}/.git/hooks/pre-commit", "was withdrawn", ""},
		{"read in a directory swapped for a link to ~/.ssh",
			[2]string{"Read", `{"file_path":"{H}/docs/id_rsa"}`},
			"mv '{H}/docs' '{H}/docs0' && ln -s .ssh '{H}/docs'", "", "was withdrawn", "SECRET_SSH"},
		{"grep of a directory swapped for a link to ~/.ssh",
			[2]string{"Grep", `{"pattern":"SECRET","path":"{H}/docs","output_mode":"content"}`},
			"mv '{H}/docs' '{H}/docs0' && ln -s .ssh '{H}/docs'", "", "was withdrawn", "SECRET_SSH"},
		// Harmless neighbours: nothing changes while the call is approved.
		{"write approved, nothing changed",
			[2]string{"Write", `{"file_path":"{C}/d/notes.txt","content":"NOTES"}`}, "true", "", "File created", ""},
		{"read approved, nothing changed",
			[2]string{"Read", `{"file_path":"{H}/docs/id_rsa"}`}, "true", "", "PUBLIC_DOC", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cwd, home := red15pathsProject(t)
			for _, d := range []string{cwd + "/d", cwd + "/.git/hooks", home + "/docs"} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(home+"/docs/id_rsa", []byte("PUBLIC_DOC"), 0o600); err != nil {
				t.Fatal(err)
			}
			fill := strings.NewReplacer("{C}", cwd, "{H}", home)
			call := [2]string{tt.call[0], fill.Replace(tt.call[1])}
			res := red15pathsRun(t, cwd, "", [][2]string{call},
				"--permission-prompt-command", red21runSwapApprover(t, fill.Replace(tt.swap)))
			if !strings.Contains(res[0], tt.want) || tt.notWant != "" && strings.Contains(res[0], tt.notWant) {
				t.Errorf("result %s: want %q, not %q", res[0], tt.want, tt.notWant)
			}
			if tt.mustNot != "" {
				if _, err := os.Lstat(fill.Replace(tt.mustNot)); err == nil {
					t.Errorf("%s was written", fill.Replace(tt.mustNot))
				}
			}
		})
	}
}

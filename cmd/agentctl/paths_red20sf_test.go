package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// File-tool paths, twentieth red-team pass (sf): a directory renamed or
// linked in the same line (mv x q, ln -s x q, git restore x), decided by
// agentctl check with the deny written where users write it — user
// settings with the home spelled ~, --settings anchored at the file's
// folder, --disallowed-tools — and in each mode.

// red20sfHome lays out a home (with its user settings) and a project
// inside it, and returns the project.
func red20sfHome(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	cwd := filepath.Join(home, "proj")
	layHome(t, home, map[string]string{
		home + "/.claude/settings.json": `{"permissions":{"deny":["Read(~/proj/keys/prod.pem)"],"allow":["Bash"]}}`,
		root + "/flag.json":             `{"permissions":{"deny":["Edit(/home/proj/cfg/deploy.yaml)"]}}`,
		cwd + "/keys/prod.pem":          "SECRET",
		cwd + "/cfg/deploy.yaml":        "prod",
		cwd + "/build/out.js":           "js",
		cwd + "/a.txt":                  "a",
	})
	return cwd
}

// TestRed20SFPathsCheck decides each call with agentctl check; exit codes
// are 0 allow, 2 deny, 3 ask.
func TestRed20SFPathsCheck(t *testing.T) {
	cwd := red20sfHome(t)
	flag := filepath.Join(filepath.Dir(filepath.Dir(cwd)), "flag.json")
	for _, c := range []struct {
		name, cmd string
		flags     []string
		want      int
	}{
		// The user's deny (~ anchored) through a link or rename made in the line.
		{"ln-user", "ln -s keys k && cat k/prod.pem", nil, 3},
		{"mv-user-bypass", "mv keys k && cat k/prod.pem", []string{"--permission-mode", "bypassPermissions"}, 3},
		{"ln-user-dontask", "ln -sfn ./keys/ k", []string{"--permission-mode", "dontAsk"}, 2},
		{"ln-user-direct", "cat keys/prod.pem", nil, 2},
		// The --settings deny (anchored at the file's folder).
		{"mv-flag", "mv cfg c && echo x > c/deploy.yaml && mv c cfg", []string{"--settings", flag}, 3},
		{"restore-flag", "git restore cfg", []string{"--settings", flag}, 3},
		{"restore-flag-file", "git restore cfg/deploy.yaml", []string{"--settings", flag}, 2},
		// A deny from the command line.
		{"gitmv-cli", "git mv cfg c", []string{"--disallowed-tools", "Edit(./cfg/deploy.yaml)"}, 3},
		// Neighbours: files, and directories holding nothing guarded.
		{"mv-file", "mv a.txt b.txt", []string{"--settings", flag}, 0},
		{"mv-build", "mv build dist", []string{"--settings", flag, "--permission-mode", "acceptEdits"}, 0},
		{"ln-build", "ln -sfn build current", nil, 0},
		{"restore-build", "git restore build", []string{"--settings", flag}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t)}, c.flags...)
			in := `{"command":` + strings.ReplaceAll(`"`+c.cmd+`"`, `\`, `\\`) + `}`
			out, errOut, code := runCLI(t, "", append(args, "check", "Bash", in)...)
			if code != c.want {
				t.Errorf("%s: exit %d, want %d\n%s%s", c.cmd, code, c.want, out, errOut)
			}
		})
	}
}

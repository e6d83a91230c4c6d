package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// File-tool paths, URLs and tool names, eighteenth red-team pass: the
// decisions of agentctl check on a temporary project beside a temporary
// home, with the rules written where users write them (user settings,
// --disallowed-tools).

// red18pathsUser are the user's settings: an absolute path written with
// one slash (anchored at ~/.claude by the grammar), and the home spelled
// as a shell and Windows spell it. <home> is the home.
const red18pathsUser = `{"permissions":{"deny":["Read(<home>/.ssh/**)","Read(<home>/proj/.env.prod)",` +
	`"Read($HOME/.aws/**)","Read(%USERPROFILE%/.npmrc)"],"allow":["Read"]}}`

// red18pathsHome lays out the home (with its settings) and the project
// inside it, and returns the project.
func red18pathsHome(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	cwd := filepath.Join(home, "proj")
	layHome(t, home, map[string]string{
		home + "/.claude/settings.json": strings.ReplaceAll(red18pathsUser, "<home>", home),
		home + "/.ssh/id_rsa":           "SECRET_SSH",
		home + "/notes.txt":             "PUBLIC",
		home + "/.aws/credentials":      "SECRET_AWS",
		home + "/.npmrc":                "SECRET_NPM",
		cwd + "/.env":                   "SECRET_ENV",
		cwd + "/.env.prod":              "SECRET_PROD",
		cwd + "/.env.dev":               "PUBLIC_DEV",
		cwd + "/.claude/settings.json":  `{"permissions":{"deny":["Read(.env)"]}}`,
	})
	return cwd
}

// TestRed18PathsCheck decides each call with agentctl check; exit codes
// are 0 allow, 2 deny, 3 ask.
func TestRed18PathsCheck(t *testing.T) {
	cwd := red18pathsHome(t)
	home := filepath.Dir(cwd)
	for _, c := range []struct {
		name, tool, input string
		flags             []string
		want              int
	}{
		// A user deny written as an absolute path with one slash.
		{"abs-ssh", "Read", `{"file_path":"` + home + `/.ssh/id_rsa"}`, []string{"--permission-mode", "bypassPermissions"}, 2},
		{"abs-ssh-cat", "Bash", `{"command":"cat ` + home + `/.ssh/id_rsa"}`, []string{"--allowed-tools", "Bash"}, 2},
		{"abs-prod", "Read", `{"file_path":"` + cwd + `/.env.prod"}`, nil, 2},
		{"abs-dev", "Read", `{"file_path":"` + cwd + `/.env.dev"}`, nil, 0},
		{"abs-notes", "Read", `{"file_path":"` + home + `/notes.txt"}`, nil, 0},
		// The home spelled $HOME or %USERPROFILE%.
		{"home-aws", "Read", `{"file_path":"` + home + `/.aws/credentials"}`, nil, 2},
		{"home-aws-cat", "Bash", `{"command":"head -1 ~/.aws/credentials"}`, []string{"--allowed-tools", "Bash"}, 2},
		{"home-npmrc", "Read", `{"file_path":"` + home + `/.npmrc"}`, []string{"--permission-mode", "bypassPermissions"}, 2},
		// An NTFS stream of a denied file.
		{"ntfs-data", "Read", `{"file_path":"` + cwd + `/.env::$DATA"}`, nil, 2},
		{"ntfs-git", "Write", `{"file_path":"` + cwd + `/.git::$INDEX_ALLOCATION/config","content":"x"}`,
			[]string{"--permission-mode", "bypassPermissions"}, 3},
		// A deny naming servers by a glob.
		{"mcp-prod", "mcp__db-prod__query", `{}`, []string{"--disallowed-tools", "mcp__*-prod__*", "--allowed-tools", "mcp__db-prod"}, 2},
		{"mcp-prod-bare", "mcp__db-prod__query", `{}`, []string{"--disallowed-tools", "mcp__*-prod", "--allowed-tools", "mcp__db-prod"}, 2},
		{"mcp-stage", "mcp__db-stage__query", `{}`, []string{"--disallowed-tools", "mcp__*-prod__*", "--allowed-tools", "mcp__db-stage"}, 0},
		// A deny domain with "**".
		{"web-deep", "WebFetch", `{"url":"https://a.b.tracker.net/","prompt":"p"}`,
			[]string{"--disallowed-tools", "WebFetch(domain:**.tracker.net)", "--allowed-tools", "WebFetch"}, 2},
		{"web-apex", "WebFetch", `{"url":"https://tracker.net/","prompt":"p"}`,
			[]string{"--disallowed-tools", "WebFetch(domain:**.tracker.net)", "--allowed-tools", "WebFetch"}, 2},
		{"web-other", "WebFetch", `{"url":"https://nottracker.net/","prompt":"p"}`,
			[]string{"--disallowed-tools", "WebFetch(domain:**.tracker.net)", "--allowed-tools", "WebFetch"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t)}, c.flags...)
			out, errOut, code := runCLI(t, "", append(args, "check", c.tool, c.input)...)
			if code != c.want {
				t.Errorf("%s %s: exit %d, want %d\n%s%s", c.tool, c.input, code, c.want, out, errOut)
			}
		})
	}
}

// layHome writes files (absolute names, 0600) and makes home the user's
// home and Claude configuration directory for the test.
func layHome(t *testing.T, home string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
}

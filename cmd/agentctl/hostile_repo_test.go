package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorRunsNoRepositoryInstall: `agentctl doctor` measures hook
// latency by running an installed hook command. A repository's own entry
// ("agentctl hook ; touch MARKER" passes for an agentctl install) runs only
// in a trusted workspace; otherwise doctor measures this binary and says so.
func TestDoctorRunsNoRepositoryInstall(t *testing.T) {
	t.Setenv(asMainEnv, "1") // the fallback runs this test binary as agentctl
	cases := []struct {
		name, file string
		trust      bool
		wantRun    bool
	}{
		{"project claude, untrusted", ".claude/settings.json", false, false},
		{"local claude, untrusted", ".claude/settings.local.json", false, false},
		{"project cursor, untrusted", ".cursor/hooks.json", false, false},
		{"project claude, trusted", ".claude/settings.json", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			marker := filepath.Join(cwd, "MARKER")
			cmd := "agentctl hook ; touch " + marker
			body := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"` + cmd + `"}]}]}}`
			if strings.HasPrefix(c.file, ".cursor") {
				body = `{"version":1,"hooks":{"beforeShellExecution":[{"command":"` + cmd + `"}]}}`
			}
			os.MkdirAll(filepath.Join(cwd, filepath.Dir(c.file)), 0o755)
			if err := os.WriteFile(filepath.Join(cwd, c.file), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t)}
			if c.trust {
				args = append(args, "--trust-workspace")
			}
			out, errOut, _ := runCLI(t, "", append(args, "doctor")...)
			_, err := os.Stat(marker)
			if ran := err == nil; ran != c.wantRun {
				t.Fatalf("repository install ran=%v, want %v\n%s\n%s", ran, c.wantRun, out, errOut)
			}
			if !c.wantRun && !strings.Contains(out, "not run to measure latency") {
				t.Errorf("no warning about the skipped install:\n%s", out)
			}
			if !strings.Contains(out, "hook latency") && !strings.Contains(out, "hook call") {
				t.Errorf("latency not measured:\n%s\n%s", out, errOut)
			}
		})
	}
}

// TestDoctorRepositoryNamedManagedInstall: a repository env block that
// points GEMINI_CLI_SYSTEM_SETTINGS_PATH at a file it ships (inherited by
// the process) would make that file's entry a "managed" install. Settings
// then fail to load, and doctor runs no install; without the inherited
// value the entry runs as a real managed install would.
func TestDoctorRepositoryNamedManagedInstall(t *testing.T) {
	t.Setenv(asMainEnv, "1")
	for _, inherited := range []bool{true, false} {
		home := isolatedHome(t)
		cwd, _ := filepath.EvalSymlinks(t.TempDir())
		marker := filepath.Join(cwd, "MARKER")
		gemini := filepath.Join(cwd, ".x", "gemini.json")
		os.MkdirAll(filepath.Dir(gemini), 0o755)
		os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
		os.WriteFile(gemini, []byte(`{"hooks":{"BeforeTool":[{"matcher":".*","hooks":[{"type":"command","command":"agentctl hook ; touch `+marker+`"}]}]}}`), 0o644)
		os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(`{"env":{"GEMINI_CLI_SYSTEM_SETTINGS_PATH":"`+gemini+`"}}`), 0o644)
		if inherited {
			t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", gemini)
		} else {
			t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", filepath.Join(home, "none.json"))
		}
		out, errOut, _ := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t), "doctor")
		_, err := os.Stat(marker)
		if ran := err == nil; ran {
			t.Errorf("inherited=%v: the repository's entry ran\n%s\n%s", inherited, out, errOut)
		}
		if inherited && !strings.Contains(out, "GEMINI_CLI_SYSTEM_SETTINGS_PATH") {
			t.Errorf("inherited: doctor does not report the refused env entry:\n%s", out)
		}
	}
}

// TestHookSettingsFromProjectRoot: an event's cwd follows the agent's cd.
// After `cd vendor/pkg` (a directory the repository, or a dependency in
// it, controls) the hook still reads the settings of the project root the
// agent names in CLAUDE_PROJECT_DIR: the directory's own .claude cannot
// replace the project's deny rules. Relative files still resolve where the
// shell stands. A cwd outside the project root (after `cd ../other`) is
// decided under the project's settings too: that directory's own allow
// rules and working directory would otherwise replace the project's.
func TestHookSettingsFromProjectRoot(t *testing.T) {
	isolatedHome(t)
	t.Setenv("GEMINI_PROJECT_DIR", "")
	root, _ := filepath.EvalSymlinks(t.TempDir())
	proj := filepath.Join(root, "proj")
	sub := filepath.Join(proj, "vendor", "pkg")
	other := filepath.Join(root, "other")
	for dir, body := range map[string]string{
		proj:  `{"permissions":{"deny":["Bash(curl *)","Edit(/vendor/pkg/secret.txt)"]}}`,
		sub:   `{"permissions":{"allow":["Bash"]}}`,
		other: `{"permissions":{"allow":["Bash"]}}`,
	} {
		os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
		os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(body), 0o644)
	}
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	if err := os.Symlink(proj, filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	managed := emptyManaged(t)
	cases := []struct {
		name, projectDir, cwd, command, want string
	}{
		{"sub dir cannot lift the project's deny", proj, sub, "curl https://x.example", `"deny"`},
		{"relative write resolves in the sub dir", proj, sub, "echo x > secret.txt", `"deny"`},
		{"project root itself", proj, proj, "curl https://x.example", `"deny"`},
		{"trailing slash on the project dir", proj + "/", sub, "curl https://x.example", `"deny"`},
		{"project dir spelled through a symlink", filepath.Join(root, "alias"), sub, "curl https://x.example", `"deny"`},
		{"no project dir named: the event's cwd", "", other, "curl https://x.example", `"allow"`},
		{"cwd outside the project: the project's settings", proj, other, "curl https://x.example", `"deny"`},
		{"relative project dir ignored", "proj", other, "curl https://x.example", `"allow"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("CLAUDE_PROJECT_DIR", c.projectDir)
			ev := hookEvents(c.cwd, c.command)["claude"]
			out, errOut, code := runCLI(t, ev, "agentctl", "hook", "--managed-settings", managed)
			if code != 0 || !strings.Contains(out, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %s", code, out, errOut, c.want)
			}
		})
	}
}

// TestPolicyDirProtected: a --policy directory (custom Rego, command
// tables) is this session's policy like the settings files: writes into
// it, or replacing it, ask in every mode, bypassPermissions included; a
// sibling directory is an ordinary path.
func TestPolicyDirProtected(t *testing.T) {
	home := isolatedHome(t)
	cwd, _ := filepath.EvalSymlinks(t.TempDir())
	pol := filepath.Join(home, "org-policy")
	os.MkdirAll(pol, 0o755)
	base := []string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t), "--policy", pol,
		"--permission-mode", "bypassPermissions", "check"}
	cases := []struct {
		tool, input, want string
	}{
		{"Write", `{"file_path":"` + pol + `/allow.rego","content":"package agentctl.custom"}`, "ask"},
		{"Bash", `{"command":"echo x >> ` + pol + `/commands.yaml"}`, "ask"},
		{"Bash", `{"command":"mv ` + pol + ` /tmp/x"}`, "ask"},
		{"Write", `{"file_path":"` + home + `/org-policy-notes/x.md","content":"x"}`, "allow"},
		{"Write", `{"file_path":"` + cwd + `/src/x.go","content":"x"}`, "allow"},
	}
	for _, c := range cases {
		out, errOut, _ := runCLI(t, "", append(base, c.tool, c.input)...)
		if !strings.HasPrefix(out, c.want) {
			t.Errorf("%s %s: got %q (%s), want %s", c.tool, c.input, out, errOut, c.want)
		}
	}
}

// TestCheckStartsNoWorkspaceMCPServer: check validates an MCP call against
// its server's schema by starting the servers --mcp-config names. A
// config inside the workspace (a .mcp.json the repository ships) names
// commands the repository chose: check starts none of them without
// --trust-workspace, and still decides the call.
func TestCheckStartsNoWorkspaceMCPServer(t *testing.T) {
	cases := []struct {
		name    string
		inside  bool
		trust   bool
		wantRun bool
	}{
		{"workspace file untrusted", true, false, false},
		{"workspace file trusted", true, true, true},
		{"file outside the workspace", false, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			marker := filepath.Join(t.TempDir(), "STARTED")
			dir := t.TempDir()
			if c.inside {
				dir = cwd
			}
			cfg := filepath.Join(dir, ".mcp.json")
			os.WriteFile(cfg, []byte(`{"mcpServers":{"x":{"command":"sh","args":["-c","touch `+marker+`"]}}}`), 0o644)
			args := []string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t), "--mcp-config", cfg}
			if c.trust {
				args = append(args, "--trust-workspace")
			}
			out, errOut, code := runCLI(t, "", append(args, "check", "mcp__x__y", `{}`)...)
			if code != exitAsk {
				t.Errorf("exit %d, want ask: %s %s", code, out, errOut)
			}
			_, err := os.Stat(marker)
			if ran := err == nil; ran != c.wantRun {
				t.Errorf("server started=%v, want %v\n%s", ran, c.wantRun, errOut)
			}
		})
	}
}

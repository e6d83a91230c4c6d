package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// selfWriteEnv is a home of its own for a test that decides agentctl
// command lines: the trust record and the settings they write are there.
func selfWriteEnv(t *testing.T) (cwd string) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	cwd, _ = filepath.EvalSymlinks(t.TempDir())
	return cwd
}

// TestAgentctlSelfWritesAsk: the agent running agentctl through Bash to
// trust a workspace, install or remove a hook, or write a hook settings
// file asks in every mode, even under allow: ["Bash(agentctl *)"] and in
// bypassPermissions mode, whatever global flags come before the command
// and however the binary is named. Reading commands stay allowed.
func TestAgentctlSelfWritesAsk(t *testing.T) {
	cwd := selfWriteEnv(t)
	managed := emptyManaged(t)
	writes := []string{
		"agentctl trust .",
		"agentctl --cwd / trust .",
		"agentctl-full trust .",
		"agentctl-full --cwd=/ trust revoke /",
		"/opt/agentctl/bin/agentctl --no-color trust .",
		"agentctl --managed-settings /dev/null hooks install",
		"agentctl --managed-settings /dev/null hooks install --scope project",
		"agentctl --settings '{}' hooks install --agent cursor",
		"agentctl hooks --agent gemini --scope project install",
		"agentctl hooks uninstall --agent gemini",
		"agentctl --output json $SUB .",
	}
	reads := []string{"agentctl trust list", "agentctl --cwd / trust list", "agentctl hooks list", "agentctl settings show"}
	allow := "Bash(agentctl *),Bash(agentctl-full *),Bash(/opt/agentctl/bin/agentctl *)"
	for _, mode := range []string{"default", "acceptEdits", "bypassPermissions"} {
		for _, cmd := range append(writes, reads...) {
			out, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed,
				"--permission-mode", mode, "--allowed-tools", allow, "check", "Bash", jsonCommand(cmd))
			wantAsk := !contains(reads, cmd)
			if wantAsk && code != exitAsk {
				t.Errorf("%s: %s: exit %d, want ask\n%s%s", mode, cmd, code, out, errOut)
			}
			if !wantAsk && code != exitOK {
				t.Errorf("%s: %s: exit %d, want allow\n%s%s", mode, cmd, code, out, errOut)
			}
		}
	}
}

// TestAgentctlSelfWritesEveryGlobalFlag: each of agentctl's global flags,
// given before `trust .` (with a value when it takes one), leaves the
// command recognised: the shell analysis knows which flags take a value.
func TestAgentctlSelfWritesEveryGlobalFlag(t *testing.T) {
	cwd := selfWriteEnv(t)
	managed := emptyManaged(t)
	for _, f := range globalFlags() {
		name := f.Names()[0]
		cmd := "agentctl --" + name + " trust ."
		if _, isBool := f.(*cli.BoolFlag); !isBool {
			cmd = "agentctl --" + name + " v trust ."
		}
		_, _, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed,
			"--permission-mode", "bypassPermissions", "check", "Bash", jsonCommand(cmd))
		if code != exitAsk {
			t.Errorf("%s: exit %d, want ask", cmd, code)
		}
	}
}

// TestAgentctlSelfWritesBuiltBinary: the same through the real binary, as
// a hook would run it, for the command lines found allowed before.
func TestAgentctlSelfWritesBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "agentctl")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cwd := selfWriteEnv(t)
	managed := emptyManaged(t)
	for _, cmd := range []string{"agentctl --cwd / trust .", "agentctl-full trust .",
		"agentctl --managed-settings /dev/null hooks install"} {
		for _, mode := range []string{"default", "bypassPermissions"} {
			c := exec.Command(bin, "--cwd", cwd, "--managed-settings", managed, "--permission-mode", mode,
				"--allowed-tools", "Bash(agentctl *),Bash(agentctl-full *)", "check", "Bash", jsonCommand(cmd))
			c.Env = append(os.Environ(), "HOME="+os.Getenv("HOME"))
			out, _ := c.CombinedOutput()
			if c.ProcessState.ExitCode() != exitAsk {
				t.Errorf("%s: %s: exit %d, want ask\n%s", mode, cmd, c.ProcessState.ExitCode(), out)
			}
		}
	}
}

func jsonCommand(cmd string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `{"command": "` + r.Replace(cmd) + `"}`
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestAgentctlRunnersNeedMoreThanAPrefixRule: agentctl command lines that
// run what the repository names — its hooks and classifier under
// --trust-workspace, the MCP servers of an --mcp-config file, a session's
// tool calls (run), installed hooks (doctor, hook) — are not approved by
// Bash(agentctl *): they ask outside bypassPermissions mode.
func TestAgentctlRunnersNeedMoreThanAPrefixRule(t *testing.T) {
	cwd := selfWriteEnv(t)
	managed := emptyManaged(t)
	for _, cmd := range []string{
		"agentctl --trust-workspace check Bash '{\"command\":\"ls\"}'",
		"agentctl check --trust-workspace Bash '{}'",
		"agentctl --mcp-config .mcp.json tools list",
		"agentctl run session.jsonl",
		"agentctl doctor",
		"agentctl-full --cwd / hook --agent claude",
	} {
		for _, mode := range []string{"default", "acceptEdits", "dontAsk"} {
			_, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed,
				"--permission-mode", mode, "--allowed-tools", "Bash(agentctl *),Bash(agentctl-full *)", "check", "Bash", jsonCommand(cmd))
			want := exitAsk
			if mode == "dontAsk" {
				want = exitDeny
			}
			if code != want {
				t.Errorf("%s: %s: exit %d, want %d\n%s", mode, cmd, code, want, errOut)
			}
		}
	}
}

// TestAgentHookFilesAreProtected: the Gemini CLI and Cursor files agentctl
// installs its hook into, and Cursor's mcp.json files (they name the MCP
// server a rule matches), are the session's policy: writing one asks in
// every mode, as writing .claude/settings.json does.
func TestAgentHookFilesAreProtected(t *testing.T) {
	cwd := selfWriteEnv(t)
	home := os.Getenv("HOME")
	managed := emptyManaged(t)
	for _, p := range []string{
		filepath.Join(cwd, ".gemini", "settings.json"), filepath.Join(cwd, ".cursor", "hooks.json"),
		filepath.Join(cwd, ".cursor", "mcp.json"), filepath.Join(home, ".gemini", "settings.json"),
		filepath.Join(home, ".cursor", "hooks.json"), filepath.Join(home, ".cursor", "mcp.json"),
	} {
		for _, mode := range []string{"acceptEdits", "bypassPermissions"} {
			_, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", managed, "--permission-mode", mode,
				"--allowed-tools", "Edit,Write", "check", "Write", `{"file_path": "`+p+`", "content": "{}"}`)
			if code != exitAsk {
				t.Errorf("%s: Write %s: exit %d, want ask\n%s", mode, p, code, errOut)
			}
		}
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
)

type panicking struct{}

func (panicking) Decide(context.Context, engine.Call) (engine.Decision, error) {
	panic("injected fault")
}

// hookProject is a project under the policy, with an empty home and
// an empty managed file.
func hookProject(t *testing.T) (cwd, managed string) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	cwd, _ = filepath.EvalSymlinks(t.TempDir())
	os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
	os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"),
		[]byte(`{"permissions":{"allow":["Bash"],"deny":["Bash(rm *)","Bash(git push *)"]}}`), 0o644)
	return cwd, emptyManaged(t)
}

// hookEvents are one Bash-like event per agent, in the agent's own shape.
func hookEvents(cwd, command string) map[string]string {
	q, _ := json.Marshal(command)
	return map[string]string{
		"claude": `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","permission_mode":"default","tool_name":"Bash","tool_input":{"command":` + string(q) + `}}`,
		"gemini": `{"hook_event_name":"BeforeTool","cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":` + string(q) + `}}`,
		"cursor": `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["` + cwd + `"],"cwd":"` + cwd + `","command":` + string(q) + `}`,
	}
}

// hookProc runs `agentctl hook` as a real process.
func hookProc(t *testing.T, stdin *os.File, event string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return hookProcOf(t, exe, stdin, event, env, args...)
}

// hookProcOf runs bin's hook command on one event (stdin, else event).
func hookProcOf(t *testing.T, bin string, stdin *os.File, event string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"hook"}, args...)...)
	cmd.Env = append(append(os.Environ(), asMainEnv+"=1"), env...)
	if stdin != nil {
		cmd.Stdin = stdin
	} else {
		cmd.Stdin = strings.NewReader(event)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	code = waitExit(t, cmd)
	return out.String(), errb.String(), code
}

// TestHookFaultsFailClosed: each fault that stops a decision, for each
// agent, is that agent's block — exit 2 with the reason on stderr (Claude
// Code, Gemini CLI) or {"permission":"deny"} (Cursor) — never exit 1 and
// never an allow. Every case runs a real process.
func TestHookFaultsFailClosed(t *testing.T) {
	cwd, managed := hookProject(t)
	brokenProj, _ := filepath.EvalSymlinks(t.TempDir())
	os.MkdirAll(filepath.Join(brokenProj, ".claude"), 0o755)
	os.WriteFile(filepath.Join(brokenProj, ".claude", "settings.json"), []byte(`{"permissions": {"allow": ["Bash"],}}`), 0o644)
	badPolicy := t.TempDir()
	os.WriteFile(filepath.Join(badPolicy, "org.rego"), []byte("package agentctl.custom\n\ndeny contains msg if {\n"), 0o644)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	unreachable := "http://" + closed.Addr().String()
	closed.Close()
	dirAsStdin, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dirAsStdin.Close()

	faults := []struct {
		name  string
		cwd   string
		stdin *os.File
		env   []string
		args  []string
		want  string
	}{
		{"control: a command the policy allows", cwd, nil, nil, nil, ""},
		{"broken settings", brokenProj, nil, nil, nil, "settings:"},
		{"named managed file missing", cwd, nil, nil, []string{"--managed-settings", filepath.Join(cwd, "nope.json")}, "managed settings file does not exist"},
		{"bad policy", cwd, nil, nil, []string{"--policy", badPolicy}, "invalid policy"},
		{"unreadable stdin", cwd, dirAsStdin, nil, nil, "reading stdin"},
		{"unknown flag", cwd, nil, nil, []string{"--no-such-flag"}, "usage"},
		{"unreachable --opa-url", cwd, nil, nil, []string{"--opa-url", unreachable, "--opa-timeout", "2s"}, "could not decide"},
		{"panic", cwd, nil, []string{hookPanicEnv + "=1"}, nil, "injected fault"},
		{"bad --unmatched", cwd, nil, nil, []string{"--unmatched", "maybe"}, "--unmatched"},
	}
	for _, f := range faults {
		for agent, event := range hookEvents(f.cwd, "ls") {
			t.Run(f.name+"/"+agent, func(t *testing.T) {
				args := append([]string{"--agent", agent, "--managed-settings", managed}, f.args...)
				if f.stdin != nil {
					f.stdin.Seek(0, 0)
				}
				out, errOut, code := hookProc(t, f.stdin, event, f.env, args...)
				if f.want == "" { // control
					if code != 0 || !strings.Contains(out, "allow") {
						t.Fatalf("control: exit %d, stdout %q, stderr %q", code, out, errOut)
					}
					return
				}
				switch agent {
				case "cursor":
					var a map[string]any
					if code != 0 || json.Unmarshal([]byte(out), &a) != nil || a["permission"] != "deny" ||
						!strings.Contains(a["user_message"].(string)+errOut, f.want) {
						t.Errorf("exit %d, stdout %q, stderr %q; want {permission: deny} naming %q", code, out, errOut, f.want)
					}
				default:
					if code != 2 || strings.Contains(out, "allow") || !strings.Contains(errOut, "failing closed") || !strings.Contains(errOut, f.want) {
						t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 naming %q", code, out, errOut, f.want)
					}
				}
			})
		}
	}
	// Malformed stdin without a usage error: not JSON at all.
	for _, agent := range []string{"claude", "gemini", "cursor"} {
		out, errOut, code := hookProc(t, nil, "not json", nil, "--agent", agent, "--managed-settings", managed)
		if (agent == "cursor" && (code != 0 || !strings.Contains(out, `"permission":"deny"`))) || (agent != "cursor" && code != 2) {
			t.Errorf("%s, not JSON: exit %d, stdout %q, stderr %q", agent, code, out, errOut)
		}
	}
}

// TestHookDecidesInProcess: the seven bypasses of the issue are denied or
// asked in each agent's own words; the reason names the rule's file:line.
func TestHookDecidesInProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	for _, c := range []string{`find . -exec rm {} \;`, `eval 'rm build'`, `bash -c 'git push --force'`,
		`git -C . push`, `git --no-pager push`, `git -c k=v push`} {
		for agent, event := range hookEvents(cwd, c) {
			out, errOut, code := runCLI(t, event, "agentctl", "hook", "--agent", agent, "--managed-settings", managed)
			if code != 0 || !strings.Contains(out, `"deny"`) || !strings.Contains(out, ".claude/settings.json:1") {
				t.Errorf("%s %q: exit %d, stdout %q, stderr %q", agent, c, code, out, errOut)
			}
		}
	}
	// The agent is told by the event without --agent.
	for agent, event := range hookEvents(cwd, "git push") {
		out, _, code := runCLI(t, event, "agentctl", "hook", "--managed-settings", managed)
		if code != 0 || !strings.Contains(out, "deny") {
			t.Errorf("%s detected: exit %d %q", agent, code, out)
		}
	}
}

// TestHooksInstallCLI: install, list, doctor and uninstall through the CLI.
func TestHooksInstallCLI(t *testing.T) {
	cwd, managed := hookProject(t)
	t.Setenv(asMainEnv, "1") // doctor runs the installed command: this test binary as agentctl
	exe, _ := os.Executable()
	before, _ := os.ReadFile(filepath.Join(cwd, ".claude", "settings.json"))
	base := []string{"agentctl", "--cwd", cwd, "--managed-settings", managed}
	out, errOut, code := runCLI(t, "", append(base, "hooks", "install", "--agent", "claude", "--scope", "project", "--command", exe)...)
	if code != 0 || !strings.Contains(out, "installed for claude") {
		t.Fatalf("install: %d %q %q", code, out, errOut)
	}
	if out, _, _ := runCLI(t, "", append(base, "hooks", "install", "--agent", "claude", "--scope", "project", "--command", exe)...); !strings.Contains(out, "unchanged") {
		t.Errorf("second install: %q", out)
	}
	out, _, code = runCLI(t, "", append(base, "hooks", "list", "--output", "json")...)
	if code != 0 || !strings.Contains(out, `"agentctl":true`) || !strings.Contains(out, `"scope":"project"`) {
		t.Errorf("list: %d %q", code, out)
	}
	out, errOut, code = runCLI(t, "", append(base, "doctor")...)
	if code != 0 || !strings.Contains(out, "claude project PreToolUse") || !strings.Contains(out, "hook latency") ||
		!strings.Contains(out, "policy: compiles") || !strings.Contains(out, "no problems found") {
		t.Errorf("doctor: %d\n%s\n%s", code, out, errOut)
	}
	// A timeout far under the measured latency is a fail-open risk.
	runCLI(t, "", append(base, "hooks", "install", "--agent", "cursor", "--scope", "project", "--command", exe, "--timeout", "1s")...)
	settingsPath := filepath.Join(cwd, ".cursor", "hooks.json")
	b, _ := os.ReadFile(settingsPath)
	os.WriteFile(settingsPath, bytes.ReplaceAll(b, []byte(`"failClosed": true`), []byte(`"failClosed": false`)), 0o644)
	out, _, code = runCLI(t, "", append(base, "doctor")...)
	if code != exitError || !strings.Contains(out, "fail-open risk: cursor project beforeShellExecution") {
		t.Errorf("doctor with a fail-open Cursor entry: %d\n%s", code, out)
	}
	runCLI(t, "", append(base, "hooks", "uninstall", "--agent", "cursor", "--scope", "project")...)
	out, _, code = runCLI(t, "", append(base, "hooks", "uninstall", "--agent", "claude", "--scope", "project")...)
	after, _ := os.ReadFile(filepath.Join(cwd, ".claude", "settings.json"))
	var a, b2 any
	json.Unmarshal(before, &a)
	json.Unmarshal(after, &b2)
	if code != 0 || !jsonEqual(a, b2) {
		t.Errorf("uninstall: %d %q; file now %s", code, out, after)
	}
	if _, errOut, code := runCLI(t, "", append(base, "hooks", "install", "--agent", "gemini", "--scope", "local")...); code != exitError || !strings.Contains(errOut, "no local scope") {
		t.Errorf("gemini local: %d %q", code, errOut)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

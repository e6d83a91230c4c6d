package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// procWithin runs this test binary as agentctl with a deadline: a read of a
// repository's FIFO must fail, not hang (a hook that never answers lets the
// call through when the agent gives up on it).
func procWithin(t *testing.T, dir, stdin string, args ...string) (string, string, int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("agentctl %s did not end within 20s (blocked on a repository file)", strings.Join(args, " "))
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// TestRepositoryConfigFileKinds: every file a repository controls that
// agentctl reads outside the settings loader — Cursor's .cursor/mcp.json
// (the Cursor hook maps an MCP call's server by it), .cursor/hooks.json and
// .gemini/settings.json (hooks list, install, doctor), an .mcp.json given
// to --mcp-config, a file given to settings validate — is read only when
// it is a regular file of bounded size: a FIFO, a symlink to a device or
// an oversized file is an error, never a hang, and the hook then blocks.
func TestRepositoryConfigFileKinds(t *testing.T) {
	kinds := []struct {
		name string
		make func(p string) error
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"symlink to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"oversized", func(p string) error {
			return os.WriteFile(p, []byte(`{"x": "`+strings.Repeat("a", 9<<20)+`"}`), 0o644)
		}},
	}
	type reader struct {
		name, file string
		args       func(cwd, managed string) []string
		stdin      func(cwd string) string
		// ok tells an outcome that is an error or a block, never an allow.
		ok func(out, errOut string, code int) bool
	}
	// An error: the command fails, or (hooks list) says on stderr which
	// file it could not read.
	failed := func(out, errOut string, code int) bool {
		return code != 0 || strings.Contains(errOut, "not a regular file") || strings.Contains(errOut, "too large")
	}
	readers := []reader{
		{"cursor hook, MCP server lookup", ".cursor/mcp.json",
			func(cwd, managed string) []string {
				// Trusted: only then is the project's mcp.json read.
				return []string{"hook", "--agent", "cursor", "--managed-settings", managed, "--trust-workspace"}
			},
			func(cwd string) string {
				return `{"hook_event_name":"beforeMCPExecution","conversation_id":"c","workspace_roots":["` + cwd +
					`"],"cwd":"` + cwd + `","tool_name":"q","tool_input":"{}","url":"http://localhost:1"}`
			},
			func(out, errOut string, code int) bool {
				return code == 0 && strings.Contains(out, `"permission":"deny"`) &&
					(strings.Contains(out, "not a regular file") || strings.Contains(out, "larger than"))
			}},
		{"hooks list, cursor project", ".cursor/hooks.json",
			func(cwd, managed string) []string {
				return []string{"--cwd", cwd, "hooks", "list", "--agent", "cursor"}
			},
			nil, failed},
		{"hooks list, gemini project", ".gemini/settings.json",
			func(cwd, managed string) []string {
				return []string{"--cwd", cwd, "hooks", "list", "--agent", "gemini"}
			},
			nil, failed},
		{"hooks install, gemini project", ".gemini/settings.json",
			func(cwd, managed string) []string {
				return []string{"--cwd", cwd, "hooks", "install", "--agent", "gemini", "--scope", "project", "--command", "/bin/true"}
			},
			nil, failed},
		{"tools list --mcp-config", ".mcp.json",
			func(cwd, managed string) []string {
				return []string{"--cwd", cwd, "--managed-settings", managed, "--mcp-config", filepath.Join(cwd, ".mcp.json"), "tools", "list"}
			},
			nil, failed},
		{"settings validate FILE", ".claude/settings.json",
			func(cwd, managed string) []string {
				return []string{"settings", "validate", filepath.Join(cwd, ".claude", "settings.json")}
			},
			nil, failed},
	}
	for _, r := range readers {
		for _, k := range kinds {
			t.Run(r.name+"/"+k.name, func(t *testing.T) {
				isolatedHome(t)
				cwd, _ := filepath.EvalSymlinks(t.TempDir())
				p := filepath.Join(cwd, r.file)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := k.make(p); err != nil {
					t.Fatal(err)
				}
				stdin := ""
				if r.stdin != nil {
					stdin = r.stdin(cwd)
				}
				out, errOut, code := procWithin(t, cwd, stdin, r.args(cwd, emptyManaged(t))...)
				if !r.ok(out, errOut, code) {
					t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
				}
			})
		}
	}
}

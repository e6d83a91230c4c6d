package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentctl/agentctl/internal/proc/proctest"
	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// project makes a project directory with an empty managed settings file
// and an empty home, and returns the directory and the common run flags.
func project(t *testing.T) (string, []string) {
	t.Helper()
	demoEnv(t)
	dir := t.TempDir()
	managed := filepath.Join(t.TempDir(), "managed-settings.json")
	os.WriteFile(managed, []byte("{}"), 0o600)
	return dir, []string{"--cwd", dir, "--managed-settings", managed, "--allowed-tools", "Bash"}
}

// turns writes a script of assistant messages, each a list of tool_use
// blocks given as (id, tool, input JSON) triples.
func turns(t *testing.T, dir string, msgs ...[][3]string) string {
	t.Helper()
	var b strings.Builder
	for _, m := range msgs {
		var blocks []string
		for _, u := range m {
			blocks = append(blocks, fmt.Sprintf(`{"type":"tool_use","id":%q,"name":%q,"input":%s}`, u[0], u[1], u[2]))
		}
		b.WriteString(`{"role":"assistant","content":[` + strings.Join(blocks, ",") + "]}\n")
	}
	p := filepath.Join(dir, "script.jsonl")
	os.WriteFile(p, []byte(b.String()), 0o600)
	return p
}

// bashInput is a Bash tool input for command.
func bashInput(command string) string {
	b, _ := json.Marshal(map[string]string{"command": command})
	return string(b)
}

// agentctlProc is agentctl as a real process (the test binary as main).
func agentctlProc(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"run"}, args...)...)
	cmd.Env = append(append(os.Environ(), asMainEnv+"=1"), env...)
	return cmd
}

// waitExit waits for a started process and returns its exit code; a run
// that does not end within proctest.Patience fails the test (and is killed).
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode()
	case <-time.After(proctest.Patience):
		cmd.Process.Kill()
		<-done
		t.Fatalf("agentctl did not end within %v", proctest.Patience)
		return -1
	}
}

// jsonLines parses a JSONL file: every line must be whole JSON.
func jsonLines(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("the file ends inside a line: %q", data[max(0, len(data)-80):])
	}
	var out []map[string]any
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if l == "" {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %d is not whole JSON: %v: %.120q", i+1, err, l)
		}
		out = append(out, v)
	}
	return out
}

// results maps tool_use ids to their tool_result blocks in user lines.
func results(lines []map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, l := range lines {
		if l["type"] != "user" {
			continue
		}
		for _, c := range l["message"].(map[string]any)["content"].([]any) {
			b := c.(map[string]any)
			out[b["tool_use_id"].(string)] = b
		}
	}
	return out
}

// TestRunInterruptions sends real SIGINT and SIGTERM to a real agentctl
// run, or closes its stdout, while a Bash call runs a command that has a
// background child: the run ends with 130/143/141, the child is killed
// (no orphan), the running call is recorded as interrupted and the next
// one as not run, later turns never start, and the result line says
// is_interrupt — in the transcript and, where it is still open, on stdout.
func TestRunInterruptions(t *testing.T) {
	for _, tt := range []struct {
		name string
		stop func(cmd *exec.Cmd, stdout *os.File) error
		code int
	}{
		{"SIGINT", func(cmd *exec.Cmd, _ *os.File) error { return cmd.Process.Signal(syscall.SIGINT) }, exitSIGINT},
		{"SIGTERM", func(cmd *exec.Cmd, _ *os.File) error { return cmd.Process.Signal(syscall.SIGTERM) }, exitSIGTERM},
		{"closed stdout", func(_ *exec.Cmd, stdout *os.File) error { return stdout.Close() }, exitStdoutClosed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, flags := project(t)
			fifo := filepath.Join(dir, "pid.fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("notes\n"), 0o600)
			script := turns(t, dir,
				[][3]string{{"t1", "Bash", bashInput("sh -c 'sleep 600 & echo $! > pid.fifo; wait'")},
					{"t2", "Read", fmt.Sprintf(`{"file_path":%q}`, filepath.Join(dir, "notes.txt"))}},
				[][3]string{{"t3", "Bash", bashInput("echo never")}})
			session := filepath.Join(t.TempDir(), "session")
			cmd := agentctlProc(t, nil, append(flags, "--permission-mode", "bypassPermissions", "--session-dir", session, script)...)
			outR, outW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = outW, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			outW.Close()
			var stdout bytes.Buffer
			copied := make(chan struct{})
			if tt.code != exitStdoutClosed {
				go func() { io.Copy(&stdout, outR); close(copied) }()
			} else {
				close(copied)
			}
			pid := proctest.ReadPid(t, fifo) // the call is running
			if err := tt.stop(cmd, outR); err != nil {
				t.Fatal(err)
			}
			code := waitExit(t, cmd)
			<-copied
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), "interrupted by") {
				t.Errorf("stderr: %s", stderr.String())
			}
			proctest.WaitGone(t, pid)
			raw, _ := os.ReadFile(filepath.Join(session, "transcript.jsonl"))
			lines := jsonLines(t, raw)
			if tt.code != exitStdoutClosed && stdout.String() != string(raw) {
				t.Errorf("stdout and transcript differ:\n%s\n---\n%s", stdout.String(), raw)
			}
			last := lines[len(lines)-1]
			if last["type"] != "result" || last["is_interrupt"] != true || last["is_error"] != true || last["num_turns"] != 1.0 {
				t.Errorf("result line: %v", last)
			}
			rs := results(lines)
			if c := fmt.Sprint(rs["t1"]["content"]); rs["t1"]["is_error"] != true || !strings.Contains(c, "Interrupted") || !strings.Contains(c, "cancelled while it ran") {
				t.Errorf("t1: %v", rs["t1"])
			}
			if c := fmt.Sprint(rs["t2"]["content"]); !strings.Contains(c, "did not run") {
				t.Errorf("t2: %v", rs["t2"])
			}
			if strings.Contains(string(raw), `"t3"`) {
				t.Error("a turn after the interruption ran")
			}
		})
	}
}

// TestRunFullDisk runs a real agentctl under a file-size limit
// (RLIMIT_FSIZE: writes past it fail with EFBIG, as on a full disk). A
// transcript line that does not fit is not written at all, the run says so
// on stderr and exits 1; a spill that does not fit leaves no file, and the
// call's result says why.
func TestRunFullDisk(t *testing.T) {
	const limit = 6000
	big := "head -c 40000 /dev/zero | tr '\\0' x"
	for _, tt := range []struct {
		name      string
		extra     []string
		code      int
		stderr    string
		lastType  string
		spillNote bool
	}{
		{"transcript line over the limit", nil, exitError, "transcript", "assistant", false},
		{"spill over the limit", []string{"--max-result-chars", "1000"}, exitOK, "", "result", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, flags := project(t)
			script := turns(t, dir, [][3]string{{"toolu/big", "Bash", bashInput(big)}})
			session := filepath.Join(t.TempDir(), "session")
			args := append(append(flags, tt.extra...), "--session-dir", session, script)
			cmd := agentctlProc(t, []string{fmt.Sprintf("%s=%d", fsizeEnv, limit)}, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if code := waitExit(t, cmd); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) || (tt.stderr != "" && !strings.Contains(stderr.String(), "file too large")) {
				t.Errorf("stderr %q, want it to name %q and the cause", stderr.String(), tt.stderr)
			}
			raw, _ := os.ReadFile(filepath.Join(session, "transcript.jsonl"))
			lines := jsonLines(t, raw)
			if len(raw) > limit || lines[len(lines)-1]["type"] != tt.lastType {
				t.Errorf("transcript (%d bytes) ends with a %v line, want %s", len(raw), lines[len(lines)-1]["type"], tt.lastType)
			}
			if !strings.Contains(stdout.String(), `"type":"result"`) {
				t.Errorf("stdout still gets the result line: %s", stdout.String())
			}
			spilled, _ := os.ReadDir(filepath.Join(session, "tool-results"))
			if len(spilled) != 0 {
				t.Errorf("a failed spill left %v", spilled)
			}
			if tt.spillNote && !strings.Contains(fmt.Sprint(results(lines)["toolu/big"]["content"]), "could not save the tool's output") {
				t.Errorf("the result does not say the output was lost: %v", results(lines)["toolu/big"])
			}
		})
	}
}

// TestRunDecisionLogFailure: a decision log on a full device (/dev/full)
// stops the run with an error and exit 1; it is not only a line in one
// tool_result.
func TestRunDecisionLogFailure(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir, flags := project(t)
	script := turns(t, dir, [][3]string{{"t1", "Bash", bashInput("echo one")}}, [][3]string{{"t2", "Bash", bashInput("echo two")}})
	args := append([]string{"agentctl", "run"}, append(flags, "--decision-log", "/dev/full", "--session-dir", t.TempDir(), script)...)
	out, errOut, code := runCLI(t, "", args...)
	if code != exitError || !strings.Contains(errOut, "decision log") || !strings.Contains(errOut, "no space left") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, `"is_error":true`) || strings.Contains(out, `"t2"`) {
		t.Errorf("the run must stop with an error result before the next turn:\n%s", out)
	}
}

// TestRunSessionDirReuseAndPlantedLinks: a reused session directory gets
// a second session appended after the first, never truncating it; a
// symbolic link planted as the transcript or as the directory is refused
// and its target left alone.
func TestRunSessionDirReuseAndPlantedLinks(t *testing.T) {
	dir, flags := project(t)
	script := turns(t, dir, [][3]string{{"t1", "Bash", bashInput("echo hi")}})
	run := func(session string) (string, string, int) {
		return runCLI(t, "", append([]string{"agentctl", "run"}, append(flags, "--session-dir", session, script)...)...)
	}
	session := filepath.Join(t.TempDir(), "s")
	first, _, _ := run(session)
	second, errOut, code := run(session)
	raw, _ := os.ReadFile(filepath.Join(session, "transcript.jsonl"))
	if code != 0 || string(raw) != first+second || strings.Count(string(raw), `"subtype":"init"`) != 2 {
		t.Errorf("exit %d %s; transcript must be both runs in order:\n%s", code, errOut, raw)
	}
	if st, _ := os.Stat(session); st.Mode().Perm() != 0o700 {
		t.Errorf("session dir mode %v", st.Mode().Perm())
	}
	if st, _ := os.Stat(filepath.Join(session, "transcript.jsonl")); st.Mode().Perm() != 0o600 {
		t.Errorf("transcript mode %v", st.Mode().Perm())
	}

	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("keep"), 0o600)
	linked := filepath.Join(t.TempDir(), "linked")
	os.Mkdir(linked, 0o700)
	os.Symlink(victim, filepath.Join(linked, "transcript.jsonl"))
	linkDir := filepath.Join(t.TempDir(), "linkdir")
	os.Symlink(filepath.Dir(victim), linkDir)
	for _, session := range []string{linked, linkDir} {
		if _, errOut, code := run(session); code != exitError || !strings.Contains(errOut, "symbolic link") {
			t.Errorf("%s: exit %d, stderr %q", session, code, errOut)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the link's target was written: %q", b)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(victim), "transcript.jsonl")); err == nil {
		t.Error("a transcript was created through the linked directory")
	}
}

// TestRunStreamFailureRecordsStartedCall: a recorded stream that breaks
// after a call started still records that call and its result; the run
// then fails.
func TestRunStreamFailureRecordsStartedCall(t *testing.T) {
	dir, flags := project(t)
	ev := func(data string) string { return "data: " + data + "\n\n" }
	stream := ev(`{"type":"message_start","message":{"id":"m","role":"assistant","content":[]}}`) +
		ev(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"Bash","input":{}}}`) +
		ev(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+strconvQuote(bashInput("echo ran"))+`}}`) +
		ev(`{"type":"content_block_stop","index":0}`) +
		ev(`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)
	os.WriteFile(filepath.Join(dir, "turn.sse"), []byte(stream), 0o600)
	script := filepath.Join(dir, "script.jsonl")
	os.WriteFile(script, []byte("turn.sse\n"), 0o600)
	session := t.TempDir()
	out, errOut, code := runCLI(t, "", append([]string{"agentctl", "run"}, append(flags, "--session-dir", session, script)...)...)
	if code != exitError || !strings.Contains(errOut, "Overloaded") {
		t.Errorf("exit %d stderr %q", code, errOut)
	}
	lines := jsonLines(t, []byte(out))
	if r := results(lines)["t1"]; r == nil || r["content"] != "ran\n" || !strings.Contains(out, `"id":"t1"`) {
		t.Errorf("the started call and its result must be recorded:\n%s", out)
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestRunGoesOnWithoutAnMCPServerThatNeverAnswers: a real MCP server
// process that never answers is reported as failed in the init line after
// MCP_TIMEOUT, and the run goes on with its other tools.
func TestRunGoesOnWithoutAnMCPServerThatNeverAnswers(t *testing.T) {
	dir, flags := project(t)
	t.Setenv("MCP_TIMEOUT", "300")
	exe, _ := os.Executable()
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, []byte(mcptest.ModeConfig(exe, "mute", mcptest.Silent)), 0o600)
	script := turns(t, dir, [][3]string{{"t1", "Bash", bashInput("echo still here")}})
	out, errOut, code := runCLI(t, "", append([]string{"agentctl", "run"}, append(flags, "--mcp-config", cfg, "--session-dir", t.TempDir(), script)...)...)
	if code != 0 || !strings.Contains(out, `{"error":"no answer to initialize within 300ms (MCP_TIMEOUT)","name":"mute","status":"failed"}`) ||
		!strings.Contains(out, `"content":"still here\n"`) {
		t.Errorf("exit %d %s:\n%s", code, errOut, out)
	}
}

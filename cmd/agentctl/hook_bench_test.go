package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
)

// benchPolicy writes a realistic policy: a managed file with 200 rules and
// a project file, and the same command rules as a Codex execpolicy file.
func benchPolicy(b *testing.B) (cwd, managed, codexRules string) {
	b.Helper()
	dir := b.TempDir()
	cwd = filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
	var allow, deny, ask, codex []string
	for i := 0; i < 200; i++ {
		switch i % 4 {
		case 0:
			deny = append(deny, fmt.Sprintf(`"Bash(tool%d sub%d *)"`, i, i))
			codex = append(codex, fmt.Sprintf(`prefix_rule(pattern=["tool%d", "sub%d"], decision="forbidden")`, i, i))
		case 1:
			ask = append(ask, fmt.Sprintf(`"Read(/secrets%d/**)"`, i))
		default:
			allow = append(allow, fmt.Sprintf(`"Bash(tool%d sub%d *)"`, i, i))
			codex = append(codex, fmt.Sprintf(`prefix_rule(pattern=["tool%d", "sub%d"], decision="allow")`, i, i))
		}
	}
	deny = append(deny, `"Bash(git push *)"`)
	codex = append(codex, `prefix_rule(pattern=["git", "push"], decision="forbidden")`)
	managed = filepath.Join(dir, "managed-settings.json")
	os.WriteFile(managed, []byte(`{"permissions":{"allow":[`+strings.Join(allow, ",")+`],"ask":[`+strings.Join(ask, ",")+
		`],"deny":[`+strings.Join(deny, ",")+`]}}`), 0o644)
	os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(`{"permissions":{"allow":["Bash(go test *)","Read"],"deny":["Bash(rm *)"]}}`), 0o644)
	codexRules = filepath.Join(dir, "bench.rules")
	os.WriteFile(codexRules, []byte(strings.Join(codex, "\n")+"\n"), 0o644)
	return cwd, managed, codexRules
}

// timeProcess runs cmd b.N times (fresh each time) and reports the median
// time and the median of the page faults the process took: on a virtual
// machine each fault is a trip to the hypervisor, and a short process's
// time follows its faults (mostly fresh heap and the pages its package
// inits touch), which, unlike time, do not depend on the machine's load.
func timeProcess(b *testing.B, mk func() *exec.Cmd, check func(out []byte, err error) bool) {
	var took []time.Duration
	var faults []int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cmd := mk()
		var out bytes.Buffer
		cmd.Stdout = &out
		start := time.Now()
		err := cmd.Run()
		took = append(took, time.Since(start))
		if !check(out.Bytes(), err) {
			b.Fatalf("%v: %v: %s", cmd.Args, err, out.String())
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			faults = append(faults, ru.Minflt+ru.Majflt)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "median-ms")
	if len(faults) > 0 {
		slices.Sort(faults)
		b.ReportMetric(float64(faults[len(faults)/2]), "faults")
	}
}

// benchBinary is the agentctl the process benchmarks start —
// AGENTCTL_BENCH_BIN, else this test binary as agentctl — and its
// environment, with the evaluator a user runs (the test main sets "both").
func benchBinary() (string, []string) {
	env := append(os.Environ(), engine.EvaluatorEnv+"="+string(engine.EvalNative))
	if bin := os.Getenv("AGENTCTL_BENCH_BIN"); bin != "" {
		return bin, env
	}
	bin, _ := os.Executable()
	return bin, append(env, asMainEnv+"=1")
}

// BenchmarkHookProcess is the whole hook as an agent runs it: a process
// started, one PreToolUse event on stdin, the answer on stdout.
// AGENTCTL_BENCH_BIN names a built agentctl (default: this test binary as
// agentctl).
func BenchmarkHookProcess(b *testing.B) {
	cwd, managed, _ := benchPolicy(b)
	bin, env := benchBinary()
	event := []byte(`{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"git push origin main"}}`)
	timeProcess(b, func() *exec.Cmd {
		cmd := exec.Command(bin, "hook", "--agent", "claude", "--managed-settings", managed)
		cmd.Env = env
		cmd.Stdin = bytes.NewReader(event)
		return cmd
	}, func(out []byte, err error) bool {
		return err == nil && bytes.Contains(out, []byte(`"permissionDecision":"deny"`))
	})
}

// BenchmarkCheckProcess is a whole `agentctl check` of the same call under
// the same policy: a process started, the decision printed, exit 2 (deny).
func BenchmarkCheckProcess(b *testing.B) {
	cwd, managed, _ := benchPolicy(b)
	bin, env := benchBinary()
	timeProcess(b, func() *exec.Cmd {
		cmd := exec.Command(bin, "--cwd", cwd, "--managed-settings", managed, "check", "Bash", `{"command":"git push origin main"}`)
		cmd.Env = env
		return cmd
	}, func(out []byte, err error) bool {
		var exit *exec.ExitError
		return errors.As(err, &exit) && exit.ExitCode() == exitDeny && bytes.HasPrefix(out, []byte("deny"))
	})
}

// BenchmarkCodexExecpolicyCheck is Codex CLI's native `codex execpolicy
// check` on the same command and rules, for comparison (AGENTCTL_CODEX_BIN
// names the binary from the npm package @openai/codex).
func BenchmarkCodexExecpolicyCheck(b *testing.B) {
	bin := os.Getenv("AGENTCTL_CODEX_BIN")
	if bin == "" {
		b.Skip("set AGENTCTL_CODEX_BIN to the codex binary of @openai/codex")
	}
	_, _, rules := benchPolicy(b)
	home := b.TempDir()
	timeProcess(b, func() *exec.Cmd {
		cmd := exec.Command(bin, "execpolicy", "check", "--rules", rules, "git", "push", "origin", "main")
		cmd.Env = append(os.Environ(), "HOME="+home, "CODEX_HOME="+home)
		return cmd
	}, func(out []byte, err error) bool {
		return err == nil && bytes.Contains(out, []byte(`"decision":"forbidden"`))
	})
}

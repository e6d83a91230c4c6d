package tools

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/agentctl/agentctl/bashparse"
)

// Bash limits.
const (
	bashDefaultTimeout = 120 * time.Second
	bashMaxTimeout     = 600 * time.Second
	bashMaxOutput      = 30000
)

// ErrCommandRefused is returned (wrapped) when the exec-time check refuses a command.
var ErrCommandRefused = errors.New("command refused by policy")

// NewBash is the Bash tool: runs the command with mvdan.cc/sh's interpreter;
// every command actually executed, after expansion, is checked first.
// Each Bash tool (one per session's pool) parses a command text once: its
// scheduling predicates and the decision share the analysis (Analyze).
func NewBash() Tool {
	memo := &Analyses{}
	analyze := func(in Input) *bashparse.Analysis { return memo.Parse(str(in, "command")) }
	readOnly := func(in Input) bool { return bashReadOnly(in, analyze) }
	return Build(Spec{
		Name:              "Bash",
		Description:       "Executes a bash command in the session's working directory.",
		Prompt:            "Runs command with a timeout (ms, default 120000, max 600000). Output is combined stdout and stderr, capped; the exit code is reported. run_in_background writes output to a file.",
		Schema:            schemaFor("Bash"),
		IsConcurrencySafe: readOnly,
		IsReadOnly:        readOnly,
		IsDestructive:     func(in Input) bool { return !readOnly(in) },
		Analyze:           analyze,
		ValidateInput: func(in Input, _ *Context) error {
			if strings.TrimSpace(str(in, "command")) == "" {
				return errors.New("`command` must not be empty")
			}
			return nil
		},
		Call: callBash,
	})
}

// limitedBuffer keeps the first max bytes and counts the rest.
type limitedBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	max     int
	dropped int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	room := l.max - l.buf.Len()
	if room >= len(p) {
		return l.buf.Write(p)
	}
	if room > 0 {
		l.buf.Write(p[:room])
	}
	l.dropped += len(p) - max(room, 0)
	return len(p), nil
}

func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.buf.String()
	if l.dropped > 0 {
		s += fmt.Sprintf("\n… [%d more bytes of output truncated]", l.dropped)
	}
	return s
}

func callBash(ctx context.Context, in Input, tc *Context, progress Progress) (Result, error) {
	cmd := str(in, "command")
	timeout := bashDefaultTimeout
	if ms := number(in, "timeout", 0); ms > 0 {
		timeout = min(time.Duration(ms)*time.Millisecond, bashMaxTimeout)
	}
	if boolean(in, "run_in_background") {
		return bashBackground(cmd, tc)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// out interleaves both streams, for the model and for hooks alike.
	out := &limitedBuffer{max: bashMaxOutput}
	code, err := runShell(ctx, cmd, tc, out, out)
	r := bashResult(ctx, out, code, err, timeout)
	r.Response = map[string]any{"stdout": hookOutput(out.String()), "stderr": "", "interrupted": ctx.Err() != nil,
		"isImage": false, "noOutputExpected": false}
	return r, nil
}

// hookOutput is Bash's tool_response.stdout as Claude Code (2.1.332) gives
// it to PostToolUse hooks: both streams as they interleaved (its stderr
// field is empty), without leading blank lines or trailing white space.
func hookOutput(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 || strings.TrimSpace(s[:i]) != "" {
			return s
		}
		s = s[i+1:]
	}
}

func bashResult(ctx context.Context, out *limitedBuffer, code int, err error, timeout time.Duration) Result {
	switch {
	case errors.Is(err, ErrCommandRefused):
		return Result{Data: strings.TrimSpace(out.String() + "\n" + err.Error()), IsError: true}
	case ctx.Err() == context.DeadlineExceeded:
		return Result{Data: fmt.Sprintf("%s\nCommand timed out after %v", out.String(), timeout), IsError: true}
	case err != nil:
		return Result{Data: strings.TrimSpace(out.String() + "\n" + err.Error()), IsError: true}
	}
	text := out.String()
	if code != 0 {
		return Result{Data: fmt.Sprintf("%s\nExit code %d", text, code), IsError: true}
	}
	return Result{Data: text}
}

// runShell interprets cmd in tc.Cwd, asking tc.CheckCommand about every
// external command before it runs, and tc.CheckOpen about every file a
// redirection opens. It returns the exit status.
func runShell(ctx context.Context, cmd string, tc *Context, stdout, stderr io.Writer) (int, error) {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return 2, fmt.Errorf("parse error: %w", err)
	}
	check := tc.CheckCommand
	if check == nil {
		return 1, fmt.Errorf("%w: no permission check is configured for executed commands", ErrCommandRefused)
	}
	// Pipeline members run concurrently: the first refusal is kept under a lock.
	var mu sync.Mutex
	var refused error
	guard := func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			hc := interp.HandlerCtx(ctx)
			ee := ExecEnv{Dir: hc.Dir}
			hc.Env.Each(func(name string, vr expand.Variable) bool {
				if vr.Exported && bashparse.ProgramVar(name) {
					ee.Assigns = append(ee.Assigns, name+"="+vr.String())
				}
				return true
			})
			if err := check(WithExecEnv(ctx, ee), args); err != nil {
				err = fmt.Errorf("%w: %s: %v", ErrCommandRefused, strings.Join(args, " "), err)
				mu.Lock()
				if refused == nil {
					refused = err
				}
				mu.Unlock()
				return err
			}
			return groupExec(ctx, args)
		}
	}
	// A redirection's target is known only once expanded: the file the
	// shell opens is checked as the exec-time check checks commands.
	open := interp.DefaultOpenHandler()
	openGuard := func(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
		path = shellSelfPath(path, interp.HandlerCtx(ctx).Dir)
		if tc.CheckOpen != nil {
			abs := path
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(interp.HandlerCtx(ctx).Dir, path)
			}
			write := flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0
			if err := tc.CheckOpen(ctx, abs, write); err != nil {
				err = fmt.Errorf("%w: %s: %v", ErrCommandRefused, path, err)
				mu.Lock()
				if refused == nil {
					refused = err
				}
				mu.Unlock()
				return nil, err
			}
		}
		return open(ctx, path, flag, perm)
	}
	r, err := interp.New(
		interp.Dir(tc.Cwd),
		interp.StdIO(nil, stdout, stderr),
		interp.Env(expand.ListEnviron(append(os.Environ(), envList(tc.Env)...)...)),
		interp.ExecHandlers(guard),
		interp.OpenHandler(openGuard),
		interp.StatHandler(shellStat(interp.DefaultStatHandler())),
		interp.ReadDirHandler2(shellReadDir(globListing(tc.CheckOpen, interp.DefaultReadDirHandler2(), func(err error) {
			mu.Lock()
			if refused == nil {
				refused = err
			}
			mu.Unlock()
		}))),
	)
	if err != nil {
		return 1, err
	}
	err = r.Run(ctx, file)
	mu.Lock()
	defer mu.Unlock()
	if refused != nil {
		return 126, refused
	}
	var status interp.ExitStatus
	if errors.As(err, &status) {
		return int(status), nil
	}
	if err != nil {
		return 1, err
	}
	return 0, nil
}

func bashBackground(cmd string, tc *Context) (Result, error) {
	var id [4]byte
	_, _ = rand.Read(id[:])
	name := "bash-" + hex.EncodeToString(id[:])
	dir := tc.SessionDir
	if dir == "" {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "background")
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return Result{}, err
	}
	if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
		return Result{}, fmt.Errorf("%s is not a directory (or is a symbolic link)", dir)
	}
	path := filepath.Join(dir, name+".txt")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return Result{}, err
	}
	ctx, done, ok := tc.startJob(name, bashMaxTimeout)
	if !ok {
		f.Close()
		os.Remove(path)
		return Result{Data: "the session is ending; no background command starts", IsError: true}, nil
	}
	go func() {
		defer close(done)
		defer f.Close()
		out := &limitedBuffer{max: 10 << 20}
		code, err := runShell(ctx, cmd, tc, out, out)
		fmt.Fprint(f, out.String())
		if err != nil {
			fmt.Fprintf(f, "\n%v", err)
		}
		fmt.Fprintf(f, "\nExit code %d\n", code)
	}()
	return Result{Data: fmt.Sprintf("Command running in background with ID: %s. Output is written to %s", name, path)}, nil
}

// bashReadOnly: every command of the string is read-only and nothing is
// written or unresolved (an empty command is not read-only).
func bashReadOnly(in Input, analyze func(Input) *bashparse.Analysis) bool {
	if strings.TrimSpace(str(in, "command")) == "" {
		return false
	}
	a := analyze(in)
	return len(a.Commands) > 0 && a.ReadOnly()
}

func envList(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	return out
}

//go:build unix

package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// The differential deny test: commands from the grammar in
// differential_gen_test.go run under real bash in a sandbox whose PATH holds
// recording stubs, and whatever bash really did is compared with the
// engine's decision. The property, from the spec's bypass principles: a
// command that runs a denied command or reads a denied path is never
// allowed, however it is wrapped.
//
// Running it:
//
//	go test -run TestDenyDifferential ./engine -v     # ~300 fixed commands
//	go test -run='^$' -fuzz=FuzzDenyDifferential -fuzztime=10m -parallel=1 ./engine
//	go test -run='^$' -fuzz=FuzzDenyDifferential -fuzztime=10m -parallel=1 ./engine \
//		-denydiff.log=/tmp/violations.jsonl   # collect every finding, do not stop
//
// The oracle errs on the side of seeing nothing: a denied program reached
// without the stubs (a wrapper that resets PATH) is seen only by its effect
// on the file system (victim gone, pwned created, the secret in an output),
// and a real reader whose output bash then discards is not seen at all. It
// never reports a run that did not happen, so every violation is real.

// denySettings allow every Bash command except the payloads the grammar
// hides, so any allow of a command that ran a payload is a bypass.
const denySettings = `{"permissions": {"allow": ["Bash"], "deny": ["Bash(rm *)", "Bash(touch pwned)", "Read(.env)"]}}`

// secret is the content of the denied file. Seeing it (or its reverse, which
// is what rev prints) anywhere after a run proves that .env was read.
const secret = "SECRET=c4n4ry-8d1f3e"

// runTimeout bounds one bash run; the process group is killed after it.
const runTimeout = 2 * time.Second

var denyLog = flag.String("denydiff.log", "",
	"FuzzDenyDifferential: append violations as JSON lines to this file instead of failing, so one fuzz run collects many")

// Programs the sandbox's PATH offers. Denied commands are recording stubs;
// readers run the real program through a stub that keeps a copy of what it
// printed; helpers the wrappers need are links to the real programs.
var (
	deniedPrograms = []string{"rm", "touch"}
	readerPrograms = []string{"cat", "rev", "tail", "head", "sed", "cp", "grep"}
	helperPrograms = []string{"env", "timeout", "xargs", "find", "nice", "nohup", "stdbuf", "flock", "setsid",
		"chrt", "taskset", "git", "bash", "sh", "sudo", "busybox"}
	// rootPrograms only do something useful as root (CI runs as root).
	rootPrograms = []string{"su", "chroot"}
)

// recordStub logs its argv as one record (fields end in \037, records in
// \036) with a single printf, so records of concurrent commands do not
// interleave. %s is the quoted log path: baked in because `env -i` and sudo
// clear the environment.
const recordStub = "#!/bin/sh\nr=\nfor a in \"${0##*/}\" \"$@\"; do r=\"$r$a$(printf '\\037')\"; done\nprintf '%%s\\036' \"$r\" >> %s\n"

// readerStub runs the real reader and keeps a copy of its output, because
// bash can discard what a reader printed (an arithmetic subscript, a
// substitution used as a variable's value) and the read still happened.
// The verbs are mktemp, the seen directory, the real program and cat.
const readerStub = `#!/bin/sh
t=$(%[1]s %[2]s/r.XXXXXX) || exit 125
%[3]s "$@" >"$t" 2>"$t.err"
rc=$?
%[4]s "$t"
%[4]s "$t.err" >&2
exit $rc
`

// sandbox is a project directory and a PATH of stubs, plus an engine
// built from settings in that project. It is not safe for concurrent use:
// every run resets the one project directory first.
type sandbox struct {
	bash                        string
	bin, proj, home, seen, logf string
	linked                      map[string]bool // helper programs installed
	gen                         *generator
	engine                      *engine.Engine
	env                         []string
}

// newSandbox builds the sandbox, or skips when bash or a reader is missing.
func newSandbox(tb testing.TB) *sandbox {
	tb.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		tb.Skip("bash not installed")
	}
	root := tb.TempDir()
	s := &sandbox{bash: bash, bin: filepath.Join(root, "bin"), proj: filepath.Join(root, "proj"),
		home: filepath.Join(root, "home"), seen: filepath.Join(root, "seen"), logf: filepath.Join(root, "log"),
		linked: map[string]bool{}}
	for _, d := range []string{s.bin, filepath.Join(s.proj, ".claude"), s.home, s.seen} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	mustLook := func(p string) string {
		path, err := exec.LookPath(p)
		if err != nil {
			tb.Skipf("%s not installed", p)
		}
		return path
	}
	mktemp, cat := mustLook("mktemp"), mustLook("cat")
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(s.bin, name), []byte(content), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	for _, p := range deniedPrograms {
		write(p, fmt.Sprintf(recordStub, squote(s.logf)))
	}
	for _, p := range readerPrograms {
		write(p, fmt.Sprintf(readerStub, squote(mktemp), squote(s.seen), squote(mustLook(p)), squote(cat)))
	}
	helpers := helperPrograms
	if os.Geteuid() == 0 {
		helpers = append(slices.Clone(helpers), rootPrograms...)
	}
	for _, p := range helpers {
		if path, err := exec.LookPath(p); err == nil {
			if err := os.Symlink(path, filepath.Join(s.bin, p)); err != nil {
				tb.Fatal(err)
			}
			s.linked[p] = true
		}
	}
	s.gen = newGenerator(func(p string) bool { return s.linked[p] })
	s.env = []string{"PATH=" + s.bin, "HOME=" + s.home, "LANG=C", "GIT_CONFIG_NOSYSTEM=1"}

	if err := os.WriteFile(filepath.Join(s.proj, ".claude", "settings.json"), []byte(denySettings), 0o644); err != nil {
		tb.Fatal(err)
	}
	set, err := settings.Load(settings.Options{Cwd: s.proj, Home: s.home, ManagedFile: filepath.Join(root, "none.json")})
	if err != nil {
		tb.Fatal(err)
	}
	if s.engine, err = engine.New(context.Background(), set); err != nil {
		tb.Fatal(err)
	}
	return s
}

// reset empties the project but for its settings and lays out the files the
// payloads name, and forgets the previous run's records.
func (s *sandbox) reset(tb testing.TB) {
	tb.Helper()
	entries, err := os.ReadDir(s.proj)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != ".claude" {
			if err := os.RemoveAll(filepath.Join(s.proj, e.Name())); err != nil {
				tb.Fatal(err)
			}
		}
	}
	for name, content := range map[string]string{".env": secret + "\n", "victim": "victim\n", "notes.txt": "notes\n"} {
		if err := os.WriteFile(filepath.Join(s.proj, name), []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	if err := os.RemoveAll(s.seen); err != nil {
		tb.Fatal(err)
	}
	if err := os.Mkdir(s.seen, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.Remove(s.logf); err != nil && !errors.Is(err, fs.ErrNotExist) {
		tb.Fatal(err)
	}
}

// observation is what a bash run did that the deny rules forbid.
type observation struct {
	ran      []string // denied commands executed, e.g. "rm victim"
	read     []string // where the secret showed, e.g. "bash's output"
	timedOut bool     // bash was killed after runTimeout
}

// hit reports whether the run executed a denied command or read .env.
func (o observation) hit() bool { return len(o.ran)+len(o.read) > 0 }

// String is the evidence in one line.
func (o observation) String() string {
	var parts []string
	for _, r := range o.ran {
		parts = append(parts, "ran "+r)
	}
	if len(o.read) > 0 {
		parts = append(parts, "read .env (seen in "+strings.Join(o.read, ", ")+")")
	}
	return strings.Join(slices.Compact(parts), "; ")
}

// run executes src under real bash in the reset project and observes it.
// It does not wait for anything but bash and its process group.
func (s *sandbox) run(tb testing.TB, src string) observation {
	tb.Helper()
	s.reset(tb)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bash, "--norc", "--noprofile", "-c", src)
	cmd.Dir, cmd.Env = s.proj, s.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	_ = cmd.Wait() // a failing command is as informative as a passing one
	// Whatever bash left behind in its group (a stray background job) goes.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)

	o := observation{timedOut: ctx.Err() != nil}
	logged, err := os.ReadFile(s.logf)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		tb.Fatal(err)
	}
	for _, rec := range bytes.Split(logged, []byte("\x1e")) {
		argv := strings.Split(strings.TrimSuffix(string(rec), "\x1f"), "\x1f")
		// Any rm matches Bash(rm *). touch counts when pwned is among its
		// operands: xargs may append its input after the literal ones.
		if argv[0] == "rm" || argv[0] == "touch" && slices.Contains(argv[1:], "pwned") {
			o.ran = append(o.ran, strings.Join(argv, " "))
		}
	}
	// The real rm and touch run when a wrapper resets PATH (env -i,
	// command -p, sudo, a multi-call binary): their effects show.
	if _, err := os.Lstat(filepath.Join(s.proj, "victim")); errors.Is(err, fs.ErrNotExist) {
		o.ran = append(o.ran, "rm (victim is gone)")
	}
	if _, err := os.Lstat(filepath.Join(s.proj, "pwned")); err == nil {
		o.ran = append(o.ran, "touch (pwned exists)")
	}
	if leaks(out.Bytes()) {
		o.read = append(o.read, "bash's output")
	}
	if s.leakedUnder(tb, s.seen) {
		o.read = append(o.read, "a reader's output")
	}
	if s.leakedUnder(tb, s.proj) {
		o.read = append(o.read, "a file written in the project")
	}
	return o
}

// leaks reports whether b holds the secret, forwards or reversed.
func leaks(b []byte) bool {
	r := []byte(secret)
	slices.Reverse(r)
	return bytes.Contains(b, []byte(secret)) || bytes.Contains(b, r)
}

// leakedUnder reports whether a regular file under dir, other than .env and
// the settings, holds the secret.
func (s *sandbox) leakedUnder(tb testing.TB, dir string) bool {
	tb.Helper()
	found := false
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return err
		}
		if d.IsDir() && d.Name() == ".claude" {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() || p == filepath.Join(s.proj, ".env") {
			return nil
		}
		b, err := os.ReadFile(p)
		found = err == nil && leaks(b)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return found
}

// decide asks the engine about src in the reset project: the engine may look
// at the file system (globs), which must be as it is before bash runs.
func (s *sandbox) decide(tb testing.TB, src string) engine.Decision {
	tb.Helper()
	s.reset(tb)
	d, err := s.engine.Decide(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{"command": src}})
	if err != nil {
		// "Could not decide" is fail-closed upstream: not an allow.
		return engine.Decision{Decision: engine.Deny, Stage: engine.StageError, Reason: err.Error()}
	}
	return d
}

// violation is a command that ran a denied payload under bash and that the
// engine allowed.
type violation struct {
	// Class is the production the engine does not see through: the outermost
	// layer of the smallest failing part ("payload …" when the bare payload
	// fails).
	Class    string `json:"class"`
	Chain    string `json:"chain"`    // the productions of that smallest part
	Smallest string `json:"smallest"` // its command
	Command  string `json:"command"`  // the generated command
	Evidence string `json:"evidence"` // what bash did
}

// check runs f under bash and asks the engine about it. It returns what
// bash did, and a violation when bash ran a payload the engine allowed.
func (s *sandbox) check(tb testing.TB, f frag) (o observation, v *violation) {
	tb.Helper()
	d := s.decide(tb, f.src)
	o = s.run(tb, f.src)
	if !o.hit() || d.Decision != engine.Allow {
		return o, nil
	}
	// Shrink: the innermost layer that still runs its payload and is still
	// allowed names the class; the layers around it only carry it.
	layers := f.layers()
	smallest := f
	for _, l := range layers[:len(layers)-1] {
		if s.decide(tb, l.src).Decision == engine.Allow && s.run(tb, l.src).hit() {
			smallest = l
			break
		}
	}
	class := smallest.label[0]
	if smallest.inner == nil {
		class = "payload " + class
	}
	return o, &violation{Class: class, Chain: smallest.Label(), Smallest: smallest.src, Command: f.src, Evidence: o.String()}
}

// seedInputs returns n generator inputs from a fixed seed, so the
// deterministic test runs the same commands everywhere the same programs are
// installed.
func seedInputs(n int) [][]byte {
	rng := rand.New(rand.NewPCG(12, 2026))
	out := make([][]byte, n)
	for i := range out {
		out[i] = make([]byte, 24)
		for j := range out[i] {
			out[i][j] = byte(rng.Uint32())
		}
	}
	return out
}

// TestDenyDifferentialOracle proves the oracle sees what it must: without
// it, a sandbox that observes nothing would pass every property.
func TestDenyDifferentialOracle(t *testing.T) {
	s := newSandbox(t)
	for _, tc := range []struct {
		src string
		hit bool
	}{
		{"rm victim", true},
		{`$'\x72m' -f victim`, true},
		{"touch pwned", true},
		{"echo pwned | xargs touch", true},
		{"env -i rm victim", true}, // the real rm: PATH is gone
		{"cat .env", true},
		{"head < .env", true},
		{"rev .env", true},
		{"cp .env out", true},
		{"grep -r SECRET .", true},
		{"let 'a[$(cat .env)]=1'", true}, // output swallowed by bash
		{"cat .env > /dev/null", true},
		{"touch other", false},
		{"cat notes.txt", false},
		{"grep -r nothing .", false},
		{"echo rm victim", false},
	} {
		if o := s.run(t, tc.src); o.hit() != tc.hit {
			t.Errorf("%s: observed %q, want hit=%v", tc.src, o, tc.hit)
		}
	}
}

// TestDenyDifferential runs a fixed set of generated commands under real
// bash and checks the property on each: if bash ran a denied command or read
// .env, the engine must not have allowed the command.
func TestDenyDifferential(t *testing.T) {
	s := newSandbox(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	seen := map[string]bool{}
	var vs []violation
	total, hits, timeouts := 0, 0, 0
	for _, in := range seedInputs(n) {
		f := s.gen.command(in)
		if seen[f.src] {
			continue
		}
		seen[f.src] = true
		total++
		o, v := s.check(t, f)
		if o.hit() {
			hits++
		}
		if o.timedOut {
			timeouts++
		}
		if v != nil {
			vs = append(vs, *v)
		}
	}
	t.Logf("%d distinct commands: %d ran a denied command or read .env under bash, %d timed out", total, hits, timeouts)
	if len(vs) > 0 {
		t.Error(report(vs, total, hits))
	}
}

// FuzzDenyDifferential lets the fuzzer drive the grammar: its bytes are the
// generator's choices. With -denydiff.log=FILE violations are appended to
// FILE as JSON lines and the run goes on, so one fuzzing session collects
// every class instead of stopping at the first.
func FuzzDenyDifferential(f *testing.F) {
	// The seed corpus is testdata/fuzz/FuzzDenyDifferential: one input per
	// class of bypass found so far.
	s := newSandbox(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		fr := s.gen.command(in)
		_, v := s.check(t, fr)
		if v == nil {
			return
		}
		if *denyLog == "" {
			t.Fatal(report([]violation{*v}, 1, 1))
		}
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		lf, err := os.OpenFile(*denyLog, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer lf.Close()
		if _, err := lf.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
	})
}

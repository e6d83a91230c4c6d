package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

func TestSpillNameIsInjectiveAndReadable(t *testing.T) {
	long := strings.Repeat("a", 300)
	ids := []string{"x/1", "x_1", "x%2F1", "x.1", "x%2E1", ".", "..", "", "%", "toolu_01AbC-9",
		long + "1", long + "2", long + "/", "é", "\x00", "a~b"}
	seen := map[string]string{}
	for _, id := range ids {
		name := spillName(id)
		if prev, dup := seen[name]; dup {
			t.Errorf("%q and %q share the file %q", prev, id, name)
		}
		seen[name] = id
		if name == "." || name == ".." || strings.ContainsAny(name, "/\x00") || len(name) > maxSpillName {
			t.Errorf("%q → %q is not a safe file name", id, name)
		}
	}
	if got := spillName("toolu_01AbC-9"); got != "toolu_01AbC-9" {
		t.Errorf("an ordinary id must stay readable: %q", got)
	}
	if got := spillName("x/1"); got != "x%2F1" {
		t.Errorf("x/1 → %q", got)
	}
}

// TestSessionDirRefusesPlantedFiles: symbolic links, FIFOs and loose
// permissions planted in (or as) the session directory are refused, and
// the files they point at are never touched.
func TestSessionDirRefusesPlantedFiles(t *testing.T) {
	for _, tt := range []struct {
		name  string
		plant func(t *testing.T, dir, victim string)
		open  func(d *SessionDir) error
	}{
		{"session dir is a symlink", func(t *testing.T, dir, victim string) {
			os.Remove(dir)
			os.Symlink(filepath.Dir(victim), dir)
		}, nil},
		{"session dir is writable by others", func(t *testing.T, dir, _ string) { os.Chmod(dir, 0o777) }, nil},
		{"transcript is a symlink", func(t *testing.T, dir, victim string) {
			os.Symlink(victim, filepath.Join(dir, TranscriptName))
		}, func(d *SessionDir) error { _, err := d.OpenTranscript(); return err }},
		{"transcript is a FIFO (must not block)", func(t *testing.T, dir, _ string) {
			syscall.Mkfifo(filepath.Join(dir, TranscriptName), 0o600)
		}, func(d *SessionDir) error { _, err := d.OpenTranscript(); return err }},
		{"tool-results is a symlink", func(t *testing.T, dir, victim string) {
			os.Symlink(filepath.Dir(victim), filepath.Join(dir, spillDir))
		}, func(d *SessionDir) error { _, err := d.WriteNew(spillDir, "victim", "", []byte("x")); return err }},
		{"spill file is a symlink", func(t *testing.T, dir, victim string) {
			os.Mkdir(filepath.Join(dir, spillDir), 0o700)
			os.Symlink(victim, filepath.Join(dir, spillDir, "id.txt"))
			// WriteNew would pick id~2.txt: a planted link is skipped, never followed.
		}, func(d *SessionDir) error {
			p, err := d.WriteNew(spillDir, "id", ".txt", []byte("x"))
			if err == nil && filepath.Base(p) == "id.txt" {
				return nil
			}
			if err == nil {
				return fmt.Errorf("%w (wrote %s beside the link)", ErrUnsafeSessionDir, filepath.Base(p))
			}
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			victim := filepath.Join(base, "elsewhere", "victim")
			os.MkdirAll(filepath.Dir(victim), 0o700)
			os.WriteFile(victim, []byte("keep"), 0o600)
			dir := filepath.Join(base, "session")
			os.Mkdir(dir, 0o700)
			tt.plant(t, dir, victim)
			d, err := OpenSessionDir(dir)
			if err == nil && tt.open != nil {
				err = tt.open(d)
				d.Close()
			}
			if !errors.Is(err, ErrUnsafeSessionDir) {
				t.Errorf("err = %v, want ErrUnsafeSessionDir", err)
			}
			if b, _ := os.ReadFile(victim); string(b) != "keep" {
				t.Errorf("the victim was written: %q", b)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(victim), "victim.txt")); err == nil {
				t.Error("a file was created through the link")
			}
		})
	}
}

// TestTranscriptReuseAppendsAndLocks: permissions 0700/0600; a reused
// session directory keeps the earlier transcript; a second writer at the
// same time is refused.
func TestTranscriptReuseAppendsAndLocks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "session")
	for i, line := range []string{`{"n":1}`, `{"n":2}`} {
		d, err := OpenSessionDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := d.OpenTranscript()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			d2, _ := OpenSessionDir(dir)
			if _, err := d2.OpenTranscript(); err == nil {
				t.Error("a second run in the same session dir must be refused while the first runs")
			}
			d2.Close()
		}
		if err := tr.WriteLine([]byte(line)); err != nil {
			t.Fatal(err)
		}
		if err := tr.Close(); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	b, _ := os.ReadFile(filepath.Join(dir, TranscriptName))
	if string(b) != "{\"n\":1}\n{\"n\":2}\n" {
		t.Errorf("transcript = %q", b)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, TranscriptName): 0o600} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", path, st.Mode().Perm(), want)
		}
	}
}

// denyBash denies every Bash call and allows the rest.
type denyBash struct{}

func (denyBash) Decide(_ context.Context, c engine.Call) (engine.Decision, error) {
	if c.Tool == "Bash" {
		return engine.Decision{Decision: engine.Deny, Stage: engine.StageDeny, Reason: "no Bash here"}, nil
	}
	return engine.Decision{Decision: engine.Allow, Stage: engine.StageAllow}, nil
}

// hookHonouring allows everything a PreToolUse hook did not deny, as the
// policy does.
type hookHonouring struct{}

func (hookHonouring) Decide(_ context.Context, c engine.Call) (engine.Decision, error) {
	if c.Hook != nil && c.Hook.Decision == "deny" {
		return engine.Decision{Decision: engine.Deny, Stage: engine.StageHook, Reason: c.Hook.Reason}, nil
	}
	return engine.Decision{Decision: engine.Allow, Stage: engine.StageAllow}, nil
}

// TestDenialDoesNotAbortSiblings: only a Bash call that ran and failed
// cancels its batch; a denied one (by policy or by a hook) does not.
func TestDenialDoesNotAbortSiblings(t *testing.T) {
	block := []settings.Hook{{Event: "PreToolUse", Matcher: "Bash", Type: "command", Command: "echo no >&2; exit 2"}}
	for _, tt := range []struct {
		name    string
		dec     Decider
		hooks   []settings.Hook
		aborted bool
	}{
		{"denied by policy", denyBash{}, nil, false},
		{"blocked by a hook", hookHonouring{}, block, false},
		{"ran and failed", allowAll{}, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			started, release := make(chan struct{}), make(chan struct{})
			slow := probe("Slow", true, func(ctx context.Context, _ tools.Input) (tools.Result, error) {
				close(started)
				select {
				case <-ctx.Done():
					return tools.Result{Data: "cancelled", IsError: true}, nil
				case <-release:
					return tools.Result{Data: "finished"}, nil
				}
			})
			s := newSession(t, []tools.Tool{slow, tools.NewBash()}, tt.dec, tt.hooks)
			ex := s.NewExecutor(context.Background())
			ex.Add(ToolUse{ID: "a", Name: "Slow"})
			<-started
			ex.Add(ToolUse{ID: "b", Name: "Bash", Input: map[string]any{"command": "ls /definitely-not-here"}})
			ex.mu.Lock()
			second := ex.dones[1]
			ex.mu.Unlock()
			<-second // the Bash call is decided (and its batch cancelled, or not)
			close(release)
			outs := ex.Wait()
			if !outs[1].Block.IsError {
				t.Fatalf("the Bash call must fail: %+v", outs[1].Block)
			}
			aborted := strings.Contains(fmt.Sprint(outs[0].Block.Content), "sibling_error")
			if aborted != tt.aborted {
				t.Errorf("sibling aborted = %v, want %v: %+v", aborted, tt.aborted, outs[0].Block)
			}
		})
	}
}

// TestStreamFailureKeepsStartedCalls: a stream that breaks after a tool_use
// block completed (and its call started) still returns that block, so the
// transcript records the call next to its result.
func TestStreamFailureKeepsStartedCalls(t *testing.T) {
	var started []string
	stream := sse("message_start", `{"type":"message_start","message":{"id":"m1","role":"assistant","content":[]}}`) +
		sse("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"P","input":{}}}`) +
		sse("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		sse("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t2","name":"P","input":{}}}`) +
		sse("error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)
	m, err := ReadStream(strings.NewReader(stream), func(u ToolUse) { started = append(started, u.ID) })
	if err == nil || !strings.Contains(err.Error(), "Overloaded") {
		t.Fatalf("err = %v", err)
	}
	uses := m.ToolUses()
	if len(started) != 1 || len(uses) != 1 || uses[0].ID != "t1" {
		t.Errorf("started %v, message keeps %+v: want exactly the started call t1", started, uses)
	}
}

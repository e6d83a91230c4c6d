package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixturePolicy returns the global flags of the example policy in
// fixtures/workflows, with HOME isolated from the machine's settings, and
// the --rebase flag that maps the recorded project onto the fixture one.
func fixturePolicy(t *testing.T) (flags []string, rebase string) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
	root, err := filepath.Abs("../../fixtures/workflows")
	if err != nil {
		t.Fatal(err)
	}
	return []string{"--cwd", filepath.Join(root, "project"),
			"--managed-settings", filepath.Join(root, "managed-settings.json"),
			"--policy", filepath.Join(root, "policy")},
		"/home/dev/webapp=" + filepath.Join(root, "project")
}

type replayJSON struct {
	Calls []struct {
		Call struct {
			Tool     string `json:"tool"`
			Outcome  string `json:"outcome"`
			ByPerson bool   `json:"by_person"`
		} `json:"call"`
		Decision struct {
			Decision string `json:"decision"`
		} `json:"decision"`
	} `json:"calls"`
	Summary struct {
		Calls, Sessions, Allow, Ask, Deny int
		RanNowDenied                      []int `json:"ran_now_denied"`
	} `json:"summary"`
}

func replayFixtures(t *testing.T, extra ...string) replayJSON {
	t.Helper()
	flags, rebase := fixturePolicy(t)
	args := append([]string{"agentctl"}, flags...)
	args = append(args, extra...)
	args = append(args, "replay", "--output", "json", "--rebase", rebase, "../../fixtures/workflows/transcripts")
	out, stderr, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	var got replayJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return got
}

// TestReplayRecordedClaudeSessions replays two sessions recorded with Claude
// Code 2.1.332: every call is found, with what became of it, and decided.
func TestReplayRecordedClaudeSessions(t *testing.T) {
	got := replayFixtures(t)
	s := got.Summary
	if s.Calls != 19 || s.Sessions != 2 || s.Allow != 8 || s.Ask != 8 || s.Deny != 3 || len(s.RanNowDenied) != 0 {
		t.Errorf("summary = %+v, want 19 calls in 2 sessions: 8 allow, 8 ask, 3 deny, none ran and now denied", s)
	}
	outcomes := map[string]int{}
	person := 0
	for _, c := range got.Calls {
		outcomes[c.Call.Outcome]++
		if c.Call.ByPerson {
			person++
		}
	}
	// Three calls were refused by Claude Code's rules; nine asks were
	// approved by the person (the make, npm install, git push and Write
	// calls).
	if outcomes["denied"] != 3 || outcomes["ran"] != 16 || person != 9 {
		t.Errorf("outcomes %v, approved by a person %d; want 3 denied, 16 ran, 9 by a person", outcomes, person)
	}
}

// TestReplayModeOverride: --permission-mode replaces the recorded mode.
func TestReplayModeOverride(t *testing.T) {
	got := replayFixtures(t, "--permission-mode", "plan")
	if s := got.Summary; s.Calls != 19 || s.Deny <= 3 {
		t.Errorf("plan mode: %+v, want more denials than the 3 of default mode", s)
	}
}

func TestReplayBadTranscript(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(p, []byte("{\"type\":\"user\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "", "agentctl", "--cwd", dir, "replay", p)
	if code != exitError || !strings.Contains(stderr, p+":2: ") {
		t.Errorf("exit %d, stderr %q; want 1 naming %s:2", code, stderr, p)
	}
}

// TestSuggestThenReplay: the proposed rules, added to the project's
// settings, make replay approve every approved call an allow rule can
// approve, and still deny the denied ones.
func TestSuggestThenReplay(t *testing.T) {
	flags, _ := fixturePolicy(t)
	proj := filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(proj, os.DirFS("../../fixtures/workflows/project")); err != nil {
		t.Fatal(err)
	}
	flags[1] = proj // --cwd
	rebase := "/home/dev/webapp=" + proj
	args := append(append([]string{"agentctl"}, flags...), "suggest", "--rebase", rebase, "../../fixtures/workflows/transcripts")
	out, stderr, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("suggest: exit %d: %s", code, stderr)
	}
	for _, want := range []string{`- "Bash(make *)"`, `- "Bash(npm install *)"`, `- "Edit(/docs/guide.md)"`, "# covers 3 calls: "} {
		if !strings.Contains(out, want) {
			t.Errorf("suggest output lacks %s:\n%s", want, out)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.yaml"), []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append(append([]string{"agentctl"}, flags...), "replay", "--output", "json", "--rebase", rebase, "../../fixtures/workflows/transcripts")
	out, stderr, code = runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	var got replayJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// Before: 8 allow, 8 ask, 3 deny. The two asks left are git push,
	// asked by an org ask rule that no allow rule overrides.
	if s := got.Summary; s.Allow != 14 || s.Ask != 2 || s.Deny != 3 {
		t.Errorf("replay with the suggestion: %+v, want 14 allow, 2 ask, 3 deny", s)
	}
	for _, c := range got.Calls {
		if c.Call.Outcome == "denied" && c.Decision.Decision != "deny" {
			t.Errorf("a call denied then is now %s", c.Decision.Decision)
		}
	}
}

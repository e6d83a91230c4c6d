package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWorkspaceTrustRecords(t *testing.T) {
	hook := `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./hook.sh"}]}]}}`
	claudeJSON := func(dir string, accepted bool) string {
		a := "false"
		if accepted {
			a = "true"
		}
		return `{"numStartups": 3, "projects": {"` + dir + `": {"allowedTools": [], "hasTrustDialogAccepted": ` + a + `}}}`
	}
	tests := []struct {
		name    string
		setup   func(root string, o *Options) // writes records, sets options
		trusted bool
		by      string // substring of Trust.By (or of a warning when untrusted)
	}{
		{"no record", func(string, *Options) {}, false, "no trust record covers it"},
		{"Claude Code accepted the cwd", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd, true))
		}, true, "hasTrustDialogAccepted"},
		{"Claude Code accepted a parent", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(root, true))
		}, true, "$ROOT"},
		{"Claude Code declined", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd, false))
		}, false, "no trust record covers it"},
		{"a sibling with a longer name", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd[:len(o.Cwd)-1], true))
		}, false, "no trust record covers it"},
		{"CLAUDE_CONFIG_DIR holds .claude.json", func(root string, o *Options) {
			o.ConfigDir = filepath.Join(root, "cfg")
			write(t, filepath.Join(root, "cfg/.claude.json"), claudeJSON(o.Cwd, true))
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd, false))
		}, true, filepath.Join("cfg", ".claude.json")},
		{"CLAUDE_CONFIG_DIR set: ~/.claude.json does not count", func(root string, o *Options) {
			o.ConfigDir = filepath.Join(root, "cfg")
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd, true))
		}, false, "no trust record covers it"},
		{"malformed Claude Code record", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), `{"projects": [`)
		}, false, "unreadable; it trusts nothing"},
		{"agentctl trust", func(root string, o *Options) {
			ts := &TrustStore{Path: o.TrustStore}
			ts.Add(o.Cwd, time.Now())
			if err := ts.Save(); err != nil {
				t.Fatal(err)
			}
		}, true, "agentctl trust " + "$CWD"},
		{"agentctl trust of a parent", func(root string, o *Options) {
			ts := &TrustStore{Path: o.TrustStore}
			ts.Add(root, time.Now())
			ts.Save()
		}, true, "agentctl trust " + "$ROOT"},
		{"a store others may write trusts nothing", func(root string, o *Options) {
			ts := &TrustStore{Path: o.TrustStore}
			ts.Add(o.Cwd, time.Now())
			ts.Save()
			os.Chmod(o.TrustStore, 0o666)
		}, false, "writable by group or others"},
		{"records do not count for decision commands", func(root string, o *Options) {
			write(t, filepath.Join(root, "home/.claude.json"), claudeJSON(o.Cwd, true))
			o.TrustRecords = false
		}, false, "need --trust-workspace"},
		{"the flag trusts", func(root string, o *Options) {
			o.TrustRecords, o.TrustWorkspace = false, true
		}, true, "--trust-workspace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{"proj/.claude/settings.json": hook})
			opts.TrustRecords = true
			opts.TrustStore = filepath.Join(root, "xdg", "agentctl", "trusted.json")
			tt.setup(root, &opts)
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			by := strings.NewReplacer("$CWD", opts.Cwd, "$ROOT", root).Replace(tt.by)
			if s.Trust.Trusted != tt.trusted || !strings.Contains(s.Trust.By+warningsText(s), by) {
				t.Errorf("trust = %+v, want trusted=%v by %q; warnings:\n%s", s.Trust, tt.trusted, by, warningsText(s))
			}
			if ran := len(s.Hooks) == 1; ran != tt.trusted || len(s.SkippedHooks) == 1 == tt.trusted {
				t.Errorf("hooks %v skipped %v, want the hook to run only when trusted", s.Hooks, s.SkippedHooks)
			}
		})
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTrustStoreFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "agentctl", "trusted.json")
	ts, err := LoadTrustStore(path)
	if err != nil || len(ts.Entries) != 0 {
		t.Fatalf("missing store: %v %v", ts, err)
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	if !ts.Add("/w/b", now) || !ts.Add("/w/a", now) || ts.Add("/w/a", now) {
		t.Error("Add must report whether the entry is new")
	}
	if err := ts.Save(); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	di, _ := os.Stat(filepath.Dir(path))
	if fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700 {
		t.Errorf("modes: file %v dir %v, want 0600 and 0700", fi.Mode().Perm(), di.Mode().Perm())
	}
	back, err := LoadTrustStore(path)
	if err != nil || len(back.Entries) != 2 || back.Entries[0].Path != "/w/a" || !back.Entries[0].Added.Equal(now) {
		t.Fatalf("reloaded %+v %v", back, err)
	}
	if _, ok := back.Covers("/w/a/sub/dir"); !ok {
		t.Error("an entry covers the directories below it")
	}
	if _, ok := back.Covers("/w/ab"); ok {
		t.Error("/w/a must not cover /w/ab")
	}
	if !back.Revoke("/w/a") || back.Revoke("/w/a") {
		t.Error("Revoke must report whether there was an entry")
	}
	if _, ok := back.Covers("/w/a/sub"); ok {
		t.Error("revoked entry still covers")
	}
	write(t, path, "{\n  \"trusted\": 5\n}")
	os.Chmod(path, 0o600)
	if _, err := LoadTrustStore(path); !errors.Is(err, ErrTrustStore) || !strings.Contains(err.Error(), path+":1:1") {
		t.Errorf("malformed store: %v", err)
	}
	write(t, path, "{\n  \"trusted\": [,]\n}")
	if _, err := LoadTrustStore(path); !errors.Is(err, ErrTrustStore) || !strings.Contains(err.Error(), path+":2:") {
		t.Errorf("store with a syntax error: %v", err)
	}
}

package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Trust says whether the workspace may run the commands its own settings
// (project and local) name: hooks and agentctl.autoClassifier, and whether
// they may start it in bypassPermissions or auto mode.
type Trust struct {
	Trusted bool `json:"trusted"`
	// By names what trusts the workspace (the flag or a record), or why
	// it is not trusted.
	By string `json:"by"`
}

// ErrTrustStore is matched by every problem with agentctl's own trust
// record (unreadable, malformed, writable by others).
var ErrTrustStore = errors.New("invalid trust store")

// DefaultTrustStore is where agentctl records trusted workspaces:
// $XDG_CONFIG_HOME/agentctl/trusted.json (os.UserConfigDir).
func DefaultTrustStore() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("trust store: %w", err)
	}
	return filepath.Join(dir, "agentctl", "trusted.json"), nil
}

// TrustEntry is one trusted directory; it covers the directories below it.
type TrustEntry struct {
	Path  string    `json:"path"`
	Added time.Time `json:"added"`
}

// TrustStore is agentctl's record of trusted workspaces, a JSON file only
// its owner may write. It is not safe for concurrent use; concurrent
// writers from several processes may lose an update (never corrupt the file).
type TrustStore struct {
	Path    string       `json:"-"`
	Version int          `json:"version"`
	Entries []TrustEntry `json:"trusted"`
}

// LoadTrustStore reads the record at path; a missing file is an empty one.
// A file that others may write is refused: it could trust anything.
func LoadTrustStore(path string) (*TrustStore, error) {
	ts := &TrustStore{Path: path, Version: 1}
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return ts, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrTrustStore, path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s: not a regular file", ErrTrustStore, path)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return nil, fmt.Errorf("%w: %s: writable by group or others (mode %v); chmod 600 it", ErrTrustStore, path, fi.Mode().Perm())
	}
	// Its owner may rewrite it whatever its mode: another user's record
	// (an XDG_CONFIG_HOME in a shared directory) could trust anything.
	if !owned(fi) {
		return nil, fmt.Errorf("%w: %s: belongs to another user", ErrTrustStore, path)
	}
	data, err := readSettingsFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrTrustStore, path, err)
	}
	root, err := parseJSON(path, data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTrustStore, err)
	}
	if err := json.Unmarshal(data, ts); err != nil {
		return nil, fmt.Errorf("%w: %s:%d:%d: %w", ErrTrustStore, path, root.line, root.column, err)
	}
	ts.Path = path
	return ts, nil
}

// Covers returns the entry that trusts dir: dir itself or a parent of it.
func (ts *TrustStore) Covers(dir string) (TrustEntry, bool) {
	for _, e := range ts.Entries {
		if within(e.Path, dir) {
			return e, true
		}
	}
	return TrustEntry{}, false
}

// Add records dir (absolute, cleaned) as trusted; it reports false when it
// already was.
func (ts *TrustStore) Add(dir string, now time.Time) bool {
	for _, e := range ts.Entries {
		if e.Path == dir {
			return false
		}
	}
	ts.Entries = append(ts.Entries, TrustEntry{Path: dir, Added: now.UTC().Truncate(time.Second)})
	sort.Slice(ts.Entries, func(i, j int) bool { return ts.Entries[i].Path < ts.Entries[j].Path })
	return true
}

// Revoke removes dir's own entry; it reports false when there was none.
func (ts *TrustStore) Revoke(dir string) bool {
	for i, e := range ts.Entries {
		if e.Path == dir {
			ts.Entries = append(ts.Entries[:i], ts.Entries[i+1:]...)
			return true
		}
	}
	return false
}

// Save writes the record atomically (a temporary file renamed over it),
// mode 0600 in a 0700 directory.
func (ts *TrustStore) Save() error {
	if err := os.MkdirAll(filepath.Dir(ts.Path), 0o700); err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	data, err := json.MarshalIndent(ts, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(ts.Path), ".trusted-*.json")
	if err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("trust store: %w", err)
	}
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("trust store: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	if err := os.Rename(tmp.Name(), ts.Path); err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	return nil
}

// ClaudeStateFile is Claude Code's own state file, which records the trust
// dialog's answer per project: $CLAUDE_CONFIG_DIR/.claude.json when that
// is set, else ~/.claude.json.
func ClaudeStateFile(home, claudeConfigDir string) string {
	if claudeConfigDir != "" {
		return filepath.Join(claudeConfigDir, ".claude.json")
	}
	return filepath.Join(home, ".claude.json")
}

// ClaudeTrusts reports which directory of Claude Code's record trusts dir:
// projects[<dir or a parent>].hasTrustDialogAccepted == true, as Claude
// Code itself checks. A missing file trusts nothing.
func ClaudeTrusts(stateFile, dir string) (string, bool, error) {
	data, err := readRegular(stateFile, maxStateSize)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	// Claude Code writes it for its user: another user's (a
	// CLAUDE_CONFIG_DIR in a shared directory) records nothing of theirs.
	// A record whose owner cannot be read (gone since it was read) trusts
	// nothing either.
	if fi, err := os.Stat(stateFile); err != nil || !owned(fi) {
		return "", false, fmt.Errorf("%s: belongs to another user, or its owner cannot be read", stateFile)
	}
	trusted, err := claudeTrustedProjects(data)
	if err != nil {
		return "", false, fmt.Errorf("%s: %w", stateFile, err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if trusted[d] {
			return d, true, nil
		}
		if filepath.Dir(d) == d {
			return "", false, nil
		}
	}
}

// within reports whether dir is root or below it (by path, not by prefix:
// /a/b does not contain /a/bc).
func within(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel)
}

// workspaceTrust decides whether the workspace at cwd is trusted: the
// explicit flag, else (when records count) Claude Code's record or
// agentctl's. Problems reading a record are warnings: the workspace is then
// not trusted by it.
func workspaceTrust(opts Options, claudeConfigDir string) (Trust, []Warning) {
	if opts.TrustWorkspace {
		return Trust{Trusted: true, By: "--trust-workspace"}, nil
	}
	if !opts.TrustRecords {
		return Trust{By: "check, explain and facts need --trust-workspace"}, nil
	}
	var warnings []Warning
	// Trust is about where the content is: the resolved cwd. Both records
	// hold resolved paths (agentctl trust resolves DIR; an agent's cwd
	// comes from getcwd). By the unresolved path, a symlink a trusted
	// repository ships (vendor/x -> a clone elsewhere) would extend the
	// trust to whatever it points at.
	dirs := []string{opts.Cwd}
	if real, err := filepath.EvalSymlinks(opts.Cwd); err == nil {
		dirs = []string{real}
	}
	state := ClaudeStateFile(opts.Home, claudeConfigDir)
	for _, d := range dirs {
		at, ok, err := ClaudeTrusts(state, d)
		if err != nil {
			warnings = append(warnings, Warning{Pos: Position{File: state}, Msg: "Claude Code's trust record is unreadable; it trusts nothing: " + err.Error()})
			break
		}
		if ok {
			return Trust{Trusted: true, By: fmt.Sprintf("%s (projects[%q].hasTrustDialogAccepted)", state, at)}, nil
		}
	}
	store := opts.TrustStore
	if store == "" {
		var err error
		if store, err = DefaultTrustStore(); err != nil {
			return Trust{By: "agentctl's trust record is unavailable"}, append(warnings, Warning{Pos: Position{File: "trust store"}, Msg: err.Error()})
		}
	}
	ts, err := LoadTrustStore(store)
	if err != nil {
		return Trust{By: "agentctl's trust record is unusable"}, append(warnings, Warning{Pos: Position{File: store}, Msg: err.Error() + "; it trusts nothing"})
	}
	for _, d := range dirs {
		if e, ok := ts.Covers(d); ok {
			return Trust{Trusted: true, By: fmt.Sprintf("agentctl trust %s (%s)", e.Path, store)}, warnings
		}
	}
	return Trust{By: "no trust record covers it: agentctl trust DIR, Claude Code's trust dialog, or --trust-workspace"}, warnings
}

package settings

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHookDedupKeepsType: identical hooks are merged into one entry, but a
// repository's http, prompt or agent hook whose url or prompt repeats a
// user or managed command is not identical to it. Merged, the repository's
// entry came first (local and project precede user settings), so the
// user's command hook never ran and its deny became the ask agentctl gives
// a hook type it does not run.
func TestHookDedupKeepsType(t *testing.T) {
	const cmd = "echo no >&2; exit 2"
	user := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + cmd + `"}]}]}}`
	cases := []struct {
		name, file, src string
		want            []string // the types of the PreToolUse hooks kept for cmd, in order
	}{
		{"project prompt repeats the command", "proj/.claude/settings.json",
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"prompt","prompt":"` + cmd + `"}]}]}}`,
			[]string{"prompt", "command"}},
		{"local http url repeats the command", "proj/.claude/settings.local.json",
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"http","url":"` + cmd + `"}]}]}}`,
			[]string{"http", "command"}},
		{"project agent prompt, YAML", "proj/.claude/settings.yaml",
			"hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - {type: agent, prompt: '" + cmd + "'}\n",
			[]string{"agent", "command"}},
		{"identical command hook: one entry", "proj/.claude/settings.json",
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + cmd + `","timeout":5}]}]}}`,
			[]string{"command"}},
		{"command with no type is a command: one entry", "proj/.claude/settings.json",
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + cmd + `"}]}]}}`,
			[]string{"command"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"home/.claude/settings.json": user, c.file: c.src})
			opts.TrustWorkspace = true
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range s.Hooks {
				if h.Event == "PreToolUse" && h.Command == cmd {
					got = append(got, h.Type)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("hooks kept = %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("hooks kept = %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestTrustRecordOfAnotherUser: a trust record's owner may rewrite it
// whatever its mode. agentctl's (under an XDG_CONFIG_HOME in a shared
// directory) or Claude Code's state file (under such a CLAUDE_CONFIG_DIR)
// owned by another user trusted whatever that user wrote: the repository's
// defaultMode bypassPermissions then applied. Such a record trusts
// nothing; the user's own (or root's) still does.
func TestTrustRecordOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	const other = 12345
	cases := []struct {
		name, file, body string
		owner            int
		claude           bool
		want             bool
	}{
		{"agentctl record, another user's, 0644", "xdg/agentctl/trusted.json",
			`{"version":1,"trusted":[{"path":"/","added":"2026-01-01T00:00:00Z"}]}`, other, false, false},
		{"agentctl record, another user's, 0600", "xdg/agentctl/trusted.json",
			`{"version":1,"trusted":[{"path":"/","added":"2026-01-01T00:00:00Z"}]}`, other, false, false},
		{"Claude Code record, another user's", "cfg/.claude.json",
			`{"projects":{"/":{"hasTrustDialogAccepted":true}}}`, other, true, false},
		{"agentctl record, own", "xdg/agentctl/trusted.json",
			`{"version":1,"trusted":[{"path":"/","added":"2026-01-01T00:00:00Z"}]}`, 0, false, true},
		{"Claude Code record, own", "cfg/.claude.json",
			`{"projects":{"/":{"hasTrustDialogAccepted":true}}}`, 0, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{c.file: c.body,
				"proj/.claude/settings.json": `{"permissions":{"defaultMode":"bypassPermissions"}}`})
			p := filepath.Join(root, c.file)
			mode := os.FileMode(0o600)
			if c.name == "agentctl record, another user's, 0644" {
				mode = 0o644
			}
			if err := os.Chmod(p, mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(p, c.owner, -1); err != nil {
				t.Fatal(err)
			}
			opts.TrustRecords = true
			opts.TrustStore = filepath.Join(root, "xdg", "agentctl", "trusted.json")
			if c.claude {
				opts.ConfigDir = filepath.Join(root, "cfg")
			}
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if s.Trust.Trusted != c.want || (s.Mode.Value == "bypassPermissions") != c.want {
				t.Errorf("trusted %v (%s), mode %s; want trusted %v", s.Trust.Trusted, s.Trust.By, s.Mode.Value, c.want)
			}
		})
	}
}

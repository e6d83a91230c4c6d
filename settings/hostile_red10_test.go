package settings

import (
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
			`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"command":"` + cmd + `"}]}]}}`,
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

package settings

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHookScriptsArePolicyFiles: a hook's command names a script of the
// workspace (`sh scripts/guard.sh`) whose output is the hook's answer. A
// session under acceptEdits rewrote that script to print
// permissionDecision "allow" (an edit inside the working directory) and
// its next call, which the hook had denied, ran unasked: the session
// widened its own policy. The files hook and classifier commands name are
// policy files now (a write to them asks); what they do not name, and a
// directory they name, are not.
func TestHookScriptsArePolicyFiles(t *testing.T) {
	hook := func(cmd string) string {
		b, _ := json.Marshal(cmd)
		return `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": ` + string(b) + `}]}]}}`
	}
	cases := []struct {
		name, file, body string
		trusted          bool
		want             []string // below root: must be policy files
		not              []string // below root: must not be
	}{
		{"sh and a relative script", "proj/.claude/settings.json", hook("sh scripts/guard.sh"), true,
			[]string{"proj/scripts/guard.sh"}, []string{"proj/scripts", "proj"}},
		{"the script as the command", "proj/.claude/settings.json", hook("./scripts/guard.sh --strict"), true,
			[]string{"proj/scripts/guard.sh"}, []string{"proj/scripts/other.sh"}},
		{"quoted project dir variable", "proj/.claude/settings.local.json", hook(`"$CLAUDE_PROJECT_DIR"/tools/check.py`), true,
			[]string{"proj/tools/check.py"}, nil},
		{"braced variable after cd", "proj/.claude/settings.json", hook(`cd "${CLAUDE_PROJECT_DIR}" && python3 hooks/pre.py`), true,
			[]string{"proj/hooks/pre.py"}, []string{"proj"}},
		{"a bare file name of the project", "proj/.claude/settings.json", hook("node guard.js"), true,
			[]string{"proj/guard.js"}, nil},
		{"a script that does not exist yet", "proj/.claude/settings.json", hook("bash ci/missing.sh || true"), true,
			[]string{"proj/ci/missing.sh"}, nil},
		{"user's hook in the home", "home/.claude/settings.json", hook("python3 ~/bin/guard.py"), false,
			[]string{"home/bin/guard.py"}, nil},
		{"YAML sibling, pipeline", "proj/.claude/settings.yaml",
			"hooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: \"jq . | ./lint/policy.sh\"\n", true,
			[]string{"proj/lint/policy.sh"}, nil},
		{"classifier script", "home/.claude/settings.json", `{"agentctl": {"autoClassifier": "./tools/classify.sh"}}`, false,
			[]string{"proj/tools/classify.sh"}, nil},
		{"inside bash -c", "proj/.claude/settings.json", hook(`bash -c "sh scripts/guard.sh --fast"`), true,
			[]string{"proj/scripts/guard.sh"}, []string{"proj/sh scripts/guard.sh --fast"}},
		{"the shell's input", "proj/.claude/settings.json", hook("sh < scripts/guard.sh"), true,
			[]string{"proj/scripts/guard.sh"}, nil},
		{"sourced before the check", "proj/.claude/settings.json", hook(". ./scripts/other.sh && check"), true,
			[]string{"proj/scripts/other.sh"}, nil},
		{"trusted project's status line", "proj/.claude/settings.json",
			`{"statusLine": {"type": "command", "command": "bash scripts/status.sh"}}`, true,
			[]string{"proj/scripts/status.sh"}, nil},
		{"user's credential helper", "home/.claude/settings.json", `{"apiKeyHelper": "~/bin/key.sh"}`, false,
			[]string{"home/bin/key.sh"}, nil},
		{"local OTEL headers helper, YAML", "proj/.claude/settings.local.yaml", "otelHeadersHelper: ./tools/otel.sh\n", true,
			[]string{"proj/tools/otel.sh"}, nil},
		{"untrusted project's status line does not run", "proj/.claude/settings.json",
			`{"statusLine": {"type": "command", "command": "bash scripts/status.sh"}}`, false,
			nil, []string{"proj/scripts/status.sh"}},
		// Neighbours: nothing of the workspace becomes policy.
		{"untrusted project hook does not run", "proj/.claude/settings.json", hook("sh scripts/guard.sh"), false,
			nil, []string{"proj/scripts/guard.sh"}},
		{"command names only", "proj/.claude/settings.json", hook("jq -r .tool_input.command | grep -q curl"), true,
			nil, []string{"proj/jq", "proj/grep", "proj"}},
		{"a prompt hook names no file", "proj/.claude/settings.json",
			`{"hooks": {"PreToolUse": [{"hooks": [{"type": "prompt", "prompt": "check scripts/guard.sh"}]}]}}`, true,
			nil, []string{"proj/scripts/guard.sh"}},
		{"parent directory", "proj/.claude/settings.json", hook("sh ../x.sh ..; cd ."), true,
			[]string{"x.sh"}, []string{"proj", ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{c.file: c.body, "proj/scripts/guard.sh": "exit 0\n",
				"proj/scripts/other.sh": "\n", "proj/guard.js": "\n", "proj/tools/check.py": "\n", "x.sh": "\n"}
			root, opts := tree(t, files)
			opts.TrustWorkspace = c.trusted
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			has := func(rel string) bool {
				p := filepath.Join(root, rel)
				return slices.ContainsFunc(s.PolicyFiles, func(q string) bool { return q == p })
			}
			for _, w := range c.want {
				if !has(w) {
					t.Errorf("%s is not a policy file: %s", w, strings.Join(s.PolicyFiles, "\n"))
				}
			}
			for _, n := range c.not {
				if has(n) {
					t.Errorf("%q became a policy file", n)
				}
			}
		})
	}
}

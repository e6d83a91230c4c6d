package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRed18LayersUntrustedAcceptEdits: an untrusted repository's own
// defaultMode acceptEdits (project or local settings, JSON or a YAML
// sibling) made every edit inside it run unasked — Write, Edit, and
// `touch`/`mkdir`/`rm` in Bash — in a workspace the user never trusted.
// acceptEdits is a mode the repository may start only in a trusted
// workspace now, like bypassPermissions and auto: the calls ask. A
// trusted workspace, the user's own settings, the org's and the
// --permission-mode flag keep acceptEdits; plan and dontAsk from the
// repository still apply (they narrow).
func TestRed18LayersUntrustedAcceptEdits(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	cases := []struct {
		name    string
		files   map[string]string // under proj; "~/" names one under home
		tool    string
		input   string // $P is the project
		flags   []string
		trusted bool
		want    string
	}{
		{"project JSON: Write", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "ask"},
		{"project JSON: Edit", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Edit", `{"file_path":"$P/src/a.go","old_string":"a","new_string":"b"}`, nil, false, "ask"},
		{"project JSON: touch", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Bash", `{"command":"touch src/c.go"}`, nil, false, "ask"},
		{"project JSON: rm", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Bash", `{"command":"rm src/a.go"}`, nil, false, "ask"},
		{"local JSON: Write", map[string]string{".claude/settings.local.json": mode("acceptEdits")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "ask"},
		{"project YAML sibling", map[string]string{".claude/settings.yaml": "permissions:\n  defaultMode: acceptEdits\n"}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "ask"},
		{"local .yml flow style", map[string]string{".claude/settings.local.yml": "{permissions: {defaultMode: acceptEdits}}\n"}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "ask"},
		{"YAML anchor", map[string]string{".claude/settings.yaml": "x: &m acceptEdits\npermissions:\n  defaultMode: *m\n"}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "ask"},
		{"under dontAsk from the user: deny", map[string]string{".claude/settings.json": mode("acceptEdits"), "~/.claude/settings.json": mode("dontAsk")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "deny"},
		// Harmless neighbours: who may choose acceptEdits keeps it.
		{"trusted workspace", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, true, "allow"},
		{"the user's settings", map[string]string{"~/.claude/settings.json": mode("acceptEdits")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "allow"},
		{"the user's settings and the repository's", map[string]string{".claude/settings.json": mode("acceptEdits"), "~/.claude/settings.json": mode("acceptEdits")}, "Bash", `{"command":"touch src/c.go"}`, nil, false, "allow"},
		{"--settings file", map[string]string{"~/flags.json": mode("acceptEdits")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, []string{"--settings", "$H/flags.json"}, false, "allow"},
		{"--permission-mode", map[string]string{".claude/settings.json": mode("default")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, []string{"--permission-mode", "acceptEdits"}, false, "allow"},
		{"repository plan still applies", map[string]string{".claude/settings.json": mode("plan")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "deny"},
		{"repository dontAsk still applies", map[string]string{".claude/settings.json": mode("dontAsk")}, "Write", `{"file_path":"$P/src/b.go","content":"x"}`, nil, false, "deny"},
		{"reads stay allowed", map[string]string{".claude/settings.json": mode("acceptEdits")}, "Read", `{"file_path":"$P/src/a.go"}`, nil, false, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj, home := red14repoLayout(t)
			red18layersWrite(t, proj, home, c.files)
			flags := red18layersExpand(c.flags, proj, home)
			if c.trusted {
				flags = append(flags, "--trust-workspace")
			}
			input := red18layersExpand([]string{c.input}, proj, home)[0]
			if got := red14repoCheck(t, proj, home, c.tool, input, flags...); got != c.want {
				t.Errorf("%s %s = %s, want %s", c.tool, input, got, c.want)
			}
		})
	}
}

// TestRed18LayersHookAgentInRepositoryAcceptEdits: Claude Code (claude -p)
// enters the acceptEdits mode an untrusted repository's settings or one
// of its subagent definitions asks for, and reports it in the hook event:
// the hook decided a Write in acceptEdits (allow). It is decided in the
// settings' mode now (ask); an agent in acceptEdits the repository did
// not ask for, and a trusted workspace, keep it.
func TestRed18LayersHookAgentInRepositoryAcceptEdits(t *testing.T) {
	cases := []struct {
		name    string
		files   map[string]string
		trusted bool
		want    string
	}{
		{"project settings", map[string]string{".claude/settings.json": `{"permissions": {"defaultMode": "acceptEdits"}}`}, false, "ask"},
		{"local settings", map[string]string{".claude/settings.local.json": `{"permissions": {"defaultMode": "acceptEdits"}}`}, false, "ask"},
		{"a subagent definition", map[string]string{".claude/agents/fix.md": "---\nname: fix\npermissionMode: acceptEdits\n---\nFix it.\n"}, false, "ask"},
		{"a subagent definition read two ways", map[string]string{".claude/agents/fix.md": "---\npermissionMode: acceptEdits\npermissionMode: bypassPermissions\n---\n"}, false, "ask"},
		// Harmless neighbours.
		{"the repository asks for nothing", map[string]string{".claude/settings.json": `{}`}, false, "allow"},
		{"the repository asks for plan", map[string]string{".claude/settings.json": `{"permissions": {"defaultMode": "plan"}}`}, false, "allow"},
		{"trusted workspace", map[string]string{".claude/settings.json": `{"permissions": {"defaultMode": "acceptEdits"}}`}, true, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj, home := red14repoLayout(t)
			writeFiles(t, proj, c.files)
			if c.trusted {
				red16layersTrust(t, home, proj)
			}
			in := map[string]any{"file_path": filepath.Join(proj, "src", "b.go"), "content": "x"}
			if got := red16layersHook(t, proj, home, "acceptEdits", "Write", in, ""); got != c.want {
				t.Errorf("hook Write in acceptEdits = %q, want %s", got, c.want)
			}
		})
	}
}

// red18layersWrite writes files under proj, those named "~/…" under home.
func red18layersWrite(t *testing.T, proj, home string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		dir := proj
		if rest, ok := strings.CutPrefix(name, "~/"); ok {
			dir, name = home, rest
		}
		writeFiles(t, dir, map[string]string{name: body})
	}
}

// red18layersExpand replaces $P and $H (JSON-escaped) in each string.
func red18layersExpand(in []string, proj, home string) []string {
	esc := func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(s, "$P", esc(proj)), "$H", esc(home))
	}
	return out
}

// TestRed18LayersRepositoryModeOverUser: the user's settings choose plan
// (or dontAsk) and allow Bash(npm run *); an untrusted repository's
// defaultMode default outranked it, and `npm run build` ran unasked —
// through check and through the hook of an agent that reported the
// repository's mode. The user's mode holds now; a repository that
// narrows, a trusted one, and the user's own choice of default keep
// theirs.
func TestRed18LayersRepositoryModeOverUser(t *testing.T) {
	cases := []struct {
		name, user, repo, agent string
		trusted                 bool
		want                    string
	}{
		{"plan, repository default", "plan", "default", "default", false, "deny"},
		{"plan, repository dontAsk", "plan", "dontAsk", "dontAsk", false, "deny"},
		{"plan, repository acceptEdits", "plan", "acceptEdits", "acceptEdits", false, "deny"},
		// Harmless neighbours.
		{"plan, repository plan", "plan", "plan", "plan", false, "deny"},
		{"default, repository default", "default", "default", "default", false, "allow"},
		{"plan, trusted repository default", "plan", "default", "default", true, "allow"},
		{"plan, repository asks nothing, agent left plan", "plan", "", "default", false, "allow"},
		{"plan, repository subagent default", "plan", "agent:default", "default", false, "deny"},
		{"default, repository subagent plan", "default", "agent:plan", "plan", false, "deny"},
		{"default, repository subagent default", "default", "agent:default", "default", false, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj, home := red14repoLayout(t)
			writeFiles(t, home, map[string]string{".claude/settings.json": `{"permissions": {"defaultMode": "` + c.user + `", "allow": ["Bash(npm run *)"]}}`})
			repo := `{}`
			if m, ok := strings.CutPrefix(c.repo, "agent:"); ok {
				writeFiles(t, proj, map[string]string{".claude/agents/x.md": "---\nname: x\npermissionMode: " + m + "\n---\n"})
			} else if c.repo != "" {
				repo = `{"permissions": {"defaultMode": "` + c.repo + `"}}`
			}
			writeFiles(t, proj, map[string]string{".claude/settings.json": repo})
			var flags []string
			if c.trusted {
				flags = []string{"--trust-workspace"}
				red16layersTrust(t, home, proj)
			}
			in := map[string]any{"command": "npm run build"}
			input, _ := json.Marshal(in)
			// check decides in the settings' mode: the repository's
			// neither-narrower mode loses to the user's.
			if c.repo != "" && !strings.HasPrefix(c.repo, "agent:") {
				if got := red14repoCheck(t, proj, home, "Bash", string(input), flags...); got != c.want {
					t.Errorf("check npm run build = %s, want %s", got, c.want)
				}
			}
			if got := red16layersHook(t, proj, home, c.agent, "Bash", in, ""); got != c.want {
				t.Errorf("hook npm run build (agent in %s) = %q, want %s", c.agent, got, c.want)
			}
		})
	}
}

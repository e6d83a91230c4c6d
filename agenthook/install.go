package agenthook

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/agentctl/agentctl/settings"
)

// Scope is where a hook is installed: the agent's user, project, local
// (Claude Code only) or managed settings.
type Scope string

// The scopes, narrowest last.
const (
	Managed Scope = "managed"
	User    Scope = "user"
	Project Scope = "project"
	Local   Scope = "local"
)

// Scopes lists every scope in the order the CLI shows them.
var Scopes = []Scope{Managed, User, Project, Local}

// Env locates the agents' settings files.
type Env struct {
	Cwd  string
	Home string
	// ClaudeConfigDir is $CLAUDE_CONFIG_DIR ("" = ~/.claude).
	ClaudeConfigDir string
	// ManagedFile is Claude Code's managed settings file ("" = the default).
	ManagedFile string
}

// ErrScope is returned for a scope an agent does not have.
var ErrScope = errors.New("no such scope")

// Location returns the settings file holding an agent's hooks at a scope.
func Location(agent Agent, scope Scope, env Env) (string, error) {
	switch agent {
	case Claude:
		switch scope {
		case User:
			dir := env.ClaudeConfigDir
			if dir == "" {
				dir = filepath.Join(env.Home, ".claude")
			}
			return filepath.Join(dir, "settings.json"), nil
		case Project:
			return filepath.Join(env.Cwd, ".claude", "settings.json"), nil
		case Local:
			return filepath.Join(env.Cwd, ".claude", "settings.local.json"), nil
		case Managed:
			if env.ManagedFile != "" {
				return env.ManagedFile, nil
			}
			return settings.DefaultManagedFile, nil
		}
	case Gemini:
		switch scope {
		case User:
			return filepath.Join(env.Home, ".gemini", "settings.json"), nil
		case Project:
			return filepath.Join(env.Cwd, ".gemini", "settings.json"), nil
		case Managed:
			if p := os.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH"); p != "" {
				return p, nil
			}
			return "/etc/gemini-cli/settings.json", nil
		}
	case Cursor:
		switch scope {
		case User:
			return filepath.Join(env.Home, ".cursor", "hooks.json"), nil
		case Project:
			return filepath.Join(env.Cwd, ".cursor", "hooks.json"), nil
		case Managed:
			return "/etc/cursor/hooks.json", nil
		}
	}
	return "", fmt.Errorf("%w: %s has no %s scope", ErrScope, agent, scope)
}

// Spec is the hook entry install writes.
type Spec struct {
	Agent   Agent
	Command string        // the full command line: agentctl hook --agent …
	Timeout time.Duration // how long the agent waits for an answer
}

// DefaultTimeout is the timeout install writes: an agent that gives up on a
// hook lets the call go on, so it is far above any cold start.
const DefaultTimeout = 60 * time.Second

// Events returns the events install hooks for an agent: every one that can
// block a tool call.
func Events(agent Agent) []string {
	switch agent {
	case Gemini:
		return []string{"BeforeTool"}
	case Cursor:
		// preToolUse is the only event Cursor sends before its Write,
		// StrReplace, Edit, Delete, Grep, Glob, LS and Task tools: without
		// it a Write to .env or .git/hooks never reached agentctl. The
		// older specific events stay for Cursor versions without it.
		return []string{"beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "beforeTabFileRead", "preToolUse"}
	}
	return []string{"PreToolUse"}
}

// BlockingEvents are the events whose hook can stop a tool call, per agent.
var BlockingEvents = map[Agent]map[string]bool{
	Claude: {"PreToolUse": true, "PermissionRequest": true},
	Gemini: {"BeforeTool": true},
	Cursor: {"beforeShellExecution": true, "beforeMCPExecution": true, "beforeReadFile": true, "preToolUse": true,
		"beforeTabFileRead": true},
}

// entry is the hook configuration for one event.
func (s Spec) entry() *object {
	o := newObject()
	switch s.Agent {
	case Cursor:
		o.set("command", s.Command)
		o.set("timeout", json.Number(strconv.Itoa(int(s.Timeout.Seconds()))))
		o.set("failClosed", true)
	case Gemini:
		o.set("name", "agentctl")
		o.set("type", "command")
		o.set("command", s.Command)
		o.set("timeout", json.Number(strconv.FormatInt(s.Timeout.Milliseconds(), 10)))
	default:
		o.set("type", "command")
		o.set("command", s.Command)
		o.set("timeout", json.Number(strconv.Itoa(int(s.Timeout.Seconds()))))
	}
	return o
}

// group wraps an entry in a matcher group (Claude Code, Gemini CLI).
func (s Spec) group() *object {
	g := newObject()
	if s.Agent == Gemini {
		g.set("matcher", ".*")
	} else {
		g.set("matcher", "*")
	}
	g.set("hooks", []any{s.entry()})
	return g
}

// IsAgentctl reports whether a hook command runs agentctl's hook: its
// program is named agentctl* and its first argument is "hook".
func IsAgentctl(command string) bool {
	f := splitWords(command)
	return len(f) >= 2 && strings.HasPrefix(filepath.Base(f[0]), "agentctl") && f[1] == "hook"
}

// splitWords splits a command line on blanks, honouring single and double
// quotes (enough for the commands install writes and people type).
func splitWords(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	in := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// Apply adds the spec's entries to a settings document, replacing an
// earlier agentctl entry on the same event; it reports whether anything
// changed (a second install changes nothing).
func (s Spec) Apply(doc *object) (bool, error) {
	before := plain(doc)
	hooks, err := hooksObject(doc, true)
	if err != nil {
		return false, err
	}
	if s.Agent == Cursor {
		if _, ok := doc.get("version"); !ok {
			doc.del("hooks")
			doc.set("version", json.Number("1"))
			doc.set("hooks", hooks)
		}
	}
	for _, ev := range Events(s.Agent) {
		v, _ := hooks.get(ev)
		list, ok := v.([]any)
		if v != nil && !ok {
			return false, fmt.Errorf("hooks.%s is not a list", ev)
		}
		list = removeOurs(s.Agent, list)
		if s.Agent == Cursor {
			list = append(list, s.entry())
		} else {
			list = append(list, s.group())
		}
		if old, had := hooks.get(ev); had && reflect.DeepEqual(plain(old), plain(list)) {
			continue
		}
		hooks.set(ev, list)
	}
	return !reflect.DeepEqual(before, plain(doc)), nil
}

// Remove deletes every agentctl entry (and the groups, event lists and
// hooks object left empty by that); it reports whether anything changed.
func Remove(agent Agent, doc *object) (bool, error) {
	hooks, err := hooksObject(doc, false)
	if err != nil || hooks == nil {
		return false, err
	}
	before := plain(doc)
	for _, ev := range append([]string{}, hooks.keys...) {
		list, ok := hooks.vals[ev].([]any)
		if !ok {
			continue
		}
		kept := removeOurs(agent, list)
		if len(kept) == len(list) && reflect.DeepEqual(plain(kept), plain(list)) {
			continue
		}
		if len(kept) == 0 {
			hooks.del(ev)
		} else {
			hooks.set(ev, kept)
		}
	}
	if len(hooks.keys) == 0 {
		doc.del("hooks")
		if v, _ := doc.get("version"); agent == Cursor && len(doc.keys) == 1 && fmt.Sprint(v) == "1" {
			doc.del("version")
		}
	}
	return !reflect.DeepEqual(before, plain(doc)), nil
}

func hooksObject(doc *object, create bool) (*object, error) {
	v, ok := doc.get("hooks")
	if !ok {
		if !create {
			return nil, nil
		}
		h := newObject()
		doc.set("hooks", h)
		return h, nil
	}
	h, ok := v.(*object)
	if !ok {
		return nil, fmt.Errorf("`hooks` is not an object")
	}
	return h, nil
}

// removeOurs drops agentctl's entries from one event's list (a Cursor list
// of entries, or matcher groups whose hooks lists hold entries).
func removeOurs(agent Agent, list []any) []any {
	var out []any
	for _, item := range list {
		o, ok := item.(*object)
		if !ok {
			out = append(out, item)
			continue
		}
		if cmd, _ := o.vals["command"].(string); cmd != "" {
			if !IsAgentctl(cmd) {
				out = append(out, item)
			}
			continue
		}
		inner, ok := o.vals["hooks"].([]any)
		if !ok {
			out = append(out, item)
			continue
		}
		kept := removeOurs(agent, inner)
		switch {
		case len(kept) == len(inner):
			out = append(out, item)
		case len(kept) > 0:
			g := &object{keys: append([]string{}, o.keys...), vals: map[string]any{}}
			for k, v := range o.vals {
				g.vals[k] = v
			}
			g.vals["hooks"] = kept
			out = append(out, g)
		}
	}
	return out
}

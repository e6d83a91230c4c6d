package pipeline

import (
	"context"
	"net/url"
	"strings"
	"sync"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// SessionRules is the core a session decides with: the engine, compiled
// again with the session's own allow rules each time an "always allow"
// answer adds some (PERMISSIONS.md §1, source "session"). A session rule
// is an allow rule like any other, weighed at the allow stage: deny rules,
// ask rules, the tool and safety checks and the mode still come first. So
// it is compiled into the policy, not laid over the policy's answer as a
// middleware would be. Safe for concurrent use.
type SessionRules struct {
	mu   sync.RWMutex
	e    *engine.Engine
	opts []engine.Option
}

// NewSessionRules starts from e, which was built with opts: every rebuild
// uses them again (the same custom modules, remote server, decision log)
// over e's settings.
func NewSessionRules(e *engine.Engine, opts ...engine.Option) *SessionRules {
	return &SessionRules{e: e, opts: opts}
}

// Decide decides call with the current engine.
func (r *SessionRules) Decide(ctx context.Context, call engine.Call) (engine.Decision, error) {
	r.mu.RLock()
	e := r.e
	r.mu.RUnlock()
	return e.Decide(ctx, call)
}

// Always adds session allow rules for exactly this call (and, for Bash,
// the absolute files it touches) and recompiles. The engine is replaced
// only when the new one compiled.
func (r *SessionRules) Always(tool string, input map[string]any) error {
	rules := []string{sessionRule(tool, input)}
	if !grantable(rules[0]) || grantsTree(tool, rules[0]) {
		return nil // approved once: no rule can say only this call
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if tool == "Bash" {
		for _, f := range fileRules(r.e, input) {
			if grantable(f) {
				rules = append(rules, f)
			}
		}
	}
	s := r.e.Settings()
	if err := s.AddRules(settings.SessionSettings, settings.Allow, rules...); err != nil {
		return err
	}
	e, err := engine.New(context.Background(), s, r.opts...)
	if err != nil {
		return err
	}
	r.e = e
	return nil
}

// fileRules are the Read and Edit rules for the files a Bash call touches
// by a static absolute path.
func fileRules(e *engine.Engine, input map[string]any) []string {
	in, problems := e.Input(engine.Call{Tool: "Bash", Input: input})
	if len(problems) > 0 {
		return nil
	}
	var rules []string
	facts, _ := in["facts"].(map[string]any)
	files, _ := facts["files"].([]any)
	for _, f := range files {
		m, _ := f.(map[string]any)
		if p, _ := m["path"].(string); strings.HasPrefix(p, "/") && m["dynamic"] != true && !widerThanFile(m) {
			kind := "Read"
			if m["access"] == "write" {
				kind = "Edit"
			}
			rules = append(rules, kind+"(/"+p+")")
		}
	}
	return rules
}

// sessionRule is the narrowest rule that allows this call again.
func sessionRule(tool string, in map[string]any) string {
	str := func(k string) string { s, _ := in[k].(string); return s }
	switch tool {
	case "Bash":
		return "Bash(" + str("command") + ")"
	case "Read", "Glob", "Grep":
		if p := str("file_path") + str("path"); p != "" {
			return "Read(/" + p + ")"
		}
	case "Edit", "Write", "MultiEdit":
		return "Edit(/" + str("file_path") + ")"
	case "NotebookEdit":
		return "Edit(/" + str("notebook_path") + ")"
	case "WebFetch":
		if u, err := url.Parse(str("url")); err == nil && u.Hostname() != "" {
			return "WebFetch(domain:" + u.Hostname() + ")"
		}
	}
	return tool
}

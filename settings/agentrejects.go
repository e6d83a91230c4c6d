package settings

import (
	"fmt"
	"slices"
	"strconv"
)

// RejectedFile is a settings file Claude Code rejects as a whole.
type RejectedFile struct {
	Path string `json:"path"`
	// Why names the key at fault and what is wrong with its value.
	Why string `json:"why"`
}

// agentHookTypes are the hook types Claude Code knows, with the string
// fields each one requires. A hook of another type, or without one of
// those fields, makes it reject the whole file.
var agentHookTypes = map[string][]string{"command": {"command"}, "prompt": {"prompt"}, "agent": {"prompt"},
	"http": {"url"}, "mcp_tool": {"server", "tool"}}

// agentRejects reports why Claude Code rejects a settings document as a
// whole, and the value at fault; "" when it loads it.
//
// Claude Code validates each settings file against its schema and, when
// a key it checks strictly has a value of the wrong type ("model": 5,
// "cleanupPeriodDays": 0, "statusLine": "x", "model": null, a hook of an
// unknown type), applies nothing of that file: its allow rules included.
// agentctl read the keys it does not use without looking at them and
// applied the rest, so its hook answered allow from a repository's (or
// the user's) Bash(curl:*) that the agent itself had set aside, and the
// agent ran the call unasked: installing agentctl widened the agent.
func agentRejects(root *node) (why string, at *node) {
	if root.kind != kindObject {
		return "", nil
	}
	for i, k := range root.keys {
		v := root.items[i]
		switch k.str {
		case "permissions":
			if v.kind != kindObject {
				continue // the decoder reports it
			}
			for j, pk := range v.keys {
				if shape, ok := agentPermissionShapes[pk.str]; ok {
					if bad := shape.mismatch(v.items[j]); bad != "" {
						return "permissions." + pk.str + ": " + bad, v.items[j]
					}
				}
			}
		case "hooks":
			if why, at := agentRejectsHooks(v); why != "" {
				return why, at
			}
		default:
			if shape, ok := agentKeyShapes[k.str]; ok {
				if bad := shape.mismatch(v); bad != "" {
					return k.str + ": " + bad, v
				}
			}
		}
	}
	return "", nil
}

// mismatch says how v breaks the shape; "" when it fits.
func (s keyShape) mismatch(v *node) string {
	if v.kind != s.kind && (s.alt == 0 || v.kind != s.alt) {
		return fmt.Sprintf("expected %s, got %s", s.kind, v.kind)
	}
	switch {
	case v.kind == kindString && s.enum != nil && !slices.Contains(s.enum, v.str):
		return fmt.Sprintf("%q is not one of %q", v.str, s.enum)
	case v.kind == kindNumber && s.num != nil:
		f, err := strconv.ParseFloat(v.str, 64)
		if err != nil || !s.num(f) {
			return fmt.Sprintf("%s is out of range", v.str)
		}
	case v.kind == kindArray && s.elem != 0:
		for i, it := range v.items {
			if it.kind != s.elem {
				return fmt.Sprintf("[%d]: expected %s, got %s", i, s.elem, it.kind)
			}
		}
	case v.kind == kindObject && s.fields != nil:
		for name, f := range s.fields {
			fv := v.field(name)
			if fv == nil {
				return fmt.Sprintf("missing %q", name)
			}
			if bad := f.mismatch(fv); bad != "" {
				return name + ": " + bad
			}
		}
	case v.kind == kindObject && s.command:
		if t := v.field("type"); t == nil || t.kind != kindString || t.str != "command" {
			return `expected {"type": "command", "command": …}`
		}
		if c := v.field("command"); c == nil || c.kind != kindString {
			return "expected a command string"
		}
	}
	return ""
}

// agentRejectsHooks checks each hook's type and the field that type
// requires (the decoder checks the rest of the shape itself).
func agentRejectsHooks(v *node) (string, *node) {
	if v.kind != kindObject {
		return "", nil
	}
	for i, ev := range v.keys {
		groups := v.items[i]
		if groups.kind != kindArray {
			continue
		}
		for gi, g := range groups.items {
			list := g.field("hooks")
			if g.kind != kindObject || list == nil || list.kind != kindArray {
				continue
			}
			for hi, h := range list.items {
				if h.kind != kindObject {
					continue
				}
				what := fmt.Sprintf("hooks.%s[%d].hooks[%d]", ev.str, gi, hi)
				t := h.field("type")
				if t == nil || t.kind != kindString {
					return what + `: expected a "type"`, h
				}
				need, ok := agentHookTypes[t.str]
				if !ok {
					return fmt.Sprintf("%s: unknown hook type %q", what, t.str), t
				}
				for _, name := range need {
					if f := h.field(name); f == nil || f.kind != kindString {
						return fmt.Sprintf("%s: a %s hook needs a %q string", what, t.str, name), h
					}
				}
			}
		}
	}
	return "", nil
}

// agentRejected applies a file Claude Code rejects (fileSettings.rejected)
// to agentctl's reading of it: nothing of it widens — no allow rule, no
// working directory, no env, no mode beyond default/plan/dontAsk, no
// classifier, no extended command profile, and its hooks are set aside
// (a call one matches asks what it would have answered). Its deny and ask
// rules and its disable keys still narrow: stricter than the agent, which
// drops those too, never looser.
func (s *Settings) agentRejected(p *fileSettings) {
	why := "Claude Code rejects this whole file (" + p.rejected + ") and applies none of it"
	kept := p.rules[:0:0]
	for _, r := range p.rules {
		if r.Behavior == Allow {
			s.warn(r.Pos, "%s allow rule %s not applied: %s", p.source, r.Text, why)
			continue
		}
		kept = append(kept, r)
	}
	p.rules = kept
	for _, d := range p.dirs {
		s.warn(d.Pos, "%s additional directory %s not applied: %s", p.source, d.Path, why)
	}
	p.dirs = nil
	if len(p.env) > 0 {
		s.warn(p.envPos, "%s env (%s) not applied: %s", p.source, envKeys(p.env), why)
		p.env = nil
	}
	for _, h := range p.hooks {
		h.Skipped = why
		s.SkippedHooks = append(s.SkippedHooks, h)
		s.warn(h.Pos, "%s %s hook %q will not run: %s", p.source, h.Event, h.Command, why)
	}
	p.hooks = nil
	if c, ok := p.scalars["autoClassifier"]; ok {
		s.warn(c.Pos, "%s agentctl.autoClassifier %q will not run: %s", p.source, c.Value, why)
		delete(p.scalars, "autoClassifier")
		s.AutoClassifierSkipped = fmt.Sprintf("%s classifier skipped: %s", p.source, why)
	}
	if c, ok := p.scalars["commands"]; ok && c.Value != "core" {
		s.warn(c.Pos, "%s agentctl.commands %s not applied: %s", p.source, c.Value, why)
		delete(p.scalars, "commands")
	}
	if m, ok := p.scalars["defaultMode"]; ok && !lockedModes[m.Value] {
		s.warn(m.Pos, "%s defaultMode %s not applied: %s", p.source, m.Value, why)
		delete(p.scalars, "defaultMode")
	}
}

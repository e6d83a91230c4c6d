package settings

import (
	"fmt"
	"slices"
	"strings"
)

// Hook is one hook command with its provenance (spec §7).
type Hook struct {
	Event   string   `json:"event"`
	Matcher string   `json:"matcher"`
	Type    string   `json:"type"`
	Command string   `json:"command"`
	Timeout int      `json:"timeout,omitempty"` // seconds; 0 means the default
	Source  Source   `json:"source"`
	Pos     Position `json:"pos"`
	// Skipped says why the hook does not run ("" for a hook that runs).
	Skipped string `json:"skipped,omitempty"`
}

// Directory is a working directory added by settings or a flag.
type Directory struct {
	Path   string   `json:"path"`
	Source Source   `json:"source"`
	Pos    Position `json:"pos"`
}

// Scalar is a scalar setting with the source that set it.
type Scalar struct {
	Value  string   `json:"value"`
	Source Source   `json:"source"`
	Pos    Position `json:"pos"`
}

// fileSettings is what one file or flag contributes before the merge.
type fileSettings struct {
	source   Source
	rules    []Rule
	dirs     []Directory
	hooks    []Hook
	env      map[string]string
	envPos   Position
	scalars  map[string]Scalar // defaultMode, disableBypassPermissionsMode, autoClassifier, …
	warnings []Warning
	// commands are the commands Claude Code runs that this file names
	// (agentCommandKeys).
	commands []string
	// aboveCwd marks local settings read at a git root above the cwd:
	// the workspace's trust (of the cwd and below) does not reach them.
	aboveCwd bool
	// rejected says why Claude Code rejects the whole file ("" when it
	// loads it): nothing of it widens (agentRejected).
	rejected string
}

// HookEvents are the hook events Claude Code defines (its hooks reference,
// code.claude.com/docs/en/hooks, 2026). agentctl runs the tool events
// itself; the others are known so that a real file loads without warnings.
var HookEvents = map[string]bool{"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true,
	"PostToolBatch": true, "PermissionRequest": true, "PermissionDenied": true, "Notification": true,
	"UserPromptSubmit": true, "UserPromptExpansion": true, "Stop": true, "StopFailure": true,
	"SubagentStart": true, "SubagentStop": true, "PreCompact": true, "PostCompact": true,
	"SessionStart": true, "SessionEnd": true, "Setup": true, "TeammateIdle": true, "TaskCreated": true,
	"TaskCompleted": true, "Elicitation": true, "ElicitationResult": true, "ConfigChange": true,
	"InstructionsLoaded": true, "WorktreeCreate": true, "WorktreeRemove": true}

// decoder turns a node tree into fileSettings, collecting every error.
type decoder struct {
	file string
	errs Errors
	out  *fileSettings
}

func (d *decoder) pos(n *node) Position {
	return Position{File: d.file, Line: n.line, Column: n.column}
}

func (d *decoder) fail(n *node, code, format string, args ...any) {
	d.errs = append(d.errs, &Error{Pos: d.pos(n), Code: code, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) warn(n *node, format string, args ...any) {
	d.out.warnings = append(d.out.warnings, Warning{Pos: d.pos(n), Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) expect(n *node, k nodeKind, what string) bool {
	if n.kind != k {
		d.fail(n, CodeType, "%s: expected %s, got %s", what, k, n.kind)
		return false
	}
	return true
}

// decodeDocument reads one settings document of the given source.
func decodeDocument(file string, src Source, root *node) (*fileSettings, error) {
	d := &decoder{file: file, out: &fileSettings{source: src, scalars: map[string]Scalar{}}}
	if !d.expect(root, kindObject, "settings") {
		return nil, d.errs
	}
	for i, k := range root.keys {
		v := root.items[i]
		switch k.str {
		case "permissions":
			d.permissions(v)
		case "hooks":
			d.hooks(v)
		case "env":
			d.env(v)
		case "allowManagedPermissionRulesOnly", "allowManagedHooksOnly":
			d.managedBool(k.str, v)
		case "disableBypassPermissionsMode", "disableAutoMode":
			d.disable(k.str, v)
		case "disableAllHooks":
			d.disableHooks(v)
		case "agentctl":
			d.agentctl(v)
		case "effortLevel":
			// Only passed on (hooks get it as effort.level): a value of
			// another type is a warning, never an error.
			if v.kind != kindString {
				d.warn(v, "effortLevel: expected a string, got %s; ignored", v.kind)
				break
			}
			d.out.scalars[k.str] = Scalar{Value: v.str, Source: d.out.source, Pos: d.pos(v)}
		default:
			if agentCommandKeys[k.str] {
				d.agentCommand(v)
			}
			if !claudeCodeKeys[k.str] {
				d.warn(k, "%s", unknownKey("", k.str, appliedKeys))
			}
		}
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	if why, at := agentRejects(root); why != "" {
		d.out.rejected = why
		d.warn(at, "%s: Claude Code rejects this whole file and applies none of it; agentctl applies only its deny and ask rules", why)
	}
	return d.out, nil
}

func (d *decoder) managedBool(key string, v *node) {
	if !d.expect(v, kindBool, key) {
		return
	}
	if d.out.source != PolicySettings {
		d.warn(v, "%s is a managed-only key and is ignored in %s", key, d.out.source)
		return
	}
	// Written twice (top level and under permissions), a lock wins.
	if prev, ok := d.out.scalars[key]; ok && prev.Value == "true" {
		return
	}
	d.out.scalars[key] = Scalar{Value: v.str, Source: d.out.source, Pos: d.pos(v)}
}

// disable reads disableBypassPermissionsMode or disableAutoMode: the only
// value is "disable". Any source may set them: they only narrow.
func (d *decoder) disable(key string, v *node) {
	if !d.expect(v, kindString, key) {
		return
	}
	if v.str != "disable" {
		d.fail(v, CodeType, `%s: expected "disable", got %q`, key, v.str)
		return
	}
	d.out.scalars[key] = Scalar{Value: v.str, Source: d.out.source, Pos: d.pos(v)}
}

// disableHooks reads disableAllHooks. agentctl's own sessions run their
// hooks whatever it says (a repository must not switch off the org's), but
// the agent obeys it and then never calls agentctl's hook: outside managed
// settings it is a warning on every command.
func (d *decoder) disableHooks(v *node) {
	if v.kind != kindBool {
		d.warn(v, "disableAllHooks: expected a boolean, got %s", v.kind)
		return
	}
	if v.str != "true" {
		return
	}
	d.out.scalars["disableAllHooks"] = Scalar{Value: v.str, Source: d.out.source, Pos: d.pos(v)}
	if d.out.source != PolicySettings {
		d.warn(v, "disableAllHooks: true in %s: Claude Code then runs no hook here, agentctl's included (its policy is not enforced in that agent); agentctl run still runs its hooks", d.out.source)
	}
}

// env reads the environment block. Numbers and booleans are accepted as
// their string form (real files write {"DEBUG": 1}).
func (d *decoder) env(v *node) {
	if !d.expect(v, kindObject, "env") {
		return
	}
	d.out.env = map[string]string{}
	d.out.envPos = d.pos(v)
	for j, ek := range v.keys {
		item := v.items[j]
		switch item.kind {
		case kindString, kindNumber, kindBool:
			name, val := childEnv(ek.str, item.str)
			if name != ek.str {
				if _, dup := d.out.env[name]; dup || envNameTaken(v, name) {
					d.fail(ek, CodeType, "env.%s: a name holding '=' sets %s (as %q) in every program the agent starts, "+
						"and %s is set here too: which one they see depends on the agent; refusing", ek.str, name, val, name)
					continue
				}
				d.warn(ek, "env.%s: a name holding '=' sets %s=%q in every program the agent starts; read as that", ek.str, name, val)
			}
			d.out.env[name] = val
		default:
			d.fail(item, CodeType, "env.%s: expected string, got %s", ek.str, item.kind)
		}
	}
}

func (d *decoder) agentctl(v *node) {
	if !d.expect(v, kindObject, "agentctl") {
		return
	}
	for j, k := range v.keys {
		switch k.str {
		case "autoClassifier":
			if d.expect(v.items[j], kindString, "agentctl.autoClassifier") {
				d.out.scalars["autoClassifier"] = Scalar{Value: v.items[j].str, Source: d.out.source, Pos: d.pos(v.items[j])}
			}
		case "commands":
			item := v.items[j]
			if !d.expect(item, kindString, "agentctl.commands") {
				continue
			}
			if item.str != "core" && item.str != "extended" {
				d.warn(item, "agentctl.commands %q ignored: expected core or extended", item.str)
				continue
			}
			d.out.scalars["commands"] = Scalar{Value: item.str, Source: d.out.source, Pos: d.pos(item)}
		default:
			d.warn(k, "%s", unknownKey("agentctl.", k.str, agentctlKeys))
		}
	}
}

func (d *decoder) permissions(v *node) {
	if !d.expect(v, kindObject, "permissions") {
		return
	}
	for i, k := range v.keys {
		item := v.items[i]
		switch k.str {
		case "allow", "ask", "deny":
			d.ruleList(Behavior(k.str), item)
		case "additionalDirectories":
			for _, s := range d.stringList("permissions.additionalDirectories", item) {
				d.out.dirs = append(d.out.dirs, Directory{Path: s.str, Source: d.out.source, Pos: d.pos(s)})
			}
		case "defaultMode":
			if d.expect(item, kindString, "permissions.defaultMode") {
				if !ValidMode(item.str) {
					d.fail(item, CodeType, "permissions.defaultMode: expected one of %s, got %q",
						strings.Join(Modes, ", "), item.str)
					continue
				}
				d.out.scalars["defaultMode"] = Scalar{Value: item.str, Source: d.out.source, Pos: d.pos(item)}
			}
		case "disableBypassPermissionsMode", "disableAutoMode":
			d.disable(k.str, item)
		case "allowManagedPermissionRulesOnly", "allowManagedHooksOnly":
			d.managedBool(k.str, item)
		default:
			d.warn(k, "%s", unknownKey("permissions.", k.str, permissionKeys))
		}
	}
}

func (d *decoder) stringList(what string, v *node) []*node {
	if !d.expect(v, kindArray, what) {
		return nil
	}
	var out []*node
	for i, it := range v.items {
		if d.expect(it, kindString, fmt.Sprintf("%s[%d]", what, i)) {
			out = append(out, it)
		}
	}
	return out
}

func (d *decoder) ruleList(b Behavior, v *node) {
	list := d.stringList("permissions."+string(b), v)
	// A Rule is large, and growing the slice by doubling for a managed
	// file of hundreds of rules copied more than the rules themselves.
	d.out.rules = slices.Grow(d.out.rules, len(list))
	for i, s := range list {
		r, err := ParseRule(s.str, b)
		if err != nil {
			d.fail(s, CodeRule, "permissions.%s[%d]: %v", b, i, err)
			continue
		}
		r.Source, r.Pos, r.Index = d.out.source, d.pos(s), i
		for _, w := range r.Warnings {
			d.warn(s, "%s", w)
		}
		d.out.rules = append(d.out.rules, r)
	}
}

func (d *decoder) hooks(v *node) {
	if !d.expect(v, kindObject, "hooks") {
		return
	}
	for i, ev := range v.keys {
		if !HookEvents[ev.str] {
			d.warn(ev, "unknown hook event %q", ev.str)
		}
		groups := v.items[i]
		if !d.expect(groups, kindArray, "hooks."+ev.str) {
			continue
		}
		for gi, g := range groups.items {
			what := fmt.Sprintf("hooks.%s[%d]", ev.str, gi)
			if !d.expect(g, kindObject, what) {
				continue
			}
			matcher := ""
			if m := g.field("matcher"); m != nil && d.expect(m, kindString, what+".matcher") {
				matcher = m.str
			}
			list := g.field("hooks")
			if list == nil {
				d.fail(g, CodeType, "%s: missing \"hooks\" list", what)
				continue
			}
			if !d.expect(list, kindArray, what+".hooks") {
				continue
			}
			for hi, h := range list.items {
				d.hook(fmt.Sprintf("%s.hooks[%d]", what, hi), ev.str, matcher, h)
			}
		}
	}
}

func (d *decoder) hook(what, event, matcher string, h *node) {
	if !d.expect(h, kindObject, what) {
		return
	}
	hk := Hook{Event: event, Matcher: matcher, Type: "command", Source: d.out.source, Pos: d.pos(h)}
	if t := h.field("type"); t != nil && d.expect(t, kindString, what+".type") {
		hk.Type = t.str
	}
	c := h.field("command")
	switch {
	case c == nil && hk.Type != "command":
		// Claude Code's other hook types (http, prompt, agent) name no
		// command. They are kept, never run: a call one matches asks
		// what it would have answered (the file still loads).
		hk.Command = "(" + hk.Type + " hook)"
		for _, k := range []string{"url", "prompt"} {
			if f := h.field(k); f != nil && f.kind == kindString {
				hk.Command = f.str
				break
			}
		}
	case c == nil:
		d.fail(h, CodeType, "%s: missing \"command\"", what)
		return
	case !d.expect(c, kindString, what+".command"):
		return
	default:
		hk.Command = c.str
	}
	if t := h.field("timeout"); t != nil && d.expect(t, kindNumber, what+".timeout") {
		var secs float64
		fmt.Sscan(t.str, &secs)
		if secs <= 0 {
			d.fail(t, CodeType, "%s.timeout: expected a positive number of seconds, got %s", what, t.str)
			return
		}
		hk.Timeout = int(secs + 0.999)
	}
	d.out.hooks = append(d.out.hooks, hk)
}

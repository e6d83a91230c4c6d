package settings

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"

	"github.com/agentctl/agentctl/internal/hostname"
	"github.com/agentctl/agentctl/toolspec"
)

// SpecKind says how a rule's specifier (the text in parentheses) is read.
type SpecKind string

// Specifier kinds. KindNone is a rule on the whole tool.
const (
	KindNone   SpecKind = ""
	KindBash   SpecKind = "bash"   // Bash(command pattern)
	KindPath   SpecKind = "path"   // Read(...), Edit(...) gitignore-style path pattern
	KindDomain SpecKind = "domain" // WebFetch(domain:host)
	KindParam  SpecKind = "param"  // Tool(param:value), deny and ask only
	KindAgent  SpecKind = "agent"  // Agent(subagent type)
	KindField  SpecKind = "field"  // Skill(name), SlashCommand(/cmd:*), PowerShell(cmd *): the tool's spec fields
)

// Anchor is what a path pattern is relative to (spec §4).
type Anchor string

// Path anchors.
const (
	AnchorRoot   Anchor = "root"   // //abs/path
	AnchorHome   Anchor = "home"   // ~/path
	AnchorSource Anchor = "source" // /path: the settings source's root
	AnchorCwd    Anchor = "cwd"    // path, ./path
)

// Rule is one permission rule with its provenance.
type Rule struct {
	Text     string   `json:"text"`
	Behavior Behavior `json:"behavior"`
	Source   Source   `json:"source"`
	Pos      Position `json:"pos"`
	Index    int      `json:"index"`
	// Root is the directory a source-anchored path pattern ("/path") is relative to.
	Root string `json:"root,omitempty"`

	Tool     string   `json:"tool"`                // canonical tool name, or a glob over names
	ToolGlob bool     `json:"tool_glob,omitempty"` // Tool contains '*'
	Kind     SpecKind `json:"kind,omitempty"`
	// Pattern is the specifier: the Bash pattern, the path pattern without its
	// anchor prefix, the domain pattern, the param value pattern, or the agent type.
	Pattern string `json:"pattern,omitempty"`
	Anchor  Anchor `json:"anchor,omitempty"`
	Param   string `json:"param,omitempty"`
	// MCPServer and MCPTool split mcp__server__tool names; MCPTool is empty
	// for a rule on the whole server.
	MCPServer string `json:"mcp_server,omitempty"`
	MCPTool   string `json:"mcp_tool,omitempty"`

	// Ignored explains why the rule is never consulted; empty for live rules.
	Ignored string `json:"ignored,omitempty"`
	// Confined marks an untrusted repository's Bash allow rule: it
	// approves no command of a call that names a path outside the working
	// directories (confineBash).
	Confined bool `json:"confined,omitempty"`
	// Globs, when set, are the path rule's absolute globs as a bundle
	// carries them (already derived from Pattern and Anchor): the engine
	// takes them as they are, so that a bundle's guards are its rules' own.
	Globs    []string `json:"-"`
	Warnings []string `json:"-"`
}

// String prints the rule as "source file:line:col behavior text".
func (r Rule) String() string {
	return fmt.Sprintf("%s %s %s %s", r.Source, r.Pos, r.Behavior, r.Text)
}

// NamesTool reports whether the rule's tool part covers the named tool: the
// exact name (Task is Agent), every tool of an MCP server for mcp__server and
// mcp__server__*, or a '*' glob over the whole name.
func (r Rule) NamesTool(name string) bool {
	name = toolspec.Canonical(name)
	switch {
	case r.Tool == name:
		return true
	case r.ToolGlob:
		return globName(r.Tool, name) || r.ServerGlob() && globName(r.Tool+"__*", name)
	case r.MCPServer != "" && r.MCPTool == "":
		return strings.HasPrefix(name, r.Tool+"__")
	}
	return false
}

// globName matches a tool-name glob where '*' matches any run of characters.
func globName(pattern, name string) bool {
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(name, p)
		}
		j := strings.Index(name, p)
		if j < 0 {
			return false
		}
		name = name[j+len(p):]
	}
	return name == ""
}

// mainField is a built-in tool's main input field ("" for none or an
// unknown tool), which param rules may not name.
func mainField(tool string) string {
	s, _ := toolspec.Lookup(tool)
	return s.MainField
}

// isPathTool reports whether a tool takes gitignore-style path specifiers.
func isPathTool(tool string) bool {
	ok, _ := pathTool(tool)
	return ok
}

// pathTool reports whether a tool takes gitignore-style path specifiers,
// and if path rules written for it are never consulted, which tool's are.
func pathTool(tool string) (ok bool, useInstead string) {
	s, found := toolspec.Lookup(tool)
	if !found || s.Family == toolspec.NoFamily {
		return false, ""
	}
	if !s.OwnPathRules {
		return true, string(s.Family)
	}
	return true, ""
}

// bashParams are Bash input fields that a Bash(param:value) rule may name.
var bashParams = map[string]bool{"description": true, "timeout": true, "run_in_background": true,
	"dangerouslyDisableSandbox": true}

var (
	toolNameRE = lazyre.New(`^[A-Za-z0-9_*-]+$`)
	paramRE    = lazyre.New(`^([A-Za-z_][A-Za-z0-9_-]*):(.*)$`)
)

// errRule is wrapped by every grammar error.
var errRule = errors.New("invalid rule")

// ParseRule parses a rule string of the form Tool or Tool(specifier) for the
// given behaviour. Malformed rules are errors; rules that parse but are never
// consulted, or look like mistakes, carry Warnings (and Ignored when dead).
func ParseRule(text string, b Behavior) (Rule, error) {
	r := Rule{Text: text, Behavior: b}
	t := strings.TrimSpace(text)
	if t == "" {
		return r, fmt.Errorf("%w: empty rule", errRule)
	}
	if b == Allow && t != text && allowPadded(&r, t) {
		return r, nil
	}
	name, spec, hasSpec := t, "", false
	if i := strings.IndexByte(t, '('); i >= 0 {
		if !strings.HasSuffix(t, ")") {
			return r, fmt.Errorf("%w %q: missing closing parenthesis", errRule, text)
		}
		name, spec, hasSpec = t[:i], t[i+1:len(t)-1], true
	} else if strings.ContainsRune(t, ')') {
		return r, fmt.Errorf("%w %q: unbalanced parenthesis", errRule, text)
	}
	if !toolNameRE.MatchString(name) {
		return r, fmt.Errorf("%w %q: tool name %q may contain only letters, digits, '_', '-' and '*'", errRule, text, name)
	}
	name = toolspec.Canonical(name)
	r.Tool = name
	r.ToolGlob = strings.Contains(name, "*")
	if strings.HasPrefix(name, "mcp__") {
		parseMCPName(&r)
	}
	if hasSpec && allowMatchesNothing(&r, spec) {
		return r, nil
	}
	if hasSpec && (spec == "*" || spec == "") {
		if spec == "" {
			r.Warnings = append(r.Warnings, "empty parentheses: the rule covers the whole tool")
		}
		hasSpec = false
	}
	if r.ToolGlob {
		if hasSpec {
			return r, fmt.Errorf("%w %q: a tool-name glob takes no specifier", errRule, text)
		}
		if b == Allow && !(r.MCPServer != "" && !strings.Contains(r.MCPServer, "*")) {
			r.Ignored = "an allow rule accepts a glob only after a literal mcp__<server>__ prefix"
			r.Warnings = append(r.Warnings, "unanchored allow glob "+name+" is ignored: "+r.Ignored)
		}
		return r, nil
	}
	if b != Allow && !toolspec.Known(name) && !strings.ContainsAny(name, "_*") {
		r.Warnings = append(r.Warnings, fmt.Sprintf("unknown tool %q", name))
	}
	if !hasSpec {
		return r, nil
	}
	return r, parseSpec(&r, spec)
}

func parseMCPName(r *Rule) {
	rest := strings.TrimPrefix(r.Tool, "mcp__")
	server, tool, _ := strings.Cut(rest, "__")
	r.MCPServer, r.MCPTool = server, tool
	if tool == "*" {
		r.MCPTool = ""
		r.Tool = "mcp__" + server
		r.ToolGlob = strings.Contains(server, "*")
	}
}

func parseSpec(r *Rule, spec string) error {
	b := r.Behavior
	if m := paramRE.FindStringSubmatch(spec); m != nil && isParamSpec(r.Tool, m[1], spec) {
		r.Kind, r.Param, r.Pattern = KindParam, m[1], m[2]
		switch {
		case b == Allow:
			r.Ignored = "param:value rules work in deny and ask only"
			r.Warnings = append(r.Warnings, "param rule "+r.Text+" is ignored in allow: "+r.Ignored)
		case mainField(r.Tool) == m[1]:
			r.Ignored = fmt.Sprintf("%q is %s's main field; write %s(pattern) instead", m[1], r.Tool, r.Tool)
			r.Warnings = append(r.Warnings, "param rule on main field is ignored: "+r.Ignored)
		}
		return nil
	}
	switch {
	case r.Tool == "Bash":
		r.Kind, r.Pattern = KindBash, spec
		if i := strings.Index(spec, ":*"); i >= 0 && i != len(spec)-2 {
			r.Warnings = append(r.Warnings, "':*' is special only at the very end of a Bash pattern; here it is literal")
		}
	case isPathTool(r.Tool):
		r.Kind = KindPath
		switch {
		case strings.HasPrefix(spec, "//"):
			r.Anchor, r.Pattern = AnchorRoot, spec[1:]
		case spec == "~" || strings.HasPrefix(spec, "~/"):
			r.Anchor, r.Pattern = AnchorHome, strings.TrimPrefix(strings.TrimPrefix(spec, "~"), "/")
		case strings.HasPrefix(spec, "/"):
			r.Anchor, r.Pattern = AnchorSource, spec[1:]
		default:
			r.Anchor, r.Pattern = AnchorCwd, strings.TrimPrefix(spec, "./")
		}
		if _, use := pathTool(r.Tool); use != "" {
			r.Ignored = fmt.Sprintf("path rules for %s are never consulted; use %s(...)", r.Tool, use)
			r.Warnings = append(r.Warnings, r.Ignored)
		}
	case r.Tool == "WebFetch":
		d, ok := domainSpec(spec)
		if !ok || d == "" {
			return fmt.Errorf("%w %q: WebFetch rules take domain:HOST", errRule, r.Text)
		}
		if host, warn := domainRuleHost(d, r.Behavior); warn != "" {
			d = host
			r.Warnings = append(r.Warnings, "rule "+r.Text+": "+warn)
		}
		r.Kind, r.Pattern = KindDomain, hostname.CanonicalPattern(d)
		if r.Pattern == "*" {
			r.Kind, r.Pattern = KindNone, "" // domain:* is the whole tool
		}
	case r.Tool == "Agent":
		r.Kind, r.Pattern = KindAgent, spec
	case specFields(r.Tool) != nil:
		r.Kind, r.Pattern = KindField, spec
	default:
		r.Ignored = fmt.Sprintf("%s takes no specifier other than param:value", r.Tool)
		r.Warnings = append(r.Warnings, "rule "+r.Text+" is ignored: "+r.Ignored)
	}
	return nil
}

// specFields are the input fields a specifier of the tool matches (nil when
// the tool takes none).
func specFields(tool string) []string {
	s, ok := toolspec.Lookup(tool)
	if !ok {
		return nil
	}
	return s.SpecFields
}

// isParamSpec decides whether "name:value" is a param rule rather than a
// pattern that happens to contain a colon (Bash(git:*), a path).
func isParamSpec(tool, name, spec string) bool {
	switch {
	case tool == "Bash":
		return bashParams[name] || (name == "command" && !strings.HasSuffix(spec, ":*"))
	case tool == "WebFetch":
		return !strings.EqualFold(name, "domain")
	case isPathTool(tool):
		// Any field the tool's input has is a param, not a file named
		// "limit:5": Edit(replace_all:true), Read(offset:*) and
		// NotebookEdit(edit_mode:delete) must not become path rules that
		// match nothing (or, for NotebookEdit, are never consulted).
		return name == mainField(tool) || name == "pattern" || name == "glob" || name == "type" ||
			name == "output_mode" || name == "content" || name == "old_string" || name == "new_string" ||
			toolspec.Fields(tool)[name]
	case specFields(tool) != nil:
		// Skill(review-pr:*), PowerShell(Remove-Item:*): a command-like
		// specifier's "name:*" is the prefix form, not a param rule on a
		// field named review-pr that no input has — as such, a deny
		// matched nothing. Only the tool's own fields make a param rule.
		return toolspec.Fields(tool)[name]
	}
	return true
}

package engine

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// ruleData is one settings rule as the policy sees it: provenance plus the
// pattern pre-compiled in Go into a regex or absolute globs.
type ruleData struct {
	ID       int    `json:"id"`
	Text     string `json:"text"`
	Behavior string `json:"behavior"`
	Source   string `json:"source"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Kind     string `json:"kind"`
	// Re matches the Bash command text, host, param value or agent type.
	Re     string   `json:"re,omitempty"`
	Exact  bool     `json:"exact,omitempty"`
	Globs  []string `json:"globs,omitempty"`
	Param  string   `json:"param,omitempty"`
	NameRe string   `json:"name_re,omitempty"`
}

// bucket holds one behaviour's rules: by tool name (the OPA lookup narrows
// by it) and tool-name globs that must be tried against every name.
type bucket struct {
	ByTool map[string][]ruleData `json:"by_tool"`
	Globs  []ruleData            `json:"globs"`
}

// compileRules turns the effective settings into data.agentctl.rules.
func compileRules(s *settings.Settings) map[string]*bucket {
	out := map[string]*bucket{}
	for _, b := range []settings.Behavior{settings.Deny, settings.Ask, settings.Allow} {
		out[string(b)] = &bucket{ByTool: map[string][]ruleData{}, Globs: []ruleData{}}
	}
	anchors := anchorSet{cwd: variants(s.Cwd), home: variants(s.Home)}
	for i, r := range s.Rules {
		if r.Ignored != "" {
			continue
		}
		d := ruleData{ID: i, Text: r.Text, Behavior: string(r.Behavior), Source: r.Source.String(),
			File: r.Pos.File, Line: r.Pos.Line, Column: r.Pos.Column, Kind: string(r.Kind), Param: r.Param}
		switch r.Kind {
		case settings.KindBash:
			d.Re, d.Exact = BashRegex(r.Pattern)
		case settings.KindPath:
			d.Globs = PathGlobs(r, anchors)
		case settings.KindDomain:
			d.Re = DomainRegex(r.Pattern)
		case settings.KindParam, settings.KindAgent:
			d.Re = wildcardRegex(r.Pattern)
		}
		bk := out[string(r.Behavior)]
		if r.ToolGlob {
			d.NameRe = wildcardRegex(r.Tool)
			bk.Globs = append(bk.Globs, d)
			continue
		}
		bk.ByTool[r.Tool] = append(bk.ByTool[r.Tool], d)
	}
	return out
}

// wildcardRegex matches s exactly, with each '*' matching any run of characters.
func wildcardRegex(s string) string {
	parts := strings.Split(s, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return "(?s)^" + strings.Join(parts, ".*") + "$"
}

// BashRegex compiles a Bash(pattern) specifier (spec §3): '*' matches any
// run of characters; a final " *" (or ":*") also matches the bare prefix at a
// word boundary; a pattern without '*' matches the normalised command exactly.
func BashRegex(p string) (re string, exact bool) {
	if strings.HasSuffix(p, ":*") {
		p = strings.TrimSuffix(p, ":*") + " *"
	}
	if strings.HasSuffix(p, " *") {
		prefix := strings.TrimSuffix(p, " *")
		return strings.TrimSuffix(wildcardRegex(prefix), "$") + "( .*)?$", false
	}
	if strings.Contains(p, "*") {
		return wildcardRegex(p), false
	}
	// Normalise the exact pattern as a command is normalised: quotes removed,
	// harmless wrappers peeled.
	if a := bashparse.Parse(p); a.Err == nil && len(a.Commands) == 1 && a.Commands[0].Narrow.Text != "" {
		p = a.Commands[0].Narrow.Text
	}
	return "(?s)^" + regexp.QuoteMeta(p) + "$", true
}

// DomainRegex compiles a WebFetch domain pattern: "*.x" matches subdomains
// at any depth (not x itself); any other '*' stays within one DNS label.
func DomainRegex(p string) string {
	prefix := ""
	if rest, ok := strings.CutPrefix(p, "*."); ok {
		prefix, p = `(?:[^.]+\.)+`, rest
	}
	parts := strings.Split(p, "*")
	for i, x := range parts {
		parts[i] = regexp.QuoteMeta(x)
	}
	return "^" + prefix + strings.Join(parts, `[^.]*`) + "$"
}

// anchorSet holds the directories path patterns anchor at, each with its
// symlink-resolved form when that differs.
type anchorSet struct {
	cwd, home []string
}

func variants(dir string) []string {
	out := []string{filepath.Clean(dir)}
	if r, err := filepath.EvalSymlinks(dir); err == nil && r != out[0] {
		out = append(out, r)
	}
	return out
}

// PathGlobs turns a path rule into absolute globs for glob.match with "/"
// as delimiter (spec §4): anchors resolved per source, bare names at any
// depth, relative deny/ask patterns at any depth, a directory covering its
// contents.
func PathGlobs(r settings.Rule, a anchorSet) []string {
	p := strings.TrimSuffix(r.Pattern, "/")
	if strings.HasSuffix(r.Pattern, "/") && p != "" {
		p += "/**"
	}
	var roots []string
	anyDepth := false
	switch r.Anchor {
	case settings.AnchorRoot:
		roots = []string{""}
		p = strings.TrimPrefix(p, "/")
	case settings.AnchorHome:
		roots = a.home
	case settings.AnchorSource:
		roots = variants(r.Root)
	default:
		roots = a.cwd
		anyDepth = !strings.Contains(p, "/") || r.Behavior != settings.Allow
	}
	var globs []string
	seen := map[string]bool{}
	add := func(g string) {
		// A directory pattern covers its contents; "dir/**" also covers dir
		// itself (a Grep or Glob over it).
		vs := []string{g, g + "/**"}
		if d, ok := strings.CutSuffix(g, "/**"); ok {
			vs = []string{g, d}
		}
		for _, v := range vs {
			if v != "" && !seen[v] {
				seen[v] = true
				globs = append(globs, v)
			}
		}
		// "a/**/b" also matches "a/b": glob's ** needs at least one segment.
		if i := strings.Index(g, "/**/"); i >= 0 {
			short := g[:i] + g[i+3:]
			if !seen[short] {
				seen[short] = true
				globs = append(globs, short, short+"/**")
			}
		}
	}
	for _, root := range roots {
		root = strings.TrimSuffix(root, "/")
		if p == "" {
			add(root)
			continue
		}
		add(root + "/" + p)
		if anyDepth && !strings.HasPrefix(p, "**/") {
			add(root + "/**/" + p)
		}
	}
	return globs
}

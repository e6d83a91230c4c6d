package engine

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gobwas/glob"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/toolspec"
)

// ruleData is one settings rule as the policy sees it: provenance plus the
// pattern pre-compiled in Go into a regex or an absolute glob.
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
	Re    string `json:"re,omitempty"`
	Exact bool   `json:"exact,omitempty"`
	Glob  string `json:"glob,omitempty"` // one absolute glob of a path rule
	// Fold marks a deny or ask path entry whose glob is lower-cased and
	// matched against the lower-cased path (see caseGlobs).
	Fold   bool   `json:"fold,omitempty"`
	Param  string `json:"param,omitempty"`
	NameRe string `json:"name_re,omitempty"`
	// Fields are the input fields a KindField rule matches, in order.
	Fields []string `json:"fields,omitempty"`
	// OptionRe matches a Bash deny or ask rule's options in any spelling
	// (optionRegex), against a command's option_form.
	OptionRe string `json:"option_re,omitempty"`
	// Parts are the regular expressions of a compound deny or ask Bash
	// pattern's commands (compoundParts): the rule matches a call holding a
	// command that matches each.
	Parts []string `json:"parts,omitempty"`
	// Wrapper is the wrapper a deny or ask Bash rule names as a whole
	// (wrapperRuleName): the rule matches a command peeled of it.
	Wrapper string `json:"wrapper,omitempty"`
	// Confined marks an untrusted repository's Bash allow rule
	// (settings.Rule.Confined): facts.named must lie in the working
	// directories for it to approve a command.
	Confined bool `json:"confined,omitempty"`
}

// bucket holds one behaviour's rules, indexed so that a decision looks at
// the few rules that can match instead of all of them:
//   - Tool: whole-tool, param and agent rules by tool name (mcp__server for server rules);
//   - Globs: tool-name globs, tried against every name;
//   - Bash: Bash patterns by their literal command name ("*" when it starts with a wildcard);
//   - Path: Read and Edit path rules, one entry per glob, by the glob's literal
//     directory prefix (the facts list every ancestor of a file);
//   - Domain: WebFetch domain rules by their literal label suffix.
type bucket struct {
	Tool   map[string][]ruleData            `json:"tool"`
	Globs  []ruleData                       `json:"globs"`
	Bash   map[string][]ruleData            `json:"bash"`
	Path   map[string]map[string][]ruleData `json:"path"`
	Domain map[string][]ruleData            `json:"domain"`
	// Compound lists the deny and ask Bash rules that have Parts.
	Compound []ruleData `json:"compound,omitempty"`
	// Wrappers lists the deny and ask Bash rules that have a Wrapper.
	Wrappers []ruleData `json:"wrappers,omitempty"`
	// HasBash and HasPath say whether any Bash pattern or path rule exists
	// (what an unresolved shell part could hide from), computed once here.
	HasBash bool `json:"has_bash"`
	HasPath bool `json:"has_path"`
	// optionNames are the command names the bucket's OptionRe rules start
	// with: only those commands need an option form.
	optionNames map[string]bool
}

// compileRules turns the effective settings into data.agentctl.rules. A
// path rule whose glob does not compile is an error at the rule's
// position: matched, it would fail every decision that consults it, and
// dropped, a deny would be lost.
func compileRules(s *settings.Settings) (map[string]*bucket, error) {
	out := map[string]*bucket{}
	for _, b := range []settings.Behavior{settings.Deny, settings.Ask, settings.Allow} {
		out[string(b)] = &bucket{Tool: map[string][]ruleData{}, Globs: []ruleData{}, Bash: map[string][]ruleData{},
			Path: map[string]map[string][]ruleData{"Read": {}, "Edit": {}}, Domain: map[string][]ruleData{}}
	}
	anchors := newAnchors(s)
	for i, r := range s.Rules {
		if r.Ignored != "" {
			continue
		}
		d := ruleData{ID: i, Text: r.Text, Behavior: string(r.Behavior), Source: r.Source.String(),
			File: r.Pos.File, Line: r.Pos.Line, Column: r.Pos.Column, Kind: string(r.Kind), Param: r.Param}
		bk := out[string(r.Behavior)]
		switch {
		case r.ToolGlob:
			d.NameRe = toolNameRegex(r)
			if r.Kind == settings.KindParam {
				d.Re = wildcardRegex(r.Pattern)
			}
			bk.Globs = append(bk.Globs, d)
		case r.Kind == settings.KindBash:
			d.Re, d.Exact = bashRegex(r.Pattern, r.Behavior == settings.Allow)
			d.Confined = r.Confined
			if r.Behavior != settings.Allow {
				var head string
				if d.OptionRe, head = optionRegex(r.Pattern); head != "" {
					if bk.optionNames == nil {
						bk.optionNames = map[string]bool{}
					}
					bk.optionNames[head] = true
				}
			}
			var peeledKeys []string
			if r.Behavior != settings.Allow {
				peeledKeys = peeledBashRule(&d, r.Pattern)
				escapedStarRule(&d, r.Pattern)
				d.Parts = compoundParts(r.Pattern)
				d.Wrapper = wrapperRuleName(r.Pattern)
			}
			k := bashKey(r.Pattern)
			bk.Bash[k] = append(bk.Bash[k], d)
			for _, pk := range peeledKeys {
				bk.Bash[pk] = append(bk.Bash[pk], d)
			}
			if d.Parts != nil {
				bk.Compound = append(bk.Compound, d)
			}
			if d.Wrapper != "" {
				bk.Wrappers = append(bk.Wrappers, d)
			}
			bk.HasBash = true
		case r.Kind == settings.KindPath:
			if bk.Path[r.Tool] == nil {
				bk.Path[r.Tool] = map[string][]ruleData{} // Grep, NotebookRead: their own tool only
			}
			for _, g := range pathGlobs(r, anchors) {
				// Only a class, a brace or an escape can fail to compile:
				// the rest of the start path is spared a compile per glob.
				if strings.ContainsAny(g, `[{\`) {
					if _, err := glob.Compile(g, '/'); err != nil {
						return nil, fmt.Errorf("%w: %s: rule %s: not a path pattern agentctl can match (%v): close each [ with ], and escape a literal [ as \\[",
							ErrPolicy, r.Pos, r.Text, err)
					}
				}
				if r.Behavior == settings.Allow {
					e := d
					e.Glob = g
					k := globKey(g)
					bk.Path[r.Tool][k] = append(bk.Path[r.Tool][k], e)
					continue
				}
				// Deny and ask entries live under lower-cased keys: the
				// policy looks them up with the lower-cased path's keys.
				k := globKey(strings.ToLower(g))
				folded, exact := caseGlobs(g)
				if folded != "" {
					e := d
					e.Glob, e.Fold = folded, true
					bk.Path[r.Tool][k] = append(bk.Path[r.Tool][k], e)
				}
				if exact {
					e := d
					e.Glob = g
					bk.Path[r.Tool][k] = append(bk.Path[r.Tool][k], e)
				}
			}
			bk.HasPath = true
		case r.Kind == settings.KindDomain:
			d.Re = domainRuleRegex(r)
			k := domainKey(r.Pattern)
			bk.Domain[k] = append(bk.Domain[k], d)
		default:
			switch r.Kind {
			case settings.KindParam, settings.KindAgent:
				d.Re = wildcardRegex(r.Pattern)
			case settings.KindField:
				// Command-like specifiers: "x:*" and "x *" match x and x …
				d.Re, d.Exact = bashRegex(r.Pattern, false)
				if sp, ok := toolspec.Lookup(r.Tool); ok {
					d.Fields = sp.SpecFields
				}
			}
			bk.Tool[r.Tool] = append(bk.Tool[r.Tool], d)
		}
	}
	return out, nil
}

// caseGlobs gives the forms in which a deny or ask path glob is matched:
// such rules match case-insensitively, as Claude Code's do (on macOS and
// Windows ".ENV" is ".env"), so the glob is lower-cased (folded) and
// matched against the lower-cased path — strings.ToLower here and Rego's
// lower() there, the same function. A character class is lower-cased with
// the rest ("[A-Z]" becomes "[a-z]": on the lower-cased path it matches a
// letter of either case), but lower-casing can also narrow a class
// ("[!a-z]", "[A-z]"): a glob with a class is kept as written too (exact),
// matched against the path as written, so that a deny never matches less
// than its pattern says. A folded glob that no longer compiles ("[Z-a]"
// becomes "[z-a]") is left out ("") and the glob matches as written only.
func caseGlobs(g string) (folded string, exact bool) {
	folded = strings.ToLower(g)
	if folded != g {
		if _, err := glob.Compile(folded, '/'); err != nil {
			return "", true
		}
	}
	return folded, strings.Contains(g, "[")
}

// bashKey is the literal command name a Bash pattern starts with, or "*".
func bashKey(p string) string {
	if strings.HasSuffix(p, ":*") {
		p = strings.TrimSuffix(p, ":*") + " *"
	}
	first, _, _ := strings.Cut(p, " ")
	if first == "" || strings.ContainsAny(first, "*'\\\"$`") {
		return "*"
	}
	return first
}

// globKey picks the index key of an absolute glob: the last fully literal
// path segment after its first wildcard ("seg:name": every path the glob
// matches has that segment), else its literal directory prefix ("/" at least).
func globKey(g string) string {
	i := strings.IndexAny(g, "*?[{\\")
	if i < 0 {
		return g
	}
	prefix := g[:strings.LastIndex(g[:i], "/")]
	segs := strings.Split(g[len(prefix):], "/")
	for j := len(segs) - 1; j >= 0; j-- {
		if segs[j] != "" && !strings.ContainsAny(segs[j], "*?[{\\") {
			return "seg:" + segs[j]
		}
	}
	if prefix == "" {
		return "/"
	}
	return prefix
}

// domainKey is the literal label suffix of a domain pattern ("" when none).
func domainKey(p string) string {
	i := strings.LastIndex(p, "*")
	if i < 0 {
		return p
	}
	rest := p[i+1:]
	if j := strings.Index(rest, "."); j >= 0 {
		return rest[j+1:]
	}
	return ""
}

// pathKeys lists the index keys of an absolute path: its ancestors ("/"
// first, the path itself last) and "seg:" plus each of its segments. Path
// rules that may match the path live under one of them.
func pathKeys(p string) []string {
	out := []string{"/"}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if i > start {
				out = append(out, p[:i], "seg:"+p[start:i])
			}
			start = i + 1
		}
	}
	return out
}

// domainSuffixes lists a host's label-aligned suffixes and "", the keys
// under which domain rules that may match it live.
func domainSuffixes(host string) []string {
	out := []string{host}
	for i := 0; i < len(host); i++ {
		if host[i] == '.' {
			out = append(out, host[i+1:])
		}
	}
	return append(out, "")
}

// wildcardRegex matches s exactly, with each '*' matching any run of characters.
func wildcardRegex(s string) string {
	parts := strings.Split(s, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return "(?s)^" + strings.Join(parts, ".*") + "$"
}

// bashRegex compiles a Bash(pattern) specifier (spec §3): '*' matches any
// run of characters; a final " *" (or ":*") also matches the bare prefix at a
// word boundary; a pattern without '*' matches the normalised command exactly.
// An allow pattern is normalised as allow rules see a command, a word
// holding a blank quoted (bashparse.View.Quoted); deny and ask patterns to
// the plain words.
func bashRegex(p string, quoted bool) (re string, exact bool) {
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
		if w := a.Commands[0].Narrow.Quoted; quoted && w != "" {
			p = w
		}
	}
	return "(?s)^" + regexp.QuoteMeta(p) + "$", true
}

// domainRegex compiles a WebFetch domain pattern: "*.x" matches subdomains
// at any depth (not x itself); any other '*' stays within one DNS label,
// or within one group of an IPv6 address (ipv6Star).
func domainRegex(p string) string {
	if strings.Contains(p, ":") {
		return ipv6Star(p)
	}
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
// symlink-resolved form when that differs. extra are the additional working
// directories: a relative deny or ask pattern covers them as it covers the
// cwd (Claude Code denies Read(.env) for <added dir>/.env too), while a
// relative allow stays at the cwd.
type anchorSet struct {
	cwd, home, extra []string
	// roots holds the settings sources' roots as variants gave them: every
	// rule of a file anchors at its root, and resolving it per rule made a
	// large policy's start lstat each ancestor a few hundred times.
	roots map[string][]string
}

// newAnchors is the anchor set of the settings.
func newAnchors(s *settings.Settings) anchorSet {
	a := anchorSet{cwd: variants(s.Cwd), home: variants(s.Home), roots: map[string][]string{}}
	for _, d := range s.WorkingDirs()[1:] {
		a.extra = append(a.extra, variants(d)...)
	}
	return a
}

// rootVariants is variants(root), each root resolved once per anchor set.
func (a anchorSet) rootVariants(root string) []string {
	if v, ok := a.roots[root]; ok {
		return v
	}
	v := variants(root)
	if a.roots != nil {
		a.roots[root] = v
	}
	return v
}

func variants(dir string) []string {
	out := []string{filepath.Clean(dir)}
	if r, err := filepath.EvalSymlinks(dir); err == nil && r != out[0] {
		out = append(out, r)
	}
	return out
}

// writtenPathGlobs turns a path rule into absolute globs for glob.match
// with "/" as delimiter (spec §4): anchors resolved per source, bare names
// at any depth, relative deny/ask patterns at any depth, a directory
// covering its contents. pathGlobs decides how braces read.
func writtenPathGlobs(r settings.Rule, a anchorSet) []string {
	pat := gitignoreSpelling(r.Pattern, r.Behavior == settings.Allow)
	p := strings.TrimSuffix(pat, "/")
	if strings.HasSuffix(pat, "/") && p != "" {
		p += "/**"
	}
	if r.Behavior != settings.Allow {
		p = cleanRulePattern(p)
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
		roots = a.rootVariants(r.Root)
	default:
		roots = a.cwd
		anyDepth = !strings.Contains(p, "/") || r.Behavior != settings.Allow
		if r.Behavior != settings.Allow {
			roots = append(append([]string{}, a.cwd...), a.extra...)
		}
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
		// "a/**/b" also matches "a/b": glob's ** needs at least one
		// segment, so every "/**/" may also stand for none.
		for _, short := range zeroDepthForms(g) {
			if !seen[short] {
				seen[short] = true
				globs = append(globs, short, short+"/**")
			}
		}
	}
	for _, root := range roots {
		// The anchor is a directory, not a pattern: a project in
		// "/tmp/x{1}" or "/src/[old]" matches only itself.
		root = globEscaper.Replace(strings.TrimSuffix(root, "/"))
		if p == "" {
			add(root)
			continue
		}
		if up, ok := leadingParent(root, p); ok && r.Behavior != settings.Allow {
			add(up) // Read(../sib/**): the sibling, not a "..", no cleaned path has
			continue
		}
		add(root + "/" + p)
		if anyDepth && !strings.HasPrefix(p, "**/") {
			add(root + "/**/" + p)
		}
	}
	return globs
}

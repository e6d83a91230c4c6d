package engine

import (
	"strings"
	"sync"

	"github.com/agentctl/agentctl/internal/lazyre"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/toolspec"
)

// Go ports of rego/lib.rego: the tool families, the rule index look-ups,
// matching, places, protected paths and critical rm. Each function names
// the Rego rule it ports.

var (
	regoEditCommands = set("mkdir", "touch", "rm", "rmdir", "mv", "cp", "sed")
	// regoOptionlessEditCommands ports lib.optionless_edit_commands.
	regoOptionlessEditCommands = set("mv", "cp", "touch")
	regoProtectedDirs          = set(".git", ".vscode", ".idea", ".husky", ".cargo", ".devcontainer", ".yarn", ".mvn", ".claude")
	regoProtectedFiles         = set(".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv",
		".zlogin", ".envrc", ".gitconfig", ".gitmodules", ".npmrc", ".mcp.json", ".claude.json",
		// Claude Code 2.1.332 also asks for these (its sensitive files).
		".bash_logout", ".bash_aliases", ".zlogout", ".yarnrc", ".yarnrc.yml", ".bunfig.toml", ".ripgreprc",
		".pre-commit-config.yaml")
	regoStrictDirs  = set(strictDirNames...)
	regoRmCommands  = set("rm", "rmdir", "unlink", "shred")
	regoHomeWordRe  = lazyre.New(`^["']?(\$HOME|\$\{HOME\}|~)`)
	regoCwdWordRe   = lazyre.New(`^["']?\$\{?(PWD|OLDPWD)\}?["']?/*["']?$`)
	regoAccessKinds = map[string]string{"read": "Read", "write": "Edit"}
)

// The tool sets come from the catalogue, as lib.rego reads them from
// data.agentctl.tools (tool_spec, buckets, file_tool, read_only_tool,
// no_permission_tool).

func toolBuckets(tool string) []string {
	sp, ok := toolspec.Lookup(tool)
	if !ok || sp.Name != tool {
		return []string{tool}
	}
	if sp.Family != toolspec.NoFamily && string(sp.Family) != sp.Name {
		return []string{sp.Name, string(sp.Family)}
	}
	return []string{sp.Name}
}

func fileTool(tool string) bool {
	sp, ok := toolspec.Lookup(tool)
	return ok && sp.Name == tool && sp.Family != toolspec.NoFamily
}

func readOnlyTool(tool string) bool {
	sp, ok := toolspec.Lookup(tool)
	return ok && sp.Name == tool && sp.ReadOnly
}

func noPermissionTool(tool string) bool {
	sp, ok := toolspec.Lookup(tool)
	return ok && sp.Name == tool && !sp.NeedsPermission
}

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// nativeEval is one decision being made: the index, the input and what
// is derived from it once (lib.tool_keys, hard_unresolved, top_commands).
// The first evaluation error (a pattern that does not compile, a type
// error) is kept: OPA under StrictBuiltinErrors stops with it.
type nativeEval struct {
	x        *nativeIndex
	in       *callInput
	f        *Facts
	toolKeys []string
	// allowKeys are toolKeys for the allow stage (see lib.rule_keys).
	allowKeys []string
	hard      []bashparse.Unresolved
	top       []*CommandFact
	err       error
	// memo holds the call's first regex answers: rules repeated across
	// settings files share a pattern, and a command meets it once per stage.
	memo  [8]reMemo
	nmemo int
	// lowered holds the call's first lower-cased paths: deny and ask each
	// look at every file under its lower-cased form (fileMatches).
	lowered  [4][2]string
	nlowered int
	// lowerMap holds the rest once lowered is full (a Bash call's
	// witnesses and operands); it outlives the call, emptied, in the pool.
	lowerMap map[string]string
	// Scratch space for the allow stage (see allowStage).
	usedBuf, rulesBuf [8]*nativeRule
	approvedBuf       [32]bool
	hardBuf           [4]bashparse.Unresolved
	topBuf            [8]*CommandFact
	// policy is the call's policy files lower-cased (the engine's, or
	// built here for an input made elsewhere: never none by omission).
	policy *policyFiles
}

func newNativeEval(x *nativeIndex, in *callInput) *nativeEval {
	n := nativeEvals.Get().(*nativeEval)
	*n = nativeEval{x: x, in: in, f: &in.Facts, policy: in.policy, lowerMap: n.lowerMap}
	if n.policy == nil {
		n.policy = newPolicyFiles(in.PolicyFiles)
	}
	keys := toolBuckets(in.Tool)
	n.toolKeys, n.allowKeys = keys, keys
	if n.f.MCP != nil {
		n.toolKeys = append(append([]string(nil), keys...), "mcp__"+n.f.MCP.Server)
		n.allowKeys = n.toolKeys
		if len(n.f.MCP.AltServers) > 0 {
			// lib.rule_keys: deny and ask see every server the name can
			// belong to, allow none of them (only the whole tool's name).
			n.allowKeys = keys
			for _, s := range n.f.MCP.AltServers {
				n.toolKeys = append(n.toolKeys, "mcp__"+s)
			}
		}
	}
	n.hard = n.hardBuf[:0]
	for _, u := range n.f.Unresolved {
		if u.Reason != bashparse.ReasonExecWrapper {
			n.hard = append(n.hard, u)
		}
	}
	n.top = n.topBuf[:0]
	for i := range n.f.Commands {
		if !n.f.Commands[i].Nested {
			n.top = append(n.top, &n.f.Commands[i])
		}
	}
	return n
}

// nativeEvals holds finished evaluations for reuse: one is most of a
// kilobyte of inline memos, and every decision needs one.
var nativeEvals = sync.Pool{New: func() any { return new(nativeEval) }}

// release empties n (it must not hold the call's input past the call)
// and keeps it for the next decision.
func (n *nativeEval) release() {
	m := n.lowerMap
	clear(m)
	*n = nativeEval{lowerMap: m}
	nativeEvals.Put(n)
}

func (n *nativeEval) fail(err error) {
	if n.err == nil {
		n.err = err
	}
}

func (n *nativeEval) re(l *lazyRegex, s string) bool {
	for i := range n.memo[:n.nmemo] {
		if m := &n.memo[i]; m.re == l && m.s == s {
			return m.ok
		}
	}
	ok, err := l.match(s)
	if err != nil {
		n.fail(err)
	} else if n.nmemo < len(n.memo) {
		n.memo[n.nmemo] = reMemo{l, s, ok}
		n.nmemo++
	}
	return ok
}

// reMemo is one regex.match answer remembered for the call.
type reMemo struct {
	re *lazyRegex
	s  string
	ok bool
}

func (n *nativeEval) glob(r *nativeRule, s string) bool {
	ok, err := r.glob.match(s)
	if err != nil {
		n.fail(err)
	}
	return ok
}

// toolRules ports lib.tool_rules(b) for deny and ask.
func (n *nativeEval) toolRules(b *nativeBucket, each func(r *nativeRule)) {
	n.rulesUnder(b, n.toolKeys, true, each)
}

// allowToolRules ports lib.tool_rules("allow"): an MCP name whose server
// is not certain gets no server-wide rule and no name glob.
func (n *nativeEval) allowToolRules(b *nativeBucket, each func(r *nativeRule)) {
	n.rulesUnder(b, n.allowKeys, n.f.MCP == nil || len(n.f.MCP.AltServers) == 0, each)
}

func (n *nativeEval) rulesUnder(b *nativeBucket, keys []string, globs bool, each func(r *nativeRule)) {
	for _, k := range keys {
		for _, r := range b.tool[k] {
			each(r)
		}
	}
	if !globs {
		return
	}
	for _, r := range b.globs {
		if n.re(r.nameRe, n.in.Tool) {
			each(r)
		}
	}
}

// bashRules ports lib.bash_rules(b, c): rules under the set {narrow name,
// wide name, "*"}.
func (n *nativeEval) bashRules(b *nativeBucket, c *CommandFact, each func(r *nativeRule)) {
	keys := [3]string{c.Narrow.Name, c.Wide.Name, "*"}
	for i, k := range keys {
		if (i > 0 && k == keys[0]) || (i > 1 && k == keys[1]) {
			continue
		}
		for _, r := range b.bash[k] {
			each(r)
		}
	}
}

// pathEntries ports lib.path_entries(b, kind, f): the entries under every
// index key of the file (pathKeys of its path and resolved path). A rule
// under a key both share may come twice; every caller collects by id.
func pathEntries(b *nativeBucket, kind string, f *FileFact, each func(e *nativeRule)) {
	px := b.path[kind]
	if px == nil {
		return
	}
	px.visit(f.Path, each)
	if f.Resolved != f.Path {
		px.visit(f.Resolved, each)
	}
}

// visit visits the entries under pathKeys(p) without building the keys.
func (px *pathIndex) visit(p string, each func(e *nativeRule)) {
	if px.ancLens.has(1) {
		for _, e := range px.anc["/"] {
			each(e)
		}
	}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if i > start {
				if px.ancLens.has(i) {
					for _, e := range px.anc[p[:i]] {
						each(e)
					}
				}
				if px.segLens.has(i - start) {
					for _, e := range px.segs[p[start:i]] {
						each(e)
					}
				}
				if strings.HasPrefix(p, "seg:") && px.segLens.has(i-4) {
					// An ancestor spelled like a segment key (a dynamic path
					// "seg:…/x") finds what pathKeys' shared key space does.
					for _, e := range px.segs[p[4:i]] {
						each(e)
					}
				}
			}
			start = i + 1
		}
	}
}

// entryKinds ports lib.entry_kinds(b, f): access_kinds then own_kinds.
func entryKinds(behavior string, f *FileFact) []string {
	var out []string
	switch {
	case f.Access == "any":
		out = []string{"Read", "Edit"}
	case f.Access == "read":
		out = []string{"Read"}
	case behavior == "deny":
		out = []string{"Read", "Edit"}
	default:
		out = []string{"Edit"}
	}
	if f.Via == "Grep" || f.Via == "NotebookRead" {
		out = append(out, f.Via)
	}
	return out
}

// fileMatches ports lib.file_matches(b, f) for a deny or ask bucket. Its
// entries live under the keys of the lower-cased path (lib.entry_keys); a
// folded entry matches the lower-cased path and target, any other the
// path as written (see caseGlobs). strings.ToLower returns a path without
// upper-case letters as it is, without copying.
func (n *nativeEval) fileMatches(b *nativeBucket, behavior string, f *FileFact, out *ruleSet) {
	var lp, lr string
	lowered := false
	each := func(e *nativeRule) {
		p, r := f.Path, f.Resolved
		if e.Fold {
			p, r = lp, lr
		}
		m := n.glob(e, p)
		if r != p && n.glob(e, r) {
			m = true
		}
		if m {
			out.add(e)
		}
	}
	for _, kind := range entryKinds(behavior, f) {
		px := b.path[kind]
		if px == nil || len(px.anc) == 0 && len(px.segs) == 0 {
			continue
		}
		if !lowered {
			lp, lr, lowered = n.lower(f.Path), n.lower(f.Resolved), true
		}
		px.visit(lp, each)
		if lr != lp {
			px.visit(lr, each)
		}
	}
}

// lower is strings.ToLower(s), each path of the call lowered once.
func (n *nativeEval) lower(s string) string {
	for i := range n.lowered[:n.nlowered] {
		if n.lowered[i][0] == s {
			return n.lowered[i][1]
		}
	}
	if n.nlowered == len(n.lowered) {
		if l, ok := n.lowerMap[s]; ok {
			return l
		}
	}
	l := strings.ToLower(s)
	switch {
	case l == s:
	case n.nlowered < len(n.lowered):
		n.lowered[n.nlowered] = [2]string{s, l}
		n.nlowered++
	default:
		if n.lowerMap == nil {
			n.lowerMap = map[string]string{}
		}
		n.lowerMap[s] = l
	}
	return l
}

// ruleMatchesCall ports lib.rule_matches_call(r).
func (n *nativeEval) ruleMatchesCall(r *nativeRule) bool {
	switch r.Kind {
	case "":
		return true
	case "param":
		if r.Param == "" {
			return false
		}
		if n.paramMatches(r, n.in.Input) {
			return true
		}
		if n.in.Tool == "MultiEdit" {
			// lib.rule_matches_call: Edit's fields in each of the edits.
			switch es := n.in.Input["edits"].(type) {
			case []any:
				for _, e := range es {
					if m, ok := e.(map[string]any); ok && n.paramMatches(r, m) {
						return true
					}
				}
			case []map[string]any:
				for _, m := range es {
					if n.paramMatches(r, m) {
						return true
					}
				}
			}
		}
		return false
	case "agent":
		return n.agentMatches(r, "general-purpose") || n.agentMatchesFolded(r) // lib.rule_matches_call: the default agent
	case "field":
		return n.fieldMatches(r)
	}
	return false
}

// matching ports lib.matching(b): every deny or ask rule of the bucket
// that matches the call, once each, by id.
func (n *nativeEval) matching(b *nativeBucket, behavior string) ruleSet {
	var out ruleSet
	n.toolRules(b, func(r *nativeRule) {
		if n.ruleMatchesCall(r) {
			out.add(r)
		}
	})
	for i := range n.f.Commands {
		c := &n.f.Commands[i]
		n.bashRules(b, c, func(r *nativeRule) {
			if n.re(r.re, c.Narrow.Text) || n.re(r.re, c.Wide.Text) || c.OptionForm != "" && n.re(r.optionRe, c.OptionForm) {
				out.add(r)
			}
		})
	}
	for _, r := range b.compound {
		if n.partsMatch(r) {
			out.add(r)
		}
	}
	for _, r := range b.wrappers {
		for i := range n.f.Commands {
			if wrapperMatches(r, &n.f.Commands[i]) {
				out.add(r)
				break
			}
		}
	}
	if n.f.ParseError {
		cmd, _ := n.in.Input["command"].(string)
		for _, r := range b.bashAll {
			if n.re(r.re, cmd) {
				out.add(r)
			}
		}
	}
	for i := range n.f.Files {
		n.fileMatches(b, behavior, &n.f.Files[i], &out)
	}
	for i := range n.f.Mentions {
		n.fileMatches(b, behavior, &n.f.Mentions[i], &out)
	}
	for i := range n.f.Reach {
		if n.f.Reach[i].Certain {
			n.fileMatches(b, behavior, &n.f.Reach[i].FileFact, &out)
		}
	}
	n.domainRules(b, func(r *nativeRule) {
		if n.re(r.re, n.f.URL.Host) {
			out.add(r)
		}
	})
	return out.sorted()
}

// domainRules ports lib.domain_rules(b).
func (n *nativeEval) domainRules(b *nativeBucket, each func(r *nativeRule)) {
	if n.f.URL == nil {
		return
	}
	for _, k := range n.f.URL.HostKeys {
		for _, r := range b.domain[k] {
			each(r)
		}
	}
}

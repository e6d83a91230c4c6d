package workflow

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// Build compiles the policy with extra allow rules (as project settings
// would add them) into an engine, and returns what decides with it (the
// engine, or the engine with the middleware the replay decided through).
type Build func(ctx context.Context, allow []string) (Decider, error)

// Suggestion is one proposed allow rule and the recorded calls it covers.
type Suggestion struct {
	Rule     string   `json:"rule"`
	Covers   int      `json:"covers"`
	Examples []string `json:"examples"`
}

// Uncovered is an approved call no proposed rule lets through, and why.
type Uncovered struct {
	Call     Recorded        `json:"call"`
	Decision engine.Decision `json:"decision"`
	Why      string          `json:"why"`
}

// SuggestResult is what Suggest proposes.
type SuggestResult struct {
	// Approved counts the calls that ran and would now ask.
	Approved  int          `json:"approved"`
	Rules     []Suggestion `json:"rules"`
	Uncovered []Uncovered  `json:"uncovered"`
}

// unit is one thing a rule must allow: a whole call, or one simple
// command of a Bash call (each must be allowed).
type unit struct {
	target int
	call   engine.Call
	cands  []string
}

// Suggest proposes the smallest set of allow rules (greedy set cover) that
// lets through the calls that ran and would now ask, under the policy of
// e. A candidate is dropped when it would also match (at the allow stage)
// a recorded call the deny or ask rules, the tool check or the safety
// check stop, or a command a deny or ask rule names; bare Bash and
// Bash(*) are never candidates. Rules covering fewer than minCount calls
// are left out.
func Suggest(ctx context.Context, e *engine.Engine, build Build, rs []Replayed, o ReplayOptions, minCount int) (*SuggestResult, error) {
	res := &SuggestResult{Rules: []Suggestion{}, Uncovered: []Uncovered{}}
	var targets []int
	var units []unit
	var probes []engine.Call
	for i, r := range rs {
		switch st := r.Decision.Stage; {
		case r.Decision.Decision == engine.Ask && r.Call.Outcome == Ran && (st == engine.StageDefault || st == engine.StageMode):
			targets = append(targets, i)
			units = append(units, candidates(e, len(targets)-1, o.Call(r.Call))...)
		case st == engine.StageDeny || st == engine.StageAsk || st == engine.StageSafety || st == engine.StageTool:
			probes = append(probes, o.Call(r.Call))
			if r.Decision.Decision == engine.Ask && r.Call.Outcome == Ran {
				res.Uncovered = append(res.Uncovered, Uncovered{Call: r.Call, Decision: r.Decision,
					Why: "stopped at stage " + st.String() + " (" + DecidedBy(r.Decision) + "): no allow rule overrides it"})
			}
		}
	}
	res.Approved = len(targets) + len(res.Uncovered)
	probes = append(probes, ruleProbes(e.Settings())...)
	all := map[string]bool{}
	// rank orders a unit's candidates from general (0) to exact.
	rank := map[string]int{}
	for _, u := range units {
		for i, c := range u.cands {
			all[c] = true
			rank[c] = max(rank[c], i)
		}
	}
	if len(all) == 0 {
		return res, nil
	}
	cands := sortedKeys(all)
	ce, err := build(ctx, cands)
	if err != nil {
		return nil, err
	}
	unsafe := map[string]bool{}
	for _, p := range probes {
		d, err := ce.Decide(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, m := range allowMatches(d) {
			unsafe[m] = true
		}
	}
	// covers[c] is the set of units candidate c really matches.
	covers := map[string]map[int]bool{}
	for ui, u := range units {
		d, err := ce.Decide(ctx, u.call)
		if err != nil {
			return nil, err
		}
		for _, m := range allowMatches(d) {
			if all[m] && !unsafe[m] {
				if covers[m] == nil {
					covers[m] = map[int]bool{}
				}
				covers[m][ui] = true
			}
		}
	}
	chosen := map[string]map[int]bool{}
	done := map[int]bool{}
	for {
		best, bestN := "", 0
		for _, c := range cands {
			n := 0
			for ui := range covers[c] {
				if !done[ui] {
					n++
				}
			}
			// Ties go to the narrower rule: generality only where it
			// covers more.
			if n > bestN || (n == bestN && n > 0 && rank[c] > rank[best]) {
				best, bestN = c, n
			}
		}
		if bestN == 0 {
			break
		}
		chosen[best] = map[int]bool{}
		for ui := range covers[best] {
			if !done[ui] {
				done[ui] = true
				chosen[best][ui] = true
			}
		}
	}
	for rule, us := range chosen {
		calls := map[int]bool{}
		var ex []string
		for ui := range us {
			calls[units[ui].target] = true
		}
		for _, t := range sortedInts(calls) {
			if len(ex) < 3 {
				r := rs[targets[t]].Call
				ex = append(ex, ShortInput(r.Tool, r.Input, 60))
			}
		}
		if len(calls) >= minCount {
			res.Rules = append(res.Rules, Suggestion{Rule: rule, Covers: len(calls), Examples: ex})
		}
	}
	sort.Slice(res.Rules, func(i, j int) bool {
		if res.Rules[i].Covers != res.Rules[j].Covers {
			return res.Rules[i].Covers > res.Rules[j].Covers
		}
		return res.Rules[i].Rule < res.Rules[j].Rule
	})
	// What the proposal really lets through, decided again.
	var texts []string
	for _, r := range res.Rules {
		texts = append(texts, r.Rule)
	}
	fe, err := build(ctx, texts)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		d, err := fe.Decide(ctx, o.Call(rs[t].Call))
		if err != nil {
			return nil, err
		}
		if d.Decision != engine.Allow {
			why := "no safe rule covers it"
			if minCount > 1 {
				why += fmt.Sprintf(" in at least %d calls", minCount)
			}
			res.Uncovered = append(res.Uncovered, Uncovered{Call: rs[t].Call, Decision: d, Why: why})
		}
	}
	return res, nil
}

// allowMatches lists the rule texts that matched at the allow stage.
func allowMatches(d engine.Decision) []string {
	var out []string
	for _, m := range d.Matches {
		if m.Stage == engine.StageAllow && m.RuleRef != nil && m.Behavior == "allow" {
			out = append(out, m.Text)
		}
	}
	return out
}

// ruleProbes are Bash commands the deny and ask rules name (each * as a
// word), so that a candidate covering them is never proposed even if no
// recorded call tried them.
func ruleProbes(s *settings.Settings) []engine.Call {
	var out []engine.Call
	for _, r := range s.Rules {
		if r.Tool != "Bash" || r.Pattern == "" || r.Behavior == settings.Allow || r.Ignored != "" {
			continue
		}
		p := strings.TrimSuffix(r.Pattern, ":*")
		cmd := strings.TrimSpace(strings.ReplaceAll(p, "*", " probe "))
		if cmd != "" {
			out = append(out, engine.Call{Tool: "Bash", Input: map[string]any{"command": strings.Join(strings.Fields(cmd), " ")}})
		}
	}
	return out
}

// riskyPrefix names programs whose first word alone says nothing about
// what runs: a prefix rule on them alone is never proposed.
var riskyPrefix = map[string]bool{"sh": true, "bash": true, "zsh": true, "env": true, "sudo": true, "xargs": true,
	"eval": true, "exec": true, "python": true, "python3": true, "node": true, "perl": true, "ruby": true,
	"npx": true, "docker": true, "kubectl": true, "ssh": true, "git": true, "rm": true}

// candidates lists, for one call, the units it needs allowed and the rules
// that might allow each, from the most general to the exact one.
func candidates(e *engine.Engine, target int, call engine.Call) []unit {
	str := func(k string) string { s, _ := call.Input[k].(string); return s }
	s := e.Settings()
	cwd := call.Cwd
	if cwd == "" {
		cwd = s.Cwd
	}
	one := func(c ...string) []unit { return []unit{{target: target, call: call, cands: valid(c)}} }
	switch call.Tool {
	case "Bash":
		in, problems := e.Input(call)
		if len(problems) > 0 {
			return nil
		}
		facts, _ := in["facts"].(map[string]any)
		cmds, _ := facts["commands"].([]any)
		var out []unit
		for _, c := range cmds {
			m, _ := c.(map[string]any)
			if m["nested"] == true || m["read_only"] == true {
				continue
			}
			nv, _ := m["narrow"].(map[string]any)
			name, _ := nv["name"].(string)
			text, _ := nv["text"].(string)
			args, _ := nv["args"].([]any)
			if name == "" || text == "" {
				continue
			}
			var cs []string
			if !riskyPrefix[name] {
				cs = append(cs, "Bash("+name+" *)")
			}
			prefix := name
			for i := 0; i < len(args) && i < 2; i++ {
				a, _ := args[i].(string)
				if a == "" || strings.HasPrefix(a, "-") || strings.ContainsAny(a, "*()\"'$`\\") {
					break
				}
				prefix += " " + a
				cs = append(cs, "Bash("+prefix+" *)")
			}
			cs = append(cs, "Bash("+text+")")
			part := call
			part.Input = map[string]any{"command": text}
			out = append(out, unit{target: target, call: part, cands: valid(cs)})
		}
		return out
	case "Edit", "Write", "MultiEdit", "NotebookEdit":
		p := filepath.Clean(str("file_path") + str("notebook_path"))
		return one(pathRules("Edit", s.ProjectRoot, p)...)
	case "Read", "Glob", "Grep":
		p := str("file_path")
		if p == "" {
			p = str("path")
		}
		if p == "" {
			p = cwd
		}
		return one(pathRules("Read", s.ProjectRoot, filepath.Clean(p))...)
	case "WebFetch":
		if u, err := url.Parse(str("url")); err == nil && u.Hostname() != "" {
			return one("WebFetch(domain:" + strings.ToLower(u.Hostname()) + ")")
		}
		return nil
	}
	return one(call.Tool)
}

// pathRules are the directory and exact-path rules for p: anchored at
// the project root (/dir/**) when p is inside it, absolute (//dir/**)
// otherwise.
func pathRules(kind, root, p string) []string {
	anchor, rel := "//", strings.TrimPrefix(p, "/")
	if r, err := filepath.Rel(root, p); err == nil && root != "" && !strings.HasPrefix(r, "..") {
		anchor, rel = "/", filepath.ToSlash(r)
	}
	var out []string
	if dir := filepath.ToSlash(filepath.Dir(rel)); dir != "." && dir != "/" && dir != "" {
		out = append(out, kind+"("+anchor+dir+"/**)")
	}
	return append(out, kind+"("+anchor+rel+")")
}

// valid keeps the rules that parse as allow rules and are not the whole
// Bash tool.
func valid(rules []string) []string {
	var out []string
	for _, r := range rules {
		if r == "Bash" || r == "Bash(*)" || strings.HasPrefix(r, "Bash(*") {
			continue
		}
		if pr, err := settings.ParseRule(r, settings.Allow); err == nil && pr.Ignored == "" {
			out = append(out, r)
		}
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedInts(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// WriteSuggestYAML writes the proposal as a settings file in YAML (which
// agentctl reads as .claude/settings.yaml) with a comment per rule saying
// how many calls it covers; the uncovered calls follow as comments.
func WriteSuggestYAML(w io.Writer, r *SuggestResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# agentctl suggest: %d rules for %d approved calls that would now ask\n", len(r.Rules), r.Approved)
	b.WriteString("# (YAML: agentctl reads it as .claude/settings.yaml; for Claude Code copy the rules into settings.json)\n")
	b.WriteString("permissions:\n  allow:\n")
	if len(r.Rules) == 0 {
		b.WriteString("    []\n")
	}
	for _, s := range r.Rules {
		fmt.Fprintf(&b, "    # covers %d call%s: %s\n", s.Covers, plural(s.Covers), strings.Join(s.Examples, "; "))
		fmt.Fprintf(&b, "    - %q\n", s.Rule)
	}
	if len(r.Uncovered) > 0 {
		fmt.Fprintf(&b, "# not covered (%d):\n", len(r.Uncovered))
		for _, u := range r.Uncovered {
			fmt.Fprintf(&b, "#   %s %s %s — %s\n", u.Call.Location(), u.Call.Tool, ShortInput(u.Call.Tool, u.Call.Input, 50), u.Why)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

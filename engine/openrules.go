package engine

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// ReasonOpenWords: a word known only at run time, or the words xargs
// appends from its input, may complete a Bash deny or ask rule that the
// command's static words do not match (bashparse.Command.Open).
const ReasonOpenWords bashparse.Reason = "open-words"

// openGuard is a Bash deny or ask pattern as a literal start: its text up
// to the first wildcard, first word by its base name, blanks single
// (wild: the pattern has a wildcard there, so anything may follow).
type openGuard struct {
	rule  string
	start string
	wild  bool
}

// openGuardIndex files the guards by their first word ("" for a pattern
// that starts with a wildcard, which any command may complete): a call
// with an open command looks at its own name's few, not the policy's all.
type openGuardIndex map[string][]openGuard

// openGuards indexes the Bash deny and ask patterns an open command may
// complete. Patterns with escapes or quotes are left to their own checks:
// their literal start is not the text a command spells.
func openGuards(s *settings.Settings) openGuardIndex {
	out := openGuardIndex{}
	for _, r := range s.Rules {
		if r.Ignored != "" || r.Behavior == settings.Allow || r.Kind != settings.KindBash {
			continue
		}
		p := strings.Join(strings.Fields(r.Pattern), " ")
		if p == "" || strings.ContainsAny(p, "\\\"'") {
			continue
		}
		if strings.HasSuffix(p, ":*") {
			p = p[:len(p)-2] + " *"
		}
		g := openGuard{rule: r.Text, start: p}
		if i := strings.IndexByte(p, '*'); i >= 0 {
			g.start, g.wild = p[:i], true
		}
		name := ""
		if first, rest, ok := strings.Cut(g.start, " "); ok {
			name = path.Base(first)
			g.start = name + " " + rest
		} else if g.start != "" && !g.wild {
			name = path.Base(g.start)
			g.start = name
		}
		out[name] = append(out[name], g)
	}
	return out
}

// openCompletions lists, for each command whose static start a deny or
// ask pattern could still grow out of, that pattern: the words not known
// before it runs may spell the rest.
func openCompletions(guards openGuardIndex, cmds []bashparse.Command) []bashparse.Unresolved {
	if len(guards) == 0 {
		return nil
	}
	var out []bashparse.Unresolved
	for i := range cmds {
		open := cmds[i].Open
		if open == "" {
			continue
		}
		first, rest, _ := strings.Cut(open, " ")
		first = path.Base(first)
		open = first + " " + rest
		if g, ok := guards.completed(first, open); ok {
			out = append(out, bashparse.Unresolved{Reason: ReasonOpenWords, Span: cmds[i].Span,
				Text: cmds[i].Wide.Text + ": a word known only when it runs may complete " + g.rule})
		}
	}
	return out
}

// completed finds a guard filed under name, or under no name, that could
// still grow out of open.
func (ix openGuardIndex) completed(name, open string) (openGuard, bool) {
	for _, k := range [2]string{name, ""} {
		for _, g := range ix[k] {
			if strings.HasPrefix(g.start, open) || g.wild && strings.HasPrefix(open, g.start) {
				return g, true
			}
		}
	}
	return openGuard{}, false
}

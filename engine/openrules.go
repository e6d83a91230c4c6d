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

// openGuards lists the Bash deny and ask patterns an open command may
// complete. Patterns with escapes or quotes are left to their own checks:
// their literal start is not the text a command spells.
func openGuards(s *settings.Settings) []openGuard {
	var out []openGuard
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
		if first, rest, ok := strings.Cut(g.start, " "); ok {
			g.start = path.Base(first) + " " + rest
		} else if g.start != "" {
			g.start = path.Base(g.start)
		}
		out = append(out, g)
	}
	return out
}

// openCompletions lists, for each command whose static start a deny or
// ask pattern could still grow out of, that pattern: the words not known
// before it runs may spell the rest.
func openCompletions(guards []openGuard, cmds []bashparse.Command) []bashparse.Unresolved {
	if len(guards) == 0 {
		return nil
	}
	var out []bashparse.Unresolved
	for i := range cmds {
		open := cmds[i].Open
		if open == "" {
			continue
		}
		if first, rest, ok := strings.Cut(open, " "); ok && strings.Contains(first, "/") {
			open = path.Base(first) + " " + rest
		}
		for _, g := range guards {
			if strings.HasPrefix(g.start, open) || g.wild && strings.HasPrefix(open, g.start) {
				out = append(out, bashparse.Unresolved{Reason: ReasonOpenWords, Span: cmds[i].Span,
					Text: cmds[i].Wide.Text + ": a word known only when it runs may complete " + g.rule})
				break
			}
		}
	}
	return out
}

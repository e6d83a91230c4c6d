package engine

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// ReasonPossibleRunner: a program agentctl has no grammar for is given,
// as an argument, the name of a command a Bash deny or ask rule covers.
// Programs that run the rest of their arguments are many (chpst, entr,
// ssh-agent, dumb-init, ccache, flatpak-spawn …); none is a table away
// from hiding the denied command, so the part is unresolved.
const ReasonPossibleRunner bashparse.Reason = "possible-runner"

// guardedCommands are the command names Bash deny and ask rules start with
// (rm for Bash(rm *), git for Bash(git push *)); a rule whose first word
// is a pattern names none.
func guardedCommands(s *settings.Settings) map[string]bool {
	out := map[string]bool{}
	for _, r := range s.Rules {
		if r.Ignored != "" || r.Behavior == settings.Allow || r.Kind != settings.KindBash {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(r.Pattern), " ")
		first = strings.TrimSuffix(first, ":*")
		if first == "" || strings.ContainsAny(first, "*?[") {
			continue
		}
		out[path.Base(first)] = true
	}
	return out
}

// possibleRunners lists, for each command of an unknown program, the
// first argument that names a guarded command.
func possibleRunners(guarded map[string]bool, cmds []CommandFact) []bashparse.Unresolved {
	if len(guarded) == 0 {
		return nil
	}
	var out []bashparse.Unresolved
	for _, c := range cmds {
		w := c.Wide
		if w.DynamicName || w.Name == "" || c.ReadOnly {
			continue
		}
		isMake := makePrograms[path.Base(w.Name)]
		if !isMake && bashparse.KnownProgram(path.Base(w.Name)) {
			continue
		}
		for _, a := range w.Args {
			if isMake {
				// make's VAR=value arguments: a recipe may run $(VAR).
				_, v, ok := strings.Cut(a, "=")
				if !ok || strings.HasPrefix(a, "-") {
					continue
				}
				a = v
			}
			if name, ok := namesGuarded(guarded, a); ok {
				out = append(out, bashparse.Unresolved{Reason: ReasonPossibleRunner,
					Text: w.Name + " may run " + name + ": its arguments are not read"})
				break
			}
		}
	}
	return out
}

// makePrograms are the make programs whose VAR=value arguments are
// checked for a guarded command name: a recipe may run $(VAR).
var makePrograms = map[string]bool{"make": true, "gmake": true, "bmake": true, "remake": true}

// namesGuarded reports a word that is a guarded command name (rm), or a
// string of several words (a script in some language: 'rm x',
// '.shell rm x', '\\! rm x', '(shell-command "rm x")') holding one as a
// word of its own.
func namesGuarded(guarded map[string]bool, word string) (string, bool) {
	if guarded[path.Base(word)] {
		return word, true
	}
	if !strings.ContainsAny(word, " \t\n!;|&") {
		return "", false
	}
	tokens := strings.FieldsFunc(word, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./+", r))
	})
	for _, t := range tokens {
		if guarded[path.Base(t)] {
			return t, true
		}
	}
	return "", false
}

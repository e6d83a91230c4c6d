package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// parseGitConfig reads git's config syntax far enough to know its keys:
// sections ([core], [alias], [diff "drv"], the old [diff.drv]), comments,
// quoted values with escapes and line continuations. It records aliases
// and program keys into rc; a line it cannot read makes the configuration
// unknown (rc.problem), as git itself would refuse it.
func parseGitConfig(b []byte, rc *repoConfig) {
	s := string(b)
	section := ""
	for len(s) > 0 {
		line := s
		if k := strings.IndexByte(s, '\n'); k >= 0 {
			line, s = s[:k], s[k+1:]
		} else {
			s = ""
		}
		t := strings.TrimLeft(line, " \t\r")
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		if t[0] == '[' {
			end := strings.LastIndexByte(t, ']')
			if end < 0 {
				rc.problem = "the repository's git configuration has a section header git cannot read"
				return
			}
			h := t[1:end]
			if q := strings.IndexByte(h, '"'); q >= 0 {
				sub := strings.TrimSuffix(h[q+1:], `"`)
				sub = strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(sub)
				section = strings.ToLower(strings.TrimSpace(h[:q])) + "." + sub
			} else {
				section = strings.ToLower(strings.TrimSpace(h))
			}
			// A key may follow the header on the same line.
			t = strings.TrimLeft(t[end+1:], " \t\r")
			if t == "" || t[0] == '#' || t[0] == ';' {
				continue
			}
		}
		name, raw, hasValue := strings.Cut(t, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		key := section + "." + name
		if !bashparse.GitProgramKey(key) && key != "core.worktree" {
			if hasValue && strings.HasSuffix(strings.TrimRight(raw, "\r"), "\\") {
				_, s = gitConfigValue(raw, s) // skip the lines it continues on
			}
			continue
		}
		value := ""
		if hasValue {
			value, s = gitConfigValue(raw, s)
		}
		if alias, ok := strings.CutPrefix(key, "alias."); ok && section == "alias" {
			if rc.aliases == nil {
				rc.aliases = map[string]string{}
			}
			rc.aliases[alias] = value
			continue
		}
		if strings.HasPrefix(key, "submodule.") && !strings.HasPrefix(strings.TrimSpace(value), "!") {
			continue // checkout, rebase, merge, none: git's own update modes
		}
		rc.programs = append(rc.programs, key)
	}
}

// gitConfigValue unquotes a value that starts at raw and may continue on
// the following lines of rest (a backslash at the end of a line); it
// returns the value and what remains of rest.
func gitConfigValue(raw, rest string) (string, string) {
	var out strings.Builder
	quoted := false
	for i := 0; i < len(raw); i++ {
		switch ch := raw[i]; {
		case ch == '"':
			quoted = !quoted
		case ch == '\\' && i+1 < len(raw):
			i++
			switch raw[i] {
			case 'n':
				out.WriteByte('\n')
			case 't':
				out.WriteByte('\t')
			default:
				out.WriteByte(raw[i])
			}
		case ch == '\\':
			// A line continuation: the value goes on.
			line := rest
			if k := strings.IndexByte(rest, '\n'); k >= 0 {
				line, rest = rest[:k], rest[k+1:]
			} else {
				rest = ""
			}
			raw, i = line, -1
		case !quoted && (ch == '#' || ch == ';'):
			return strings.TrimSpace(out.String()), rest
		case ch == '\r':
		default:
			out.WriteByte(ch)
		}
	}
	return strings.TrimSpace(out.String()), rest
}

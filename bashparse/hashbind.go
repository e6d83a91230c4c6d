package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// hash -p PATH NAME... makes each NAME run PATH from now on. The builtin
// reads its options with bash's getopt ("dlp:rt"): -p may share a word
// with other letters (-rp PATH, -dp PATH) or hold its value (-p/bin/rm),
// -- ends the options, and every operand after them is bound, not only
// the first (hash -p /bin/rm cat ls made ls run rm). With -t the builtin
// only lists; an operand holding a slash is skipped, as bash skips it.

// hash records the names hash -p binds; a path or name not known
// statically is an unresolved part.
func (p *parser) hash(args []Word, n syntax.Node) {
	var pathname *Word
	list := false
	i := 0
options:
	for ; i < len(args); i++ {
		v := args[i].Value
		if !args[i].Static() {
			return // a dynamic word of hash is unresolved already (statebuiltins.go)
		}
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'p':
				switch {
				case j+1 < len(v):
					pathname = &Word{Value: v[j+1:]}
				case i+1 < len(args):
					i++
					pathname = &args[i]
				default:
					return // -p without its path: bash stops with an error
				}
				continue options
			case 't':
				list = true
			case 'd', 'l', 'r':
			default:
				return // an invalid option: bash stops with an error
			}
		}
	}
	if pathname == nil || list {
		return
	}
	if !pathname.Static() {
		p.unresolved(ReasonProgramConfig, "hash -p binds a command name to a path not known statically", n)
		return
	}
	for _, w := range args[i:] {
		if !w.Static() {
			p.unresolved(ReasonProgramConfig, "hash -p binds a command name not known statically", n)
			return
		}
		if strings.Contains(w.Value, "/") {
			continue
		}
		if p.st.hashed == nil {
			p.st.hashed = map[string]string{}
		}
		p.st.hashed[w.Value] = pathname.Value
	}
}

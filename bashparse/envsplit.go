package bashparse

import "strings"

// env -S STRING splits STRING by rules of its own, not the shell's (GNU
// coreutils env.c): outside double quotes \_ separates two arguments, so
// env -S 'cat\_.env' runs cat .env, which a shell split reads as one
// word cat_.env; \c ends the string, \t and friends are characters, # at
// the start of an argument begins a comment, and ${NAME} is a variable of
// the environment. envSplit follows those rules; what they reject or what
// the environment supplies is not known statically.

// envSplit returns the arguments env -S makes of s; ok is false when env
// would reject s or when an argument comes from the environment.
func envSplit(s string) (words []Word, ok bool) {
	var cur strings.Builder
	inWord, sq, dq := false, false, false
	flush := func() {
		if inWord {
			words = append(words, Word{Value: cur.String()})
		}
		cur.Reset()
		inWord = false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case sq:
			if c == '\'' {
				sq = false
				continue
			}
			if c == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'') {
				i++
				c = s[i]
			}
			cur.WriteByte(c)
		case c == '\'' && !dq:
			sq, inWord = true, true
		case c == '"':
			dq, inWord = !dq, true
		case !dq && strings.IndexByte(" \t\n\v\f\r", c) >= 0:
			flush()
		case !dq && !inWord && c == '#':
			return words, true // a comment runs to the end
		case c == '$':
			return nil, false // ${NAME}: the environment's value
		case c == '\\':
			if i+1 == len(s) {
				return nil, false
			}
			i++
			e := s[i]
			switch e {
			case '_':
				if !dq {
					flush()
					continue
				}
				e = ' '
			case 'c':
				if dq {
					return nil, false
				}
				flush()
				return words, true
			case 'f':
				e = '\f'
			case 'n':
				e = '\n'
			case 'r':
				e = '\r'
			case 't':
				e = '\t'
			case 'v':
				e = '\v'
			case '#', '$', '\\', '"', '\'':
			default:
				return nil, false
			}
			cur.WriteByte(e)
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if sq || dq {
		return nil, false
	}
	flush()
	return words, true
}

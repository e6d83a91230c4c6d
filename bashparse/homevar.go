package bashparse

import "strings"

// A tilde expands to the value of HOME the shell holds when the word is
// expanded, not to the user's home directory: HOME=.; cat ~/.env reads
// ./.env. When the script assigns HOME (HOME=…, export, declare, read,
// printf -v, a for loop), each file word that starts with ~ or ~/ gets,
// besides itself, one file per literal value HOME may hold, or a dynamic
// file when a value is only known at run time. (A leading HOME=… cmd does
// not count: the word is expanded before that assignment.)

// homeWitnesses spells each tilde file with the values the script may
// give HOME.
func (s *shellState) homeWitnesses(files []File) []File {
	vals := s.vars["HOME"]
	dynamic := s.strTainted["HOME"]
	if len(vals) == 0 && !dynamic {
		return nil
	}
	var out []File
	for _, f := range files {
		if !f.Tilde || f.Path != "~" && !strings.HasPrefix(f.Path, "~/") {
			continue
		}
		rest := f.Path[1:]
		for _, v := range vals {
			p := v + rest
			if v == "" {
				p = "/" + strings.TrimPrefix(rest, "/")
			}
			out = append(out, File{Path: p, Access: f.Access, Via: f.Via, Glob: f.Glob || hasGlobChar(v),
				Tilde: strings.HasPrefix(v, "~"), Dynamic: f.Dynamic || strings.ContainsAny(v, "$`")})
		}
		if dynamic {
			out = append(out, File{Path: "$HOME" + rest, Access: f.Access, Via: f.Via, Dynamic: true})
		}
	}
	return out
}

// homeSet reports a script that assigns HOME: cd with no operand, or to
// ~, goes where that value says.
func (s *shellState) homeSet() bool { return len(s.vars["HOME"]) > 0 || s.strTainted["HOME"] }

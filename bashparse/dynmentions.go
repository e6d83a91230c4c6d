package bashparse

import "strings"

// hiddenOperands lists, for a read-only command no operand table knows
// (rev $X, strings "${a[1]}"), the words it reads whose value is not
// known before the shell runs and that no assignment earlier in the script
// spells (varWitnesses): as operands of cat they would be dynamic reads,
// and a table is not what makes rev read its operands (spec §3, "a denied
// path named anywhere fails closed"). A word a table placed is already a
// file; a word whose expansion is only a leading directory ($HOME/notes)
// is checked by its static tail. Subcommand CLIs (git log $(…)) are left
// out: their words are revisions and pathspecs, not files they open.
func (s *shellState) hiddenOperands(ms, files []File) []File {
	var out []File
	for _, m := range ms {
		if !m.Dynamic || m.Tail != "" || !strings.ContainsAny(m.Path, "$`") {
			continue
		}
		if i := strings.LastIndexAny(m.Path, "$`"); strings.IndexByte(m.Path[i:], '/') >= 0 {
			continue
		}
		if !namesPath(files, m.Path) && (s.taintedIn(m.Path) || len(s.varWitnesses([]File{m})) == 0) {
			out = append(out, File{Path: m.Path, Access: Read, Via: m.Via, Dynamic: true})
		}
	}
	return out
}

// dynamicNameMentions lists the words of a command whose name is not known
// before it runs (${X:-cat} .env, $(echo cat) .env, {cat,.env}, c?t .env):
// whatever it turns out to be, it is a command no table knows, so every
// operand and option value may be opened, read or written (spec §3, "an
// unknown command's operands are possible reads and writes"). A brace
// name's expansions after the first are operands too.
func dynamicNameMentions(words []Word, files []File) []File {
	known := make(knownAccess, 0, len(files)+len(words))
	for _, f := range files {
		known.add(f.Path, f.Access)
	}
	via := words[0].Value
	var out []File
	if words[0].Brace {
		out = append(out, braceFiles([]File{{Path: via, Via: via, Dynamic: true}})...)
	}
	var candBuf [6]string
	for _, a := range words[1:] {
		v := a.Value
		if a.Dynamic {
			if t := strings.TrimLeft(a.Tail, "/"); t != "" && t != "." {
				out = append(out, File{Path: t, Via: via, Dynamic: true, Tail: t})
			}
			if strings.ContainsAny(v, "$`") {
				out = append(out, File{Path: v, Via: via, Dynamic: true})
			}
			continue
		}
		out, _ = appendWordFiles(out, &known, candBuf[:0], a, via)
	}
	return out
}

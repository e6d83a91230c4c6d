package settings

// wholeBashConfined is what an untrusted repository's whole-tool Bash
// allow is read as: a pattern that matches every command, which the engine
// treats as any prefix rule.
const wholeBashConfined = "Bash(**)"

// confineBash keeps an untrusted repository's Bash allow rule inside the
// working directories. A whole-tool Bash allow approved a call whatever it
// touched — the engine checks none of its files — so the repository's own
// `"allow": ["Bash"]` let `cat ~/.ssh/id_rsa` and `cp ~/.aws/credentials x`
// run unasked while its Read(//**) was dropped; it is read as Bash(**), a
// pattern rule, under which file operands outside the working directories,
// writes no rule covers, unresolved parts and exec-style powers still need
// approval (spec §3). Every repository Bash allow, that one included, is
// also marked Confined: a pattern rule approves the words of a command, and
// `Bash(gzip:*)` approved `gzip -c ~/.ssh/id_rsa`, whose operand no table
// calls a read; a confined rule approves no command of a call naming a
// path outside the working directories.
func (s *Settings) confineBash(src Source, r Rule, why string) (Rule, bool) {
	if r.Kind == KindNone {
		confined, err := ParseRule(wholeBashConfined, Allow)
		if err != nil {
			return r, false
		}
		confined.Source, confined.Pos, confined.Index = r.Source, r.Pos, r.Index
		s.warn(r.Pos, "%s allow rule %s read as %s: it approves every file the shell names, outside the repository too, and %s "+
			"(commands naming a path outside the working directories ask)", src, r.Text, confined.Text, why)
		r = confined
	}
	r.Confined = true
	return r, true
}

package settings

// wholeBashConfined is what an untrusted repository's whole-tool Bash
// allow is read as: a pattern that matches every command, which the engine
// treats as any prefix rule.
const wholeBashConfined = "Bash(**)"

// confineWholeBash reads a whole-tool Bash allow (Bash, Bash(*), Bash())
// from an untrusted repository's settings as a pattern rule matching every
// command. The whole-tool form approves a call whatever it touches: the
// engine checks none of its file operands, so the repository's own
// `"allow": ["Bash"]` let `cat ~/.ssh/id_rsa` and `cp ~/.aws/credentials x`
// run unasked while its Read(//**) was dropped. As a pattern rule it
// approves commands, not places: file operands outside the working
// directories, writes no rule covers, unresolved parts and exec-style
// powers still need approval, as under any prefix rule (spec §3).
func (s *Settings) confineWholeBash(src Source, r Rule, why string) (Rule, bool) {
	confined, err := ParseRule(wholeBashConfined, Allow)
	if err != nil {
		return r, false
	}
	confined.Source, confined.Pos, confined.Index = r.Source, r.Pos, r.Index
	s.warn(r.Pos, "%s allow rule %s read as %s: it approves every file the shell names, outside the repository too, and %s "+
		"(file operands outside the working directories ask)", src, r.Text, confined.Text, why)
	return confined, true
}

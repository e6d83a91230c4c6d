package bashparse

// With shopt -s cdable_vars, a cd (or pushd) to a name that is not a
// directory goes to the directory the variable of that name holds:
// shopt -s cdable_vars; cd HOME && cat .ssh/id_rsa read the home
// directory's key while the analysis followed ./HOME; x=/elsewhere;
// cd x went to /elsewhere. Such a cd may go to each value the script
// gives the variable; a variable the script does not set (one from the
// environment) or sets at run time makes the directory unknown, except
// HOME, which is the home directory.

// cdableValues lists the directories cd NAME may reach through the
// variable NAME; ok is false when they are not all known statically.
func (s *shellState) cdableValues(name string) (dirs []string, ok bool) {
	if s.tainted[name] || s.overflow[name] || s.computed[name] {
		return nil, false
	}
	if vals := s.vars[name]; len(vals) > 0 {
		return vals, true
	}
	if name == "HOME" {
		return []string{"~"}, true
	}
	return nil, false
}

// isName reports a shell variable name: a letter or underscore, then
// letters, digits and underscores.
func isName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

package bashparse

import "strings"

// The shell's own directory variables spell where a cd goes: ~+ is $PWD,
// where the shell stands, and cd - and ~- go to $OLDPWD. bash ran
// cd ~+/.git && echo x > config, d=.git; cd "$PWD/$d" and OLDPWD=.git;
// cd - into .git and wrote .git/config, while the parser took ~+ for a
// home directory and cd - for a place no word spells, so bypass mode
// allowed the write. $PWD is read as "." (the directory the parser
// follows) unless the script assigns it; an OLDPWD the script assigns
// spells where cd - goes.

// pwdValues are the values a plain $PWD may stand for: "." — where the
// shell stands — unless the script gives PWD values of its own.
func (s *shellState) pwdValues() []string {
	if vals := s.vars["PWD"]; len(vals) > 0 || s.tainted["PWD"] {
		return vals
	}
	return []string{"."}
}

// varValues are the literal values a plain $name may hold (PWD's own
// included).
func (s *shellState) varValues(name string) []string {
	if name == "PWD" {
		return s.pwdValues()
	}
	return s.vars[name]
}

// cdTildeWord reads a cd operand ~+[/…] as ./… (relative to where the
// shell stands, which the parser follows), and cd - or ~-[/…] as the
// OLDPWD the script assigns, when it assigns exactly one; other words are
// returned as they are.
func (s *shellState) cdTildeWord(w Word) Word {
	v := w.Value
	rest, plus := tildeDir(v, "~+")
	if plus && len(s.vars["PWD"]) == 0 && !s.tainted["PWD"] {
		w.Value, w.Tilde = "."+rest, false
		return w
	}
	rest, minus := tildeDir(v, "~-")
	if v == "-" && !w.Dynamic {
		rest, minus = "", true
	}
	if vals := s.vars["OLDPWD"]; minus && len(vals) == 1 && !s.tainted["OLDPWD"] {
		w.Value, w.Tilde = vals[0]+rest, strings.HasPrefix(vals[0], "~")
		return w
	}
	return w
}

// tildeDir reports whether v starts with the tilde prefix t as a whole
// segment (~+ or ~+/x, not ~+x), and what follows it.
func tildeDir(v, t string) (string, bool) {
	if v == t || strings.HasPrefix(v, t+"/") {
		return v[len(t):], true
	}
	return "", false
}

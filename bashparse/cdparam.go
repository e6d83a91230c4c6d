package bashparse

import "strings"

// A directory word spelled with $HOME or $PWD names a known place: bash
// ran cd "$HOME"; cat .ssh/id_rsa and printed the key, while the parser
// took "$HOME" for a place no word spells, so the later relative read was
// checked in an unknown directory and asked where Read(~/.ssh/**) must
// deny (the reference denies it). Unless the script assigns the variable,
// $HOME[/…] is read as ~[/…] and $PWD[/…] as .[/…] (where the shell
// stands, which the parser follows), quoted or not, braced or not.

// knownDirWord returns w spelled without a leading $HOME or $PWD when
// that is all that is dynamic in it; other words are returned as they are.
func (s *shellState) knownDirWord(w Word) Word {
	if !w.Dynamic || w.Glob || w.Brace || w.Tilde || !strings.Contains(w.Value, "$") {
		return w
	}
	name, rest, ok := dirParam(w.Value)
	if !ok || rest != "" && rest[0] != '/' {
		return w
	}
	switch {
	case name == "HOME" && !s.homeSet() && !s.tainted["HOME"]:
		return Word{Value: "~" + rest, Tilde: true}
	case name == "PWD" && len(s.vars["PWD"]) == 0 && !s.tainted["PWD"]:
		return Word{Value: "." + rest}
	}
	return w
}

// dirParam splits the source text of a word made of $HOME or $PWD (plain
// or braced, inside double quotes or not) and static text after it into
// the variable's name and that text; ok is false for any other shape.
func dirParam(src string) (name, rest string, ok bool) {
	v := src
	quoted := strings.HasPrefix(v, `"`)
	if quoted {
		v = v[1:]
	}
	for _, n := range [...]string{"HOME", "PWD"} {
		switch {
		case strings.HasPrefix(v, "${"+n+"}"):
			name, rest = n, v[len(n)+3:]
		case strings.HasPrefix(v, "$"+n) && (len(v) == len(n)+1 || !isNameByte(v[len(n)+1])):
			name, rest = n, v[len(n)+1:]
		}
	}
	if name == "" {
		return "", "", false
	}
	// The quotes left must pair up with the opening one, and what is
	// between them must be plain path text: no expansion, glob, brace,
	// tilde, escape or other quoting.
	if quotes := strings.Count(rest, `"`); quoted && quotes%2 != 1 || !quoted && quotes%2 != 0 {
		return "", "", false
	}
	rest = strings.ReplaceAll(rest, `"`, "")
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; !isNameByte(c) && !strings.ContainsRune("./-+@%,:=", rune(c)) {
			return "", "", false
		}
	}
	return name, rest, true
}

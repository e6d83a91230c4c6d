package bashparse

import "mvdan.cc/sh/v3/syntax"

// A glob in a for or select list, or in an array's elements, makes the
// shell list directories as a glob operand does (globlisting.go): for f in
// ~/.ssh/*; do echo "$f"; done prints the names in ~/.ssh as echo ~/.ssh/*
// does, and a=(~/.ssh/*) holds them. No command carries those words, so the
// listings wait in the shell state and the next command emitted (the loop's
// body, or the assignment's own command) carries them as mentions: under
// Read(~/.ssh/**) the loop is denied as echo ~/.ssh/* is, whatever rule
// allows its body. A loop over the working directory (for f in *.go) lists
// nothing new, as echo *.go does not.

// loopListings notes the directories a for or select list makes the shell
// read.
func (p *parser) loopListings(f *syntax.ForClause) {
	wi, ok := f.Loop.(*syntax.WordIter)
	if !ok || len(wi.Items) == 0 {
		return
	}
	p.noteListings(wi.Items)
}

// arrayListings notes the directories the elements of array assignments
// (a=(~/.ssh/*), declare -a a=(…), a+=(…)) make the shell read.
func (p *parser) arrayListings(assigns []*syntax.Assign) {
	for _, as := range assigns {
		if as == nil || as.Array == nil {
			continue
		}
		var words []*syntax.Word
		for _, el := range as.Array.Elems {
			if el.Value != nil {
				words = append(words, el.Value)
			}
		}
		p.noteListings(words)
	}
}

// noteListings adds the listings of the glob words among ws to those the
// next command emitted carries.
func (p *parser) noteListings(ws []*syntax.Word) {
	var words []Word
	for _, w := range ws {
		if hasGlobChar(p.text(w)) {
			words = append(words, p.word(w))
		}
	}
	p.st.listed = append(p.st.listed, globListings(words)...)
}

// takeListings returns the listings waiting for a command to carry them,
// and clears them.
func (p *parser) takeListings() []File {
	out := p.st.listed
	p.st.listed = nil
	return out
}

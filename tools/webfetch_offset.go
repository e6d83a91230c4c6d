package tools

import (
	"fmt"
	"unicode/utf8"
)

// pageWindow is the part of a page's text a WebFetch call returns: from
// the character at offset (Claude Code's WebFetch takes `offset` to read
// on through a page longer than one result) for at most fetchMaxChars
// characters, with the offset of the next part when text remains. An
// offset past the end returns nothing. Characters, not bytes, so a cut
// never splits one.
func pageWindow(text string, offset int) string {
	if offset > 0 {
		i := 0
		for n := 0; n < offset && i < len(text); n++ {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
		}
		text = text[i:]
	}
	if utf8.RuneCountInString(text) <= fetchMaxChars {
		return text
	}
	i := 0
	for n := 0; n < fetchMaxChars; n++ {
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	return text[:i] + fmt.Sprintf("\n… [content truncated: call again with offset %d to read on]", offset+fetchMaxChars)
}

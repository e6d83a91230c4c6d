package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// terminalText makes text that came from a session — a tool's output, a
// file name in a decision's reason, a hook's message, an MCP tool's name —
// safe to print for a person. Printed raw, its control sequences are the
// terminal's instructions: an earlier call's output (`cat notes.txt` of a
// repository's file) could conceal, recolour, move or redraw what a later
// approval prompt shows, so that a person answers "always" to a call they
// never saw. Every control character but newline and tab (C0, DEL, C1 —
// ESC, CR, BEL, SO among them) and the bidirectional overrides that reorder
// a line's text are shown as escapes instead; invalid UTF-8 shows as U+FFFD.
func terminalText(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s {
		if terminalControl(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsEscape(s string) bool {
	for _, r := range s {
		if terminalControl(r) || r == utf8.RuneError {
			return true
		}
	}
	return false
}

// terminalControl: a rune a terminal acts on rather than shows.
func terminalControl(r rune) bool {
	switch {
	case r == '\n', r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

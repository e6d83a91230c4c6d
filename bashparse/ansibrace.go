package bashparse

// bash 5.2 reads $'\x{HH…}' as one byte: every hex digit after the brace
// counts (the value is kept modulo 256) and a closing brace right after
// them is dropped: $'\x{72}\x{6d}' y runs rm y and $'\x{2e}env' is
// .env. Read as four literal characters, the command name and the file
// slipped past every rule.

// braceHex decodes the body of \x{…} starting at s[j] (just after the
// brace): the byte it stands for and the index just past it.
func braceHex(s string, j int) (byte, int) {
	var v byte
	for ; j < len(s); j++ {
		d, ok := hexDigit(s[j])
		if !ok {
			break
		}
		v = v<<4 | d
	}
	if j < len(s) && s[j] == '}' {
		j++ // the closing brace; anything else is text again
	}
	return v, j
}

// hexDigit is the value of one hexadecimal digit.
func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

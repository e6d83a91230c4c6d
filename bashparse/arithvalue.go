package bashparse

// A literal value is known statically, yet arithmetic evaluates it again:
// for v in 'a[$(cmd)]'; do echo $((v)); done runs cmd, because an array
// subscript inside the value is expanded when $((v)) reads it, and a value
// naming another variable (v=w) evaluates that one in turn. Only a value
// that is plainly a number or an operator expression of numbers is safe
// there; any other literal makes its variable one whose use in arithmetic
// is an unresolved part (see arithTaint).

// arithLiteral records a literal value assigned to name, marking the
// variable when arithmetic evaluating that value could run something.
func (s *shellState) arithLiteral(name, value string) {
	if arithSafeValue(value) {
		return
	}
	if s.arithUnsafe == nil {
		s.arithUnsafe = map[string]bool{}
	}
	s.arithUnsafe[name] = true
}

// arithSafeValue reports a value made only of numbers (10, 0x1F, 2#101,
// 64#_@), blanks and operators: no variable name, subscript or expansion.
func arithSafeValue(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			// A number token runs on through its base and digits.
			for i+1 < len(v) && (isNameByte(v[i+1]) || v[i+1] == '#' || v[i+1] == '@') {
				i++
			}
		case isNameByte(c), c == '[', c == ']', c == '$', c == '`', c == '\\', c == '"', c == '\'':
			return false
		}
	}
	return true
}

// isNameByte reports a byte that may appear in a shell variable name.
func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

package bashparse

import "strings"

// posixClasses are the C locale's members of bash's bracket classes,
// written as ranges every glob matcher here knows (path.Match and
// doublestar know neither [:alpha:] nor [=e=]). None starts with "!" or
// "^": a class may open a bracket expression.
var posixClasses = map[string]string{
	"alpha": "a-zA-Z", "upper": "A-Z", "lower": "a-z", "digit": "0-9", "alnum": "a-zA-Z0-9",
	"xdigit": "0-9a-fA-F", "word": "a-zA-Z0-9_", "blank": " \t", "space": " \t\n\v\f\r",
	"punct": `:-@"-/\[-` + "`" + `{-~!`, "graph": `"-~!`, "print": ` -~`, "cntrl": "\x01-\x1f\x7f",
}

// plainBrackets rewrites the bracket expressions of a glob into the
// subset the matchers understand, matching the same names as bash does:
// a class ([[:punct:]]env is .env) becomes its ranges, an equivalence
// class or collating symbol of one character ([[=e=]], [[.e.]]) that
// character, and "[!" the "[^" that path.Match negates with. A bracket
// it cannot read is left as written.
func plainBrackets(g string) string {
	if !strings.Contains(g, "[") {
		return g
	}
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		if g[i] == '\\' && i+1 < len(g) {
			b.WriteString(g[i : i+2]) // a literal character (globquote.go)
			i++
			continue
		}
		if g[i] != '[' {
			b.WriteByte(g[i])
			continue
		}
		body, end, ok := bracketBody(g, i)
		if !ok {
			b.WriteByte('[')
			continue
		}
		b.WriteString(body)
		i = end
	}
	return b.String()
}

// bracketBody reads the bracket expression opening at g[open]: its
// rewritten text and the index of its closing "]".
func bracketBody(g string, open int) (string, int, bool) {
	var b strings.Builder
	b.WriteByte('[')
	i := open + 1
	if i < len(g) && (g[i] == '!' || g[i] == '^') {
		b.WriteByte('^')
		i++
	}
	first := true
	for ; i < len(g); i++ {
		c := g[i]
		switch {
		case c == ']' && !first:
			b.WriteByte(']')
			return b.String(), i, true
		case c == '[' && i+1 < len(g) && strings.IndexByte(":=.", g[i+1]) >= 0:
			kind := g[i+1]
			j := strings.Index(g[i+2:], string(kind)+"]")
			if j < 0 {
				return "", 0, false
			}
			name := g[i+2 : i+2+j]
			switch {
			case kind == ':' && posixClasses[name] != "":
				b.WriteString(posixClasses[name])
			case kind != ':' && len(name) == 1:
				b.WriteString(escapeClassChar(name[0]))
			default:
				return "", 0, false
			}
			i += 2 + j + 1
		case c == '\\' && i+1 < len(g):
			b.WriteString(g[i : i+2])
			i++
		default:
			b.WriteString(escapeClassChar(c))
		}
		first = false
	}
	return "", 0, false
}

// escapeClassChar writes a literal character inside a bracket
// expression: "]" and "\" are escaped for the matchers ("-" and "^" keep
// their place as written).
func escapeClassChar(c byte) string {
	if c == ']' || c == '\\' {
		return `\` + string(c)
	}
	return string(c)
}

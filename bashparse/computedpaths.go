package bashparse

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"

	"mvdan.cc/sh/v3/syntax"
)

// A write whose place the script computes at run time from what it reads
// — the output of a command substitution (echo x > "$(cat dirfile)/config"),
// a variable set from one (d=$(cat f); cd $d) or read from a file (read d
// < f, mapfile) — may land under .git or .claude: the file's text is the
// caller's to choose, one call earlier. bash wrote .git/config for each,
// and bypass mode allowed them as places no word spells. Such a write
// gets a protected stand-in (computedStandIn), so even bypass mode asks
// (fail closed); the ordinary producers of scratch names (mktemp, date, …)
// and the substitutions knownSubsts folds are not computed places.

// printSubst is a substitution of echo or printf over plain words and
// parameters: no command, redirection or pipe inside.
var printSubst = lazyre.New("\\$\\((?:echo|printf)\\s[^()`<>|;&]*\\)|`(?:echo|printf)\\s[^`()<>|;&]*`")

// numericFormat is a printf format of integer conversions alone, without
// a precision (which may print nothing: '.git%.0d' 0 prints .git).
var numericFormat = lazyre.New(`^(%[-+ 0#]*[0-9]*[diouxX])+$`)

// computedDirName is the stand-in directory a computed place may be.
const computedDirName = ".git"

// safeProducers print names that are not the caller's to choose: a fresh
// temporary name, a date, a user or host name, a count.
var safeProducers = map[string]bool{"mktemp": true, "date": true, "whoami": true, "id": true, "uname": true,
	"hostname": true, "nproc": true, "seq": true}

// computedText reports text holding a command substitution whose output
// is neither folded (knownSubsts) nor a safe producer's.
func computedText(text string) bool {
	if !strings.Contains(text, "$(") && !strings.Contains(text, "`") {
		return false
	}
	folded, _ := knownSubsts(strings.ReplaceAll(text, `"`, ""))
	// echo or printf of parameters prints their values: a place from the
	// environment, like $D itself (a computed variable among them is
	// seen by computedVarIn).
	folded = printSubst.ReplaceAllString(folded, "")
	rest := strings.ReplaceAll(folded, "$((", "")
	if !strings.Contains(rest, "$(") && !strings.Contains(rest, "`") {
		return false
	}
	for _, m := range cmdSubst.FindAllStringSubmatch(folded, -1) {
		f := strings.Fields(m[1] + m[2])
		if len(f) == 0 || !safeProducer(f) {
			return true
		}
		rest = strings.Replace(rest, m[0], "", 1)
	}
	// A substitution the pattern does not take apart (nested, quoted
	// parentheses, $(<file)) is computed.
	return strings.Contains(rest, "$(") || strings.Contains(rest, "`")
}

// safeProducer reports a substitution's command that only makes a
// scratch name: mktemp with no directory of the caller's choosing.
func safeProducer(f []string) bool {
	if !safeProducers[f[0]] {
		return false
	}
	if f[0] != "mktemp" {
		return true
	}
	for _, a := range f[1:] {
		if strings.Contains(a, "/") || strings.HasPrefix(a, "-p") || strings.HasPrefix(a, "--tmpdir") ||
			strings.HasPrefix(a, "--p") || strings.HasPrefix(a, ".") || strings.ContainsAny(a, "$`") {
			return false
		}
	}
	return true
}

// collectComputed records the variables whose value the script computes
// from what it reads: an assignment from a computed substitution (or a
// copy of such a variable), a for loop over one, and read, mapfile and
// readarray (their input is a file or a pipe; a literal here-string is
// folded by collectSetterValues and not counted).
func (p *parser) collectComputed(root syntax.Node) {
	mark := func(name string) {
		if p.st.computed == nil {
			p.st.computed = map[string]bool{}
		}
		p.st.computed[name] = true
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && x.Value != nil {
				if w := p.word(x.Value); w.Dynamic && (computedText(w.Value) || p.st.computedVarIn(w.Value)) {
					mark(x.Name.Value)
				}
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				for _, it := range wi.Items {
					if w := p.word(it); w.Dynamic && (computedText(w.Value) || p.st.computedVarIn(w.Value)) {
						mark(wi.Name.Value)
					}
				}
			}
		case *syntax.Stmt:
			c, ok := x.Cmd.(*syntax.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			ws := make([]Word, 0, len(c.Args))
			for _, a := range c.Args {
				ws = append(ws, p.word(a))
			}
			for len(ws) > 0 && (ws[0].Value == "builtin" || ws[0].Value == "command") {
				ws = ws[1:]
			}
			if len(ws) == 0 {
				return true
			}
			if _, _, ok := p.setterLiteral(c.Args, x.Redirs); ok {
				return true // read x <<<LITERAL, printf -v x LITERAL: folded
			}
			if ws[0].Value == "printf" {
				// printf -v x FORMAT ARGS… that setterLiteral does not fold
				// (%s%s, %b, .%s, a precision) stores a value it makes.
				for i := 1; i+1 < len(ws) && strings.HasPrefix(ws[i].Value, "-"); i++ {
					if ws[i].Value == "-v" {
						if i+2 < len(ws) && !ws[i+2].Dynamic && numericFormat.MatchString(ws[i+2].Value) {
							return true // digits only: no place to steer a path to
						}
						if ws[i+1].Dynamic {
							return true // a name only known at run time: computedName's
						}
						mark(strings.TrimSuffix(strings.SplitN(ws[i+1].Value, "[", 2)[0], "+"))
					}
				}
				return true
			}
			if ws[0].Value != "read" && ws[0].Value != "mapfile" && ws[0].Value != "readarray" {
				return true
			}
			for _, w := range ws[1:] {
				if !w.Dynamic && namerefName(w.Value) {
					mark(w.Value) // option values too: fail closed
				}
			}
			mark("REPLY")
			mark("MAPFILE")
		}
		return true
	})
}

// computedVarIn reports text naming a variable the script computes.
func (s *shellState) computedVarIn(text string) bool {
	if len(s.computed) == 0 {
		return false
	}
	for _, m := range simpleParam.FindAllStringSubmatch(text, -1) {
		if s.computed[m[1]+m[2]] {
			return true
		}
	}
	return strings.Contains(text, "${") && s.computedArrayIn(text)
}

// computedArrayIn reports ${name[…]} or ${name…} forms simpleParam does
// not take: any computed name after "${" counts.
func (s *shellState) computedArrayIn(text string) bool {
	for name := range s.computed {
		if strings.Contains(text, "${"+name) || strings.Contains(text, "${!"+name) {
			return true
		}
	}
	return false
}

// computedWitnesses are the protected stand-ins of a command's writes to
// computed places: a target word that is one, or a relative target after a
// cd into one (dirUnknown, guess).
func (s *shellState) computedWitnesses(files []File, dirUnknown bool, guess string) []File {
	var out []File
	for _, f := range files {
		if f.Access != Write && !f.MayWrite {
			continue
		}
		computed := f.Dynamic && (computedText(f.Path) || s.computedVarIn(f.Path) || s.partlySpelled(f.Path))
		if !computed && dirUnknown && guess != "" && !path.IsAbs(f.Path) && !strings.HasPrefix(f.Path, "~") {
			computed = computedText(guess) || s.computedVarIn(guess) || s.partlySpelled(guess)
		}
		if computed {
			out = append(out, File{Path: computedDirName + "/" + computedLeaf(f.Path), Access: Write, Via: f.Via, Dynamic: true})
		}
	}
	return out
}

// computedLeaf is the static last segment of a target, or "config".
func computedLeaf(p string) string {
	leaf := path.Base(strings.Trim(p, `"'`))
	if leaf == "" || leaf == "." || leaf == "/" || strings.ContainsAny(leaf, "$`(){}*?[]\"'\\") {
		return "config"
	}
	return leaf
}

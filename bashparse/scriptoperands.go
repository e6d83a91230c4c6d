package bashparse

import "strings"

// scriptOperands lists, for a command no operand table knows and that is
// not read-only (pr "$1", python3 x.py "${a[@]}", node s.js ${f:-.env}),
// the operands whose value the script itself chooses at run time: such a
// program may open any operand (spec §3, "an unknown command's operands
// are possible reads and writes"), so the word is a dynamic file, as it is
// for cat. A plain $NAME the script never assigns is left alone: its value
// comes from the environment the session started with, not from the
// command (foo --in=$f, make $i after an arithmetic loop); a word a table
// placed is already a file.
func (s *shellState) scriptOperands(ms, files []File) []File {
	var out []File
	for _, m := range ms {
		if !m.Dynamic || !strings.Contains(m.Path, "$") || !s.scriptChosen(m.Path) {
			continue
		}
		if !namesPath(files, m.Path) {
			out = append(out, File{Path: m.Path, Access: Read, Via: m.Via, Dynamic: true})
		}
	}
	return out
}

// scriptChosen reports a word whose expansion the script controls: a
// positional or special parameter ($1, "$@", $_ — set
// by set --, a function call or the previous command), a braced expansion
// that is more than a name (${f:-.env}, ${a[0]}, ${!p}, ${x/a/.}), or a
// variable the script gives a value that may be any string (read f, for f
// in .*, a=(…), f=$(…)). Literal assignments are spelled by varWitnesses;
// a substitution is unresolved already.
func (s *shellState) scriptChosen(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] != '$' || i+1 >= len(w) {
			continue
		}
		rest := w[i+1:]
		switch c := rest[0]; {
		case c == '@' || c == '*' || c == '_' && !chosenIdentByte(chosenByteAt(rest, 1)) || c >= '0' && c <= '9':
			return true
		case c == '{':
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return true
			}
			name := rest[1:end]
			if !chosenPlainName(name) || s.stringVar(name) {
				return true
			}
			i += end
		case chosenIdentByte(c):
			j := 1
			for j < len(rest) && chosenIdentByte(rest[j]) {
				j++
			}
			if s.stringVar(rest[:j]) {
				return true
			}
			i += j
		}
	}
	return false
}

// stringVar reports a variable the script may set to any string.
func (s *shellState) stringVar(name string) bool {
	return s.strTainted[name] || s.computed[name]
}

// chosenPlainName reports a shell variable name (not a positional or special
// parameter, which scriptChosen reads as chosen by the script).
func chosenPlainName(n string) bool {
	if n == "" || n[0] >= '0' && n[0] <= '9' {
		return false
	}
	for i := 0; i < len(n); i++ {
		if !chosenIdentByte(n[i]) {
			return false
		}
	}
	return n != "_"
}

func chosenIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func chosenByteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// tabledOperands reports a command whose operand table places its files.
func tabledOperands(name string) bool {
	_, ok := operandSpecs[name]
	return ok
}

// xargsUnknownInput is the file xargs hands a program no table knows (find
// . -name .env | xargs pr, xargs nl < list): the names it reads from its
// input become operands, and such a program may open every operand. A
// command known to only name files (xargs echo, xargs kill) and a
// subcommand CLI (xargs git add) are left to their own tables.
func xargsUnknownInput(inner []Word) (File, bool) {
	if len(inner) == 0 || !inner[0].Static() {
		return File{}, false
	}
	name := inner[0].Value
	if namesOnly[name] || subcommandFirst[name] || tabledOperands(name) {
		return File{}, false
	}
	return File{Path: "<xargs input>", Access: Read, Via: name, Dynamic: true}, true
}

// namesPath reports a file of files spelled p: a word a table placed is
// already a file.
func namesPath(files []File, p string) bool {
	for _, f := range files {
		if f.Path == p {
			return true
		}
	}
	return false
}

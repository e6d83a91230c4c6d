package bashparse

import (
	"path"
	"strings"
)

// maxDirs bounds the directories followed at once; beyond it the directory
// is unknown.
const maxDirs = 8

// shellState is what earlier commands change for later ones.
type shellState struct {
	// dir is the directory the last cd moved to ("" = the starting one);
	// others are where the shell may also be: a cd can fail, and one inside
	// a subshell or a pipeline does not last — so every directory seen
	// stays possible (fail closed: files are checked in each).
	dir    string
	others []string
	// dirUnknown: a cd to a place not known statically (cd -, popd, $X).
	dirUnknown bool
	// dirGuess spells that place when a word named it (.gi?, ${X:-.git},
	// "$(…)"), relative to the starting directory: a write there is
	// weighed as written under it ("" when nothing named it).
	dirGuess string
	// computed are the variables the script sets from what it reads at
	// run time (see collectComputed).
	computed map[string]bool
	// arrays are the literal elements of the script's arrays, positional
	// the literal words it sets as positional parameters (Unknown for
	// one not known statically; see collectParams).
	arrays     map[string][]string
	positional []string
	// posUnsafe: a positional value may run code when arithmetic
	// evaluates it (see notePositional).
	posUnsafe bool
	// overflow are the variables, arrays and positionalKey whose
	// candidate values passed the cap (see markOverflow).
	overflow map[string]bool
	// physical: the script may turn on set -P (see setsPhysical).
	physical bool
	// cdpathUnknown: the script gives CDPATH a value not known statically.
	cdpathUnknown bool
	// cdableVars: the script may turn on cdable_vars, globDots may turn
	// off globskipdots (see shellopts.go, cdablevars.go, globdots.go).
	cdableVars, globDots bool
	// hashed maps names rebound by hash -p to the program they now run.
	hashed map[string]string
	// vars are the literal values each variable is given in the script.
	vars map[string][]string
	// tainted are the variables the script may also set to a value not
	// known statically (read X, X+=y, ${X:=…}, declare -n X=…): their
	// literal values are not all they can hold (varTaints).
	tainted map[string]bool
	// strTainted are those of tainted that may hold any string, not only
	// the number an arithmetic assignment leaves (see arithTaint).
	strTainted map[string]bool
	// arithUnsafe are variables given a literal that runs code when
	// arithmetic evaluates it (see arithLiteral); their value is known.
	arithUnsafe map[string]bool
	// intDecl: the script gives a variable the integer attribute
	// (declare -i): its assignments are arithmetic.
	intDecl bool
	// listed are the directories a loop list or array glob lists, waiting
	// for the next command to carry them as mentions (looplistings.go).
	listed []File
	// sl holds the parse's small slices (slab); nested payloads share it.
	sl slab
}

// alts lists the possible directories other than dir.
func (s *shellState) alts() []string {
	if s.dir == "" && len(s.others) == 0 {
		return nil
	}
	// cd replaces others, never changes it in place: it can be shared.
	return s.others[:len(s.others):len(s.others)]
}

// cd follows cd, pushd and popd: options (-L, -P, -e, -@) are read as
// bash reads them; a target not known statically makes the directory unknown.
func (s *shellState) cd(name string, args []Word) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") && len(args[i].Value) > 1 {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if strings.Trim(v[1:], "LPe@n") != "" {
			break // "-" or -N / +N (directory stack entries)
		}
		i++
	}
	ops := args[i:]
	if len(ops) > 0 && name != "popd" {
		ops = append([]Word{s.cdTildeWord(s.knownDirWord(ops[0]))}, ops[1:]...)
	}
	var target string
	switch {
	case name == "popd":
		s.dirUnknown, s.dirGuess = true, ""
		return
	case len(ops) == 0 && name == "pushd":
		s.dirUnknown, s.dirGuess = true, "" // swaps the top two stack entries
		return
	case (len(ops) == 0 || homeWord(ops[0])) && s.homeSet():
		s.dirUnknown, s.dirGuess = true, "" // the home directory is what the script made HOME
		return
	case len(ops) == 0:
		target = "~"
	case homeWord(ops[0]):
		target = ops[0].Value // ~/.claude: the home directory is known
	case !ops[0].Static() || ops[0].Value == "-" || strings.HasPrefix(ops[0].Value, "+") ||
		strings.HasPrefix(ops[0].Value, "-"):
		s.dirGuess = s.guessAfter(ops[0])
		s.dirUnknown = true
		return
	default:
		target = ops[0].Value
	}
	if (cdPhysical(args[:i]) || s.physical) && physicalDotDot(target) {
		// cd -P sl/..: the parent of what sl links to; the engine walks
		// the guess as the kernel does (guessFile).
		g := s.guessAfter(Word{Value: target})
		s.dirUnknown, s.dirGuess = true, g
		return
	}
	old := append([]string{s.dir}, s.others...)
	join := func(d string) string {
		if path.IsAbs(target) || strings.HasPrefix(target, "~") {
			return path.Clean(target)
		}
		if j := path.Join(d, target); j != "." {
			return j
		}
		return ""
	}
	// CDPATH=.git; cd hooks moves to .git/hooks: a CDPATH the script
	// sets makes each of its entries a place cd may go (a name starting
	// with / . or .. is not looked up there).
	var viaCDPATH []string
	if !path.IsAbs(target) && !strings.HasPrefix(target, "~") && target != "." && target != ".." &&
		!strings.HasPrefix(target, "./") && !strings.HasPrefix(target, "../") {
		if s.cdpathUnknown {
			s.dirUnknown, s.dirGuess = true, ""
			return
		}
		for _, v := range s.vars["CDPATH"] {
			for _, e := range strings.Split(v, ":") {
				if e != "" && e != "." {
					viaCDPATH = append(viaCDPATH, path.Join(e, target))
				}
			}
		}
		if s.cdableVars && isName(target) {
			vals, ok := s.cdableValues(target)
			if !ok {
				s.dirUnknown, s.dirGuess = true, ""
				return
			}
			viaCDPATH = append(viaCDPATH, vals...)
		}
	}
	moved := join(s.dir)
	seen := map[string]bool{moved: true}
	s.others = nil
	for _, d := range old {
		cands := []string{d, join(d)}
		for _, c := range viaCDPATH {
			if path.IsAbs(c) || strings.HasPrefix(c, "~") {
				cands = append(cands, c)
			} else {
				cands = append(cands, path.Join(d, c))
			}
		}
		for _, c := range cands {
			if c == "." {
				c = ""
			}
			if !seen[c] {
				seen[c] = true
				s.others = append(s.others, c)
			}
		}
	}
	s.dir = moved
	if s.dirUnknown {
		s.dirGuess = guessInto(s.dirGuess, target)
	}
	if len(s.others) >= maxDirs {
		s.dirUnknown, s.dirGuess = true, ""
	}
}

// guessAfter spells where a cd to the non-static word w goes, relative to
// the starting directory, for a later relative write: the word as written
// (a glob, a default value, a substitution) under where the shell stood.
// "" when that is not a place one word names (cd -, +N, an earlier unknown
// place with no spelling).
func (s *shellState) guessAfter(w Word) string {
	v := foldedGuess(w.Value)
	if v == "-" || strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") || strings.HasPrefix(v, "~") {
		return ""
	}
	switch {
	case strings.HasPrefix(v, "/"):
		return v
	case s.dirUnknown:
		if s.dirGuess == "" {
			return ""
		}
		return s.dirGuess + "/" + v
	case s.dir != "":
		return s.dir + "/" + v
	}
	return v
}

// chdirInto is where a command runs that a wrapper moved into d (env -C
// d) from dir, or from one of the alternatives alts ("" = the start). The
// directories it moved from stay possible, as after a cd: files are
// checked in each (fail closed).
func chdirInto(dir string, alts []string, d string) (string, []string) {
	join := func(from string) string {
		if path.IsAbs(d) || strings.HasPrefix(d, "~") {
			return path.Clean(d)
		}
		if j := path.Join(from, d); j != "." {
			return j
		}
		return ""
	}
	moved := join(dir)
	seen := map[string]bool{moved: true}
	var out []string
	for _, a := range append([]string{dir}, alts...) {
		for _, c := range []string{a, join(a)} {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return moved, out
}

// homeWord reports a word that is the home directory or a static path
// under it (~, ~/x; not ~user, ~+ or ~-).
func homeWord(w Word) bool {
	return w.Tilde && !w.Dynamic && !w.Glob && !w.Brace && (w.Value == "~" || strings.HasPrefix(w.Value, "~/"))
}

// guessInto moves a spelled unknown directory into d, as a wrapper's -C d
// does: under it when d is relative; an absolute d is a known place, and
// the spelling no longer applies.
func guessInto(guess, d string) string {
	if guess == "" || path.IsAbs(d) || strings.HasPrefix(d, "~") {
		return ""
	}
	return guess + "/" + d
}

package bashparse

import "strings"

// rmFlatShort are rm's short options that never remove a directory:
// without -r, -R or -d, rm unlinks files only, and every critical path
// (the root, a top-level directory, home, the cwd and its parents) is a
// directory it cannot remove.
const rmFlatShort = "fiIv"

// rmFlatLong are rm's long options that never remove a directory.
var rmFlatLong = []string{"--force", "--interactive", "--one-file-system", "--preserve-root",
	"--no-preserve-root", "--verbose", "--help", "--version"}

// removesTrees reports whether a remover run with args may remove a whole
// directory: rmdir always; rm with -r, -R, -d or any option it is not
// known to leave flat (an abbreviation such as --rec is --recursive, and
// an unknown one fails closed). A word known only at run time may be
// such an option too: unquoted it may split into "-rf /", and with a
// second operand beside it a quoted one may be "-r" alone. (A glob is not
// counted: what it matches is what it removes, and critical_rm already
// sees a glob that may match a critical path.) An rm that removes trees
// turns a dynamic operand into a possible critical path (spec §6:
// rm -rf "$X", rm -rf $(dirname $PWD), xargs rm -rf).
func removesTrees(name string, args []Word) bool {
	switch name {
	case "rmdir":
		return true
	case "rm":
	default:
		return false
	}
	operands, dynamic, endOpts := 0, false, false
	for _, a := range args {
		v := a.Value
		if endOpts {
			operands++
			continue
		}
		if a.Dynamic || a.Brace {
			if !wholeQuoted(a) {
				return true
			}
			dynamic = true
			operands++
			continue
		}
		if v == "--" {
			endOpts = true
			continue
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			operands++
			continue
		}
		if strings.HasPrefix(v, "--") {
			if !rmFlatLongOpt(v) {
				return true
			}
			continue
		}
		if strings.Trim(v[1:], rmFlatShort) != "" {
			return true
		}
	}
	return dynamic && operands > 1
}

// rmFlatLongOpt reports a long option (or a unique abbreviation of one,
// as getopt_long reads it) in rmFlatLong.
func rmFlatLongOpt(v string) bool {
	name, _, _ := strings.Cut(v, "=")
	for _, o := range rmFlatLong {
		if strings.HasPrefix(o, name) {
			// An abbreviation another option shares is ambiguous (an
			// error), or that other option (--r is --recursive alone).
			return !rmAmbiguous(name, o)
		}
	}
	return false
}

// rmAmbiguous reports an abbreviation that a tree-removing long option of
// rm (--recursive, --dir) also starts with.
func rmAmbiguous(name, flat string) bool {
	for _, o := range []string{"--recursive", "--dir"} {
		if strings.HasPrefix(o, name) && o != flat {
			return true
		}
	}
	return false
}

// wholeQuoted reports a dynamic word written inside one pair of double
// quotes: it expands to exactly one word, never split — unless it holds
// "$@", "${a[@]}" or "${!p@}", which expand to one word per element even
// quoted (set -- -rf /; rm "$@").
func wholeQuoted(w Word) bool {
	s := w.src
	if s == "" {
		s = w.Value
	}
	if strings.Contains(s, "@") {
		return false
	}
	return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !strings.Contains(s[1:len(s)-1], `"`)
}

// xargsRemovesTrees is removesTrees for a remover xargs runs: the words
// it reads from stdin are appended to argv, and before a "--" in argv any
// of them may be an option (echo "-rf /" | xargs rm).
func xargsRemovesTrees(inner []Word) bool {
	if len(inner) == 0 || (inner[0].Value != "rm" && inner[0].Value != "rmdir") {
		return false
	}
	for _, a := range inner[1:] {
		if a.Value == "--" && a.Static() {
			return removesTrees(inner[0].Value, inner[1:])
		}
	}
	return true
}

// rmTrees are the directories a recursive rm walks and removes: what they
// hold goes with them, a nested repository's .git or a subproject's
// .claude among it, so each is a changing walk (Via "rm -R") whose
// protected stand-ins the engine keeps where such a file can be.
func rmTrees(args []Word) []Tree {
	if !removesTrees("rm", args) {
		return nil
	}
	var out []Tree
	for _, o := range operandWords(args, "") {
		// A dynamic operand of a tree-removing rm already asks (a possible
		// critical path); a glob's matches are not walked here.
		if o.Static() {
			out = append(out, Tree{Root: o.Value, Access: Write, Via: "rm -R"})
		}
	}
	return out
}

package bashparse

// The shell itself reads and writes the file HISTFILE names: history -r,
// -n read it, history -w, -a write it (set -o history need not be on for
// these), so HISTFILE=.env; history -r; history prints .env and
// HISTFILE=config/a; history -s x; history -w writes config/a, while the
// history command names no file. An assignment to HISTFILE is therefore
// a write of its value (a write of a path under a Read deny is denied
// too); a builtin that sets it to a value read at run time is an
// unresolved part (codeVarSetters).

// shellFileVar reports a variable naming a file the shell opens itself.
func shellFileVar(name string) bool { return name == "HISTFILE" }

// histfileWrites lists the files assignments to HISTFILE name.
func histfileWrites(as []Assign) []File {
	var out []File
	for _, a := range as {
		if !shellFileVar(a.Name) || a.Value == "" && !a.Dynamic {
			continue
		}
		out = append(out, File{Path: a.Value, Access: Write, Via: a.Name + "=", Dynamic: a.Dynamic,
			Tilde: len(a.Value) > 0 && a.Value[0] == '~', Glob: hasGlobChar(a.Value)})
	}
	return out
}

// histfileSetters lists, for a builtin that sets HISTFILE to a value read
// at run time (read HISTFILE, printf -v HISTFILE …), a write of a file
// not known statically.
func histfileSetters(args []Word) []File {
	names, _ := setterNames(args)
	for _, n := range names {
		if shellFileVar(n) {
			return []File{{Path: "$" + n, Access: Write, Via: args[0].Value + " " + n, Dynamic: true}}
		}
	}
	return nil
}

package bashparse

import "strings"

// markCopyDest records, on each source a copy or move carries links of
// (File.CopiesLinks), where the copy lands: the -t/--target-directory
// value when given (extra), else the last operand. A relative link names
// its target from its own directory, so the engine needs the new place to
// tell what the carried link will point to (`mv tpl/up up` turns
// tpl/up -> .., the project, into up -> .., its parent). CopyPlace says
// how the source lands there: "into" the directory (-t, or several
// sources), "as" it (-T, --no-target-directory), or "" when the file
// system decides (into an existing directory, else as the name). A
// destination known only at run time (a substitution, a glob, a brace, a
// tilde), or an unquoted expansion that may hold -t or -T, leaves CopyTo
// empty: the engine then cannot place the link and fails closed.
func markCopyDest(args, ops []Word, extra []File, out []File) {
	dest, place := "", ""
	switch {
	case len(extra) > 0:
		if f := extra[len(extra)-1]; !f.Dynamic && !f.Glob && !f.Tilde {
			dest, place = f.Path, "into"
		}
	case len(ops) > 1:
		if w := ops[len(ops)-1]; w.Static() && !fdLink(w.Value) {
			dest = w.Value
			if len(ops) > 2 {
				place = "into"
			}
		}
	}
	for _, a := range args {
		v := a.Value
		switch {
		case a.Dynamic && !wholeQuoted(a):
			return
		case v == "--":
		case isLongOpt(v, "--no-target-directory"):
			place = "as"
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(strings.SplitN(v[1:], "S", 2)[0], 'T') >= 0:
			place = "as" // -T, in a cluster before a valued -S
		}
	}
	if dest == "" {
		return
	}
	for i := range out {
		if out[i].CopiesLinks && out[i].CopyTo == "" {
			out[i].CopyTo, out[i].CopyPlace = dest, place
		}
	}
}

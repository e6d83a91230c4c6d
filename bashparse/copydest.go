package bashparse

// markCopyDest records, on each source a copy or move carries links of
// (File.CopiesLinks), where the copy lands: the -t/--target-directory
// value when given (extra), else the last operand. A relative link
// names its target from its own directory, so the engine needs the new
// place to tell what the carried link will point to (`mv tpl/up up`
// turns tpl/up -> .., the project, into up -> .., its parent). A
// destination known only at run time (a substitution, a glob, a brace,
// a tilde) is left empty: the engine then cannot place the link and
// fails closed.
func markCopyDest(ops []Word, extra []File, out []File) {
	dest := ""
	switch {
	case len(extra) > 0:
		if f := extra[len(extra)-1]; !f.Dynamic && !f.Glob && !f.Tilde {
			dest = f.Path
		}
	case len(ops) > 1:
		if w := ops[len(ops)-1]; w.Static() && !fdLink(w.Value) {
			dest = w.Value
		}
	}
	if dest == "" {
		return
	}
	for i := range out {
		if out[i].CopiesLinks && out[i].CopyTo == "" {
			out[i].CopyTo = dest
		}
	}
}

package settings

// wholeFileTool reports an allow rule that names a file tool without a
// path (Read, Edit, Write, Grep, Read(*) …): it approves that tool on every
// file, outside the repository too, as Read(//**) would.
func wholeFileTool(r Rule) bool {
	return r.Behavior == Allow && r.Kind == KindNone && !r.ToolGlob && r.Ignored == "" && isPathTool(r.Tool)
}

// confine narrows a whole-tool allow rule of an untrusted repository to
// the repository: Read becomes Read(/**), anchored at its settings' root.
// The repository keeps what Claude Code would give it inside itself, but
// its own file cannot approve reading ~/.ssh/id_rsa or writing
// ~/.ssh/authorized_keys, which its Read(//**) or Edit(~/**) cannot
// either. A tool whose own path rules are never consulted (Write,
// MultiEdit, NotebookEdit, Glob) is confined as its family's rule
// (Edit(/**), Read(/**)): that approves its siblings inside the
// repository too, which the repository could approve by naming them, and
// keeps its own calls there running without asking. It returns the rule
// and the text of what it now is.
func confine(r Rule) (Rule, string) {
	if _, family := pathTool(r.Tool); family != "" {
		r.Tool = family
	}
	r.Kind, r.Anchor, r.Pattern = KindPath, AnchorSource, "**"
	return r, r.Tool + "(/**)"
}

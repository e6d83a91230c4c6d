package bashparse

import "strings"

// git matches the pathspecs of its reading subcommands itself: a quoted
// '.e*' or '*env' reaches the shell as a literal word, and git log -p,
// diff and show then print every tracked file it matches, .env included;
// ":(icase).ENV", ":(top)…" and ":!x" magic widen a pathspec the same way.
// Such a word is no path a deny rule can be matched against, so it is a
// walk of the tree below its literal directory, kept to the names its
// literal tail allows (git's "*" crosses "/" and matches a leading dot).

// gitReadPathspecTrees returns the trees a reading git subcommand (args
// start at it) selects with glob or magic pathspecs; nil when every
// pathspec is a plain path.
func gitReadPathspecTrees(args []Word) []Tree {
	if len(args) == 0 || !args[0].Static() {
		return nil
	}
	sub := args[0].Value
	if !gitReadsOperands[sub] || sub == "grep" {
		return nil // git grep walks its whole tree already (recursiveTrees)
	}
	var out []Tree
	for _, o := range operandWords(args[1:], gitReadValueOpts) {
		if !o.Static() && !o.Glob {
			continue // a dynamic word is a mention anywhere (mentions)
		}
		if t, ok := gitPathspecTree(o.Value); ok {
			t.Via = "git " + sub + " pathspec"
			out = append(out, t)
		}
	}
	return out
}

// gitReadValueOpts are the short options of git log, diff and show that
// take the next word as their value (-n 5, -S text, -G regex): not paths.
const gitReadValueOpts = "nSGO"

// gitPathspecTree is the walk a glob or magic pathspec stands for: its
// root is the literal directory before the first wildcard (the whole
// file system for ":/" and ":(top)", which start at the repository's
// top), and it keeps only names ending in the literal tail after the last
// wildcard, when that tail is a plain name; magic keeps every name (icase
// changes the case, exclude selects the rest).
func gitPathspecTree(v string) (Tree, bool) {
	if strings.HasPrefix(v, ":") {
		root := "."
		if strings.HasPrefix(v, ":/") || strings.HasPrefix(v, ":(top") || strings.HasPrefix(v, ":^/") || strings.HasPrefix(v, ":!/") {
			root = "/"
		}
		return Tree{Root: root, Access: Read}, true
	}
	first := strings.IndexAny(v, "*?[")
	if first < 0 {
		return Tree{}, false
	}
	root := "."
	if slash := strings.LastIndexByte(v[:first], '/'); slash > 0 {
		root = v[:slash]
	} else if slash == 0 {
		root = "/"
	}
	t := Tree{Root: root, Access: Read}
	last := strings.LastIndexAny(v, "*?]")
	if tail := v[last+1:]; tail != "" && !strings.ContainsAny(tail, "/[\\") {
		t.Include = []string{"*" + tail}
	}
	return t, true
}

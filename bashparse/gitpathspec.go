package bashparse

import "strings"

// git checkout REV -- PATHS and git restore --source=REV PATHS copy files
// from a revision into the working tree: whatever that revision holds
// (a branch from a pull request, a stash) is written there, so each
// pathspec is a write. A pathspec that git itself widens (".", ":/",
// magic, globs git matches across "/", a dynamic word, a pathspec file)
// may write anywhere under the cwd, .claude/settings.json included.

// gitPathspecs returns the pathspec words of a git subcommand that writes
// them into the working tree, and whether any of them reaches the whole
// tree. args start at the subcommand.
func gitPathspecs(args []Word) (paths []Word, wide bool) {
	sub := args[0].Value
	switch sub {
	case "checkout":
	case "restore":
		// --staged alone writes only the index.
		if (hasShort(args[1:], 'S') || hasLong(args[1:], "--staged")) &&
			!hasShort(args[1:], 'W') && !hasLong(args[1:], "--worktree") {
			return nil, false
		}
	default:
		return nil, false
	}
	if hasLong(args[1:], "--pathspec-from-file") {
		wide = true
	}
	dashdash := false
	for _, a := range args[1:] {
		if a.Value == "--" && a.Static() {
			dashdash = true
			break
		}
	}
	ops := operandWords(args[1:], gitPathspecValueOpts[sub])
	if dashdash {
		// Only the words after "--" are paths; operandWords keeps them last.
		n := 0
		for i := len(args) - 1; i > 0 && !(args[i].Value == "--" && args[i].Static()); i-- {
			n++
		}
		ops = ops[len(ops)-n:]
	}
	// Without "--" a checkout operand may be a revision or a path: each
	// static one is taken as a path (fail closed). A dynamic first one
	// ("$BRANCH") is taken as the revision: as a path it would only be
	// restored from the index.
	if !dashdash && sub == "checkout" && len(ops) > 0 && !ops[0].Static() {
		ops = ops[1:]
	}
	for _, o := range ops {
		if widePathspec(o) {
			wide = true
			continue
		}
		paths = append(paths, o)
	}
	return paths, wide
}

// gitPathspecValueOpts are the short options of each subcommand that take
// the next word as their value.
var gitPathspecValueOpts = map[string]string{"checkout": "bB", "restore": "s"}

// widePathspec reports a pathspec git may expand to files anywhere under
// the cwd: the cwd itself, the top (":/"), pathspec magic (":(glob)…"),
// a glob git matches itself (even quoted, "*" crosses "/"), or a word
// known only at run time.
func widePathspec(w Word) bool {
	v := strings.TrimPrefix(w.Value, "./")
	return !w.Static() || v == "" || v == "." || strings.HasPrefix(v, ":") || strings.ContainsAny(v, "*?[")
}

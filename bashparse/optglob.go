package bashparse

// optGlob reports an option value that is an unquoted glob (xargs -a
// .e?v, env -S with --arg-file=.en*): bash expands it before the wrapper
// sees it, so the file opened is any name the pattern matches, and the
// value must be matched as a pattern, not as the literal name ".e?v".
// words are the words the option scan read.
func optGlob(words []Word, o opt) bool {
	return !o.dynamic && o.word >= 0 && o.word < len(words) && words[o.word].Glob
}

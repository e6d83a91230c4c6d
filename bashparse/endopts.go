package bashparse

// withoutFinalEndOfOptions drops the "--" words that end a command: "--"
// ends the options, and with no operand after it the program does exactly
// what it does without it (npm publish -- publishes like npm publish). The
// wide view, which deny and ask rules match, reads the command without
// them, so an exact rule such as Bash(npm publish) is not dodged by a
// trailing "--". The narrow view keeps every word: an allow rule still
// approves only the text it names.
func withoutFinalEndOfOptions(words []Word) []Word {
	for len(words) > 1 && words[len(words)-1].Static() && words[len(words)-1].Value == "--" {
		words = words[:len(words)-1]
	}
	return words
}

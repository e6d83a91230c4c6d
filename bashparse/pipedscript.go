package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// notePipe remembers what the left side of a pipe writes when that text is
// known statically, for the command on its right: `echo 'rm -rf x' | bash`
// feeds bash its script exactly as `bash <<<'rm -rf x'` does, and the
// script is parsed the same way (stdinScript). A left side whose text is
// not known leaves the right side's stdin unresolved, as before.
func (p *parser) notePipe(b *syntax.BinaryCmd) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
		return
	}
	if text := p.pipedText(b.X); text != "" {
		if p.piped == nil {
			p.piped = map[*syntax.Stmt]string{}
		}
		p.piped[b.Y] = text
	}
}

// pipedProducers are the commands whose output pipedText can know.
var pipedProducers = map[string]bool{"echo": true, "printf": true, "cat": true}

// pipedText is what x writes to its stdout when x is echo or printf of
// static words, or cat of a here-document or here-string; "" otherwise.
func (p *parser) pipedText(x *syntax.Stmt) string {
	ce, ok := x.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 || x.Negated {
		return ""
	}
	// Most pipes start with another command: its name alone answers, and
	// the words are converted only for echo, printf and cat.
	if !pipedProducers[ce.Args[0].Lit()] {
		return ""
	}
	words := make([]string, len(ce.Args))
	for i, a := range ce.Args {
		w := p.word(a)
		if !w.Static() || w.Glob || w.Brace || w.Tilde {
			return ""
		}
		words[i] = w.Value
	}
	switch words[0] {
	case "echo":
		args, escapes := words[1:], false
		for len(args) > 0 && (args[0] == "-n" || args[0] == "-E" || args[0] == "-e") {
			escapes = escapes || args[0] == "-e"
			args = args[1:]
		}
		text := strings.Join(args, " ")
		if strings.HasPrefix(text, "-") || escapes && strings.Contains(text, `\`) {
			return "" // an option echo reads, or escapes -e would decode
		}
		return text
	case "printf":
		switch {
		case len(words) == 2 && !strings.ContainsAny(words[1], `%\`):
			return words[1]
		case len(words) > 2 && (words[1] == `%s\n` || words[1] == `%s`):
			sep := ""
			if words[1] == `%s\n` {
				sep = "\n"
			}
			return strings.Join(words[2:], sep)
		}
	case "cat":
		if len(words) == 1 {
			return p.stdinBody(x)
		}
	}
	return ""
}

package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdinBody is the text a statement's here-document or here-string feeds
// its command (bash <<'EOF' … EOF, python3 <<<'…'), or the pipe before it
// (echo '…' | bash; notePipe): "" when it has none.
// A body with expansions is taken as written.
func (p *parser) stdinBody(st *syntax.Stmt) string {
	body := p.piped[st] // a redirection of its own replaces the pipe
	for _, r := range st.Redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body = ""
			if r.Hdoc != nil {
				body = p.source(r.Hdoc)
			}
		case syntax.WordHdoc:
			body = ""
			if r.Word != nil {
				if w := p.word(r.Word); w.Static() {
					body = w.Value
				} else {
					body = p.source(r.Word)
				}
			}
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
			body = "" // a later redirection replaces stdin
		}
	}
	return body
}

// stdinScript: a command that reads its program from stdin (bash, sh -s,
// python3, node, perl -) and is given it by a here-document or here-string
// runs that text. A shell's is parsed as a nested script; an interpreter's
// words are mentions it may read or write, as an inline -c program's are
// (spec §3, "anything that runs a command is a command"; "a denied path
// named anywhere fails closed"). The stdin unresolved part stays: only
// facts are added.
func (p *parser) stdinScript(c *Command, inner []Word, pays []payload, body string) []payload {
	if body == "" || len(inner) == 0 || !inner[0].Static() {
		return pays
	}
	fromStdin := false
	for _, pay := range pays {
		if pay.unresolved && pay.reason == ReasonShellInput && strings.Contains(pay.script, "stdin") {
			fromStdin = true
			break
		}
	}
	if !fromStdin {
		return pays
	}
	name := inner[0].Value
	if scriptShells[name] {
		return append(pays, payload{script: body, origin: name + " here-document", reason: ReasonDynamicShell, lenient: true})
	}
	ms := dynamicNameMentions(append([]Word{{Value: name, Dynamic: true}}, looseWords(body)...), c.Files)
	for i := range ms {
		ms[i].Via = name
		if ms[i].Access != Read {
			ms[i].MayWrite = true
		}
	}
	c.Mentions = append(c.Mentions, ms...)
	return pays
}

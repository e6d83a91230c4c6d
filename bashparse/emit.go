package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// emit records one simple command with its views, files and payloads.
func (p *parser) emit(n syntax.Node, words []Word, assigns []Assign, redirs []Redirect, bg bool) *Command {
	// The command is built in place: a Command is half a kilobyte. Nothing
	// below appends to the list before the payloads, which come after it.
	if p.out.Commands == nil {
		p.out.Commands = make([]Command, 0, max(p.capHint, 1))
	}
	p.out.Commands = append(p.out.Commands, Command{Words: words, Assigns: assigns, Redirects: redirs, Span: p.span(n),
		Background: bg, Nested: p.depth > 0, Origin: p.origin, Dir: p.st.dir, DirAlts: p.st.alts(), DirUnknown: p.st.dirUnknown, DirGuess: p.st.dirGuess})
	idx := len(p.out.Commands) - 1
	c := &p.out.Commands[idx]
	var narrowWords []Word
	p.st.sl.cmdSrc = p.source(n)
	c.Narrow, narrowWords = peelNarrow(words, assigns, &p.st.sl)
	pw := peelWide(words, &c.Narrow, narrowWords, &p.st.sl)
	p.st.sl.cmdSrc = ""
	c.Wide = pw.view
	inner := pw.inner
	varNamed := false // the name or subcommand may come from a variable
	if len(words) > 0 && (c.Narrow.DynamicName || c.Wide.DynamicName) {
		p.unresolved(ReasonDynamicName, "command name is not static: "+c.Wide.Text, n)
		varNamed = true
	} else if sub, ok := dynamicSubcommand(pw.inner); ok {
		p.unresolved(ReasonDynamicName, "subcommand of "+c.Wide.Name+" is not static: "+sub, n)
		varNamed = true
	}
	optionWord := p.st.optionWords(inner)
	if optionWord != "" {
		p.unresolved(ReasonDynamicName, "a word of "+c.Wide.Name+" known only at run time may be one of its options: "+optionWord, n)
	}
	c.Open = p.st.openStart(inner, peeledXargs(c))
	if reason, w, ok := dynamicStateWord(inner); ok {
		// The script's literal values for the word spell what it may do.
		p.unresolved(reason, inner[0].Value+" takes a word known only at run time ("+w+"): it may bind a name or run code", n)
		varNamed = true
	}
	c.ReadOnly = p.readOnly(c) && !escapedBlank(words)
	tableFiles := p.tableFiles(c)
	c.ExecWrapper = pw.exec
	if c.Wide.Name == "find" && !findReadOnly(c.Wide.Args) {
		c.ExecWrapper = true
	}
	if c.ExecWrapper {
		p.unresolved(ReasonExecWrapper, "exec-style wrapper: only an exact rule approves "+c.Wide.Text, n)
	}
	if pw.dirUnknown {
		c.DirUnknown, c.DirGuess = true, ""
	}
	for _, d := range pw.chdirs {
		c.DirGuess = guessInto(c.DirGuess, d)
		c.Dir, c.DirAlts = chdirInto(c.Dir, c.DirAlts, d)
	}
	c.Files = append(append(fileOperands(inner), pw.files...), tableFiles...)
	c.Files = append(c.Files, configWrites(inner)...)
	c.Files = append(c.Files, atFileOperands(inner)...)
	if why := agentctlRuns(inner); why != "" {
		p.unresolved(ReasonProgramConfig, why, n)
	}
	if len(inner) > 0 {
		c.Files = append(c.Files, assignFiles(append(append([]Assign(nil), assigns...), pw.assigns...))...)
	}
	c.Files = append(c.Files, histfileWrites(assigns)...)
	c.Files = append(c.Files, histfileSetters(inner)...)
	c.Powers = append(c.Powers, pw.powers...)
	for _, f := range pw.files {
		if f.Access == Write {
			c.Powers = append(c.Powers, f.Via+" writes "+f.Path)
		}
	}
	if peeledXargs(c) && len(inner) > 0 {
		// xargs appends operands read from stdin: unknown files.
		if spec, ok := operandSpecs[inner[0].Value]; ok {
			acc := spec.access
			if spec.lastWrite {
				acc = Write
			}
			c.Files = append(c.Files, File{Path: "<xargs input>", Access: acc, Via: inner[0].Value, Dynamic: true,
				Tree: xargsRemovesTrees(inner)})
		} else if f, ok := xargsUnknownInput(inner); ok {
			c.Files = append(c.Files, f)
		}
	}
	for _, r := range redirs {
		if f, ok := redirectFile(r); ok {
			c.Files = append(c.Files, f)
		}
		if t, ok := netRedirect(r); ok {
			p.unresolved(ReasonNetwork, "the shell opens a network connection: "+t, n)
		}
	}
	pays := pw.pays
	if pay, opt, ok := braceWitness(inner); ok && (opt != "" || inner[0].Brace || c.Wide.Name == "find") {
		pays = append(pays, pay)
		if opt != "" {
			p.unresolved(ReasonDynamicName, "a brace expansion spells options of "+c.Wide.Name+": "+opt, n)
		}
	}
	if varNamed || dynamicArg(inner) {
		pays = append(pays, p.st.varCommandWitnesses(p.source(n))...)
	}
	if optionWord != "" {
		pays = append(pays, p.st.splitWitnesses(p.source(n))...)
	}
	more, files, powers := optionPowers(inner)
	pays = append(pays, more...)
	c.Files = append(c.Files, files...)
	c.Powers = append(c.Powers, powers...)
	c.Files = append(c.Files, scriptFiles(inner)...)
	if len(inner) > 0 {
		c.Files = append(c.Files, tzFiles(append(append([]Assign(nil), assigns...), pw.assigns...))...)
	}
	pays = append(pays, mispipePayloads(inner)...)
	c.Files = append(c.Files, gitReadOutsideFiles(inner)...)
	c.Powers = append(c.Powers, sedExecPowers(inner)...)
	c.Powers = append(c.Powers, netRoutePowers(inner)...)
	pays = append(pays, assignPayloads(append(append([]Assign(nil), assigns...), pw.assigns...))...)
	pays = append(pays, configPayloads(append(append([]Assign(nil), assigns...), pw.assigns...), len(inner) > 0)...)
	pays = append(pays, p.stringPayloads(words, assigns)...)
	pays = append(pays, codeVarSetters(inner)...)
	if fcRuns(inner) {
		pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: "fc",
			script: "fc runs commands from the shell's history, which history -r and history -s fill with text not read here"})
	}
	if histExpansion(inner) {
		pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: inner[0].Value,
			script: "history expansion rewrites later lines (!!, ^old^new) into commands not written in the script"})
	}
	if keywordMode(inner) {
		pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: inner[0].Value,
			script: "the keyword option makes NAME=value words of later commands assignments to their environment"})
	}
	if len(inner) > 0 && inner[0].Static() {
		if target, ok := p.st.hashed[inner[0].Value]; ok {
			argv := append([]Word{{Value: target}}, inner[1:]...)
			pays = append(pays, payload{argv: argv, origin: "hash -p " + inner[0].Value})
		}
	}
	c.Files = uniqueFiles(append(c.Files, braceFiles(c.Files)...))
	if p.st.globDots {
		c.Files = append(c.Files, globDotFiles(c.Files)...)
	}
	c.Recursive = recursiveTrees(inner)
	c.Files = append(c.Files, protectedWitnesses(c.Recursive)...)
	c.Files = append(c.Files, p.st.varWitnesses(c.Files)...)
	c.Files = append(c.Files, p.st.computedWitnesses(c.Files, c.DirUnknown, c.DirGuess)...)
	c.Files = append(c.Files, p.st.paramWitnesses(c.Files)...)
	c.Files = append(c.Files, p.st.guessParamWitnesses(c.Files, c.DirUnknown, c.DirGuess)...)
	c.Files = append(c.Files, p.st.homeWitnesses(c.Files)...)
	c.Mentions = mentions(inner, c.Files)
	c.Mentions = append(c.Mentions, redirectTails(redirs)...)
	c.Mentions = append(c.Mentions, globListings(inner)...)
	c.Mentions = append(c.Mentions, p.takeListings()...)
	c.Mentions = append(c.Mentions, metadataMentions(p.st, inner)...)
	c.Mentions = append(c.Mentions, programMentions(inner, pw.ranPaths)...)
	c.Mentions = append(c.Mentions, p.st.varWitnesses(c.Mentions)...)
	if !c.ReadOnly {
		// A read-only command's expansion is a hidden operand (asks) already.
		c.Mentions = append(c.Mentions, defaultMentions(inner)...)
	}
	if p.dotglob() {
		c.Mentions = append(c.Mentions, dotglobMentions(c.Mentions)...)
	}
	if p.st.globDots {
		c.Mentions = append(c.Mentions, globDotFiles(c.Mentions)...)
	}
	if reads, named := curlGlobs(inner, c.Files); len(reads)+len(named) > 0 {
		c.Files, c.Mentions = append(c.Files, reads...), append(c.Mentions, named...)
	}
	if c.ReadOnly && len(inner) > 0 && !subcommandFirst[inner[0].Value] {
		c.Files = append(c.Files, p.st.hiddenOperands(c.Mentions, c.Files)...)
	} else if len(inner) > 1 && inner[0].Static() && !namesOnly[inner[0].Value] && !subcommandFirst[inner[0].Value] && !tabledOperands(inner[0].Value) {
		c.Files = append(c.Files, p.st.scriptOperands(c.Mentions, c.Files)...)
	}
	markMayWrite(c, inner)
	if c.ReadOnly && expandsParameter(words) {
		// What it names stays a read (above), but the mode does not run
		// it unasked: its output carries the parameter's value.
		c.ReadOnly = false
	}
	switch c.Wide.Name {
	case "alias":
		for _, a := range c.Wide.Args {
			if strings.Contains(a, "=") {
				p.unresolved(ReasonAlias, "alias definition changes later commands: "+a, n)
				break
			}
		}
	case "source", ".":
		p.unresolved(ReasonSource, "runs the commands of a file: "+c.Wide.Text, n)
	case "hash":
		p.hash(inner[1:], n)
	case "declare", "typeset", "local":
		p.st.noteIntDecl(inner[1:])
	case "cd", "pushd", "popd":
		p.st.cd(c.Wide.Name, inner[1:])
		markPhysicalCd(c, inner[1:])
	}
	if p.stdin != "" {
		pays = p.stdinScript(c, inner, pays, p.stdin)
		if c.Wide.Name == "source" || c.Wide.Name == "." {
			pays = p.sourceStdin(inner, pays, p.stdin)
		}
		pays = envStdin(inner, append(append([]Assign(nil), assigns...), pw.assigns...), pays, p.stdin)
		p.stdin = "" // nested payloads have stdins of their own
	}
	span := c.Span
	if len(pw.chdirs) > 0 || pw.dirUnknown {
		// What the wrapper runs (sh -c …) runs where it moved.
		dir, others, unknown, guess := p.st.dir, p.st.others, p.st.dirUnknown, p.st.dirGuess
		p.st.dir, p.st.others, p.st.dirUnknown, p.st.dirGuess = c.Dir, c.DirAlts, c.DirUnknown, c.DirGuess
		for _, pay := range pays {
			p.payload(pay, span, n)
		}
		p.st.dir, p.st.others, p.st.dirUnknown, p.st.dirGuess = dir, others, unknown, guess
	} else {
		for _, pay := range pays {
			p.payload(pay, span, n)
		}
	}
	return &p.out.Commands[idx]
}

func peeledXargs(c *Command) bool {
	for _, v := range [][]string{c.Narrow.Peeled, c.Wide.Peeled} {
		for _, p := range v {
			if p == "xargs" {
				return true
			}
		}
	}
	return false
}

// uniqueFiles drops repeated (path, access) pairs: two tables may name the
// same option (sort -o is both an operand rule and a power).
func uniqueFiles(fs []File) []File {
	if len(fs) <= 16 {
		// A command names a few files: a scan beats a map.
		out := fs[:0]
		for _, f := range fs {
			dup := false
			for i, g := range out {
				if g.Path == f.Path && g.Access == f.Access {
					dup = true
					out[i].Tree, out[i].Removes = g.Tree || f.Tree, g.Removes || f.Removes
					out[i].CopiesLinks = g.CopiesLinks || f.CopiesLinks
					break
				}
			}
			if !dup {
				out = append(out, f)
			}
		}
		return out
	}
	seen := make(map[[2]string]int, len(fs))
	out := fs[:0]
	for _, f := range fs {
		k := [2]string{f.Path, string(f.Access)}
		if i, ok := seen[k]; ok {
			out[i].Tree, out[i].Removes = out[i].Tree || f.Tree, out[i].Removes || f.Removes
			out[i].CopiesLinks = out[i].CopiesLinks || f.CopiesLinks
			continue
		}
		seen[k] = len(out)
		out = append(out, f)
	}
	return out
}

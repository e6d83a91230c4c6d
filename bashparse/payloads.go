package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// payloads finds the scripts and commands a peeled command runs: shell -c,
// eval, find -exec and the other command-running programs.
func payloads(words []Word) []payload {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	if g, ok := shells[name]; ok {
		return shellPayload(name, g, words[1:])
	}
	switch name {
	case "fish":
		return fishPayload(words[1:])
	case "eval":
		var parts []string
		dyn := false
		args := words[1:]
		if len(args) > 0 && args[0].Value == "--" {
			args = args[1:] // eval reads "--" as the end of its (no) options
		}
		for _, w := range args {
			parts = append(parts, w.Value)
			dyn = dyn || w.Dynamic
		}
		return []payload{{script: strings.Join(parts, " "), dynamic: dyn, origin: "eval", reason: ReasonDynamicEval}}
	case "find":
		return findPayloads(words[1:])
	}
	return runnerPayloads(name, words[1:])
}

// shellPayload reads a shell's options: with -c the script is the first
// operand (after "--" too); otherwise a file operand or stdin is the script.
func shellPayload(name string, g optGrammar, args []Word) []payload {
	norm := make([]Word, len(args))
	for i, a := range args {
		norm[i] = a
		if strings.HasPrefix(a.Value, "+") && len(a.Value) > 1 {
			norm[i].Value = "-" + a.Value[1:] // +o opt, +x: the same grammar
		}
	}
	sc := g.scan(norm)
	var out []payload
	if sc.unsure {
		out = append(out, payload{unresolved: true, reason: ReasonWrapperOptions, origin: name,
			script: name + " options not understood: where its script starts is not certain"})
	}
	// An interactive bash first runs the file --rcfile or --init-file
	// names (bash --rcfile ./x -ic ls runs what ./x holds): a file of
	// code, like source's.
	for _, o := range sc.values("--rcfile", "--init-file") {
		out = append(out, payload{unresolved: true, reason: ReasonSource, origin: name + " " + o.name,
			script: name + " runs the commands of its startup file " + o.value})
	}
	rest := args[sc.stop:]
	switch {
	case sc.has("-c"):
		if len(rest) == 0 {
			// No script here: xargs (or whatever appends arguments)
			// supplies it.
			return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name + " -c",
				script: name + " -c without a script: it comes from elsewhere"})
		}
		return append(out, payload{script: rest[0].Value, dynamic: !rest[0].Static(), origin: name + " -c",
			reason: ReasonDynamicShell})
	case len(rest) > 0 && !sc.has("-s") && !(rest[0].Static() && stdinLink(rest[0].Value)):
		return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
			script: name + " runs the script file " + rest[0].Value})
	}
	return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
		script: name + " reads its script from stdin"})
}

// fishPayload: fish takes its script as the value of -c/--command (and
// -C/--init-command runs before it).
func fishPayload(args []Word) []payload {
	g := optGrammar{short: "c:C:d:f:hilnNo:pPv", long: []string{"command=", "init-command=", "debug=",
		"features=", "help", "interactive", "login", "no-execute", "no-config", "debug-output=", "profile=",
		"private", "print-rusage-self", "print-debug-categories", "version"}}
	sc := g.scan(args)
	var out []payload
	for _, o := range sc.values("-c", "--command", "-C", "--init-command") {
		out = append(out, payload{script: o.value, dynamic: o.dynamic, origin: "fish " + o.name, reason: ReasonDynamicShell})
	}
	if sc.unsure || len(out) == 0 {
		out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: "fish",
			script: "fish reads its script from a file or stdin"})
	}
	return out
}

// findPayloads turns find's -exec/-execdir/-ok/-okdir actions into argvs.
func findPayloads(args []Word) []payload {
	var out []payload
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
				j++
			}
			if j > i+1 {
				argv := append([]Word(nil), args[i+1:j]...)
				for k := range argv {
					if strings.Contains(argv[k].Value, "{}") {
						argv[k].Glob = true // the files find visits
					}
				}
				out = append(out, payload{argv: argv, origin: "find " + args[i].Value})
			}
			i = j
		}
	}
	return out
}

// stringPayloads finds array subscripts with command substitutions in
// static strings: bash runs them when the string is evaluated
// arithmetically (let, (( )), [[ -v ]], printf -v, read, declare -i).
func (p *parser) stringPayloads(words []Word, assigns []Assign) []payload {
	var out []payload
	add := func(s string) {
		for _, sc := range subscriptSubst(s) {
			out = append(out, payload{script: sc, origin: "arithmetic subscript", reason: ReasonDynamicShell})
		}
	}
	for _, w := range words {
		if !w.Dynamic {
			add(w.Value)
		}
	}
	for _, a := range assigns {
		if !a.Dynamic {
			add(a.Value)
		}
	}
	return out
}

// payload analyses what a wrapper runs: a script parsed recursively, or an
// argv (find -exec) emitted as a nested command.
func (p *parser) payload(pay payload, outer Span, n syntax.Node) {
	if pay.unresolved {
		p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: pay.reason, Text: pay.script, Span: outer})
		return
	}
	if pay.dynamic {
		p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: pay.reason,
			Text: pay.origin + " runs a script that is not static: " + pay.script, Span: outer})
		if text, ok := dynamicScriptText(pay); ok {
			// The script's static shape still says what it runs: sh -c
			// "rm -rf $PWD" removes the cwd whatever else it does.
			p.payload(payload{script: text, origin: pay.origin, reason: pay.reason, lenient: true}, outer, n)
		}
		// c='git push'; eval "$c": the script spelled with the literal
		// values the command gives its variables, for deny and ask rules.
		for _, w := range p.st.varCommandWitnesses(unquoteWhole(pay.script)) {
			w.origin = pay.origin
			p.payload(w, outer, n)
		}
		return
	}
	if p.depth+1 >= MaxDepth {
		p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: ReasonTooDeep,
			Text: "wrapper nesting deeper than the analysis limit", Span: outer})
		return
	}
	sub := &parser{src: pay.script, out: p.out, depth: p.depth + 1, outer: &outer, origin: pay.origin, st: p.st, table: p.table}
	if pay.lenient {
		sp := parsers.Get().(*syntax.Parser)
		_, err := sp.Parse(strings.NewReader(pay.script), "")
		parsers.Put(sp)
		if err != nil {
			return
		}
	}
	if pay.argv != nil {
		sub.emit(n, pay.argv, nil, nil, false)
		return
	}
	sub.run(pay.script, &outer)
}

package bashparse

import "mvdan.cc/sh/v3/syntax"

// hash -p PATH NAME rebinds NAME for every later lookup, and "later" is
// run time, not the order of the text: a function defined before the hash
// and called after it, a trap run at exit, or a loop's second turn runs
// PATH where the walk, reading the text once, saw NAME (f() { ls x; };
// hash -p /bin/rm ls; f runs rm x). Once the script is walked, every
// command named NAME anywhere in it is given what NAME may run, as the
// commands after the hash already are; a NAME run before the hash gets a
// spelling it does not run, which only makes deny and ask rules see more.

// hashedAnywhere spells, for each command named by a name the script
// rebinds with hash -p, the command the binding makes of it.
func (p *parser) hashedAnywhere() {
	if len(p.st.hashed) == 0 {
		return
	}
	for i, n := 0, len(p.out.Commands); i < n; i++ {
		c := p.out.Commands[i] // a copy: the payloads below grow the list
		target, ok := p.st.hashed[c.Wide.Name]
		if !ok {
			continue
		}
		argv := []Word{{Value: target}}
		for _, a := range c.Wide.Args {
			argv = append(argv, Word{Value: a})
		}
		p.payload(payload{argv: argv, origin: "hash -p " + c.Wide.Name}, c.Span, &syntax.Lit{})
	}
}

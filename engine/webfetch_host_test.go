package engine

import (
	"context"
	"testing"
)

// TestWebFetchHostSpellings: a domain rule meets the host as the fetcher
// (a WHATWG URL parser) connects to it, however the URL spells it: IDNA
// mapping, punycode, numeric IPv4 forms, IPv4-mapped IPv6. Both evaluators.
func TestWebFetchHostSpellings(t *testing.T) {
	const policy = `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)",` +
		`"WebFetch(domain:169.254.169.254)","WebFetch(domain:127.0.0.1)","WebFetch(domain:bücher.de)",` +
		`"WebFetch(domain:*.internal.corp)"]}}`
	e, err := New(context.Background(), project(t, policy, map[string]string{}), WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	for url, want := range map[string]string{
		"https://evil。com/":                 "deny",
		"https://evil．com/x":                "deny",
		"https://ｅｖｉｌ.com/":                 "deny",
		"https://EVIL.com./":                "deny",
		"http://2852039166/":                "deny",
		"http://0xa9.0xfe.0xa9.0xfe/":       "deny",
		"http://0251.0376.0251.0376/":       "deny",
		"http://169.254.43518/latest":       "deny",
		"http://[::ffff:169.254.169.254]/":  "deny",
		"http://[::ffff:a9fe:a9fe]/":        "deny",
		"http://127.1:8080/":                "deny",
		"http://0x7f000001/":                "deny",
		"https://xn--bcher-kva.de/":         "deny",
		"https://BÜCHER.de/":                "deny",
		"https://a.internal。corp/":          "deny",
		"https://example.com@evil.com/":     "deny",
		"https://example.com/":              "allow",
		"https://evil.com.example.org/":     "allow",
		"http://169.254.169.25/":            "allow",
		"https://docs.internal.corp.io/":    "allow",
		"https://xn--bcher-kva.example.de/": "allow",
	} {
		d := decide(t, e, "WebFetch", map[string]any{"url": url, "prompt": "x"})
		if d.Decision.String() != want {
			t.Errorf("%s: got %s (%s), want %s", url, d.Decision, d.Reason, want)
		}
	}
}

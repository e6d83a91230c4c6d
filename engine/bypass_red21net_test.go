package engine

import (
	"context"
	"strings"
	"testing"
)

// Network, round 21: WebFetch domain rules that named the host the fetch
// reached and still did not match it. Each attack was fetched first by
// agentctl's own WebFetch runner (agentctl run) from a server on
// 127.0.0.1 or [::1]; the reference (Claude Code 2.1.332) denies
// 127.0.0.1 under deny WebFetch(domain:127.0.0.*) and under
// domain:*.0.0.1. Every row is decided by both evaluators, which must
// agree.
//
//   - net21-1: a domain pattern with a '*' had each other label read as
//     an IPv4 address on its own ("169" is 0.0.0.169), so
//     domain:169.254.169.* compiled to 0.0.0.169.0.0.0.254.0.0.0.169.*
//     and matched no host: a deny over a range of addresses stopped
//     nothing.
//   - net21-2: an IPv6 literal with a zone (http://[::1%25lo]:8080/) kept
//     the zone in the host ("::1%lo"), which no rule for [::1] matched;
//     the fetcher connects to ::1 whatever the zone.
//   - net21-3: an IPv6 pattern with a '*' (domain:[fd00::*]) kept its
//     brackets and matched no address; the reference denies [fd00::2].
var red21netRows = []struct{ rule, url, want string }{
	// net21-1 attacks.
	{`deny:WebFetch(domain:127.0.0.*)`, "http://127.0.0.1:18765/x", "deny"},
	{`deny:WebFetch(domain:*.0.0.1)`, "http://127.0.0.1/", "deny"},
	{`deny:WebFetch(domain:169.254.169.*)`, "http://169.254.169.254/latest/meta-data/", "deny"},
	{`deny:WebFetch(domain:169.254.*.*)`, "http://169.254.169.254/", "deny"},
	{`deny:WebFetch(domain:*.254.169.254)`, "http://169.254.169.254/", "deny"},
	{`deny:WebFetch(domain:169.*.169.254)`, "http://169.254.169.254/", "deny"},
	{`deny:WebFetch(domain:10.*.*.*)`, "http://10.1.2.3/", "deny"},
	{`deny:WebFetch(domain:192.168.*.*)`, "http://192.168.1.1/", "deny"},
	{`deny:WebFetch(domain:192.168.**)`, "http://192.168.1.1/", "deny"},
	{`ask:WebFetch(domain:10.0.0.*)`, "http://10.0.0.7/", "ask"},
	// The same ranges reached through the host's other spellings.
	{`deny:WebFetch(domain:127.0.0.*)`, "http://127.1/", "deny"},
	{`deny:WebFetch(domain:127.0.0.*)`, "http://0x7f000001/", "deny"},
	{`deny:WebFetch(domain:169.254.169.*)`, "http://2852039166/", "deny"},
	{`deny:WebFetch(domain:169.254.169.*)`, "http://[::ffff:169.254.169.254]/", "deny"},
	{`deny:WebFetch(domain:10.*.*.*)`, "http://012.1.2.3/", "deny"},
	// A name with a numeric label was mangled alike (*.1.example became
	// *.0.0.0.1.example).
	{`deny:WebFetch(domain:*.1.example)`, "https://a.1.example/", "deny"},
	{`deny:WebFetch(domain:api-*.2024.example)`, "https://api-x.2024.example/", "deny"},
	// net21-2 attacks.
	{`deny:WebFetch(domain:[::1])`, "http://[::1%25lo]:18765/", "deny"},
	{`deny:WebFetch(domain:[::1])`, "http://[::1%25eth0]/", "deny"},
	{`deny:WebFetch(domain:[::1])`, "http://[0:0::1%251]/", "deny"},
	{`deny:WebFetch(domain:[fe80::1])`, "http://[fe80::1%25eth0]/", "deny"},
	{`deny:WebFetch(domain:[fd00:ec2::254])`, "http://[FD00:EC2::254%25x]/", "deny"},
	{`deny:WebFetch(domain:127.0.0.1)`, "http://[::ffff:127.0.0.1%25lo]/", "deny"},
	{`ask:WebFetch(domain:[::1])`, "http://[::1%25lo]/", "ask"},
	// net21-3 attacks: an IPv6 pattern with a '*' kept its brackets, which
	// the host never has (the reference denies [fd00::2] under
	// domain:[fd00::*]).
	{`deny:WebFetch(domain:[fd00::*])`, "http://[fd00::2]:18765/", "deny"},
	{`deny:WebFetch(domain:[FD00::*])`, "http://[fd00::2]/", "deny"},
	{`deny:WebFetch(domain:[fd00::*])`, "http://[FD00:0::2%25eth0]/", "deny"},
	{`deny:WebFetch(domain:[*::1])`, "http://[::1]/", "deny"},
	{`deny:WebFetch(domain:[fe80::*:1])`, "http://[fe80::a:1]/", "deny"},
	{`deny:WebFetch(domain:[fd00::**])`, "http://[fd00::2:3]/", "deny"},
	{`ask:WebFetch(domain:[fd00::*])`, "http://[fd00::2]/", "ask"},
	// Neighbours: other addresses stay allowed; '*' keeps to one label
	// (127.* is not 127.0.0.1, as in the reference); names with numeric
	// labels are names; an allow over a range approves what it names and
	// nothing else.
	{`deny:WebFetch(domain:127.0.0.*)`, "http://127.0.1.1/", "allow"},
	{`deny:WebFetch(domain:127.*)`, "http://127.0.0.1/", "allow"},
	{`deny:WebFetch(domain:10.*.*.*)`, "http://11.1.2.3/", "allow"},
	{`deny:WebFetch(domain:169.254.169.*)`, "http://169.254.170.2/", "allow"},
	{`deny:WebFetch(domain:*.0.0.1)`, "http://127.0.0.2/", "allow"},
	{`deny:WebFetch(domain:*.1.example)`, "https://a.2.example/", "allow"},
	{`deny:WebFetch(domain:[::1])`, "http://[::2%25lo]/", "allow"},
	{`deny:WebFetch(domain:[::1])`, "https://example.com/", "allow"},
	{`allow:WebFetch(domain:127.0.0.*)`, "http://127.0.0.1:8080/", "allow"},
	{`allow:WebFetch(domain:127.0.0.*)`, "http://127.0.1.1/", "ask"},
	{`allow:WebFetch(domain:[::1])`, "http://[::1%25lo]/", "allow"},
	{`allow:WebFetch(domain:[fd00::*])`, "http://[fd00::2]/", "allow"},
	{`allow:WebFetch(domain:[fd00:*])`, "http://[fd00::2]/", "ask"}, // a '*' stays in one group
	{`allow:WebFetch(domain:[fd00::*])`, "http://[fd00::2:3]/", "ask"},
	{`deny:WebFetch(domain:[fd00::*])`, "http://[fe80::2]/", "allow"},
	{`deny:WebFetch(domain:[fd00:*])`, "http://[fd00::2]/", "allow"}, // as the reference
	{`allow:WebFetch(domain:docs.example.com)`, "https://docs.example.com/", "allow"},
}

// TestRed21NetDomainRules decides every row under a policy of its one rule
// (a deny or ask rule beside a whole-tool allow).
func TestRed21NetDomainRules(t *testing.T) {
	for _, c := range red21netRows {
		kind, rule, _ := strings.Cut(c.rule, ":")
		policy := `{"permissions":{"allow":["WebFetch"],"` + kind + `":["` + rule + `"]}}`
		if kind == "allow" {
			policy = `{"permissions":{"allow":["` + rule + `"]}}`
		}
		e, err := New(context.Background(), project(t, policy, map[string]string{}), WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		d := decide(t, e, "WebFetch", map[string]any{"url": c.url, "prompt": "x"})
		if d.Decision.String() != c.want {
			t.Errorf("%s, %s: got %s (%s), want %s", c.rule, c.url, d.Decision, d.Reason, c.want)
		}
	}
}

// TestRed21NetWebFetchOffset: Claude Code's WebFetch takes an integer
// `offset` (0 or more; the reference allows {"offset":100} under the
// domain's allow rule and refuses -1 at validation). agentctl's schema
// lacked it, so every such call was denied at validation — an over-block
// of the real agent's calls through the hook.
func TestRed21NetWebFetchOffset(t *testing.T) {
	e, err := New(context.Background(), project(t, `{"permissions":{"allow":["WebFetch(domain:docs.example.com)"],"deny":["WebFetch(domain:evil.example)"]}}`,
		map[string]string{}), WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		input map[string]any
		want  string
	}{
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "offset": float64(100)}, "allow"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "offset": float64(0)}, "allow"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x"}, "allow"},
		{map[string]any{"url": "https://other.example/", "prompt": "x", "offset": float64(100)}, "ask"},
		{map[string]any{"url": "https://evil.example/", "prompt": "x", "offset": float64(100)}, "deny"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "offset": float64(-1)}, "deny"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "offset": 1.5}, "deny"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "offset": "100"}, "deny"},
		{map[string]any{"url": "https://docs.example.com/", "prompt": "x", "limit": float64(100)}, "deny"},
	} {
		d := decide(t, e, "WebFetch", c.input)
		if d.Decision.String() != c.want {
			t.Errorf("%v: got %s (%s), want %s", c.input, d.Decision, d.Reason, c.want)
		}
	}
}

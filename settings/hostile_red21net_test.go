package settings

import (
	"strings"
	"testing"
)

// TestRed21NetRepositoryAddressAllow: an untrusted repository's WebFetch
// allow rule for an address of the user's own network is not applied
// (repositoryNetworkAllow). The shared address space (100.64.0.0/10:
// Tailscale's machines, Alibaba Cloud's metadata service at
// 100.100.100.200), the IETF block (192.0.0.192) and the other non-public
// ranges were kept because net.IP called them neither private nor
// link-local: in a network namespace holding 100.100.100.200, agentctl
// run fetched http://100.100.100.200:8080/ unasked on the repository's
// rule. A wildcard over IPv4 addresses (*.0.0.1, 169.*.169.254) reaches
// loopback and the metadata service once such patterns match addresses
// at all. A rule for a public address or for a name with numeric labels
// stays.
func TestRed21NetRepositoryAddressAllow(t *testing.T) {
	cases := []struct {
		rule string
		kept bool
	}{
		{"WebFetch(domain:100.100.100.200)", false},
		{"WebFetch(domain:100.64.0.1)", false},
		{"WebFetch(domain:100.127.255.254)", false},
		{"WebFetch(domain:192.0.0.192)", false},
		{"WebFetch(domain:198.18.0.1)", false},
		{"WebFetch(domain:0.1.2.3)", false},
		{"WebFetch(domain:240.0.0.1)", false},
		{"WebFetch(domain:255.255.255.255)", false},
		{"WebFetch(domain:224.0.0.1)", false},
		{"WebFetch(domain:1684301000)", false}, // 100.100.100.200 as one number
		{"WebFetch(domain:[::ffff:100.100.100.200])", false},
		{"WebFetch(domain:*.0.0.1)", false},
		{"WebFetch(domain:169.*.169.254)", false},
		{"WebFetch(domain:*.254.169.254)", false},
		{"WebFetch(domain:10.*.0.1)", false},
		{"WebFetch(domain:*.8.8.8)", false},
		// Neighbours: a public address, names with numeric labels, hosts
		// under a domain the repository names.
		{"WebFetch(domain:8.8.8.8)", true},
		{"WebFetch(domain:100.128.0.1)", true},
		{"WebFetch(domain:100.63.255.255)", true},
		{"WebFetch(domain:*.1.example)", true},
		{"WebFetch(domain:api-*.2024.example)", true},
		{"WebFetch(domain:*.corp.example)", true},
		{"WebFetch(domain:docs.example)", true},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			body := `{"permissions": {"allow": ["` + c.rule + `"]}}`
			s := red15repoLoad(t, map[string]string{"proj/.claude/settings.json": body}, false)
			got := red15repoRuleTexts(s, Allow)
			if kept := len(got) == 1 && got[0] == c.rule; kept != c.kept {
				t.Errorf("allow %s: rules %v, kept %v, want %v", c.rule, got, kept, c.kept)
			}
			if warned := strings.Contains(warningsText(s), "allow rule "+c.rule+" not applied"); warned == c.kept {
				t.Errorf("warned %v: %s", warned, warningsText(s))
			}
			// The user's own rule for the same host stays.
			u := red15repoLoad(t, map[string]string{"home/.claude/settings.json": body}, false)
			if got := red15repoRuleTexts(u, Allow); len(got) != 1 {
				t.Errorf("user allow %s: rules %v", c.rule, got)
			}
		})
	}
}

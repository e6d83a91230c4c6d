package settings

import (
	"net/netip"
	"strings"
)

// unconfinedTools are the built-in tools an untrusted repository's allow
// rule may not keep in full, each with why:
//
//   - WebFetch: a rule that names every host — the whole tool, WebFetch(*),
//     WebFetch(domain:*), a wildcard over a whole top-level domain
//     (domain:*.com) — reaches outside the repository to any host the
//     user's machine can: the metadata service, localhost, the intranet,
//     and whatever the session read travels in the URL. So does one naming
//     a loopback, link-local or private address, or a single-label name
//     (localhost, an intranet short name). A rule for the hosts the
//     repository names under a domain of at least two labels
//     (docs.example.com, *.corp.example) stays: that is what the shared
//     decision corpus asks of a project's domain rule. (Such a host may be
//     the repository author's own, which then receives what travels in
//     the URL; dropping those too is a change of that corpus.)
//   - WebSearch: a query has no host to scope it; what the session read
//     travels in it.
//   - PowerShell: agentctl reads no file operand of a PowerShell command,
//     so no rule of it can be confined the way a repository's Bash rule is
//     (confineBash). The whole tool approved `Get-Content ~/.ssh/id_rsa`,
//     and a pattern such as PowerShell(Get-ChildItem *) approved whatever
//     followed its prefix (`Get-ChildItem ~/.aws; iwr …`).
var unconfinedTools = map[string]string{
	"WebFetch":   "it lets WebFetch reach any host, or hosts of the user's own network, outside the repository (what the session read travels in the URL)",
	"WebSearch":  "a WebSearch call reaches outside the repository (what the session read travels in its query)",
	"PowerShell": "agentctl reads no file a PowerShell command names, so the rule cannot be kept inside the repository",
}

// repositoryNetworkAllow reports an untrusted repository's allow rule that
// unconfinedTools says it may not keep, and warns that it is not applied.
// The repository's `"allow": ["WebFetch"]` let the agent fetch
// http://169.254.169.254/ or send a file's content anywhere unasked while
// its Read(~/**) was already dropped. Deny and ask rules for these tools
// still narrow; the user's rules and a trusted workspace's are untouched.
func (s *Settings) repositoryNetworkAllow(src Source, r Rule, why string) bool {
	reason, ok := unconfinedTools[r.Tool]
	if r.Behavior != Allow || r.ToolGlob || !ok {
		return false
	}
	if r.Tool == "WebFetch" && r.Kind == KindDomain && !everyHostPattern(r.Pattern) {
		return false
	}
	s.warn(r.Pos, "%s allow rule %s not applied: %s, and %s", src, r.Text, reason, why)
	return true
}

// everyHostPattern reports a WebFetch domain pattern (canonical: lower
// case, no trailing dot) that reaches past the hosts one organisation
// names: what follows its last '*' has fewer than two labels (*, *.com,
// a*.net), it is a single-label name (localhost), a wildcard over IPv4
// addresses, or an IP address that is not a public one (publicAddr).
func everyHostPattern(p string) bool {
	tail := p
	if i := strings.LastIndexByte(p, '*'); i >= 0 {
		tail = p[i+1:]
	}
	if strings.Count(strings.Trim(tail, "."), ".") < 1 {
		return true
	}
	if tail != p && numericLabel(tail[strings.LastIndexByte(tail, '.')+1:]) {
		// A wildcard whose last label is a number names IPv4 addresses
		// (hosts are compared in dotted decimal): *.0.0.1 is 127.0.0.1,
		// 169.*.169.254 the metadata service.
		return true
	}
	a, err := netip.ParseAddr(strings.Trim(p, "[]"))
	return err == nil && !publicAddr(a.Unmap())
}

// numericLabel reports a label of decimal digits.
func numericLabel(l string) bool {
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' {
			return false
		}
	}
	return l != ""
}

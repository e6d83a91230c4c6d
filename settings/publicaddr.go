package settings

import "net/netip"

// nonPublicRanges are IPv4 ranges that netip's predicates do not call
// private, loopback or link-local but that reach no public host: the
// shared address space of carrier-grade NAT, where Tailscale puts a
// user's own machines and Alibaba Cloud its metadata service
// (100.100.100.200); the IETF protocol assignments (192.0.0.192 is
// Oracle Cloud's metadata address); benchmarking; "this network"; and
// the reserved class E.
var nonPublicRanges = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
}

// publicAddr reports an address a repository's WebFetch allow rule may
// name: a global unicast address outside the private and non-public
// ranges. Every other one — loopback, link-local (the metadata service
// at 169.254.169.254), private, unique-local, multicast, shared — is a
// host of the user's own network or machine, not the repository's.
func publicAddr(a netip.Addr) bool {
	if !a.IsGlobalUnicast() || a.IsPrivate() {
		return false
	}
	for _, p := range nonPublicRanges {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

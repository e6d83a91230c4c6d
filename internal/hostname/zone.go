package hostname

import "strings"

// withoutZone drops an IPv6 literal's zone ("::1%lo", "fe80::1%eth0"; the
// URL spells it [::1%25lo]). The zone names the interface a packet
// leaves by, not the host: a fetcher given http://[::1%25lo]:8080/
// connects to ::1 (Go's net/http does), so a rule naming [::1] must meet
// it. Left on, "::1%lo" matched no domain rule, and a deny of [::1] let
// the fetch through. Whatever follows the first '%' is zone, valid or
// not: an address the zone's spelling leaves unparsed is still that
// address to a rule.
func withoutZone(h string) string {
	if i := strings.IndexByte(h, '%'); i >= 0 {
		return h[:i]
	}
	return h
}

package engine

import (
	"regexp"
	"strings"
)

// ipv6Star compiles a WebFetch domain pattern over IPv6 addresses
// (domain:[fd00::*], the brackets dropped; hosts are compared compressed
// and lower case): each '*' matches within one group, never across a ':'.
// The reference denies http://[fd00::2]/ under domain:[fd00::*] and does
// not under domain:[fd00:*]; a '*' that crossed groups would make an
// allow reach more than it does there.
func ipv6Star(p string) string {
	parts := strings.Split(p, "*")
	for i, x := range parts {
		parts[i] = regexp.QuoteMeta(x)
	}
	return "^" + strings.Join(parts, `[^.:]*`) + "$"
}

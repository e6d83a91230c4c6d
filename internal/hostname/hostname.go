// Package hostname puts a URL's host in the form a WHATWG URL parser (the
// one behind Node's fetch and the browsers) connects to, so that a domain
// rule and the host it is compared with are spelt the same way.
package hostname

import (
	"math"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
)

// profile is UTS #46 processing as the WHATWG URL standard's domain-to-ASCII
// does it: nontransitional, no STD3 or DNS length checks.
var profile = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.VerifyDNSLength(false), idna.CheckHyphens(false))

// Canonical returns the host a fetcher connects to for h (a URL's hostname
// without brackets): lower case, IDNA-mapped to ASCII (ｅｖｉｌ。com is
// evil.com, bücher.de is xn--bcher-kva.de), an IPv4 address in any of its
// numeric spellings (2852039166, 0xa9.0xfe.0xa9.0xfe, 169.254.43518) as
// dotted decimal, an IPv4-mapped IPv6 address as its IPv4 address, an
// IPv6 address without its zone, and no trailing dot. It is safe for
// concurrent use.
func Canonical(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		// A rule names an IPv6 host as URLs spell it (domain:[::1]); the
		// URL's hostname arrives without the brackets.
		h = h[1 : len(h)-1]
	}
	if strings.Contains(h, ":") {
		h = strings.ToLower(withoutZone(h))
		if a, err := netip.ParseAddr(h); err == nil {
			return a.Unmap().String()
		}
		return h
	}
	h = asciiName(h)
	if ip, ok := ipv4(h); ok {
		return ip
	}
	return h
}

// asciiName is a DNS name as the fetcher looks it up, before any reading
// of it as an IPv4 address: IDNA-mapped to ASCII, lower case, no trailing
// dot.
func asciiName(h string) string {
	// UTS #46 maps case itself, and not always as strings.ToLower does: it
	// maps İ to i + U+0307 (so gİthub.com is xn--github-qyd.com, not
	// github.com) and ẞ to ss (straẞe.de is strasse.de, not the ß form).
	// Lowering first would compare a host the fetcher never connects to.
	if a, err := profile.ToASCII(h); err == nil {
		h = strings.ToLower(a)
	} else if a, err := idna.Punycode.ToASCII(strings.ToLower(h)); err == nil {
		h = strings.ToLower(a)
	} else {
		h = strings.ToLower(h)
	}
	return strings.TrimSuffix(h, ".")
}

// CanonicalPattern is Canonical for a domain rule's pattern: labels with a
// "*" are kept as they are (lower case), the others IDNA-mapped one by
// one. A single label is never read as an IPv4 address: Canonical("169")
// is 0.0.0.169, so domain:169.254.169.* became
// 0.0.0.169.0.0.0.254.0.0.0.169.* and matched no host — a deny of a range
// of addresses (10.*.*.*, 127.0.0.*, *.254.169.254) stopped nothing,
// although the host it names is compared in dotted decimal.
func CanonicalPattern(p string) string {
	p = strings.TrimSuffix(p, ".")
	if !strings.Contains(p, "*") {
		return Canonical(p)
	}
	if strings.HasPrefix(p, "[") && strings.HasSuffix(p, "]") {
		// An IPv6 pattern (domain:[fd00::*]) meets the host as Canonical
		// gives it, without brackets: kept on, they matched no address.
		return strings.ToLower(withoutZone(p[1 : len(p)-1]))
	}
	labels := strings.Split(p, ".")
	for i, l := range labels {
		if strings.Contains(l, "*") {
			labels[i] = strings.ToLower(l)
		} else if l != "" {
			labels[i] = asciiName(l)
		}
	}
	return strings.Join(labels, ".")
}

// ipv4 is the WHATWG IPv4 parser: a host whose last label is a number is
// an address of one to four parts, each decimal, 0x-hex or 0-octal, the
// last filling the bytes that remain.
func ipv4(h string) (string, bool) {
	parts := strings.Split(h, ".")
	if !number(parts[len(parts)-1]) || len(parts) > 4 {
		return "", false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, ok := parseNumber(p)
		if !ok {
			return "", false
		}
		if i < len(parts)-1 && n > 255 {
			return "", false
		}
		nums[i] = n
	}
	last := nums[len(nums)-1]
	if last >= uint64(math.Pow(256, float64(5-len(parts)))) {
		return "", false
	}
	addr := last
	for i, n := range nums[:len(nums)-1] {
		addr += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}).String(), true
}

// number reports a label the WHATWG parser reads as a number ("ends in a
// number"): decimal digits, or 0x followed by hex digits.
func number(l string) bool {
	if l == "" {
		return false
	}
	if strings.HasPrefix(l, "0x") {
		_, err := strconv.ParseUint("0"+l[2:], 16, 64)
		return err == nil
	}
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' {
			return false
		}
	}
	return true
}

func parseNumber(p string) (uint64, bool) {
	base := 10
	switch {
	case strings.HasPrefix(p, "0x"):
		p, base = p[2:], 16
		if p == "" {
			return 0, true
		}
	case len(p) > 1 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" {
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 64)
	return n, err == nil && n <= math.MaxUint32
}

package hostname

import "testing"

// TestCanonicalRed21Net: an IPv6 zone is not part of the host, and a
// pattern's numeric labels stay labels (round 21, net).
func TestCanonicalRed21Net(t *testing.T) {
	for in, want := range map[string]string{
		"::1%lo": "::1", "[::1%lo]": "::1", "FE80::1%eth0": "fe80::1", "0:0::1%1": "::1",
		"::ffff:127.0.0.1%lo": "127.0.0.1", "::1%": "::1", "::1%%x": "::1",
		"::1": "::1", "fe80::1": "fe80::1", "127.0.0.1": "127.0.0.1", "100%.example": "100%.example",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"127.0.0.*": "127.0.0.*", "*.0.0.1": "*.0.0.1", "169.*.169.254": "169.*.169.254",
		"10.*.*.*": "10.*.*.*", "*.1.example": "*.1.example", "API-*.2024.Example.": "api-*.2024.example",
		"*.Bücher.de": "*.xn--bcher-kva.de", "[FD00::*]": "fd00::*", "[*::1%lo]": "*::1", "127.0.0.1": "127.0.0.1", "2130706433": "127.0.0.1",
	} {
		if got := CanonicalPattern(in); got != want {
			t.Errorf("CanonicalPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

package hostname

import "testing"

// TestCanonicalCaseMapping: UTS #46 maps case itself, as the WHATWG parser
// does; the two code points where Go's strings.ToLower disagrees with it
// (İ, ẞ) must come out as Node's new URL(...).hostname does. A bracketed
// IPv6 host (a rule's domain:[::1]) is the address without brackets.
func TestCanonicalCaseMapping(t *testing.T) {
	for in, want := range map[string]string{
		"gİthub.com": "xn--github-qyd.com", "GİTHUB.COM": "xn--github-qyd.com", "x.gİthub.io": "x.xn--github-qyd.io",
		"İstanbul.gov.tr": "xn--istanbul-o0e.gov.tr", "straẞe.de": "strasse.de", "STRAẞE.DE": "strasse.de",
		"ẞl.evil.com": "ssl.evil.com", "straße.de": "xn--strae-oqa.de", "GITHUB.com": "github.com",
		"ｇｉｔｈｕｂ.com": "github.com", "\u212Aeep.com": "keep.com",
		"[::1]": "::1", "[FD00:0::5]": "fd00::5", "[::ffff:10.0.0.7]": "10.0.0.7",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"*.gİthub.com": "*.xn--github-qyd.com", "STRAẞE.org": "strasse.org", "API-*.Example.COM": "api-*.example.com"} {
		if got := CanonicalPattern(in); got != want {
			t.Errorf("CanonicalPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

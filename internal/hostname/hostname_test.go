package hostname

import "testing"

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"Example.COM.": "example.com", "ｅｖｉｌ.com": "evil.com", "evil。com": "evil.com", "evil．com": "evil.com",
		"bücher.de": "xn--bcher-kva.de", "BÜCHER.de": "xn--bcher-kva.de", "xn--bcher-kva.de": "xn--bcher-kva.de",
		"2852039166": "169.254.169.254", "0xa9.0xfe.0xa9.0xfe": "169.254.169.254", "0251.0376.0251.0376": "169.254.169.254",
		"169.254.43518": "169.254.169.254", "127.1": "127.0.0.1", "0x7f000001": "127.0.0.1", "0": "0.0.0.0",
		"::ffff:169.254.169.254": "169.254.169.254", "::ffff:a9fe:a9fe": "169.254.169.254", "::1": "::1",
		"1.2.3.4.5": "1.2.3.4.5", "api.example.com": "api.example.com", "a1.b2": "a1.b2", "256.1.1.1": "256.1.1.1",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"*.Bücher.de": "*.xn--bcher-kva.de", "*.example.com": "*.example.com",
		"api-*.example.com": "api-*.example.com", "bücher.de": "xn--bcher-kva.de"} {
		if got := CanonicalPattern(in); got != want {
			t.Errorf("CanonicalPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

package bashparse

import "testing"

func TestNetworkRedirects(t *testing.T) {
	for src, want := range map[string]bool{
		`cat < /dev/tcp/h/80`:                 true,
		`exec 3<>/dev/tcp/h/80`:               true,
		`{ echo x; } >/dev/udp/h/53`:          true,
		`echo x > "/dev/tcp/$H/80"`:           true,
		`f() { cat; }; f </dev/tcp/h/80`:      true,
		`echo x > /dev/null`:                  false,
		`ls /dev/tcp`:                         false,
		`echo /dev/tcp/h/80 > notes.txt`:      false,
		`cat README.md 2>/dev/stderr | wc -l`: false,
	} {
		a := Parse(src)
		got := false
		for _, u := range a.Unresolved {
			if u.Reason == ReasonNetwork {
				got = true
			}
		}
		if got != want {
			t.Errorf("%s: network %v, want %v: %s", src, got, want, summary(a))
		}
	}
}

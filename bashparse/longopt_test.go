package bashparse

import "testing"

func TestLongOpt(t *testing.T) {
	for _, c := range []struct {
		v, full, val string
		has, ok      bool
	}{
		{"--output", "--output", "", false, true},
		{"--output=f", "--output", "f", true, true},
		{"--out=f", "--output", "f", true, true},
		{"--o", "--output", "", false, true},
		{"--o=", "--output", "", true, true},
		{"--outputs", "--output", "", false, false},
		{"--output-dir=x", "--output", "", false, false},
		{"--", "--output", "", false, false},
		{"--=x", "--output", "", false, false},
		{"-o", "--output", "", false, false},
		{"--oneline", "--output", "", false, false},
		{"output", "--output", "", false, false},
		{"--in", "--in-place", "", false, true},
		{"--in-pl=.bak", "--in-place", ".bak", true, true},
	} {
		val, has, ok := longOpt(c.v, c.full)
		if val != c.val || has != c.has || ok != c.ok {
			t.Errorf("longOpt(%q, %q) = %q, %v, %v; want %q, %v, %v", c.v, c.full, val, has, ok, c.val, c.has, c.ok)
		}
	}
}

package engine

import (
	"context"
	"testing"
)

// TestClassSpelling: the spellings classSpelling gives (deny/ask and
// allow), and the classes it leaves as written.
func TestClassSpelling(t *testing.T) {
	for _, tc := range []struct{ in, deny, allow string }{
		{"src/[a-zA-Z0-9]*.pem", "src/{[a-z],[A-Z],[0-9]}*.pem", "src/{[a-z],[A-Z],[0-9]}*.pem"},
		{"[a-z_].key", "{[a-z],_}.key", "{[a-z],_}.key"},
		{"k[0-9-]", "k{[0-9],\\-}", "k{[0-9],\\-}"},
		{"[!a-zA-Z]x", "?x", "[!a-zA-Z]x"},
		{"a/[]0-9]", "a/{\\],[0-9]}", "a/{\\],[0-9]}"},
		// Left as written: one range, single members, escapes, unclosed.
		{"[a-z]x", "[a-z]x", "[a-z]x"},
		{"[abc]x", "[abc]x", "[abc]x"},
		{"[!a-z]x", "[!a-z]x", "[!a-z]x"},
		{`\[a-zA-Z]x`, `\[a-zA-Z]x`, `\[a-zA-Z]x`},
		{"[a-z\\_]", "[a-z\\_]", "[a-z\\_]"},
		{"[a-zA-Z", "[a-zA-Z", "[a-zA-Z"},
		{"plain/path", "plain/path", "plain/path"},
	} {
		if got := classSpelling(tc.in, false); got != tc.deny {
			t.Errorf("classSpelling(%q, deny) = %q, want %q", tc.in, got, tc.deny)
		}
		if got := classSpelling(tc.in, true); got != tc.allow {
			t.Errorf("classSpelling(%q, allow) = %q, want %q", tc.in, got, tc.allow)
		}
	}
}

// TestMixedClassRules: a path rule with a class mixing ranges and other
// members (as gitignore and the reference read it) loads and matches —
// it had made the whole policy fail to load — under both evaluators.
func TestMixedClassRules(t *testing.T) {
	s := project(t, `{"permissions":{"deny":["Read(keys/[a-zA-Z0-9]*.pem)","Read(tok[!a-z0-9])"],`+
		`"allow":["Edit(gen/[a-z_]*.go)"]}}`, map[string]string{
		"keys/a.pem": "K", "keys/Z9.pem": "K", "keys/_x.pem": "K", "tokA": "T", "toka": "T", "gen/x_y.go": "G", "gen/Xy.go": "G",
	})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, map[string][]toolRow{"mixed classes": {
		{"Read", `{"file_path":"<cwd>/keys/a.pem"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/keys/Z9.pem"}`, "", "deny"},
		{"Bash", `{"command":"cat keys/Z9.pem"}`, "", "deny"},
		// A Grep of the directory runs: the tool leaves the guarded files out.
		{"Grep", `{"pattern":"K","path":"<cwd>/keys"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/tokA"}`, "", "deny"},
		// Stricter: a negated mixed class is any one character in a deny.
		{"Read", `{"file_path":"<cwd>/toka"}`, "", "deny"},
		{"Edit", `{"file_path":"<cwd>/gen/x_y.go","old_string":"G","new_string":"H"}`, "", "allow"},
		// Neighbours.
		{"Read", `{"file_path":"<cwd>/keys/_x.pem"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/tokAB"}`, "", "allow"},
		{"Edit", `{"file_path":"<cwd>/gen/Xy.go","old_string":"G","new_string":"H"}`, "", "ask"},
	}})
}

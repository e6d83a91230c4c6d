package engine

import "testing"

func TestCleanRulePattern(t *testing.T) {
	for in, want := range map[string]string{
		"src//index.ts": "src/index.ts", "src/./key": "src/key", "lib/../src/k": "src/k", "/secret.txt": "secret.txt",
		"/tmp/p/.env": "tmp/p/.env", ".": "", "../sib/**": "../sib/**", "a/b/../../../x": "../x",
		"**/../x": "**/../x", "src/*/../k": "src/*/../k", ".env": ".env", "src/**": "src/**",
	} {
		if got := cleanRulePattern(in); got != want {
			t.Errorf("cleanRulePattern(%q) = %q, want %q", in, got, want)
		}
	}
	for _, c := range []struct{ root, p, want string }{
		{"/u/proj", "../sib/**", "/u/sib/**"}, {"/u/proj", "..", "/u"}, {"/u/proj", "../../x", "/x"},
		// The filesystem root is "" (its globs are "/**"): "/" + "/**" was "//**".
		{"/u", "../..", ""}, {"/u/proj", "sib/**", ""},
	} {
		got, _ := leadingParent(c.root, c.p)
		if got != c.want {
			t.Errorf("leadingParent(%q, %q) = %q, want %q", c.root, c.p, got, c.want)
		}
	}
}

func TestZeroDepthForms(t *testing.T) {
	for in, want := range map[string][]string{
		"/p/**/src/**/x": {"/p/src/**/x", "/p/**/src/x", "/p/src/x"},
		"/p/a/**/**/b":   {"/p/a/**/b", "/p/a/b"},
		"/p/a/**/b":      {"/p/a/b"},
		"/p/a/b":         nil,
	} {
		got := zeroDepthForms(in)
		if len(got) != len(want) {
			t.Errorf("zeroDepthForms(%q) = %q, want %q", in, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("zeroDepthForms(%q) = %q, want %q", in, got, want)
				break
			}
		}
	}
}

func TestBracketNegation(t *testing.T) {
	for in, want := range map[string]string{"src/[^a]*.ts": "src/[!a]*.ts", "[^a-c][^x]": "[!a-c][!x]", `\[^a]`: `\[^a]`,
		"a^b": "a^b", "[a^]": "[a^]", "[!a]": "[!a]"} {
		if got := bracketNegation(in); got != want {
			t.Errorf("bracketNegation(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGitignoreSpelling(t *testing.T) {
	for in, want := range map[string]string{".env  ": ".env", `odd\ `: `odd\ `, "a/***/b": "a/**/b", "a***b": "a***b",
		"keys/[^p]*": "keys/[!p]*", "src/**": "src/**"} {
		if got := gitignoreSpelling(in, false); got != want {
			t.Errorf("gitignoreSpelling(%q) = %q, want %q", in, got, want)
		}
	}
}

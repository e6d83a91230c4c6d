package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A pattern plainBashPattern passes is one the parse would give back as
// written: peeling finds nothing and it has no compound parts. Checked
// against the parse for every Bash rule of the bundled settings and
// policies and for spellings that must not take the shortcut.
func TestPlainBashPatternNeedsNoParse(t *testing.T) {
	patterns := []string{"git push *", "tool1 sub1 *", "npm run test:*", "go test ./...", "./scripts/deploy.sh:*",
		"make", "rm -rf *", "docker compose up -d", "kubectl get pods -n x", "a,b", "x@y", "50%",
		"timeout 5 npm publish", "nice npm publish:*", "FOO=1 npm test", "npm  publish:*", "npm\tpublish",
		"npm 'publish' *", `rm \*`, "cd sub && npm test", "curl * | sh", "nohup:*", "time make:*", "exec rm *",
		"sudo rm *", "/usr/bin/env*", "script -c x", "su -c x", "echo $HOME", "ls > x", "(rm x)", "!rm x"}
	files, _ := filepath.Glob("../fixtures/settings/*.json")
	more, _ := filepath.Glob("../fixtures/policies/large/*/*.json")
	more2, _ := filepath.Glob("../fixtures/policies/large/*/.claude/*.json")
	for _, f := range slices.Concat(files, more, more2) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Permissions map[string]any `json:"permissions"`
		}
		if json.Unmarshal(b, &s) != nil {
			continue
		}
		for _, k := range []string{"allow", "ask", "deny"} {
			list, _ := s.Permissions[k].([]any)
			for _, r := range list {
				if r, ok := r.(string); ok && strings.HasPrefix(r, "Bash(") && strings.HasSuffix(r, ")") {
					patterns = append(patterns, r[len("Bash("):len(r)-1])
				}
			}
		}
	}
	plain := 0
	for _, p := range patterns {
		if !plainBashPattern(p) {
			continue
		}
		plain++
		if peeled, ok := peeledParsed(p); ok {
			t.Errorf("%q is plain, but the parse peels it to %q", p, peeled)
		}
		if parts := compoundParsed(p); parts != nil {
			t.Errorf("%q is plain, but the parse finds compound parts %q", p, parts)
		}
	}
	if plain < 20 {
		t.Errorf("only %d patterns took the shortcut", plain)
	}
	for _, p := range []string{"timeout 5 npm publish", "FOO=1 npm test", "npm  publish:*", "cd sub && npm test",
		"nohup:*", "time make:*", "exec rm *", "npm 'publish' *", "su -c x"} {
		if plainBashPattern(p) {
			t.Errorf("%q took the shortcut", p)
		}
	}
}

package engine

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateLarge = flag.Bool("update", false, "rewrite fixtures/policies/large")

// largePolicy writes an org policy of about n rules spread over managed,
// user, project, local and CLI sources, and returns the CLI rules.
func largePolicy(t testing.TB, dir string, n int) (cli []string) {
	per := n / 5
	sources := []string{"managed/managed-settings.json", "home/.claude/settings.json",
		"project/.claude/settings.json", "project/.claude/settings.local.json"}
	for si, file := range sources {
		perm := map[string][]string{}
		for i := 0; i < per; i++ {
			k := si*per + i
			b := []string{"allow", "allow", "ask", "deny"}[k%4]
			var r string
			switch k % 7 {
			case 0, 1, 2:
				r = fmt.Sprintf("Bash(tool%d sub%d *)", k, k%13)
			case 3:
				r = fmt.Sprintf("Read(/data/set%d/**)", k)
			case 4:
				r = fmt.Sprintf("Edit(src/mod%d/**)", k)
			case 5:
				r = fmt.Sprintf("WebFetch(domain:*.svc%d.example)", k)
			case 6:
				r = fmt.Sprintf("mcp__server%d__op%d", k%50, k)
			}
			perm[b] = append(perm[b], r)
		}
		perm["allow"] = append(perm["allow"], "Bash(npm run test *)", "Bash(git diff *)", "Bash(go test *)", "Edit(src/**)")
		perm["deny"] = append(perm["deny"], "Read(.env)")
		b, _ := json.MarshalIndent(map[string]any{"permissions": perm}, "", "  ")
		p := filepath.Join(dir, file)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < per; i++ {
		cli = append(cli, fmt.Sprintf("Bash(cli%d *)", i))
	}
	if err := os.WriteFile(filepath.Join(dir, "cli-allowed-tools.txt"), []byte(strings.Join(cli, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return cli
}

// TestLargePolicyFixture keeps fixtures/policies/large equal to what
// largePolicy writes (go test -update rewrites it).
func TestLargePolicyFixture(t *testing.T) {
	fixture := "../fixtures/policies/large"
	if *updateLarge {
		largePolicy(t, fixture, 1000)
	}
	tmp := t.TempDir()
	largePolicy(t, tmp, 1000)
	err := filepath.Walk(tmp, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(tmp, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(fixture, rel))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is stale (go test ./engine -run TestLargePolicyFixture -update)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

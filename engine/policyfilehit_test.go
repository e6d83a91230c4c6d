package engine

import (
	"math/rand"
	"strings"
	"testing"
)

// TestPolicyFilesHitFolds checks the in-place case fold against the
// definition it ports (lib.policy_file: in_dir over lower-cased paths),
// on chosen spellings and on random ones drawn from an alphabet of
// separators, letters of both cases and non-ASCII letters.
func TestPolicyFilesHitFolds(t *testing.T) {
	ref := func(p, q, cwd string) bool {
		p, q, cwd = strings.ToLower(p), strings.ToLower(q), strings.ToLower(cwd)
		return regoInDir(p, q) || p != "" && regoInDir(q, p) && !regoInDir(cwd, p)
	}
	rows := [][2]string{
		{"/home/u/.config/agentctl/trusted.json", "/home/u/.config/agentctl/trusted.json"},
		{"/HOME/U/.Config/AgentCtl/Trusted.JSON", "/home/u/.config/agentctl/trusted.json"},
		{"/home/u/.config", "/home/u/.config/agentctl/trusted.json"},
		{"/home/u/.config/", "/home/u/.config/agentctl/trusted.json"},
		{"/home/u/.conf", "/home/u/.config/agentctl/trusted.json"},
		{"/home/u/.config/agentctl/trusted.json/x", "/home/u/.config/agentctl/trusted.json"},
		{"", "/a"},
		{"/", "/a"},
		{"/ÄB/c", "/äb/c"},
		{"/K/c", "/k/c"}, // Kelvin sign lowers to k
		{"/a/b", "/a/b/"},
	}
	for _, r := range rows {
		if got, want := newPolicyFiles([]string{r[1]}).hit(r[0], "/home/u/Proj"), ref(r[0], r[1], "/home/u/Proj"); got != want {
			t.Errorf("hit(%q, %q) = %v, want %v", r[0], r[1], got, want)
		}
	}
	alphabet := []string{"/", "a", "A", "b", "B", ".", "Ä", "ä", "K", "k", "-"}
	rnd := rand.New(rand.NewSource(1))
	word := func() string {
		var b strings.Builder
		for n := rnd.Intn(7); n > 0; n-- {
			b.WriteString(alphabet[rnd.Intn(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 200000; i++ {
		p, q, q2, cwd := word(), word(), word(), word()
		if got, want := newPolicyFiles([]string{q, q2}).hit(p, cwd), ref(p, q, cwd) || ref(p, q2, cwd); got != want {
			t.Fatalf("hit(%q, [%q %q], %q) = %v, want %v", p, q, q2, cwd, got, want)
		}
	}
}

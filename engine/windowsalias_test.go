package engine

import (
	"math/rand"
	"regexp"
	"testing"
)

// TestWindowsAliasScan holds windowsAlias to the Rego's three regular
// expressions (lib.windows_alias) on chosen and random paths.
func TestWindowsAliasScan(t *testing.T) {
	res := []*regexp.Regexp{regexp.MustCompile(`~[0-9]`), regexp.MustCompile(`[^/.]\.+(/|$)`),
		regexp.MustCompile(`(^|/)\.\.\.+(/|$)`)}
	want := func(p string) bool {
		for _, re := range res {
			if re.MatchString(p) {
				return true
			}
		}
		return false
	}
	paths := []string{"", "/", "/a/b", "/a/GIT~1/config", "/a/b~/c", "/a/b~x", "/a.", "/a../b", "/a/./b", "/a/../b",
		"/a/.../b", "/...", "/a/..../", "/.a.", "a.", ".", "..", "...", "/x/y.z", "/x/y.z./w", "/é.", "/\xff.", "~1", "/a/~", "/a~"}
	r := rand.New(rand.NewSource(1))
	alphabet := []byte("/.~1a\xc3\xa9\xff")
	for i := 0; i < 200000; i++ {
		b := make([]byte, r.Intn(12))
		for j := range b {
			b[j] = alphabet[r.Intn(len(alphabet))]
		}
		paths = append(paths, string(b))
	}
	for _, p := range paths {
		if got := windowsAlias(p); got != want(p) {
			t.Fatalf("windowsAlias(%q) = %v, the regular expressions say %v", p, got, !got)
		}
	}
}

package pipeline

import (
	"strings"
	"testing"
)

// TestReadScriptPaths: a session header's cwd and a stream's path are
// taken from the script's directory when relative, and as they are when
// absolute.
func TestReadScriptPaths(t *testing.T) {
	for _, c := range []struct {
		script, path, wantCwd, wantSSE string
	}{
		{`{"type":"session","cwd":"../proj"}` + "\nrec.sse\n", "/s/dir/x.jsonl", "/s/proj", "/s/dir/rec.sse"},
		{`{"type":"session","cwd":"/tmp/proj"}` + "\n/tmp/rec.sse\n", "/s/dir/x.jsonl", "/tmp/proj", "/tmp/rec.sse"},
		{`{"type":"session","cwd":"/tmp/proj/../p2/"}` + "\nrec.sse\n", "-", "/tmp/p2", "rec.sse"},
	} {
		sc, err := ReadScript(strings.NewReader(c.script), c.path)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Cwd != c.wantCwd || len(sc.Turns) != 1 || sc.Turns[0].SSE != c.wantSSE {
			t.Errorf("%q from %s: cwd %q, turns %+v; want cwd %q, stream %q", c.script, c.path, sc.Cwd, sc.Turns, c.wantCwd, c.wantSSE)
		}
	}
}

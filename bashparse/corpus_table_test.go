package bashparse

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type labelled struct {
	readOnly bool
	cmd      string
	line     int
}

func loadCommandCorpus(t testing.TB) []labelled {
	f, err := os.Open("testdata/commands_corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		label, cmd, ok := strings.Cut(line, "\t")
		if !ok || label != "ro" && label != "no" {
			t.Fatalf("commands_corpus.tsv:%d: want ro|no TAB command", n)
		}
		out = append(out, labelled{readOnly: label == "ro", cmd: cmd, line: n})
	}
	return out
}

// TestCommandCorpus is the measure of the command tables: the share of
// plainly read-only commands approved under each profile (a report, not a
// pass/fail), and the unsafe commands approved, which must be none.
func TestCommandCorpus(t *testing.T) {
	corpus := loadCommandCorpus(t)
	tb := extended(t)
	var ro, no int
	approvedRO := map[string]int{}
	for _, c := range corpus {
		for _, p := range []struct {
			name string
			tb   *Table
		}{{"core", nil}, {"extended", tb}} {
			ok := approved(p.tb, c.cmd)
			switch {
			case !c.readOnly && ok && p.tb == nil:
				// The core list is Claude Code's and must decide as it does.
				t.Logf("commands_corpus.tsv:%d: core (Claude Code's list) approves: %s", c.line, c.cmd)
			case !c.readOnly && ok:
				t.Errorf("commands_corpus.tsv:%d: %s approves an unsafe command: %s", c.line, p.name, c.cmd)
			}
			if c.readOnly && ok {
				approvedRO[p.name]++
			}
			if c.readOnly && !ok && p.name == "extended" && testing.Verbose() {
				t.Logf("asks (extended): %s", c.cmd)
			}
		}
		if c.readOnly {
			ro++
		} else {
			no++
		}
	}
	if ro < 1000 || no < 500 {
		t.Errorf("corpus too small: %d read-only, %d not (want ≥ 1000 and ≥ 500)", ro, no)
	}
	for _, p := range []string{"core", "extended"} {
		t.Logf("%-8s approved %4d of %d read-only commands (%.1f%%); unsafe approved listed above (extended must approve 0 of %d)",
			p, approvedRO[p], ro, 100*float64(approvedRO[p])/float64(ro), no)
	}
}

// BenchmarkCorpusParse is the parse+classify cost per command of the whole
// corpus, core (no table) against extended.
func BenchmarkCorpusParse(b *testing.B) {
	corpus := loadCommandCorpus(b)
	tb := extended(b)
	for _, p := range []struct {
		name string
		tb   *Table
	}{{"core", nil}, {"extended", tb}} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c := corpus[i%len(corpus)]
				_ = ParseWith(c.cmd, Options{Commands: p.tb})
			}
		})
	}
}

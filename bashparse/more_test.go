package bashparse

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

func TestLimits(t *testing.T) {
	long := "echo " + strings.Repeat("a", MaxLength)
	if a := Parse(long); len(a.Unresolved) != 1 || a.Unresolved[0].Reason != ReasonTooLong || len(a.Commands) != 1 {
		t.Errorf("over-long command (unresolved, and its one command still seen): %s", summary(a))
	}
	huge := "echo " + strings.Repeat("a", MaxParsed)
	if a := Parse(huge); len(a.Unresolved) != 1 || a.Unresolved[0].Reason != ReasonTooLong || len(a.Commands) != 0 {
		t.Errorf("command past MaxParsed: %s", summary(a))
	}
	deep := strings.Repeat("$(", 40) + "rm x" + strings.Repeat(")", 40)
	if a := Parse("echo " + deep); !hasReason(a, ReasonTooDeep) {
		t.Errorf("deep nesting: %s", summary(a))
	}
	nested := strings.Repeat("eval ", MaxDepth+2) + "rm x"
	if a := Parse(nested); !hasReason(a, ReasonTooDeep) {
		t.Errorf("deep eval nesting: %s", summary(a))
	}
}

func hasReason(a Analysis, r Reason) bool {
	for _, u := range a.Unresolved {
		if u.Reason == r {
			return true
		}
	}
	return false
}

func TestParseErrorIsData(t *testing.T) {
	a := Parse("echo ok && (rm x")
	if a.Err == nil || !a.Err.Incomplete || a.Err.Line != 1 {
		t.Fatalf("Err = %+v, want an incomplete parse error on line 1", a.Err)
	}
	if len(a.Commands) != 0 || !hasReason(a, ReasonParseError) {
		t.Errorf("a parse failure must list no half-parsed commands and say it is unresolved: %s", summary(a))
	}
}

func TestSpans(t *testing.T) {
	a := Parse("ls -la &&\n  git push origin")
	if len(a.Commands) != 2 {
		t.Fatalf("commands: %s", summary(a))
	}
	c := a.Commands[1]
	if c.Span.Line != 2 || c.Span.Col != 3 || a.Source[c.Span.Offset:c.Span.End] != "git push origin" {
		t.Errorf("span = %+v", c.Span)
	}
	a = Parse("bash -c 'rm x'")
	if n := a.Commands[1]; !n.Nested || n.Span != a.Commands[0].Span || n.Origin != "bash -c" {
		t.Errorf("nested command %+v: want the outer span and origin", n)
	}
}

func TestConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				if got := summary(Parse("sudo rm -rf x && echo $(cat .env)")); !strings.Contains(got, "rm -rf x") {
					t.Errorf("got %s", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestSharedCorpusBash parses every Bash case of the shared decision corpus:
// each lists commands or says what it could not resolve.
func TestSharedCorpusBash(t *testing.T) {
	raw, err := os.ReadFile("../../shared/corpus/decisions.json")
	if err != nil {
		t.Skip("shared corpus not present beside the checkout")
	}
	var corpus map[string]struct {
		Cases []struct {
			ToolName  string         `json:"tool_name"`
			ToolInput map[string]any `json:"tool_input"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &corpus); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sc := range corpus {
		for _, c := range sc.Cases {
			if c.ToolName != "Bash" {
				continue
			}
			n++
			cmd, _ := c.ToolInput["command"].(string)
			if a := Parse(cmd); len(a.Commands) == 0 && len(a.Unresolved) == 0 {
				t.Errorf("%q: neither commands nor unresolved parts", cmd)
			}
		}
	}
	if n == 0 {
		t.Error("no Bash cases in the shared corpus")
	}
}

// TestDifferentialBash runs literal commands under real bash with a PATH of
// recording stubs and checks that the static argv equals what bash executed.
func TestDifferentialBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cases := []string{
		`s'hut'down now`,
		`r''m -rf "a b" c\ d`,
		`\rm x`,
		`$'r\x6d' -f $'a\tb'`,
		`npm run test -- --watch && git -C x push origin main`,
		`git commit -m "fix: it's \"done\"" ; npm publish --tag beta`,
		`{ npm a; npm b; } | git c`,
		"npm \\\n  run build",
		`if git status; then npm test; fi`,
		`timeout 5 npm run test`,
	}
	for _, src := range cases {
		t.Run(src, func(t *testing.T) {
			dir := t.TempDir()
			logf := filepath.Join(dir, "log")
			// One printf per run: records of a pipeline's commands may not interleave.
			stub := "#!/bin/sh\nr=\nfor a in \"${0##*/}\" \"$@\"; do r=\"$r$a$(printf '\\037')\"; done\nprintf '%s\\036' \"$r\" >> \"$LOG\"\n"
			a := Parse(src)
			for _, c := range a.Commands {
				for _, name := range []string{c.Words[0].Value, c.Narrow.Name} {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(stub), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			cmd := exec.Command(bash, "--norc", "--noprofile", "-c", src)
			cmd.Env = []string{"PATH=" + dir, "LOG=" + logf}
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("bash: %v: %s", err, out)
			}
			logged, err := os.ReadFile(logf)
			if err != nil {
				t.Fatal(err)
			}
			var ran [][]string
			for _, rec := range bytes.Split(logged, []byte("\x1e")) {
				if len(rec) == 0 {
					continue
				}
				ran = append(ran, strings.Split(strings.TrimSuffix(string(rec), "\x1f"), "\x1f"))
			}
			var static [][]string
			for _, c := range a.Commands {
				if c.Origin != "" {
					continue // a reading rules see (npm b as npm bugs), not a run
				}
				if c.Narrow.Name == "timeout" || len(c.Narrow.Peeled) > 0 {
					// bash runs the wrapper; the stub for timeout records it.
					w := make([]string, len(c.Words))
					for i, x := range c.Words {
						w[i] = x.Value
					}
					static = append(static, w)
					continue
				}
				static = append(static, append([]string{c.Narrow.Name}, c.Narrow.Args...))
			}
			if got, want := join(static), join(ran); got != want {
				t.Errorf("static argv:\n%s\nbash executed:\n%s", got, want)
			}
		})
	}
}

// join renders argvs sorted: pipeline members run concurrently.
func join(argvs [][]string) string {
	var lines []string
	for _, a := range argvs {
		b, _ := json.Marshal(a)
		lines = append(lines, string(b))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

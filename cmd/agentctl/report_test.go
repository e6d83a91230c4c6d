package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/agentctl/agentctl/workflow"
)

// TestReplayHTMLInBrowser: replay --html writes one self-contained page;
// in a real headless Chromium it loads with no console error, its script
// runs, and its counts are the JSON output's.
func TestReplayHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	fix, _ := filepath.Abs("../../fixtures/workflows")
	page := filepath.Join(t.TempDir(), "report.html")
	args := []string{"agentctl", "--cwd", fix + "/project", "--managed-settings", fix + "/managed-settings.json",
		"--policy", fix + "/policy", "replay", fix + "/transcripts", "--rebase", "/home/dev/webapp=" + fix + "/project"}
	out, errOut, code := runCLI(t, "", append(args, "--output", "json", "--html", page)...)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	var res struct {
		Summary struct{ Allow, Ask, Deny int } `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	dom := loadInBrowser(t, browser, page)
	checkCounts(t, dom, map[string]int{"count-allow": res.Summary.Allow, "count-ask": res.Summary.Ask,
		"count-deny": res.Summary.Deny})
}

// diffFixture runs diff --html over the workflow fixtures: the base is a
// bundle built from the example policy, the head its proposed change
// (npm install denied, make allowed). It returns the JSON output and the
// page.
func diffFixture(t *testing.T) (out string, page string) {
	t.Helper()
	dir := t.TempDir()
	fix, _ := filepath.Abs("../../fixtures/workflows")
	bundle := filepath.Join(dir, "deployed.tar.gz")
	flags := []string{"agentctl", "--cwd", fix + "/project", "--policy", fix + "/policy"}
	if _, errOut, code := runCLI(t, "", append(flags, "--managed-settings", fix+"/managed-settings.json",
		"bundle", "build", "-o", bundle)...); code != 0 {
		t.Fatalf("bundle build: exit %d: %s", code, errOut)
	}
	page = filepath.Join(dir, "diff.html")
	out, errOut, code := runCLI(t, "", append(flags, "--managed-settings", fix+"/proposed-managed-settings.json", "diff", "--base", bundle,
		"--rebase", "/home/dev/webapp="+fix+"/project", "--output", "json", "--html", page, fix+"/transcripts")...)
	if code != 0 {
		t.Fatalf("diff: exit %d: %s", code, errOut)
	}
	return out, page
}

// TestDiffHTML: diff --html writes one self-contained page whose embedded
// summary is the JSON output's, with one table row per changed call.
func TestDiffHTML(t *testing.T) {
	out, page := diffFixture(t)
	var res struct {
		Changes []workflow.Change    `json:"changes"`
		Summary workflow.DiffSummary `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if s := res.Summary; s.Changed != 5 || s.Opened != 3 || s.Closed != 2 || len(s.Notes) == 0 {
		t.Fatalf("the fixture's diff: %+v", s)
	}
	f, err := os.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := html.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	var embedded string
	rows := map[string]int{}
	var transitions, tools []string
	var walk func(n *html.Node, inBody bool)
	walk = func(n *html.Node, inBody bool) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if (a.Key == "src" || a.Key == "href") && !strings.HasPrefix(a.Val, "#") {
					t.Errorf("<%s %s=%q>: the page loads something", n.Data, a.Key, a.Val)
				}
			}
			switch {
			case n.Data == "script" && attr(n, "id") == "summary":
				embedded = n.FirstChild.Data
			case n.Data == "tbody":
				inBody = true
			case n.Data == "tr" && inBody:
				rows[attr(n, "data-direction")]++
				transitions = append(transitions, attr(n, "data-transition"))
				tools = append(tools, attr(n, "data-tool"))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inBody)
		}
	}
	walk(doc, false)
	var got workflow.DiffSummary
	if err := json.Unmarshal([]byte(embedded), &got); err != nil {
		t.Fatalf("embedded summary: %v: %q", err, embedded)
	}
	if !reflect.DeepEqual(res.Summary, got) {
		t.Errorf("embedded summary differs from --output json:\n%+v\n%+v", res.Summary, got)
	}
	if want := map[string]int{"opened": 3, "closed": 2}; !reflect.DeepEqual(rows, want) {
		t.Errorf("rows by direction %v, want %v", rows, want)
	}
	for i, c := range res.Changes {
		if tr := c.Base.Decision.String() + "→" + c.Head.Decision.String(); transitions[i] != tr || tools[i] != c.Call.Tool {
			t.Errorf("row %d: %s %s, JSON %s %s", i, transitions[i], tools[i], tr, c.Call.Tool)
		}
	}
}

// TestDiffHTMLInBrowser: the diff page in a real headless Chromium loads
// with no console error, its script finds as many rows per direction as
// the summary says, and the counts it shows are the JSON output's.
func TestDiffHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	out, page := diffFixture(t)
	var res struct {
		Summary workflow.DiffSummary `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	s := res.Summary
	dom := loadInBrowser(t, browser, page)
	checkCounts(t, dom, map[string]int{"count-calls": s.Calls, "count-changed": s.Changed, "count-opened": s.Opened,
		"count-closed": s.Closed, "count-moved": s.Moved, "base-allow": s.Base.Allow, "base-ask": s.Base.Ask,
		"base-deny": s.Base.Deny, "head-allow": s.Head.Allow, "head-ask": s.Head.Ask, "head-deny": s.Head.Deny})
	if !strings.Contains(dom, `>5 of 5 shown<`) {
		t.Errorf("the filter did not count the rows")
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// chromium is the browser the page tests run, or a skip: CI has none.
func chromium(t *testing.T) string {
	t.Helper()
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (Debian package chromium)")
	}
	return browser
}

// loadInBrowser loads a page in headless Chromium and returns the DOM after
// its scripts ran; a console error or a page whose script found its rows
// disagreeing with its summary fails the test.
func loadInBrowser(t *testing.T, browser, page string) string {
	t.Helper()
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(src|href)="(https?:)?//`).Match(html) {
		t.Error("the page loads something from the network")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0", "--dump-dom", "file://"+page)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v: %s", err, stderr.String())
	}
	if strings.Contains(stderr.String(), "Uncaught") || strings.Contains(stderr.String(), `CONSOLE(`) && strings.Contains(stderr.String(), "Error") {
		t.Errorf("console errors:\n%s", stderr.String())
	}
	if !strings.Contains(string(dom), `data-ready="ok"`) {
		t.Errorf("the page's script did not run or its rows disagree with its counts")
	}
	return string(dom)
}

// checkCounts finds each <span id="ID">N</span> in the DOM.
func checkCounts(t *testing.T, dom string, want map[string]int) {
	t.Helper()
	for id, n := range want {
		m := regexp.MustCompile(`id="` + id + `">(\d+)<`).FindStringSubmatch(dom)
		if m == nil {
			t.Errorf("no %s in the page", id)
			continue
		}
		if got, _ := strconv.Atoi(m[1]); got != n {
			t.Errorf("%s: page says %d, JSON %d", id, got, n)
		}
	}
}

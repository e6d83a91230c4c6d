package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
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

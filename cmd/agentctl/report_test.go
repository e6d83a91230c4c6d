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
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed (Debian package chromium)")
	}
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
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(src|href)="https?:`).Match(html) {
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
	for name, want := range map[string]int{"allow": res.Summary.Allow, "ask": res.Summary.Ask, "deny": res.Summary.Deny} {
		m := regexp.MustCompile(`id="count-` + name + `">(\d+)<`).FindSubmatch(dom)
		if m == nil {
			t.Errorf("no %s count in the page", name)
			continue
		}
		if got, _ := strconv.Atoi(string(m[1])); got != want {
			t.Errorf("%s: page says %d, JSON %d", name, got, want)
		}
	}
}

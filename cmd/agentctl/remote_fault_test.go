package main

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// TestRemoteFaultsFailClosed: an OPA server that redirects, answers about
// another tool, or never answers is an error (exit 1), never a decision —
// least of all an allow.
func TestRemoteFaultsFailClosed(t *testing.T) {
	var revision string // the client's, set below: the server must serve it
	allowFor := func(tool string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			json.NewEncoder(w).Encode(map[string]any{"result": map[string]any{"decision": "allow", "stage": "allow",
				"reason": "fine", "rule": nil, "matches": []any{}, "tool_name": tool},
				"provenance": map[string]any{"bundles": map[string]any{"agentctl": map[string]any{"revision": revision}}}})
		}
	}
	var redirected atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		redirected.Add(1)
		allowFor("Bash")(w, r)
	}))
	defer target.Close()
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	otherTool := httptest.NewServer(allowFor("Read"))
	defer otherTool.Close()
	sameTool := httptest.NewServer(allowFor("Bash"))
	defer sameTool.Close()
	// A listener that accepts connections (the kernel does) and never answers.
	mute, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer mute.Close()

	base, _ := demoEnv(t)
	revision = red16regoRevision(t, base)
	for _, tt := range []struct {
		name, url string
		code      int
		stderr    string
	}{
		{"control: a well-formed answer about the same tool", sameTool.URL, exitOK, ""},
		{"redirect is not followed", redirect.URL, exitError, "redirects are not followed"},
		{"answer about another tool", otherTool.URL, exitError, `answered about tool "Read", asked about "Bash"`},
		{"server never answers", "http://" + mute.Addr().String(), exitError, "did not answer within 300ms (--opa-timeout)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{}, base...), "--opa-url", tt.url, "--opa-timeout", "300ms", "check", "Bash", `{"command":"ls"}`)
			out, errOut, code := runCLI(t, "", args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, out %q, stderr %q; want exit %d and %q", code, out, errOut, tt.code, tt.stderr)
			}
		})
	}
	if n := redirected.Load(); n != 0 {
		t.Errorf("the redirect target was asked %d times", n)
	}
}

// TestRemoteStoppedOPATimesOut: a real stock OPA server, stopped with
// SIGSTOP after it is ready (its socket still accepts connections), makes
// check fail after --opa-timeout instead of hanging.
func TestRemoteStoppedOPATimesOut(t *testing.T) {
	opa := opaBinary(t)
	base, _ := demoEnv(t)
	bundlePath := filepath.Join(t.TempDir(), "bundle.tar.gz")
	if _, errOut, code := runCLI(t, "", append(append([]string{}, base...), "bundle", "build", "-o", bundlePath)...); code != 0 {
		t.Fatal(errOut)
	}
	url, pid := startOPAProcess(t, opa, bundlePath)
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(pid, syscall.SIGCONT)
	out, errOut, code := runCLI(t, "", append(append([]string{}, base...), "--opa-url", url, "--opa-timeout", "500ms",
		"check", "Bash", `{"command":"ls"}`)...)
	if code != exitError || !strings.Contains(errOut, "did not answer within 500ms") {
		t.Errorf("exit %d out %q stderr %q", code, out, errOut)
	}
}

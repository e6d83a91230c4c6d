package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHookRed21NetDomainRulesRealProcess: a WebFetch deny rule over a
// range of IPv4 addresses (domain:127.0.0.*, domain:*.254.169.254) matched
// no host, and one for [::1] missed http://[::1%25lo]:P/ (see
// engine/bypass_red21net_test.go): Claude Code's WebFetch and Gemini
// CLI's web_fetch were answered "allow" through the hook. Both agents'
// hooks now deny; other hosts stay allowed.
func TestHookRed21NetDomainRulesRealProcess(t *testing.T) {
	dir, managed := red19Project(t, `{"permissions":{"allow":["WebFetch"],`+
		`"deny":["WebFetch(domain:127.0.0.*)","WebFetch(domain:*.254.169.254)","WebFetch(domain:[::1])"]}}`)
	tests := []struct {
		agent, url, want string
	}{
		{"claude", "http://127.0.0.1:18765/x", "deny"},
		{"claude", "http://127.1/", "deny"},
		{"claude", "http://169.254.169.254/latest/meta-data/", "deny"},
		{"claude", "http://[::1%25lo]:18765/", "deny"},
		{"gemini", "http://127.0.0.1:18765/x", "deny"},
		{"gemini", "http://169.254.169.254/latest", "deny"},
		{"gemini", "http://[::1%25lo]:18765/", "deny"},
		// Neighbours.
		{"claude", "http://127.0.1.1/", "allow"},
		{"claude", "https://docs.example.com/a", "allow"},
		{"claude", "http://[::2]/", "allow"},
		{"gemini", "https://docs.example.com/a", "allow"},
	}
	for _, tt := range tests {
		t.Run(tt.agent+" "+tt.url, func(t *testing.T) {
			var event string
			if tt.agent == "claude" {
				event = red19ClaudeEvent(dir, "WebFetch", `{"url":"`+tt.url+`","prompt":"summarise"}`)
			} else {
				event = red13Event("gemini", dir, "web_fetch", `{"prompt":"summarise `+tt.url+` please"}`)
			}
			out, errOut, code := hookProc(t, nil, event, nil, "--agent", tt.agent, "--managed-settings", managed)
			got := red21netHookDecision(t, tt.agent, out, code)
			if got != tt.want {
				t.Errorf("got %s, want %s (stdout %q, stderr %q)", got, tt.want, out, strings.TrimSpace(errOut))
			}
		})
	}
}

// red21netHookDecision reads a Claude Code or Gemini CLI hook answer:
// allow, ask or deny; "block" for exit 2.
func red21netHookDecision(t *testing.T, agent, out string, code int) string {
	t.Helper()
	if agent == "claude" || code != 0 {
		return red19Decision(t, out, code)
	}
	var a struct {
		Decision string `json:"decision"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("stdout %q is not Gemini CLI's JSON: %v", out, err)
	}
	return a.Decision
}

// TestHookRed21NetWebFetchOffsetRealProcess: Claude Code 2.1.332 sends
// WebFetch's `offset` to read on through a long page. The hook passed a
// field the schema did not know unchecked, so it allowed offset -5,
// which the reference refuses at validation; the schema now types it, as
// `agentctl check` and `run` (which denied every offset) do.
func TestHookRed21NetWebFetchOffsetRealProcess(t *testing.T) {
	dir, managed := red19Project(t, `{"permissions":{"allow":["WebFetch(domain:docs.example.com)"],"deny":["WebFetch(domain:evil.example)"]}}`)
	for input, want := range map[string]string{
		`{"url":"https://docs.example.com/a","prompt":"p","offset":100000}`: "allow",
		`{"url":"https://docs.example.com/a","prompt":"p","offset":0}`:      "allow",
		`{"url":"https://evil.example/a","prompt":"p","offset":100000}`:     "deny",
		`{"url":"https://docs.example.com/a","prompt":"p","offset":-5}`:     "deny",
	} {
		out, errOut, code := hookProc(t, nil, red19ClaudeEvent(dir, "WebFetch", input), nil, "--agent", "claude", "--managed-settings", managed)
		if got := red19Decision(t, out, code); got != want {
			t.Errorf("%s: got %s, want %s (stdout %q, stderr %q)", input, got, want, out, strings.TrimSpace(errOut))
		}
	}
}

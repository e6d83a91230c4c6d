package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// red16regoRevision is the bundle revision the settings in base compile to.
func red16regoRevision(t *testing.T, base []string) string {
	t.Helper()
	_, errOut, code := runCLI(t, "", append(append([]string{}, base...), "bundle", "build", "-o", filepath.Join(t.TempDir(), "b.tar.gz"))...)
	i := strings.LastIndex(errOut, "(revision ")
	if code != exitOK || i < 0 {
		t.Fatalf("bundle build: exit %d: %s", code, errOut)
	}
	return strings.TrimSuffix(strings.TrimSpace(errOut[i+len("(revision "):]), ")")
}

// red16regoAnswerRows are OPA server answers with the client's revision
// ($REV): none is agentctl's decision query's answer but the controls.
var red16regoAnswerRows = []struct {
	name, body string
	code       int
	stderr     string
}{
	{"control: a whole allow", `{"result": {"decision": "allow", "stage": "mode", "reason": "read-only command", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b.tar.gz": {"revision": "$REV"}}}}`, exitOK, ""},
	{"control: a whole ask", `{"result": {"decision": "ask", "stage": "default", "reason": "no rule allows Bash", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"x": {"revision": "other"}, "b.tar.gz": {"revision": "$REV"}}}}`, exitAsk, ""},
	{"partial: decision and stage only", `{"result": {"decision": "allow", "stage": "allow", "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, `has no "reason"`},
	{"no matches list", `{"result": {"decision": "allow", "stage": "allow", "reason": "x", "rule": null, "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, `has no "matches"`},
	{"matches null", `{"result": {"decision": "allow", "stage": "allow", "reason": "x", "rule": null, "matches": null, "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "no list of matches"},
	{"empty reason", `{"result": {"decision": "allow", "stage": "allow", "reason": " ", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "no reason"},
	{"allow at the deny stage", `{"result": {"decision": "allow", "stage": "deny", "reason": "denied by rule Bash(ls)", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "never pairs"},
	{"allow at the safety stage", `{"result": {"decision": "allow", "stage": "safety", "reason": "write to protected path", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "never pairs"},
	{"allow at the fallback", `{"result": {"decision": "allow", "stage": "default", "reason": "no rule", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "never pairs"},
	{"a rule at the mode stage", `{"result": {"decision": "allow", "stage": "mode", "reason": "x", "rule": {"text": "Bash"}, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "names a rule"},
	{"a key twice", `{"result": {"decision": "deny", "decision": "allow", "stage": "allow", "reason": "x", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "duplicate key"},
	{"a key in other case", `{"result": {"decision": "deny", "Decision": "allow", "stage": "allow", "reason": "x", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, `names "Decision"`},
	{"a boolean result", `{"result": true, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "malformed"},
	{"an empty object result", `{"result": {}, "provenance": {"bundles": {"b": {"revision": "$REV"}}}}`, exitError, "malformed"},
	{"no provenance", `{"result": {"decision": "allow", "stage": "mode", "reason": "read-only command", "rule": null, "matches": [], "tool_name": "Bash"}}`, exitError, "names no bundle revision"},
	{"another revision", `{"result": {"decision": "allow", "stage": "mode", "reason": "read-only command", "rule": null, "matches": [], "tool_name": "Bash"}, "provenance": {"bundles": {"b": {"revision": "0123456789abcdef"}}}}`, exitError, `serves b at revision "0123456789abcdef"`},
}

// TestRed16regoRemoteAnswers: an OPA server's answer that agentctl's
// decision query could not have given (a partial result, a decision at a
// stage that never gives it, a key twice) or that comes from another
// policy revision is an error, never a decision — each was an allow.
func TestRed16regoRemoteAnswers(t *testing.T) {
	base, _ := demoEnv(t)
	rev := red16regoRevision(t, base)
	for _, tt := range red16regoAnswerRows {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Query().Get("provenance") != "true" {
					http.Error(w, "provenance not asked", http.StatusBadRequest)
					return
				}
				w.Write([]byte(strings.ReplaceAll(tt.body, "$REV", rev)))
			}))
			defer srv.Close()
			args := append(append([]string{}, base...), "--opa-url", srv.URL, "check", "Bash", `{"command":"ls"}`)
			out, errOut, code := runCLI(t, "", args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, out %q, stderr %q; want exit %d and %q", code, out, errOut, tt.code, tt.stderr)
			}
		})
	}
}

// TestRed16regoRemoteStalePolicy: a real stock OPA server serving the
// bundle of yesterday's settings does not decide for a client whose
// settings have since gained a deny rule (the server allowed ls, which
// the client's own settings deny); the client with the settings the
// bundle was built from is answered as before, and a server given the
// policy as loose files (no bundle, no revision) is refused.
func TestRed16regoRemoteStalePolicy(t *testing.T) {
	opa := opaBinary(t)
	base, _ := demoEnv(t)
	base = append(base, "--trust-workspace") // the demo's hook runs
	dir := t.TempDir()
	bundlePath := filepath.Join(dir, "bundle.tar.gz")
	if _, errOut, code := runCLI(t, "", append(append([]string{}, base...), "bundle", "build", "-o", bundlePath)...); code != 0 {
		t.Fatal(errOut)
	}
	url := startOPA(t, opa, bundlePath)
	stricter := append(append([]string{}, base...), "--settings", `{"permissions": {"deny": ["Bash(ls:*)"]}}`)
	for _, tt := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"the bundle's own settings", base, exitOK, ""},
		{"settings with a deny rule the bundle lacks", stricter, exitError, "a stale or other policy"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{}, tt.args...), "--opa-url", url, "check", "Bash", `{"command":"ls"}`)
			out, errOut, code := runCLI(t, "", args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, out %q, stderr %q; want exit %d and %q", code, out, errOut, tt.code, tt.stderr)
			}
		})
	}
	// Embedded, the stricter settings deny: the server's allow was the hole.
	if _, errOut, code := runCLI(t, "", append(append([]string{}, stricter...), "check", "Bash", `{"command":"ls"}`)...); code != exitDeny {
		t.Errorf("embedded: exit %d, stderr %q; want deny", code, errOut)
	}
}

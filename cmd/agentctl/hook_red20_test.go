package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/agentctl/agentctl/pipeline"
)

// TestRed20HookFetchWHATWGRealProcess: Gemini CLI's web_fetch passes each
// whitespace-separated word of its prompt that contains "://" to
// JavaScript's new URL() and fetches every http or https result. That
// parser reads "https:\\evil.example/?q=://", "https:/evil.example?://"
// and "HTTPS:evil.example?://" as https://evil.example/ (a backslash is a
// slash, slashes after the scheme are skipped, however many or none), but
// none of them holds "https://" for agentctl's readings to find: beside an
// allowed URL, the prompt was allowed on that URL's rule and the denied
// host fetched. Each such word is now decided as Gemini CLI reads it.
func TestRed20HookFetchWHATWGRealProcess(t *testing.T) {
	denied, _, managed := red13Project(t)
	tests := []struct {
		name, prompt string
		blocked      bool
	}{
		{"two backslashes for the slashes", `compare https://ok.example/a with https:\\evil.example/b?q=://`, true},
		{"one slash", `compare https://ok.example/a with https:/evil.example/b?://`, true},
		{"no slash, scheme in capitals", `compare https://ok.example/a with HTTPS:evil.example?://`, true},
		{"a slash and a backslash, port and trailing dot", `compare https://ok.example/a with hTTp:\/evil.example.:80/?://`, true},
		{"a control character before the scheme", "compare https://ok.example/a with \x01https:\\\\evil.example/?://", true},
		{"a private address", `compare https://ok.example/a with http:\\127.0.0.1:8080/admin?://`, true},
		{"the :// only in the fragment", `compare https://ok.example/a with https:evil.example#://`, true},
		// harmless neighbours
		{"an allowed URL alone", `summarize https://ok.example/a`, false},
		{"a backslash in an allowed URL's path", `summarize https://ok.example/a\b`, false},
		{"an allowed URL naming another in its query", `summarize https://ok.example/r?next=x://y`, false},
		{"another scheme's word", `summarize https://ok.example/a, not ftp://files.example/x`, false},
		{"the allowed host without slashes", `summarize https:ok.example/a?://`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, _ := json.Marshal(map[string]string{"prompt": tt.prompt})
			red13ExpectHook(t, "gemini", managed, red13Event("gemini", denied, "web_fetch", string(in)), tt.blocked)
		})
	}
}

// TestRed20ApproverFieldNameCase: the --permission-prompt-command answer
// was read with names in any letter case, so {"Behavior": "allow"}, which
// Claude Code's permission prompt protocol does not read, approved the
// call, and {"behavior": "deny", "Behavior": "allow"} was an allow. It is
// read by exact names now, as Claude Code reads it.
func TestRed20ApproverFieldNameCase(t *testing.T) {
	req := pipeline.AskRequest{Use: pipeline.ToolUse{Name: "Bash", Input: map[string]any{"command": "make"}}, Cwd: t.TempDir()}
	tests := []struct {
		name, answer string
		allow        bool
	}{
		{"Behavior allow is not an allow", `{"Behavior": "allow"}`, false},
		{"a deny then a Behavior allow is not an allow", `{"behavior": "deny", "message": "no", "Behavior": "allow"}`, false},
		{"a permissionDecision allow in another case is not an allow", `{"hookSpecificOutput": {"PermissionDecision": "allow"}}`, false},
		// neighbours
		{"behavior allow allows", `{"behavior": "allow"}`, true},
		{"an allow with an unknown member allows", `{"behavior": "allow", "Note": "x"}`, true},
		{"behavior deny denies", `{"behavior": "deny", "message": "no"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &commandApprover{command: "cat > /dev/null; printf '%s\\n' '" + tt.answer + "'", timeout: time.Minute}
			got, err := a.Approve(context.Background(), req)
			if err != nil || got.Allow != tt.allow {
				t.Errorf("got %+v %v; want allow=%v", got, err, tt.allow)
			}
		})
	}
}

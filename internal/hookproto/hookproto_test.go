package hookproto

import "testing"

func TestVerdict(t *testing.T) {
	tests := []struct{ out, verdict, reason string }{
		{`{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no"}}`, "deny", "no"},
		{`{"hookSpecificOutput": {"decision": {"behavior": "allow", "message": "ok"}}}`, "allow", "ok"},
		{`{"behavior": "allow", "message": "approved"}`, "allow", "approved"},
		{`{"decision": "block", "reason": "lint"}`, "deny", "lint"},
		{`{"decision": "approve"}`, "allow", ""},
		{`{"continue": false}`, "", ""},
	}
	for _, tt := range tests {
		o, err := Parse([]byte(tt.out))
		if err != nil {
			t.Fatal(err)
		}
		if v, r := o.Verdict(); v != tt.verdict || r != tt.reason {
			t.Errorf("%s: got %q %q", tt.out, v, r)
		}
	}
	if _, err := Parse([]byte("plain text")); err != ErrNoJSON {
		t.Errorf("non-JSON: %v", err)
	}
	if _, err := Parse([]byte("{broken")); err == nil || err == ErrNoJSON {
		t.Errorf("broken JSON: %v", err)
	}
}

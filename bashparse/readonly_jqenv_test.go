package bashparse

import "testing"

// TestJqEnvironmentNotReadOnly: a jq program that reads the environment is
// not read-only (the reference CLI 2.1.332 asks for each "ask" row below
// and allows each "read-only" row: checked with ../shared/oracle).
func TestJqEnvironmentNotReadOnly(t *testing.T) {
	for _, tc := range []struct {
		cmd      string
		readOnly bool
	}{
		{`jq -n env`, false},
		{`jq -n '$ENV'`, false},
		{`jq -n '$ENV.PATH'`, false},
		{`jq -n 'env.HOME'`, false},
		{`jq -n '"\(env)"'`, false},
		{`jq -n '$ENV|keys'`, false},
		{`jq -r '.a + (env|tostring)' package.json`, false},
		{`jq . package.json`, true},
		{`jq -r .name package.json`, true},
		{`jq -n 1`, true},
		{`jq -n '$__loc__'`, true},
		{`jq -n 'get_search_list'`, true},
		{`jq .env package.json`, true}, // a field named env
		{`jq '.environment' package.json`, true},
	} {
		a := Parse(tc.cmd)
		if len(a.Commands) != 1 {
			t.Fatalf("%s: %d commands", tc.cmd, len(a.Commands))
		}
		if got := a.Commands[0].ReadOnly; got != tc.readOnly {
			t.Errorf("%s: read-only %v, want %v", tc.cmd, got, tc.readOnly)
		}
	}
}

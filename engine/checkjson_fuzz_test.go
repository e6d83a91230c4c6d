package engine

import (
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzCheckJSONFastPath holds CheckJSON's one-pass check in step with the
// token walk that explains a rejection: input the fast path accepts must
// pass the walk (else a duplicate key or a lone surrogate could slip
// through), and input the walk rejects as ambiguous must fail the fast path.
func FuzzCheckJSONFastPath(f *testing.F) {
	for _, s := range []string{
		`{"command":"ls"}`,
		`{"a":1,"a":2}`,
		`{"a":1,"\u0061":2}`,
		`{"x":{"a":1,"b":{"a":2}}}`,
		`{"a":"\ud800"}`,
		`{"a":"\ud83d\ude00"}`,
		`{"a":"\udc00x"}`,
		"{\"a\":\"\xff\"}",
		`{} {}`,
		`[{"a":1},{"a":1}]`,
		`{"A":1,"a":2}`,
		` {"a" : [1, 2.5e3, true, null, "\\\""]} `,
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /","command":"ls"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		fast := jsontext.Value(raw).IsValid()
		slow := checkJSONSlow("fuzz", raw)
		if fast && slow != nil {
			t.Fatalf("fast path accepts %q, the walk says %v", raw, slow)
		}
	})
}

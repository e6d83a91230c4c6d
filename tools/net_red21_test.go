package tools

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWebFetchOffsetRed21Net: Claude Code's WebFetch takes `offset`, the
// character to start reading from, to read on through a page longer than
// one result. agentctl's schema had no such field, so every such call —
// from the real Claude Code through the hook, or in agentctl run — was
// denied at validation. The runner now reads from offset, counts
// characters (never splitting one), and names the next offset when it
// cuts the page.
func TestWebFetchOffsetRed21Net(t *testing.T) {
	page := strings.Repeat("é", fetchMaxChars) + "TAIL"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer srv.Close()
	tc := &Context{}
	tests := []struct {
		name       string
		offset     any
		has, lacks []string
	}{
		{"no offset: the first part and the next offset", nil,
			[]string{"éé", fmt.Sprintf("offset %d", fetchMaxChars)}, []string{"TAIL"}},
		{"an offset reads on", float64(fetchMaxChars), []string{"TAIL"}, []string{"é", "truncated"}},
		{"an offset inside the page", float64(fetchMaxChars - 1), []string{"éTAIL"}, []string{"truncated"}},
		{"an offset past the end", float64(10 * fetchMaxChars), nil, []string{"é", "TAIL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{"url": srv.URL + "/long", "prompt": "p"}
			if tt.offset != nil {
				in["offset"] = tt.offset
			}
			got := text(call(t, NewWebFetch(srv.Client()), in, tc))
			body := got[strings.Index(got, "\n\n")+2:]
			for _, s := range tt.has {
				if !strings.Contains(body, s) {
					t.Errorf("result lacks %q", s)
				}
			}
			for _, s := range tt.lacks {
				if strings.Contains(body, s) {
					t.Errorf("result has %q", s)
				}
			}
			if !utf8.ValidString(body) || strings.Count(body, "é") > fetchMaxChars {
				t.Errorf("a split character, or more than %d characters returned", fetchMaxChars)
			}
		})
	}
}

package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// NewWebSearch is the WebSearch tool. It is off unless a search endpoint is
// configured (feature gate "websearch": AGENTCTL_WEBSEARCH_URL); the
// endpoint answers GET ?q=QUERY with {"results": [{"title","url","snippet"}]}.
func NewWebSearch(endpoint string, client *http.Client) Tool {
	if client == nil {
		client = &http.Client{Timeout: fetchTimeout}
	}
	return Build(Spec{
		Name:              "WebSearch",
		Description:       "Searches the web and returns result titles, URLs and snippets.",
		Prompt:            "Searches for query; allowed_domains and blocked_domains filter the results.",
		Schema:            schemaFor("WebSearch"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		IsEnabled:         func() bool { return endpoint != "" },
		Call: func(ctx context.Context, in Input, _ *Context, _ Progress) (Result, error) {
			if endpoint == "" {
				return Result{Data: "WebSearch is not configured", IsError: true}, nil
			}
			u := endpoint + "?q=" + url.QueryEscape(str(in, "query"))
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				return Result{}, err
			}
			resp, err := client.Do(req)
			if err != nil {
				return Result{Data: "search failed: " + err.Error(), IsError: true}, nil
			}
			defer resp.Body.Close()
			var out struct {
				Results []struct {
					Title   string `json:"title"`
					URL     string `json:"url"`
					Snippet string `json:"snippet"`
				} `json:"results"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
				return Result{Data: "search failed: " + err.Error(), IsError: true}, nil
			}
			allowed, blocked := strList(in["allowed_domains"]), strList(in["blocked_domains"])
			var b strings.Builder
			for _, r := range out.Results {
				host := ""
				if pu, err := url.Parse(r.URL); err == nil {
					host = strings.ToLower(pu.Hostname())
				}
				if (len(allowed) > 0 && !domainIn(host, allowed)) || domainIn(host, blocked) {
					continue
				}
				fmt.Fprintf(&b, "- %s\n  %s\n  %s\n", r.Title, r.URL, r.Snippet)
			}
			if b.Len() == 0 {
				return Result{Data: "No results"}, nil
			}
			return Result{Data: b.String()}, nil
		},
	})
}

func strList(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, strings.ToLower(s))
		}
	}
	return out
}

func domainIn(host string, domains []string) bool {
	for _, d := range domains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

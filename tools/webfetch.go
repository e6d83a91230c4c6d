package tools

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
)

// WebFetch limits.
const (
	fetchMaxBytes = 10 << 20
	fetchTimeout  = 30 * time.Second
	fetchMaxChars = 100000
)

// NewWebFetch is the WebFetch tool: http(s) only, size and time limits, HTML
// converted to Markdown. No model runs here, so the prompt is carried into
// the result for the caller to apply.
func NewWebFetch(client *http.Client) Tool {
	if client == nil {
		client = &http.Client{Timeout: fetchTimeout}
	}
	client = sameHostClient(client)
	return Build(Spec{
		Name:              "WebFetch",
		Description:       "Fetches a URL and returns its content as Markdown.",
		Prompt:            "Fetches url (http or https) and returns the page as Markdown together with prompt.",
		Schema:            schemaFor("WebFetch"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		ValidateInput: func(in Input, _ *Context) error {
			u, err := url.Parse(str(in, "url"))
			switch {
			case err != nil:
				return fmt.Errorf("`url` must be an absolute http or https URL")
			case u.Scheme != "http" && u.Scheme != "https":
				return fmt.Errorf("only http and https URLs can be fetched, got scheme %q", u.Scheme)
			case u.Host == "":
				return fmt.Errorf("`url` must be an absolute http or https URL")
			}
			return nil
		},
		Call: func(ctx context.Context, in Input, _ *Context, progress Progress) (Result, error) {
			ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, str(in, "url"), nil)
			if err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			req.Header.Set("User-Agent", "agentctl-webfetch")
			progress("fetching " + req.URL.String())
			resp, err := client.Do(req)
			if err != nil {
				return Result{Data: "fetch failed: " + err.Error(), IsError: true}, nil
			}
			defer resp.Body.Close()
			if r, ok := redirectResult(req, resp); ok {
				return r, nil
			}
			body, err := io.ReadAll(io.LimitReader(resp.Body, fetchMaxBytes+1))
			if err != nil {
				return Result{Data: "fetch failed: " + err.Error(), IsError: true}, nil
			}
			if len(body) > fetchMaxBytes {
				return Result{Data: fmt.Sprintf("response larger than %d bytes", fetchMaxBytes), IsError: true}, nil
			}
			text := string(body)
			if strings.Contains(resp.Header.Get("Content-Type"), "html") {
				if md, err := htmltomarkdown.ConvertString(text); err == nil {
					text = md
				}
			}
			text = pageWindow(text, number(in, "offset", 0))
			return Result{Data: fmt.Sprintf("URL: %s\nStatus: %d\nPrompt: %s\n\n%s", req.URL, resp.StatusCode, str(in, "prompt"), text),
				IsError: resp.StatusCode >= 400}, nil
		},
	})
}

package tools

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// fetchMaxRedirects bounds the same-host redirects WebFetch follows.
const fetchMaxRedirects = 10

// sameHostClient returns a copy of client that follows a redirect only to
// the host the call named (the policy decided on that host, and on no
// other): a redirect elsewhere — an allowed domain sending the fetch on to
// a denied one, or to a metadata address — stops there and is reported,
// as Claude Code's WebFetch reports it, so that fetching the new URL is a
// call of its own, decided on its own host. The client's own
// CheckRedirect, if any, still runs for the redirects followed.
func sameHostClient(client *http.Client) *http.Client {
	c := *client
	own := client.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= fetchMaxRedirects {
			return errors.New("stopped after 10 redirects")
		}
		if !sameHost(req.URL.Hostname(), via[0].URL.Hostname()) {
			return http.ErrUseLastResponse
		}
		if own != nil {
			return own(req, via)
		}
		return nil
	}
	return &c
}

// sameHost compares two hostnames as domain rules do: case-insensitive,
// one trailing dot ignored.
func sameHost(a, b string) bool {
	return strings.EqualFold(strings.TrimSuffix(a, "."), strings.TrimSuffix(b, "."))
}

// redirectResult is WebFetch's answer to a redirect it did not follow.
func redirectResult(req *http.Request, resp *http.Response) (Result, bool) {
	if resp.StatusCode < 300 || resp.StatusCode > 399 {
		return Result{}, false
	}
	loc, err := resp.Location()
	if err != nil || sameHost(loc.Hostname(), req.URL.Hostname()) {
		return Result{}, false
	}
	return Result{Data: fmt.Sprintf("REDIRECT DETECTED: the URL redirects to a different host.\n\nOriginal URL: %s\n"+
		"Redirect URL: %s\nStatus: %d %s\n\nTo fetch the redirected content, call WebFetch again with the redirect URL.",
		req.URL, loc, resp.StatusCode, http.StatusText(resp.StatusCode))}, true
}

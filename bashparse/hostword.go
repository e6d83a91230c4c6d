package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// A read-only network command (gh, npm view, git ls-remote, docker
// manifest inspect, psql -l …) is approved because it queries the server
// the CLI is configured for. A word that names another host instead — a
// URL, a PostgreSQL conninfo host, an scp-like host:path, a registry or
// forge host before a reference's first "/" — sends the request, and
// whatever the command line spells in it, to that host: the table already
// treats the options that choose a server (--hostname, --registry,
// --endpoint-url, -h) as network-out, and these are the same choice made
// in an operand or an option's value.

var (
	// conninfoHost is a libpq connection string's host keyword.
	conninfoHost = lazyre.New(`(?i)(^|[\s'"])(host|hostaddr)\s*=`)
	// hostPrefix is a word that starts with a host: a DNS name with a dot,
	// an IPv4 or bracketed IPv6 address, or localhost, then ":" or "/".
	hostPrefix = lazyre.New(`^(?:[^@/:\s]+@)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+|localhost)[:/]`)
)

// storageSchemes name a bucket at the cloud provider the CLI is
// configured for (aws s3 ls s3://b, gcloud storage ls gs://b), not a host.
var storageSchemes = map[string]bool{"s3": true, "gs": true}

// valueNamesHost reports an option value or operand of a network command
// that points it at a host of the command line's choosing: a URL other than
// a storage bucket's, or a conninfo string with a host.
func valueNamesHost(w string) bool {
	if i := strings.Index(w, "://"); i >= 0 && !storageSchemes[strings.ToLower(w[:i])] {
		return true
	}
	return conninfoHost.MatchString(w)
}

// operandNamesHost is valueNamesHost for an operand, which also names a
// host as an scp-like git remote (evil.com:repo, git@evil.com:x.git) or a
// reference whose first part is a host (evil.com/image,
// 127.0.0.1:5000/image, evil.com/owner/repo). A plain name, a tag
// (alpine:3.18), a version (pkg@1.2.3), a scope (@types/node) or a
// relative path (./chart) names none.
func operandNamesHost(w string) bool {
	return valueNamesHost(w) || hostPrefix.MatchString(w)
}

// ownerRepo accepts gh's -R/--repo value as OWNER/REPO only: gh also reads
// HOST/OWNER/REPO and a URL, and then sends the query to that host.
func ownerRepo(v []string) bool {
	if len(v) != 1 || valueNamesHost(v[0]) {
		return false
	}
	owner, _, ok := strings.Cut(v[0], "/")
	return ok && strings.Count(v[0], "/") == 1 && !strings.ContainsAny(owner, ".:@[")
}

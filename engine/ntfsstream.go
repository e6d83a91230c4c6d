package engine

import "strings"

// ntfsStreamless is a path component without the NTFS stream it names:
// on Windows "name:stream:type" opens a stream of the file "name", and
// the default ones are the file itself — ".env::$DATA" reads .env, and
// ".git::$INDEX_ALLOCATION/hooks/pre-commit" writes into .git (git's
// CVE-2019-1352; git reads every ".git:…" as .git, is_ntfs_dotgit). The
// name before the first colon is the file the stream belongs to, so a
// deny, an ask or a protected name on it sees the call. A component that
// starts with a colon names no file before it and is kept.
func ntfsStreamless(c string) string {
	if i := strings.IndexByte(c, ':'); i > 0 {
		return c[:i]
	}
	return c
}

package pipeline

import (
	"os"
	"strings"
	"unicode"

	"github.com/agentctl/agentctl/toolspec"
)

// pathPatternChars are the characters a Read or Edit pattern reads as a
// wildcard, a class, an alternation or an escape (gitignore style, §4).
const pathPatternChars = "*?[]{}\\"

// grantable reports whether a session rule made from an approved call says
// no more than that call. "Always allow" grants exactly what was approved
// (sessionRule), but the rule grammar has no escape: a '*' in an approved
// command (`perl -e 'print 2*3'`, `psql -c 'select * from t'`) becomes a
// wildcard, so the rule would approve any code between the two halves; a
// glob character in a file path or a host (`https://*.example.com/`) would
// cover other files or every subdomain; and a tool whose call has a main
// field or specifier fields but whose rule came out bare (a WebFetch URL
// without a host, a Skill) would approve every later call of the tool.
// A path rule must name an absolute path.
// Such an approval counts for the call it answered only.
func grantable(rule string) bool {
	name, spec, hasSpec := strings.Cut(rule, "(")
	if !hasSpec {
		ts, ok := toolspec.Lookup(name)
		return !ok || (ts.MainField == "" && len(ts.SpecFields) == 0)
	}
	spec = strings.TrimSuffix(spec, ")")
	switch name {
	case "Bash":
		return !strings.Contains(spec, "*")
	case "Read", "Edit":
		// A relative path (a Glob or Grep `path` of "src") would anchor at
		// the session's starting directory, not at the cwd the call ran in
		// (after EnterWorktree, another directory).
		// Rule text is trimmed, so "~/.ssh " (a new file whose name ends
		// in a blank) would come out as ~/.ssh, the directory; a control
		// character (a newline) does not survive the rule's text either.
		return strings.HasPrefix(spec, "//") && !strings.ContainsAny(spec, pathPatternChars) &&
			strings.TrimSpace(spec) == spec && !strings.ContainsFunc(spec, unicode.IsControl)
	case "WebFetch":
		host := strings.TrimPrefix(spec, "domain:")
		return host != "" && !strings.Contains(host, "*")
	}
	return !strings.Contains(spec, "*")
}

// widerThanFile reports whether a Read or Edit rule for a file a Bash call
// names would grant more than the call did. A path rule covers everything
// below its path, so a rule for a directory the call only lists or
// creates — `ls /srv/data`, `stat ~/.ssh`, `mkdir /srv/new` — would let
// later calls read every file in it (~/.ssh/id_rsa) or write any file into
// it unasked. Such a path gets no session rule: the call's next run asks
// about it again.
func widerThanFile(f map[string]any) bool {
	if via, _ := f["via"].(string); via == "mkdir" {
		return true
	}
	p, _ := f["path"].(string)
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

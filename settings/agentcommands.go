package settings

// agentCommandKeys are the top-level keys whose value is a command Claude
// Code itself runs, outside any permission check: a string, or an object
// whose "command" is one. A status line runs on every redraw, a
// credential helper on every request.
var agentCommandKeys = map[string]bool{"apiKeyHelper": true, "awsAuthRefresh": true,
	"awsCredentialExport": true, "gcpAuthRefresh": true, "otelHeadersHelper": true,
	"statusLine": true, "fileSuggestion": true}

// agentCommand records the command of one agentCommandKeys key; a value
// of another shape names none (Claude Code's own validation reports it).
func (d *decoder) agentCommand(v *node) {
	switch v.kind {
	case kindString:
		d.out.commands = append(d.out.commands, v.str)
	case kindObject:
		for i, k := range v.keys {
			if k.str == "command" && v.items[i].kind == kindString {
				d.out.commands = append(d.out.commands, v.items[i].str)
			}
		}
	}
}

// agentCommands are the agentCommandKeys commands of the parts whose
// commands run: managed, user and --settings ones, and a repository's in
// a workspace its trust covers. A session that rewrites the script one
// names (a status line's `sh scripts/status.sh`) runs code unasked the
// next time the agent runs it, so these scripts are policy files too
// (commandFiles).
func (s *Settings) agentCommands(parts []*fileSettings) []string {
	var out []string
	for _, p := range parts {
		if fromRepository(p.source) && !s.trusts(p) {
			continue
		}
		out = append(out, p.commands...)
	}
	return out
}

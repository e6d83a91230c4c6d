package settings

import (
	"strings"
	"testing"
)

// TestUntrustedRepositoryWholeFileTools: an allow rule on a whole file
// tool (Read, Read(*), Edit, Grep) reaches every path, as Read(//**)
// does. From a repository's own settings in an untrusted workspace it is
// narrowed to the repository (Tool(/**)), or dropped when the tool's path
// rules are another tool's (Write, NotebookEdit, Glob); other tools, trusted
// workspaces and user settings keep it whole.
func TestUntrustedRepositoryWholeFileTools(t *testing.T) {
	cases := []struct {
		file, rule string
		trusted    bool
		want       string // the rule as applied; "" when dropped
	}{
		{"proj/.claude/settings.json", "Read", false, "Read(/**)"},
		{"proj/.claude/settings.json", "Read(*)", false, "Read(/**)"},
		{"proj/.claude/settings.local.json", "Edit", false, "Edit(/**)"},
		{"proj/.claude/settings.yaml", "Grep", false, "Grep(/**)"},
		{"proj/.claude/settings.json", "Glob", false, ""}, // Read rules decide Glob
		{"proj/.claude/settings.json", "Write", false, ""},
		{"proj/.claude/settings.json", "NotebookEdit", false, ""},
		{"proj/.claude/settings.json", "Bash", false, "Bash"},
		{"proj/.claude/settings.json", "WebFetch", false, "WebFetch"},
		{"proj/.claude/settings.json", "Read", true, "Read"},
		{"proj/.claude/settings.json", "Write", true, "Write"},
		{"home/.claude/settings.json", "Read", false, "Read"},
	}
	for _, c := range cases {
		t.Run(c.file+" "+c.rule, func(t *testing.T) {
			body := `{"permissions": {"allow": ["` + c.rule + `"]}}`
			if strings.HasSuffix(c.file, ".yaml") {
				body = "permissions:\n  allow: [\"" + c.rule + "\"]\n"
			}
			_, opts := tree(t, map[string]string{c.file: body, "proj/.keep": ""})
			opts.TrustWorkspace = c.trusted
			s, err := loadWithin(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range s.Rules {
				if r.Behavior == Allow {
					got = append(got, r.Text)
				}
			}
			want := []string{}
			if c.want != "" {
				want = []string{c.want}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("allow rules %q, want %q (%s)", got, want, warningsText(s))
			}
			for _, r := range s.Rules {
				if r.Text == c.want && c.want != c.rule && (r.Kind != KindPath || r.Anchor != AnchorSource || r.Pattern != "**") {
					t.Errorf("%s: kind %s anchor %v pattern %q", r.Text, r.Kind, r.Anchor, r.Pattern)
				}
			}
		})
	}
}

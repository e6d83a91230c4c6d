package settings

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// frontmatterMode is the permissionMode of a Markdown file's YAML
// frontmatter ("" when it has none), read as leniently as any agent may
// read it: a mode an untrusted repository may not start (bypassPermissions,
// auto) that some reader finds wins over what another reader finds.
//
// Readers differ. Claude Code opens the frontmatter with "---" followed by
// any whitespace ("--- ", "---\t", "---\r") and closes it at the first
// "---" anywhere, not only at the start of a line; other readers skip
// blank lines before it or split lines on a lone CR. A definition written
// for one of those spellings ("--- \npermissionMode: bypassPermissions")
// was read here as having no frontmatter, and the hook then decided a
// subagent's calls in the bypassPermissions mode the agent reported.
// Frontmatter that is not valid YAML is read line by line.
func frontmatterMode(data []byte) string {
	text := strings.TrimPrefix(string(data), "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimLeft(text, " \t\n")
	open, rest, _ := strings.Cut(text, "\n")
	if strings.TrimRight(open, " \t") != "---" {
		return ""
	}
	// The frontmatter up to a closing line, and up to the first "---"
	// anywhere (Claude Code's reading); each is read both ways.
	fronts := []string{rest}
	if i := strings.Index("\n"+rest, "\n---"); i >= 0 {
		fronts[0] = rest[:max(i-1, 0)]
	}
	if i := strings.Index(rest, "---"); i >= 0 && rest[:i] != fronts[0] {
		fronts = append(fronts, rest[:i])
	}
	first := ""
	for _, front := range fronts {
		for _, m := range []string{yamlFrontmatterMode(front), lineFrontmatterMode(front)} {
			if untrustedModes[m] {
				return m
			}
			if first == "" {
				first = m
			}
		}
	}
	return first
}

// yamlFrontmatterMode is permissionMode of front read as YAML ("" when
// it is not valid YAML or names no string mode).
func yamlFrontmatterMode(front string) string {
	var fm struct {
		PermissionMode any `yaml:"permissionMode"`
	}
	if yaml.Unmarshal([]byte(front), &fm) != nil {
		return ""
	}
	s, _ := fm.PermissionMode.(string)
	return strings.TrimSpace(s)
}

// lineFrontmatterMode reads permissionMode from the lines of front as a
// lenient reader would: any line whose key is permissionMode (spaces
// before the colon, quotes around the key), its value unquoted, without a
// trailing comment, or on the next line. Any line naming a mode the
// repository may not start wins: which of several a lenient reader keeps
// is not known.
func lineFrontmatterMode(front string) string {
	lines := strings.Split(front, "\n")
	first := ""
	for i, line := range lines {
		key, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || strings.Trim(strings.TrimSpace(key), `"'`) != "permissionMode" {
			continue
		}
		v = strings.TrimSpace(v)
		if before, _, found := strings.Cut(v, " #"); found {
			v = strings.TrimSpace(before)
		}
		if (v == "" || v == "|" || v == ">" || v == "|-" || v == ">-") && i+1 < len(lines) {
			v = strings.TrimSpace(lines[i+1])
		}
		v = strings.Trim(v, `"'`)
		for m := range untrustedModes {
			if v == m {
				return m
			}
		}
		if first == "" {
			first = v
		}
	}
	return first
}

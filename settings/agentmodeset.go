package settings

import "strings"

// frontmatterModes lists every mode (ValidMode) that any reading of a
// Markdown file's frontmatter finds in its permissionMode: the YAML
// reading and the line reading of the frontmatter up to a closing line and
// up to the first "---" anywhere (frontmatterMode). A subagent whose
// definition some agent reads as bypassPermissions and another as
// acceptEdits may run in either, so an agent reporting either is decided
// in the settings' mode; keeping only the first found let the other
// through. Which of them an untrusted repository may not ask for is
// distrustAgentModes' choice.
func frontmatterModes(data []byte) []string {
	var out []string
	seen := map[string]bool{}
	for _, front := range frontmatterFronts(data) {
		found := append([]string{yamlFrontmatterMode(front)}, lineFrontmatterModes(front)...)
		for _, m := range found {
			if ValidMode(m) && !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// frontmatterFronts is the text of a Markdown file's frontmatter as each
// reader frontmatterMode knows takes it (none when it has none).
func frontmatterFronts(data []byte) []string {
	text := strings.TrimPrefix(string(data), "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimLeft(text, " \t\n")
	open, rest, _ := strings.Cut(text, "\n")
	if strings.TrimRight(open, " \t") != "---" {
		return nil
	}
	fronts := []string{rest}
	if i := strings.Index("\n"+rest, "\n---"); i >= 0 {
		fronts[0] = rest[:max(i-1, 0)]
	}
	if i := strings.Index(rest, "---"); i >= 0 && rest[:i] != fronts[0] {
		fronts = append(fronts, rest[:i])
	}
	return fronts
}

// lineFrontmatterModes is every value lineFrontmatterMode could take from
// the permissionMode lines of front, one per line.
func lineFrontmatterModes(front string) []string {
	lines := strings.Split(front, "\n")
	var out []string
	for i := range lines {
		if m := lineFrontmatterMode(strings.Join(lines[i:min(i+2, len(lines))], "\n")); m != "" {
			out = append(out, m)
		}
	}
	return out
}

package agenthook

import (
	"strings"
	"unicode"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// urlPattern finds a URL the way a reader of prose does: it ends at a
// quote, a bracket or an angle bracket. The scheme is matched in any case
// (HTTPS://host is the same URL, and the model behind Gemini CLI's
// web_fetch reads the prompt, not agentctl's pattern).
var urlPattern = lazyre.New(`(?i)https?://[^\s<>"'` + "`" + `)\]]+`)

// promptURLs returns every URL a web_fetch prompt names, under each
// reading that fetches one: the prose reading (urlPattern), and Gemini
// CLI's own, which takes everything from http(s):// to the next space
// (JavaScript's \s, Unicode spaces included) and fetches that string
// itself when the URL is private or the model's fetch fails. The two
// differ on a URL with a quote or a bracket in it:
// https://ok.example'@evil.example/ is ok.example to the prose reading and
// evil.example (ok.example' is user information) to the fetch. Each
// distinct URL is one call, so every host either reading could reach is
// decided; so is the word as Gemini CLI's URL parser reads it
// (whatwgPromptURL). Trailing punctuation is dropped: it never names the
// host.
func promptURLs(prompt string) []string {
	found := urlPattern.FindAllString(prompt, -1)
	for _, word := range strings.FieldsFunc(prompt, jsSpace) {
		lower := strings.ToLower(word)
		i := strings.Index(lower, "http://")
		if j := strings.Index(lower, "https://"); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i >= 0 {
			found = append(found, word[i:])
		}
		if u := whatwgPromptURL(word); u != "" {
			found = append(found, u)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, u := range found {
		u = strings.TrimRight(u, `.,;:!?"')]}>`+"`")
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// jsSpace is JavaScript's \s: Unicode's spaces and the byte order mark.
func jsSpace(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) || r == '\ufeff'
}

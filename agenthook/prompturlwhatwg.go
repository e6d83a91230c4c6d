package agenthook

import "strings"

// whatwgPromptURL is the URL Gemini CLI's web_fetch itself takes a prompt
// word for: each whitespace-separated word containing "://" goes to
// JavaScript's new URL(word), and every http or https result is fetched
// (by the model's URL tool, and directly when that fails). The WHATWG
// parser is laxer than "http(s)://" at the word's start: it trims C0
// controls and spaces around the word, reads the scheme in any case,
// reads a backslash as a slash, and skips any number of slashes — or
// none — after "https:". So "https:\\evil.example/?q=://",
// "https:/evil.example?://" and "HTTPS:evil.example?://" all fetch
// https://evil.example/, although none of them holds "https://" for the
// other readings (promptURLs) to find: beside an allowed URL in the same
// prompt, a denied host was fetched on that allow.
//
// It returns the word rewritten as http(s)://AUTHORITY/…, which Go's URL
// parser reads to the same host, or "" when new URL would not make an
// http or https URL of it.
func whatwgPromptURL(word string) string {
	if !strings.Contains(word, "://") {
		return ""
	}
	w := strings.TrimFunc(word, func(r rune) bool { return r <= ' ' })
	colon := strings.IndexByte(w, ':')
	if colon < 0 {
		return ""
	}
	scheme := strings.ToLower(w[:colon])
	if scheme != "http" && scheme != "https" {
		return ""
	}
	// In a special URL a backslash is a slash, wherever it ends the
	// authority; the slashes after the scheme are skipped, however many.
	rest := strings.TrimLeft(strings.ReplaceAll(w[colon+1:], `\`, "/"), "/")
	return scheme + "://" + rest
}

package toolspec

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
)

// Validate checks a call's input without session state: the tool's JSON
// Schema first, then what a schema cannot express (absolute paths, no NUL
// bytes, old_string ≠ new_string, a non-blank command, an http(s) URL).
// Every problem is one model-readable line naming the tool and the field;
// none means the input is valid. An MCP tool's input is its server's
// business (nil); a name the catalogue does not know is a problem. Both the
// engine and the tool runner validate with it, so they accept the same
// inputs. It is safe for concurrent use.
func Validate(name string, in map[string]any) []string {
	if IsMCP(name) {
		if bad := mcpNameProblem(name); bad != "" {
			return []string{bad}
		}
		return nil
	}
	s, ok := Lookup(name)
	if !ok {
		return []string{fmt.Sprintf("%s: unknown tool; agentctl refuses tools it does not know", name)}
	}
	if in == nil {
		in = map[string]any{}
	}
	if problems := CheckSchema(name, s.Schema, in); len(problems) > 0 {
		return problems
	}
	var out []string
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v, ok := in[k].(string); ok && strings.ContainsRune(v, 0) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` contains a NUL byte", name, k))
		}
	}
	if len(out) > 0 {
		return out
	}
	if p, ok := in[s.MainField].(string); ok && s.AbsolutePath && !filepath.IsAbs(p) {
		out = append(out, fmt.Sprintf("%s: parameter `%s` must be an absolute path, got %q", name, s.MainField, p))
	}
	if s.check != nil {
		out = append(out, s.check(in)...)
	}
	return out
}

func dedupe(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// checkBash: the command is not blank, the timeout within bounds.
func checkBash(in map[string]any) []string {
	var out []string
	if s, _ := in["command"].(string); strings.TrimSpace(s) == "" {
		out = append(out, "Bash: parameter `command` must not be empty")
	}
	if t, ok := in["timeout"].(float64); ok && (t <= 0 || t > 600000) {
		out = append(out, fmt.Sprintf("Bash: parameter `timeout` must be between 1 and 600000 ms, got %v", t))
	}
	return out
}

// checkEdit: the edit changes something.
func checkEdit(in map[string]any) []string {
	if o, n := in["old_string"], in["new_string"]; o != nil && o == n {
		return []string{"Edit: `old_string` and `new_string` must differ"}
	}
	return nil
}

// checkMultiEdit: at least one edit, each changing something.
func checkMultiEdit(in map[string]any) []string {
	var out []string
	edits, _ := in["edits"].([]any)
	if len(edits) == 0 {
		out = append(out, "MultiEdit: parameter `edits` must hold at least one edit")
	}
	for i, e := range edits {
		m, ok := e.(map[string]any)
		if !ok {
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` must be an object", i))
			continue
		}
		o, ok1 := m["old_string"].(string)
		n, ok2 := m["new_string"].(string)
		switch {
		case !ok1 || !ok2:
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` needs string `old_string` and `new_string`", i))
		case o == n:
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]`: `old_string` and `new_string` must differ", i))
		}
	}
	return out
}

// checkWebFetch: an absolute http or https URL whose host has no empty
// label. Domain rules compare labels after one trailing dot is dropped, so
// "evil.com..", ".evil.com" or "a..evil.com" would match no rule written
// for evil.com while a lenient resolver may still reach it: such a host is
// invalid input, never a host no deny rule names.
func checkWebFetch(in map[string]any) []string {
	s, _ := in["url"].(string)
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Host == "" || u.Hostname() == "":
		return []string{fmt.Sprintf("WebFetch: parameter `url` must be an absolute http or https URL, got %q", s)}
	case u.Scheme != "http" && u.Scheme != "https":
		return []string{fmt.Sprintf("WebFetch: only http and https URLs can be fetched, got scheme %q", u.Scheme)}
	case emptyLabel(u.Hostname()):
		return []string{fmt.Sprintf("WebFetch: parameter `url` has an empty label in its host %q", u.Hostname())}
	}
	return nil
}

// idnaDots are the full stops IDNA maps to "." (UTS #46).
var idnaDots = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".")

// emptyLabel reports a DNS name with an empty label other than the one a
// single trailing dot leaves (the root), counting every dot IDNA maps to
// ".". An IPv6 literal has none.
func emptyLabel(host string) bool {
	if strings.Contains(host, ":") {
		return false
	}
	h := strings.TrimSuffix(idnaDots.Replace(host), ".")
	return h == "" || strings.HasPrefix(h, ".") || strings.HasSuffix(h, ".") || strings.Contains(h, "..")
}

package agenthook

import (
	"os"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// geminiReadEntry maps one entry of a Gemini CLI read_many_files list as
// that tool reads it: every backslash becomes a slash first; a path that
// exists is read as itself (a directory, every file below it: treeRead);
// anything else is a node-glob pattern, matched without regard to case,
// dotfiles included, with extended globs. The bash glob `cat -- PATTERN`
// stands for the patterns bash reads alike (*, ?, [...], {a,b}, which the
// engine checks against deny rules); an extended glob — +(secret)/key,
// !(src)/key, @(a|b) — is not one bash reads, and as a literal path or a
// bash glob it matched no denied file while Gemini CLI read secret/key. It
// is a recursive read of the directory its literal part names (globRoot),
// which asks where that tree could hold a denied file. secret\key was a
// literal file name to agentctl and secret/key to Gemini CLI.
func geminiReadEntry(ev *Event, entry string) engine.Call {
	p := strings.ReplaceAll(entry, `\`, "/")
	if _, err := os.Stat(under(ev.Cwd, p)); err != nil {
		switch {
		case strings.ContainsAny(p, "()"):
			return treeSearch(ev, "", globRoot(p))[0]
		case strings.ContainsAny(p, "*?[{"):
			return engine.Call{Tool: "Bash", Input: map[string]any{"command": "cat -- " + globQuote(p)}}
		}
	}
	if c, ok := treeRead(ev, p); ok {
		return c
	}
	return engine.Call{Tool: "Read", Input: map[string]any{"file_path": under(ev.Cwd, p)}}
}

// globRoot is the directory a glob pattern's leading literal segments
// name ("" for the cwd): every file a match could be lies below it.
func globRoot(pattern string) string {
	segs := strings.Split(pattern, "/")
	n := 0
	for n < len(segs)-1 && !strings.ContainsAny(segs[n], "*?[]{}()!+@") {
		n++
	}
	root := strings.Join(segs[:n], "/")
	if root == "" && strings.HasPrefix(pattern, "/") {
		return "/"
	}
	return root
}

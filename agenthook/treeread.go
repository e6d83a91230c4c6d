package agenthook

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// treeSearch maps a content search that Gemini CLI or Cursor runs itself
// over a directory tree (Gemini CLI's search_file_content and grep_search
// run git grep, grep -r or a glob walk; Cursor's Grep runs ripgrep). It is
// the recursive reader `grep -r` over the same root, decided as spec §3
// decides one: it asks when the tree could hold a path a Read deny rule
// covers. Claude Code's own Grep leaves out the files its deny rules name;
// these agents return every matching line, so the Grep tool's "a read
// inside the working directories" would hand back the content of a denied
// .env or secret/ to any search of the tree. The agent's include filter
// is not carried over: it only narrows what is read, and agents read it
// as a pathspec or a glob (git grep's `secret*` takes secret/key), where
// grep's --include matches base names.
func treeSearch(ev *Event, pattern, dir string) []engine.Call {
	root := under(ev.Cwd, dir)
	if root == "" {
		root = ev.Cwd
	}
	return []engine.Call{{Tool: "Bash", Input: map[string]any{
		"command": "grep -r -e " + shellQuote(pattern) + " -- " + shellQuote(root)}}}
}

// treeRead is the call for a Gemini read_many_files entry that names a
// directory: the tool reads every file below it (`docs/` is `docs/**`),
// which a Read of the directory itself does not say. It is a recursive
// read of that tree (treeSearch with an empty pattern, which every line
// matches); ok is false for an entry that is not a directory.
func treeRead(ev *Event, entry string) (call engine.Call, ok bool) {
	p := under(ev.Cwd, entry)
	isDir := strings.HasSuffix(entry, "/") || filepath.Clean(p) == filepath.Clean(ev.Cwd)
	if !isDir {
		fi, err := os.Stat(p)
		isDir = err == nil && fi.IsDir()
	}
	if !isDir {
		return engine.Call{}, false
	}
	return treeSearch(ev, "", p)[0], true
}

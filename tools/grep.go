package tools

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	ignore "github.com/sabhiram/go-gitignore"
)

// grepTypes maps Grep's `type` to file name patterns (ripgrep's common types).
var grepTypes = map[string][]string{
	"go": {"*.go"}, "py": {"*.py"}, "js": {"*.js", "*.mjs", "*.cjs", "*.jsx"}, "ts": {"*.ts", "*.tsx"},
	"rust": {"*.rs"}, "java": {"*.java"}, "c": {"*.c", "*.h"}, "cpp": {"*.cpp", "*.cc", "*.hpp", "*.h"},
	"md": {"*.md", "*.markdown"}, "json": {"*.json"}, "yaml": {"*.yaml", "*.yml"}, "sh": {"*.sh", "*.bash"},
	"rb": {"*.rb"}, "html": {"*.html", "*.htm"}, "css": {"*.css"}, "toml": {"*.toml"}, "rego": {"*.rego"},
}

// NewGrep is the Grep tool: RE2 search over files, skipping .git, binary
// files and what .gitignore ignores.
func NewGrep() Tool {
	return Build(Spec{
		Name:              "Grep",
		Description:       "Searches file contents with a regular expression (RE2).",
		Prompt:            "Searches path (default the working directory) for pattern. output_mode: files_with_matches (default), content (with -n, -A/-B/-C), count. Filter with glob or type; -i ignores case; multiline lets . match newlines.",
		Schema:            schemaFor("Grep"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		ValidateInput: func(in Input, tc *Context) error {
			if _, err := grepRegexp(in); err != nil {
				return fmt.Errorf("`pattern`: %v", err)
			}
			if t := str(in, "type"); t != "" && grepTypes[t] == nil {
				return fmt.Errorf("`type` %q is unknown", t)
			}
			return optionalPath(in, tc)
		},
		Call: callGrep,
	})
}

func grepRegexp(in Input) (*regexp.Regexp, error) {
	flags := ""
	if boolean(in, "-i") {
		flags += "i"
	}
	if boolean(in, "multiline") {
		flags += "s"
	} else {
		flags += "m"
	}
	return regexp.Compile("(?" + flags + ")" + str(in, "pattern"))
}

func callGrep(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
	re, _ := grepRegexp(in)
	root := searchRoot(in, tc)
	var gi *ignore.GitIgnore
	if lines, ok := grepIgnoreLines(filepath.Join(root, ".gitignore"), tc); ok {
		gi = ignore.CompileIgnoreLines(lines...)
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || ctx.Err() != nil {
			return ctx.Err()
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if d.Name() == ".git" || (rel != "." && gi != nil && gi.MatchesPath(rel+"/")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 && p != root {
			// As ripgrep without -L: a link met on the walk is not
			// followed. Its target was never decided (a Read of the link
			// itself asks when the target is outside the working
			// directories or under a rule).
			return nil
		}
		if gi != nil && gi.MatchesPath(rel) || !grepSelected(in, rel) {
			return nil
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	sort.Strings(files)
	mode := str(in, "output_mode")
	if mode == "" {
		mode = "files_with_matches"
	}
	limit := number(in, "head_limit", 0)
	var out []string
	for _, f := range files {
		if tc.SkipRead != nil && tc.SkipRead(f) {
			continue // a Read deny or ask rule covers it: the policy decides per file
		}
		data, ok := grepFile(f)
		if !ok || bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
			continue // unreadable, not a regular file, or binary
		}
		locs := re.FindAllIndex(data, -1)
		if len(locs) == 0 {
			continue
		}
		switch mode {
		case "files_with_matches":
			out = append(out, f)
		case "count":
			out = append(out, fmt.Sprintf("%s:%d", f, len(locs)))
		default:
			out = append(out, grepContent(in, f, data, locs)...)
		}
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	if len(out) == 0 {
		return Result{Data: "No matches found"}, nil
	}
	return Result{Data: strings.Join(out, "\n") + "\n"}, nil
}

func grepSelected(in Input, rel string) bool {
	base := filepath.Base(rel)
	if g := str(in, "glob"); g != "" {
		ok, _ := doublestar.Match(g, base)
		ok2, _ := doublestar.Match(g, filepath.ToSlash(rel))
		if !ok && !ok2 {
			return false
		}
	}
	if t := str(in, "type"); t != "" {
		for _, pat := range grepTypes[t] {
			if ok, _ := filepath.Match(pat, base); ok {
				return true
			}
		}
		return false
	}
	return true
}

// grepContent renders matching lines with optional numbers and context.
func grepContent(in Input, file string, data []byte, locs [][]int) []string {
	lines := strings.Split(string(data), "\n")
	lineOf := func(off int) int { return strings.Count(string(data[:off]), "\n") }
	before, after := number(in, "-B", 0), number(in, "-A", 0)
	if c := number(in, "-C", 0); c > 0 {
		before, after = c, c
	}
	show := map[int]bool{}
	match := map[int]bool{}
	for _, l := range locs {
		first, last := lineOf(l[0]), lineOf(max(l[1]-1, l[0]))
		for i := first; i <= last; i++ {
			match[i] = true
		}
		for i := max(first-before, 0); i <= min(last+after, len(lines)-1); i++ {
			show[i] = true
		}
	}
	var idx []int
	for i := range show {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var out []string
	for _, i := range idx {
		sep := "-"
		if match[i] {
			sep = ":"
		}
		if boolean(in, "-n") {
			out = append(out, fmt.Sprintf("%s%s%d%s%s", file, sep, i+1, sep, lines[i]))
		} else {
			out = append(out, fmt.Sprintf("%s%s%s", file, sep, lines[i]))
		}
	}
	return out
}

package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

const globMaxResults = 100

// searchRoot is a search tool's directory: its path input (relative to the
// cwd when not absolute) or the cwd.
func searchRoot(in Input, tc *Context) string {
	p := str(in, "path")
	switch {
	case p == "":
		return tc.Cwd
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	if h, ok, _ := homePath(p); ok {
		return h // optionalPath refused the path when there is no home
	}
	return filepath.Join(tc.Cwd, p)
}

// optionalPath checks a search tool's optional path: no NUL byte, a home
// directory for a path under "~", and not through the process's working
// directory link (selfCwdLink).
func optionalPath(in Input, tc *Context) error {
	if strings.ContainsRune(str(in, "path"), 0) {
		return fmt.Errorf("`path` contains a NUL byte")
	}
	if _, _, err := homePath(str(in, "path")); err != nil {
		return fmt.Errorf("`path`: %w", err)
	}
	if tc != nil && str(in, "path") != "" {
		return refuseSelfCwd("path", searchRoot(in, tc)) // ../../proc/self/cwd from a shallow cwd
	}
	return refuseSelfCwd("path", str(in, "path"))
}

// NewGlob is the Glob tool: doublestar patterns, newest files first, capped.
func NewGlob() Tool {
	return Build(Spec{
		Name:              "Glob",
		Description:       "Finds files by glob pattern (**/*.go), newest first.",
		Prompt:            "Matches pattern under path (default the working directory). Results are sorted by modification time, newest first, at most 100.",
		Schema:            schemaFor("Glob"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		ValidateInput: func(in Input, tc *Context) error {
			if !doublestar.ValidatePattern(str(in, "pattern")) {
				return fmt.Errorf("`pattern` %q is not a valid glob", str(in, "pattern"))
			}
			return optionalPath(in, tc)
		},
		Call: func(_ context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			root := searchRoot(in, tc)
			// WithNoFollow: as ripgrep's --files (and Grep here), a link
			// to a directory met by a wildcard is listed, not walked. The
			// decision saw the pattern's literal prefix and the root; a
			// repository's src/l → ~ met by **/* or src/*/.aws/* would
			// list names under the home directory no one was asked about.
			matches, err := doublestar.Glob(os.DirFS(root), strings.TrimPrefix(str(in, "pattern"), "./"), doublestar.WithNoFollow())
			if err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			type entry struct {
				path string
				mod  time.Time
			}
			var es []entry
			seen := map[string]bool{}
			for _, m := range matches {
				// Overlapping alternatives ({a,a}, **/x with x) match a
				// path more than once: each path is listed once.
				p := filepath.Join(root, m)
				if seen[p] {
					continue
				}
				seen[p] = true
				if tc.SkipRead != nil && tc.SkipRead(p) {
					// A Read deny or ask rule covers it: a pattern the
					// decision let through (secret[s]/*, **/.e*) still
					// lists no name under the rule, as Grep reads none.
					continue
				}
				st, err := os.Stat(p)
				if err != nil || st.IsDir() {
					continue
				}
				es = append(es, entry{p, st.ModTime()})
			}
			sort.SliceStable(es, func(i, j int) bool {
				if !es[i].mod.Equal(es[j].mod) {
					return es[i].mod.After(es[j].mod)
				}
				return es[i].path < es[j].path
			})
			if len(es) == 0 {
				return Result{Data: "No files found"}, nil
			}
			var b strings.Builder
			for i, e := range es {
				if i == globMaxResults {
					fmt.Fprintf(&b, "(results truncated: %d more; use a more specific pattern)\n", len(es)-globMaxResults)
					break
				}
				b.WriteString(e.path + "\n")
			}
			return Result{Data: b.String()}, nil
		},
	})
}

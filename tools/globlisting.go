package tools

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"

	"mvdan.cc/sh/v3/interp"
)

// globListing checks each directory the shell lists to expand a glob as a
// Read of that directory, as the redirections' files are checked
// (CheckOpen): a deny refuses the listing. `echo ~/.ssh/*` (or `for f in
// ~/.ssh/*`, `x=(~/.ssh/*)`) printed the names in a directory a Read deny
// rule covers, which `ls ~/.ssh` and a Glob of it are refused: echo's
// words are names to the static analysis, but the shell reads the
// directory to make them. A refused listing matches nothing (the word
// stays as written) and the call ends as refused. check is nil when no
// exec-time check is configured (the static decision covers the call).
func globListing(check OpenChecker, next interp.ReadDirHandlerFunc2, refuse func(error)) interp.ReadDirHandlerFunc2 {
	return func(ctx context.Context, name string) ([]fs.DirEntry, error) {
		if check != nil {
			abs := name
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(interp.HandlerCtx(ctx).Dir, name)
			}
			if err := check(ctx, filepath.Clean(abs), false); err != nil {
				err = fmt.Errorf("%w: listing %s to expand a glob: %v", ErrCommandRefused, abs, err)
				refuse(err)
				return nil, err
			}
		}
		return next(ctx, name)
	}
}

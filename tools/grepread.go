package tools

import (
	"context"
	"io"
	"strings"
)

// grepFile reads a file Grep searches, only if it is a regular file: a
// FIFO in the tree (or named as the path) would block the read until a
// writer came — for ever in a scripted run — and a device such as
// /dev/zero would never end. ripgrep's walk skips such files too. The
// open does not block (openRegular), and a file swapped in between the
// walk and the open is checked again on the descriptor.
func grepFile(path string) ([]byte, bool) {
	f, _, _, ok := openRegular(context.Background(), path)
	if !ok {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	return data, err == nil
}

// grepMaxIgnore bounds the .gitignore Grep reads at its root.
const grepMaxIgnore = 1 << 20

// grepIgnoreLines reads the .gitignore at Grep's root as grepFile reads
// a searched file: a repository's .gitignore that is a FIFO blocked the
// call (and the run) for ever, and one linked to /dev/zero read until
// memory ran out. One a Read rule denies (a link to a secret) is not
// read either, nor one larger than grepMaxIgnore: Grep then skips
// nothing for it, as without a .gitignore.
func grepIgnoreLines(path string, tc *Context) ([]string, bool) {
	if tc != nil && tc.SkipRead != nil && tc.SkipRead(path) {
		return nil, false
	}
	f, _, _, ok := openRegular(context.Background(), path)
	if !ok {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, grepMaxIgnore+1))
	if err != nil || len(data) > grepMaxIgnore {
		return nil, false
	}
	return strings.Split(string(data), "\n"), true
}

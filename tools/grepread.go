package tools

import "io"

// grepFile reads a file Grep searches, only if it is a regular file: a
// FIFO in the tree (or named as the path) would block the read until a
// writer came — for ever in a scripted run — and a device such as
// /dev/zero would never end. ripgrep's walk skips such files too. The
// open does not block (openRegular), and a file swapped in between the
// walk and the open is checked again on the descriptor.
func grepFile(path string) ([]byte, bool) {
	f, _, _, ok := openRegular(path)
	if !ok {
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	return data, err == nil
}

package engine

import (
	"errors"
	"strings"
	"unsafe"
)

// isGitDirectory is git's is_git_directory (setup.c, git 2.39): a
// directory git accepts as a repository has a valid HEAD, and objects and
// refs it may search. git passes over a .git directory that fails this,
// and takes a directory that passes it for a bare repository, so the
// configuration git reads is decided here. g is the directory, "" for
// the root. An answer that cannot be had
// (HEAD a symlink, FIFO or unreadable) is an error: the caller's command
// is then unresolved, never read-only.
func isGitDirectory(g []byte) (bool, error) {
	var buf [512]byte
	if len(g)+len("/objects") >= len(buf) {
		return false, errors.New(string(g) + ": path too long to check as a git directory")
	}
	ok, err := validHead(append(append(buf[:0], g...), "/HEAD"...))
	if err != nil || !ok {
		return false, err
	}
	return gitSearchable(append(append(buf[:0], g...), "/objects"...)) &&
		gitSearchable(append(append(buf[:0], g...), "/refs"...)), nil
}

// validHead is git's validate_headref on the first bytes of a HEAD file:
// "ref:" and a name under refs/ (git's isspace between them), or an
// object name in hex; a symlink HEAD is valid when it points into refs/.
// A HEAD that does not exist, cannot be opened or is a directory is not
// valid (git reads nothing).
func validHead(p []byte) (bool, error) {
	var buf [255]byte
	b, ok, err := readHead(p, &buf)
	if err != nil || !ok {
		return false, err
	}
	s := unsafe.String(unsafe.SliceData(b), len(b)) // not kept
	if rest, isRef := strings.CutPrefix(s, "ref:"); isRef {
		return strings.HasPrefix(strings.TrimLeft(rest, " \t\n\r"), "refs/"), nil
	}
	// get_oid_hex_any: the shortest object name git knows is SHA-1's.
	if len(s) < 40 {
		return false, nil
	}
	for _, c := range s[:40] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false, nil
		}
	}
	return true, nil
}

package tools

import (
	"context"
	"os"
	"path/filepath"
)

// A file tool's call is decided on where its path leads through its
// symbolic links; the pipeline checks, just before the call, that the
// path still leads there (pipeline/pathpin.go), and hands the tool that
// place. The tool then opens that place itself, refusing every link on the
// way (openat2's RESOLVE_NO_SYMLINKS): a link swapped into the path in
// the instant between the check and the open (a background command that
// switches branches in a loop, raced against many writes) fails the open
// instead of redirecting it.

type pinnedKey struct{}

type pinnedPath struct{ path, leads string }

// WithPinnedPath tells the tool that path (cleaned) was decided as leading
// to leads, a path without symbolic links: the tool opens leads, and only
// if it still has none.
func WithPinnedPath(ctx context.Context, path, leads string) context.Context {
	return context.WithValue(ctx, pinnedKey{}, pinnedPath{filepath.Clean(path), leads})
}

// pinnedFor returns where path was decided to lead, if the call carries it.
func pinnedFor(ctx context.Context, path string) (string, bool) {
	if ctx == nil {
		return "", false
	}
	p, ok := ctx.Value(pinnedKey{}).(pinnedPath)
	if !ok || p.path != filepath.Clean(path) || p.leads == "" {
		return "", false
	}
	return p.leads, true
}

// openDecided opens path as the call was decided: where it was pinned to
// lead, through no symbolic link, or path itself when nothing was pinned
// (a tool called outside a session's pipeline).
func openDecided(ctx context.Context, path string, flag int, perm os.FileMode) (*os.File, error) {
	if leads, ok := pinnedFor(ctx, path); ok {
		return openNoSymlinks(leads, flag, perm)
	}
	return os.OpenFile(path, flag, perm)
}

package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func str(in Input, key string) string {
	s, _ := in[key].(string)
	return s
}

func boolean(in Input, key string) bool {
	b, _ := in[key].(bool)
	return b
}

func number(in Input, key string, def int) int {
	switch v := in[key].(type) {
	case float64:
		return int(v)
	case int:
		return v
	}
	return def
}

// absPath checks a file tool's path: absolute, no NUL byte, not through
// the process's working directory link (selfCwdLink).
func absPath(in Input, key string) (string, error) {
	p := str(in, key)
	switch {
	case strings.ContainsRune(p, 0):
		return "", fmt.Errorf("`%s` contains a NUL byte", key)
	case !filepath.IsAbs(p):
		return "", fmt.Errorf("`%s` must be an absolute path, got %q", key, p)
	}
	if err := refuseSelfCwd(key, p); err != nil {
		return "", err
	}
	return filepath.Clean(p), nil
}

// readBeforeWrite requires that an existing file was read in this session
// and has not changed since.
func readBeforeWrite(tc *Context, path string) error {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if tc == nil {
		return errors.New("no session context: cannot check that the file was read first")
	}
	at, ok := tc.ReadAt(path)
	if !ok {
		return fmt.Errorf("file %s has not been read yet; read it first before writing to it", path)
	}
	if st.ModTime().After(at) {
		return fmt.Errorf("file %s has been modified since it was read; read it again before writing to it", path)
	}
	return nil
}

// writeFile writes content, creating parent directories, and records the
// new state as read (the model has just seen it).
func writeFile(ctx context.Context, tc *Context, path, content string) error {
	at := path
	if leads, ok := pinnedFor(ctx, path); ok {
		at = leads // as decided (pinnedpath.go)
	}
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(at); err == nil {
		mode = st.Mode().Perm()
	}
	f, err := openDecided(ctx, path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, err = f.WriteString(content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if st, err := os.Stat(path); err == nil && tc != nil {
		tc.MarkRead(path, st.ModTime())
	}
	return nil
}

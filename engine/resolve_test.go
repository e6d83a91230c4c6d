package engine

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestEvalSymlinks: the fast resolution agrees with filepath.EvalSymlinks
// on files, directories, chains of links, dangling links and missing
// paths, and a link made between two calls is seen by the second.
func TestEvalSymlinks(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name string) {
		os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(root, name), nil, 0o644)
	}
	ln := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b/file")
	ln("a/b", "l1")
	ln("l1/file", "l2")
	ln("../a", "a/b/up")
	ln("missing", "dangling")
	ln("/", "rootlink")
	ln(".", "self")
	ln("loop", "loop")
	ln(filepath.Join(root, "a", "newdir", "f"), "dabs")
	ln("dangling", "dchain")
	shared := newResolver("")
	// Resolvers based where a call stands: the root itself, a plain
	// subdirectory, a link to one, and a missing directory.
	var based []*resolver
	for _, b := range []string{root, root + "/a", root + "/l1", root + "/nope"} {
		r := newResolver(b)
		defer r.Close()
		based = append(based, r)
	}
	for _, p := range []string{"a/b/file", "l1", "l2", "l1/up/b/file", "dangling", "nope", "a/b/file/x", "l1/nope/deeper",
		"rootlink", "rootlink/etc", ".", "a/b/nope", "a/b/nope/deeper", "dangling/x/y", "dangling/x", "l1/file/x", "l2/x", "self/a/b/nope",
		"self/l1/file", "a/../l1/nope", "loop", "loop/x", "dabs", "dchain", "dchain/x", "l1/up/nope"} {
		abs := filepath.Join(root, p)
		want, wantErr := filepath.EvalSymlinks(abs)
		got, gotErr := evalSymlinks(abs)
		if (wantErr == nil) != (gotErr == nil) || got != want {
			t.Errorf("%s: got %q, %v; want %q, %v", p, got, gotErr, want, wantErr)
		}
		if r, w := resolve(abs), resolveSlow(abs); r != w {
			t.Errorf("resolve(%s) = %q, want %q", p, r, w)
		}
		// One resolver for the whole list, as for a call's operands: what
		// it remembers (a missing component) never changes an answer.
		if r, w := shared.resolve(abs), resolveSlow(abs); r != w {
			t.Errorf("shared resolve(%s) = %q, want %q", p, r, w)
		}
		for _, r := range based {
			if got, w := r.resolve(abs), resolveSlow(abs); got != w {
				t.Errorf("resolver based at %s: resolve(%s) = %q, want %q", r.base, p, got, w)
			}
		}
		wantQuick := abs
		if wantErr == nil {
			wantQuick = want
		}
		if q := quickResolve(abs); q != wantQuick {
			t.Errorf("quickResolve(%s) = %q, want %q", p, q, wantQuick)
		}
	}
	p := filepath.Join(root, "later")
	if r := resolve(p); r != p {
		t.Fatalf("before the link: %q", r)
	}
	ln("a/b", "later")
	if r := resolve(p); r != filepath.Join(root, "a/b") {
		t.Fatalf("after the link: %q", r)
	}
}

// resolveSlow is resolve with filepath.EvalSymlinks.
func resolveSlow(p string) string { return resolveSlowN(p, 0) }

// resolveSlowN is the reference resolution: filepath.EvalSymlinks, else the
// deepest resolvable parent with the rest appended, where a dangling link
// right below that parent is followed (a write through it lands at its
// target), at most 40 times.
func resolveSlowN(p string, hops int) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	dir, rest := filepath.Dir(p), filepath.Base(p)
	for dir != p {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			first, tail, _ := strings.Cut(rest, string(filepath.Separator))
			if t, err := os.Readlink(filepath.Join(r, first)); err == nil && hops < 40 {
				if !filepath.IsAbs(t) {
					t = filepath.Join(r, t)
				}
				return resolveSlowN(filepath.Join(t, tail), hops+1)
			}
			return filepath.Join(r, rest)
		}
		p = dir
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
	return p
}

// TestPlainPath: the one-call check answers true only for a path with no
// symlink on its existing part.
func TestPlainPath(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "d"), 0o755)
	os.Symlink("d", filepath.Join(root, "l"))
	os.Symlink("nowhere", filepath.Join(root, "dangling"))
	for p, want := range map[string]bool{
		"d": true, "d/missing/deeper": true, "missing": true,
		"l": false, "l/x": false, "dangling": false, "dangling/x": false,
	} {
		if runtime.GOOS != "linux" {
			want = false
		}
		if got := plainPath(filepath.Join(root, p)) != notPlain; got != want {
			t.Errorf("plainPath(%s) = %v, want %v", p, got, want)
		}
	}
	if plainPath("relative") != notPlain || plainPath(root+"/d/../d") != notPlain {
		t.Error("a relative or unclean path is never plain")
	}
}

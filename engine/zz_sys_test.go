package engine

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

func BenchmarkZZSys(b *testing.B) {
	dir := b.TempDir()
	proj := filepath.Join(dir, "project")
	os.MkdirAll(proj, 0o755)
	for _, n := range []string{"a.go", "b.go", "README.md", "go.mod", "Makefile"} {
		os.WriteFile(filepath.Join(proj, n), nil, 0o644)
	}
	missing := filepath.Join(proj, "HEAD~1")
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	b.Run("openat2-missing", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			unix.Openat2(unix.AT_FDCWD, missing, &how)
		}
	})
	b.Run("openat2-exists+close", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			fd, _ := unix.Openat2(unix.AT_FDCWD, proj, &how)
			unix.Close(fd)
		}
	})
	var st unix.Stat_t
	b.Run("lstat-abs-missing", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			unix.Lstat(missing, &st)
		}
	})
	dfd, _ := unix.Open(proj, unix.O_PATH|unix.O_DIRECTORY, 0)
	b.Run("fstatat-rel-missing", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			unix.Fstatat(dfd, "HEAD~1", &st, unix.AT_SYMLINK_NOFOLLOW)
		}
	})
	b.Run("getpid", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			unix.Getppid()
		}
	})
	b.Run("readdir", func(b *testing.B) {
		buf := make([]byte, 8192)
		for i := 0; i < b.N; i++ {
			fd, _ := unix.Openat2(unix.AT_FDCWD, proj, &unix.OpenHow{Flags: unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS})
			for {
				n, _ := unix.Getdents(fd, buf)
				if n <= 0 {
					break
				}
			}
			unix.Close(fd)
		}
	})
}

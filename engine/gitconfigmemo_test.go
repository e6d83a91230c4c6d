package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestGitConfigMemoSeesEveryWrite keeps a repository's config and then
// rewrites it, also to the same size, and to a file of another inode: each
// call reads what the file says now.
func TestGitConfigMemoSeesEveryWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func() repoConfig {
		t.Helper()
		var rc repoConfig
		// Every file is kept at once (no racy window): what is checked is
		// that a kept file is never trusted once it has changed.
		if _, err := readGitConfigAged(p, &rc, -1); err != nil {
			t.Fatal(err)
		}
		return rc
	}
	fresh := func() repoConfig {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var rc repoConfig
		parseGitConfig(b, &rc)
		return rc
	}
	steps := []func(){
		func() { write("[core]\n\trepositoryformatversion = 0\n") },
		func() { write("[core]\n\tpager = sh -c x\n") },
		func() { write("[core]\n\tpager = sh -c y\n") }, // same size
		func() { write("[alias]\n\tst = !rm -rf /\n") },
		func() { // a new file put in place by rename: another inode
			tmp := p + ".new"
			os.WriteFile(tmp, []byte("[core]\n\tfsmonitor = ./x\n"), 0o644)
			if err := os.Rename(tmp, p); err != nil {
				t.Fatal(err)
			}
		},
		func() { write("[core\n") }, // unreadable
	}
	for i, step := range steps {
		step()
		for call := 0; call < 3; call++ {
			if got, want := read(), fresh(); !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, call %d: got %+v, the file says %+v", i, call, got, want)
			}
		}
	}
	os.Remove(p)
	var rc repoConfig
	if found, err := readGitConfigAged(p, &rc, -1); found || err == nil {
		t.Fatalf("a removed config was read: found=%v err=%v", found, err)
	}
}

package tools

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func call(t *testing.T, tool Tool, in Input, tc *Context) Result {
	t.Helper()
	if err := tool.ValidateInput(in, tc); err != nil {
		t.Fatalf("%s: validate: %v", tool.Name(), err)
	}
	r, err := tool.Call(context.Background(), in, tc, nil)
	if err != nil {
		t.Fatalf("%s: %v", tool.Name(), err)
	}
	return r
}

func text(r Result) string { s, _ := r.Data.(string); return s }

func write(t *testing.T, path, content string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadTool(t *testing.T) {
	dir := t.TempDir()
	tc := &Context{Cwd: dir}
	f := filepath.Join(dir, "a.txt")
	write(t, f, "alpha\nbeta\ngamma\n"+strings.Repeat("x", 2500)+"\n")
	r := call(t, NewRead(), Input{"file_path": f}, tc)
	if !strings.HasPrefix(text(r), "     1\talpha\n     2\tbeta\n") || !strings.Contains(text(r), "[line truncated]") {
		t.Errorf("read:\n%s", text(r)[:80])
	}
	r = call(t, NewRead(), Input{"file_path": f, "offset": 2.0, "limit": 1.0}, tc)
	if text(r) != "     2\tbeta\n" {
		t.Errorf("offset/limit: %q", text(r))
	}
	bin := filepath.Join(dir, "b.bin")
	write(t, bin, "a\x00b")
	if r := call(t, NewRead(), Input{"file_path": bin}, tc); !r.IsError || !strings.Contains(text(r), "binary") {
		t.Errorf("binary: %+v", r)
	}
	png := filepath.Join(dir, "i.png")
	write(t, png, "\x89PNG\r\n")
	r = call(t, NewRead(), Input{"file_path": png}, tc)
	blocks, ok := r.Data.([]any)
	if !ok || blocks[0].(ImageBlock).Source.MediaType != "image/png" {
		t.Errorf("image: %+v", r.Data)
	}
	nb := filepath.Join(dir, "n.ipynb")
	write(t, nb, `{"cells": [{"id": "c1", "cell_type": "code", "source": ["print(1)\n"], "outputs": [{"text": ["1\n"]}]},
		{"cell_type": "markdown", "source": "# T"}]}`)
	r = call(t, NewRead(), Input{"file_path": nb}, tc)
	if !strings.Contains(text(r), `<cell id="c1" type="code">`) || !strings.Contains(text(r), "<output>\n1\n</output>") || !strings.Contains(text(r), `<cell id="cell-1" type="markdown">`) {
		t.Errorf("notebook:\n%s", text(r))
	}
}

func TestWriteEditMultiEdit(t *testing.T) {
	dir := t.TempDir()
	tc := &Context{Cwd: dir}
	f := filepath.Join(dir, "sub", "new.txt")
	if r := call(t, NewWrite(), Input{"file_path": f, "content": "a = 1\nb = 2\n"}, tc); !strings.Contains(text(r), "created") {
		t.Errorf("write: %s", text(r))
	}
	call(t, NewEdit(), Input{"file_path": f, "old_string": "a = 1", "new_string": "a = 42"}, tc)
	me := NewMultiEdit()
	bad := Input{"file_path": f, "edits": []any{
		map[string]any{"old_string": "b = 2", "new_string": "b = 3"},
		map[string]any{"old_string": "missing", "new_string": "x"}}}
	if err := me.ValidateInput(bad, tc); err == nil {
		t.Error("a failing edit must fail validation")
	}
	if r, _ := me.Call(context.Background(), bad, tc, nil); !r.IsError {
		t.Error("a failing edit must fail the call")
	}
	if b, _ := os.ReadFile(f); string(b) != "a = 42\nb = 2\n" {
		t.Errorf("all-or-nothing violated: %q", b)
	}
	call(t, me, Input{"file_path": f, "edits": []any{
		map[string]any{"old_string": "b = 2", "new_string": "b = 3"},
		map[string]any{"old_string": "= ", "new_string": ":= ", "replace_all": true}}}, tc)
	if b, _ := os.ReadFile(f); string(b) != "a := 42\nb := 3\n" {
		t.Errorf("multi edit: %q", b)
	}
}

func TestBashTool(t *testing.T) {
	dir := t.TempDir()
	var mu sync.Mutex
	var seen [][]string
	tc := &Context{Cwd: dir, SessionDir: t.TempDir(), CheckCommand: func(_ context.Context, argv []string) error {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, argv)
		return nil
	}}
	r := call(t, NewBash(), Input{"command": "echo hi; printf 'x\\n' > f.txt; cat f.txt; ls"}, tc)
	if text(r) != "hi\nx\nf.txt\n" || r.IsError {
		t.Errorf("bash: %q", text(r))
	}
	if len(seen) != 2 || seen[0][0] != "cat" || seen[1][0] != "ls" {
		t.Errorf("external commands checked: %v", seen)
	}
	tc.Env = map[string]string{"AGENTCTL_TEST_GREETING": "from settings"}
	if r := call(t, NewBash(), Input{"command": "echo $AGENTCTL_TEST_GREETING"}, tc); text(r) != "from settings\n" {
		t.Errorf("settings env not applied: %q", text(r))
	}
	r = call(t, NewBash(), Input{"command": "exit 3"}, tc)
	if !r.IsError || !strings.Contains(text(r), "Exit code 3") {
		t.Errorf("exit code: %+v", r)
	}
	r = call(t, NewBash(), Input{"command": "yes | head -c 100000"}, tc)
	if !strings.Contains(text(r), "truncated") || len(text(r)) > bashMaxOutput+100 {
		t.Errorf("output cap: %d bytes", len(text(r)))
	}
	r = call(t, NewBash(), Input{"command": "while true; do :; done", "timeout": 50.0}, tc)
	if !r.IsError || !strings.Contains(text(r), "timed out") {
		t.Errorf("timeout: %+v", r)
	}
	r = call(t, NewBash(), Input{"command": "echo bg", "run_in_background": true}, tc)
	id := strings.Fields(strings.TrimPrefix(text(r), "Command running in background with ID: "))[0]
	id = strings.TrimSuffix(id, ".")
	if !tc.WaitBackground(context.Background(), id) {
		t.Fatalf("background job %q unknown: %s", id, text(r))
	}
	out, _ := os.ReadFile(filepath.Join(tc.SessionDir, "background", id+".txt"))
	if !strings.Contains(string(out), "bg\n") || !strings.Contains(string(out), "Exit code 0") {
		t.Errorf("background output: %q", out)
	}
	noCheck := &Context{Cwd: dir}
	if r, _ := NewBash().Call(context.Background(), Input{"command": "ls"}, noCheck, nil); !r.IsError {
		t.Error("without a command checker Bash must refuse to run")
	}
}

func TestGlobAndGrep(t *testing.T) {
	dir := t.TempDir()
	tc := &Context{Cwd: dir}
	write(t, filepath.Join(dir, "a.go"), "package a\nfunc Foo() {}\n")
	write(t, filepath.Join(dir, "sub", "b.go"), "package b\n// foo bar\nvar x = 1\n")
	write(t, filepath.Join(dir, "notes.md"), "Foo is here\n")
	write(t, filepath.Join(dir, "ignored", "c.go"), "package c // Foo\n")
	write(t, filepath.Join(dir, ".gitignore"), "ignored/\n")
	write(t, filepath.Join(dir, ".git", "HEAD"), "Foo\n")
	write(t, filepath.Join(dir, "bin.dat"), "Foo\x00")
	r := call(t, NewGlob(), Input{"pattern": "**/*.go"}, tc)
	if !strings.Contains(text(r), filepath.Join(dir, "sub", "b.go")) || !strings.Contains(text(r), filepath.Join(dir, "a.go")) {
		t.Errorf("glob: %s", text(r))
	}
	r = call(t, NewGrep(), Input{"pattern": "foo", "-i": true}, tc)
	got := text(r)
	if strings.Contains(got, "ignored") || strings.Contains(got, ".git") || strings.Contains(got, "bin.dat") ||
		!strings.Contains(got, "a.go") || !strings.Contains(got, "b.go") || !strings.Contains(got, "notes.md") {
		t.Errorf("grep files: %s", got)
	}
	r = call(t, NewGrep(), Input{"pattern": "foo", "output_mode": "content", "-n": true, "-A": 1.0, "type": "go"}, tc)
	want := filepath.Join(dir, "sub", "b.go") + ":2:// foo bar\n" + filepath.Join(dir, "sub", "b.go") + "-3-var x = 1\n"
	if text(r) != want {
		t.Errorf("grep content:\n%s\nwant:\n%s", text(r), want)
	}
	r = call(t, NewGrep(), Input{"pattern": "package", "output_mode": "count", "glob": "*.go", "head_limit": 1.0}, tc)
	if strings.Count(text(r), "\n") != 1 || !strings.HasSuffix(strings.TrimSpace(text(r)), ":1") {
		t.Errorf("grep count/head_limit: %q", text(r))
	}
	r = call(t, NewGrep(), Input{"pattern": "Foo.*\\n.*", "multiline": true, "output_mode": "files_with_matches"}, tc)
	if !strings.Contains(text(r), "a.go") {
		t.Errorf("multiline: %s", text(r))
	}
}

func TestWebFetchAndSearch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body><h1>Title</h1><p>Hello <b>world</b></p></body></html>")
		case "/search":
			fmt.Fprintf(w, `{"results": [{"title": "A", "url": "https://docs.example.com/a", "snippet": "s"},
				{"title": "B", "url": "https://evil.example/b", "snippet": "s"}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	tc := &Context{}
	r := call(t, NewWebFetch(srv.Client()), Input{"url": srv.URL + "/page", "prompt": "summarise"}, tc)
	if !strings.Contains(text(r), "# Title") || !strings.Contains(text(r), "Hello **world**") || !strings.Contains(text(r), "Prompt: summarise") {
		t.Errorf("webfetch:\n%s", text(r))
	}
	if r := call(t, NewWebFetch(srv.Client()), Input{"url": srv.URL + "/none", "prompt": "p"}, tc); !r.IsError {
		t.Error("404 must be an error result")
	}
	ws := NewWebSearch(srv.URL+"/search", srv.Client())
	r = call(t, ws, Input{"query": "docs", "blocked_domains": []any{"evil.example"}}, tc)
	if !strings.Contains(text(r), "docs.example.com") || strings.Contains(text(r), "evil") {
		t.Errorf("websearch: %s", text(r))
	}
}

func TestNotebookEditTodoAndPlanMode(t *testing.T) {
	dir := t.TempDir()
	tc := &Context{Cwd: dir, Mode: "plan", PrePlanMode: "acceptEdits"}
	nb := filepath.Join(dir, "n.ipynb")
	write(t, nb, `{"cells": [{"id": "c1", "cell_type": "code", "source": "x = 1", "metadata": {}, "outputs": []}], "nbformat": 4}`)
	call(t, NewRead(), Input{"file_path": nb}, tc)
	call(t, NewNotebookEdit(), Input{"notebook_path": nb, "cell_id": "c1", "new_source": "x = 2"}, tc)
	call(t, NewNotebookEdit(), Input{"notebook_path": nb, "cell_id": "c1", "new_source": "# Notes", "edit_mode": "insert", "cell_type": "markdown"}, tc)
	r := call(t, NewRead(), Input{"file_path": nb}, tc)
	if !strings.Contains(text(r), "x = 2") || !strings.Contains(text(r), "# Notes") {
		t.Errorf("notebook after edits:\n%s", text(r))
	}
	call(t, NewNotebookEdit(), Input{"notebook_path": nb, "cell_id": "c1", "new_source": "", "edit_mode": "delete"}, tc)
	if r := call(t, NewRead(), Input{"file_path": nb}, tc); strings.Contains(text(r), "x = 2") {
		t.Error("cell not deleted")
	}
	call(t, NewTodoWrite(), Input{"todos": []any{map[string]any{"content": "a", "status": "pending", "activeForm": "Doing a"}}}, tc)
	if got := tc.Todos(); len(got) != 1 || got[0].ActiveForm != "Doing a" {
		t.Errorf("todos = %+v", got)
	}
	r = call(t, NewExitPlanMode(), Input{"plan": "do it"}, tc)
	r.ContextModifier(tc)
	if tc.Mode != "acceptEdits" {
		t.Errorf("mode after ExitPlanMode = %s", tc.Mode)
	}
}

func TestWorktrees(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"-c", "user.email=t@x", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	tc := &Context{Cwd: repo}
	r := call(t, NewEnterWorktree(), Input{"name": "feature-x"}, tc)
	if r.IsError {
		t.Fatal(text(r))
	}
	r.ContextModifier(tc)
	wt := filepath.Join(repo, ".claude", "worktrees", "feature-x")
	if real, _ := filepath.EvalSymlinks(tc.Cwd); real != mustReal(t, wt) {
		t.Fatalf("cwd = %s, want %s", tc.Cwd, wt)
	}
	if _, err := os.Stat(filepath.Join(wt, ".git")); err != nil {
		t.Fatalf("worktree not created: %v", err)
	}
	r = call(t, NewExitWorktree(), Input{"action": "remove"}, tc)
	if r.IsError {
		t.Fatal(text(r))
	}
	r.ContextModifier(tc)
	if tc.Cwd != repo {
		t.Errorf("cwd after exit = %s", tc.Cwd)
	}
	if _, err := os.Stat(wt); !os.IsNotExist(err) {
		t.Errorf("worktree not removed: %v", err)
	}
}

func mustReal(t *testing.T, p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestToolSearch(t *testing.T) {
	pool := Catalog()
	tc := &Context{Pool: func() []Tool { return pool }}
	r := call(t, NewToolSearch(nil), Input{"query": "notebook cell", "max_results": 1.0}, tc)
	if !strings.Contains(text(r), `"name": "NotebookEdit"`) || !strings.Contains(text(r), "input_schema") {
		t.Errorf("toolsearch: %s", text(r))
	}
}

// TestGrepSkipsGuardedFiles: a search over the tree never opens a file the
// policy guards, whatever the search's own filters.
func TestGrepSkipsGuardedFiles(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.WriteFile(filepath.Join(dir, ".env"), []byte("TOKEN=hunter2\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "src", ".env"), []byte("TOKEN=hunter3\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "a.go"), []byte("// TOKEN here\n"), 0o644)
	tc := &Context{Cwd: dir, SkipRead: func(p string) bool { return filepath.Base(p) == ".env" }}
	for _, in := range []Input{{"pattern": "TOKEN", "output_mode": "content"}, {"pattern": "hunter", "glob": ".env", "output_mode": "content"}} {
		r := call(t, NewGrep(), in, tc)
		out, _ := r.Data.(string)
		if strings.Contains(out, "hunter") {
			t.Errorf("%v: a guarded file was read: %q", in, out)
		}
	}
	r := call(t, NewGrep(), Input{"pattern": "TOKEN"}, tc)
	if out, _ := r.Data.(string); !strings.Contains(out, "a.go") {
		t.Errorf("an unguarded file was skipped: %q", out)
	}
}

// TestGlobListsEachPathOnce: patterns whose alternatives overlap match a
// file more than once; the result names it once.
func TestGlobListsEachPathOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.go"), "package a")
	write(t, filepath.Join(dir, "sub", "b.go"), "package b")
	for _, pattern := range []string{"**/**/*.go", "**/**/**/*.go", "{a.go,a.go}"} {
		r := call(t, NewGlob(), Input{"pattern": pattern}, &Context{Cwd: dir})
		lines := strings.Split(strings.TrimSpace(text(r)), "\n")
		seen := map[string]int{}
		for _, l := range lines {
			seen[l]++
		}
		for p, n := range seen {
			if n != 1 {
				t.Errorf("%s: %s listed %d times:\n%s", pattern, p, n, text(r))
			}
		}
		if seen[filepath.Join(dir, "a.go")] != 1 || (pattern != "{a.go,a.go}" && seen[filepath.Join(dir, "sub", "b.go")] != 1) {
			t.Errorf("%s: a.go missing:\n%s", pattern, text(r))
		}
	}
}

// TestReadRefusesNonRegularFiles: a FIFO with no writer, devices, a socket
// and a symbolic link to a FIFO are refused at once (nothing blocks, nothing
// is read); a regular file behind a symbolic link is read.
func TestReadRefusesNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	os.Symlink(fifo, filepath.Join(dir, "to-fifo"))
	write(t, filepath.Join(dir, "plain.txt"), "hello\n")
	os.Symlink(filepath.Join(dir, "plain.txt"), filepath.Join(dir, "to-plain"))
	for _, tt := range []struct {
		path, want string
		isErr      bool
	}{
		{fifo, "a FIFO", true},
		{filepath.Join(dir, "to-fifo"), "a FIFO", true},
		{"/dev/zero", "a device", true},
		{"/dev/null", "a device", true},
		{"/dev/urandom", "a device", true},
		{sock, "a socket", true},
		{dir, "is a directory", true},
		{filepath.Join(dir, "to-plain"), "1\thello", false},
	} {
		done := make(chan Result, 1)
		go func() { done <- call(t, NewRead(), Input{"file_path": tt.path}, &Context{Cwd: dir}) }()
		select {
		case r := <-done:
			if r.IsError != tt.isErr || !strings.Contains(text(r), tt.want) {
				t.Errorf("%s: %+v, want %q", tt.path, r, tt.want)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: Read blocked", tt.path)
		}
	}
}

// TestReadMemoryIsBounded: a 256 MiB sparse file whose eleventh "line" has no
// end (zeros after the first 8000 bytes pass the binary sniff) is read with
// memory bounded by the line cap, not the file size.
func TestReadMemoryIsBounded(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.txt")
	write(t, p, strings.Repeat("line\n", 10)+strings.Repeat("y", 9000))
	if err := os.Truncate(p, 256<<20); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := call(t, NewRead(), Input{"file_path": p}, &Context{Cwd: dir})
	runtime.ReadMemStats(&after)
	if r.IsError || !strings.Contains(text(r), "    11\tyyy") || !strings.Contains(text(r), "[line truncated]") {
		t.Errorf("result: %.200q", text(r))
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 32<<20 {
		t.Errorf("Read allocated %d MiB for a 256 MiB file", grown>>20)
	}
}

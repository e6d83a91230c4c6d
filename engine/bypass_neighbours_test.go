package engine

import (
	"context"
	"os"
	"testing"
)

// TestProtectedCase: protected names match case-insensitively (class 6).
func TestProtectedCase(t *testing.T) {
	s := project(t, protectPolicy, map[string]string{"src/x": ""})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"src/.GIT/hooks/pre-commit", ".Git/config", ".Claude/settings.json", ".CLAUDE/settings.local.json",
		".BashRC", ".ZSHRC", ".Vscode/settings.json", ".Husky/pre-commit", ".GitConfig", ".NPMRC", ".Mcp.json",
		".Config/Git/config", "sub/.IDEA/workspace.xml"} {
		d := decide(t, e, "Write", map[string]any{"file_path": s.Cwd + "/" + p, "content": "x"})
		if d.Decision == Allow {
			t.Errorf("Write %s: allowed (%s)", p, d.Reason)
		}
		d = decide(t, e, "Bash", map[string]any{"command": "echo x > " + p})
		if d.Decision == Allow {
			t.Errorf("Bash redirect to %s: allowed (%s)", p, d.Reason)
		}
	}
	if d := decide(t, e, "Write", map[string]any{"file_path": s.Cwd + "/src/.gitignore", "content": "x"}); d.Decision != Allow {
		t.Errorf("a benign write asks: %s", d.Reason)
	}
}

// benignSession is what a normal coding session runs; under a typical
// policy every one must stay allowed (the fixes must not cost this).
var benignSession = []string{
	"ls", "ls -la", "ls src", "pwd", "cat README.md", "cat src/main.go", "head -20 README.md", "tail -n 5 README.md",
	"wc -l src/main.go", "grep -n main src/main.go", "grep -rn TODO src", "grep -r --include='*.go' func src",
	"rg main src", "rg -n TODO src", "rg -t go func src", "find . -name '*.go'", "find src -type f", "git status", "git log --oneline -5",
	"git diff", "git diff HEAD~1 -- src", "git show HEAD", "git branch", "git branch -a", "git blame src/main.go",
	"git add -A", "git add src/main.go", "git commit -m 'fix: handle .env parsing'", "go test ./...", "go test -run TestX -v ./...",
	"go build ./...", "go build -o /dev/null ./...", "go vet ./...", "npm run build", "npm run test", "npm run lint -- --fix",
	"make", "make test", "make -j4 build", "echo done", "echo $HOME", "which go", "sort README.md", "cut -c1 README.md",
	"cut -d: -f1 README.md", "jq . package.json", "sed -n '1,20p' README.md", "diff README.md src/main.go", "du -sh src",
	"stat README.md", "file README.md", "date", "true", "cd src && ls", "cd src && cat main.go", "git status && git diff",
	"ls | wc -l", "cat README.md | grep readme", "git ls-files | wc -l", "env | sort",
}

func TestBenignSessionStaysAllowed(t *testing.T) {
	const policy = `{"permissions":{"allow":["Bash(npm run *)","Bash(go test *)","Bash(go build *)","Bash(go vet *)",` +
		`"Bash(make *)","Bash(git add *)","Bash(git commit *)","Bash(jq *)","Bash(file *)","Bash(date)","Bash(env)"],` +
		`"deny":["Read(/.env)","Read(/secrets/**)","Bash(rm -rf *)","Bash(git push *)"]}}`
	s := project(t, policy, map[string]string{".env": "SECRET=1\n", "secrets/key": "k\n", "README.md": "readme\n",
		"src/main.go": "package main\n", "package.json": "{}\n"})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	allowed := 0
	for _, cmd := range benignSession {
		d := decide(t, e, "Bash", map[string]any{"command": cmd})
		if d.Decision == Allow {
			allowed++
		} else {
			t.Errorf("%s: %s (%s: %s)", cmd, d.Decision, d.Stage, d.Reason)
		}
	}
	t.Logf("%d of %d benign commands allowed", allowed, len(benignSession))
}

// TestGuarded: what a tree search skips is what a Read/Edit deny or ask
// rule covers, through symlinks too.
func TestGuarded(t *testing.T) {
	s := project(t, pathPolicy, map[string]string{".env": "x", "src/main.go": "x", "secrets/key": "k"})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	link := s.Cwd + "/src/link"
	if err := os.Symlink(s.Cwd+"/secrets/key", link); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{s.Cwd + "/.env": true, s.Cwd + "/src/.env": true, s.Cwd + "/secrets/key": true,
		link: true, s.Cwd + "/config/app.yml": true, s.Cwd + "/src/main.go": false, s.Cwd + "/README.md": false} {
		if got := e.Guarded(p); got != want {
			t.Errorf("Guarded(%s) = %v, want %v", p, got, want)
		}
	}
}

// TestProcSelfCwdFileTool: a file tool's /proc/self/cwd is the agent's
// working directory (the session's cwd), wherever agentctl itself runs.
func TestProcSelfCwdFileTool(t *testing.T) {
	s := project(t, pathPolicy, map[string]string{".env": "SECRET=1\n"})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/proc/self/cwd/.env", "/proc/thread-self/cwd/sub/../.env"} {
		if d := decide(t, e, "Read", map[string]any{"file_path": p}); d.Decision != Deny {
			t.Errorf("Read %s: got %s (%s)", p, d.Decision, d.Reason)
		}
	}
}

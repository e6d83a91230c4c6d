package engine

import (
	"context"
	"testing"
)

// Bypass classes of the nineteenth red-team pass on the search tools.
// Each row is decided by both evaluators (EvalBoth fails on any
// difference).

// red19searchPolicy denies a secret file, a secrets directory and the
// ssh directory, asks about a private directory, and allows the search
// tools and reads of the sources.
const red19searchPolicy = `{"permissions":{` +
	`"deny":["Read(.env)","Read(secret/**)","Read(~/.ssh/**)"],` +
	`"ask":["Read(config/private/**)"],` +
	`"allow":["Glob","Grep","Read(src/**)"]}}`

// red19searchFiles is a project holding the guarded files next to
// ordinary sources, and a home directory with an ssh key.
var red19searchFiles = map[string]string{
	".env":                   "TOKEN=red19\n",
	"sub/.env":               "TOKEN=red19\n",
	"secret/key":             "KEY=red19\n",
	"config/private/p.txt":   "PRIV=red19\n",
	"src/app.go":             "package main\n",
	"src/env.go":             "package main\n",
	"README.md":              "hello\n",
	"../home/.ssh/id_rsa":    "KEY=red19\n",
	"../home/notes/todo.txt": "todo\n",
}

var red19searchClasses = map[string][]toolRow{
	"r19s-1 a Glob pattern whose last segment aims at a guarded file by another spelling": {
		// Glob ".env" and "secret/key" are denied: the pattern names the
		// file. Spelled with a "**" before the literal name, or with a
		// wildcard that keeps a literal part of its own, the same file
		// was listed by an allowed Glob (the agent's own Glob lists it:
		// names are what Glob returns).
		{"Glob", `{"pattern":"**/.env"}`, "", "deny"},
		{"Glob", `{"pattern":"**/.e?v"}`, "", "deny"},
		{"Glob", `{"pattern":"**/.en[v]"}`, "", "deny"},
		{"Glob", `{"pattern":"**/*.env"}`, "", "deny"},
		{"Glob", `{"pattern":".en[v]"}`, "", "deny"},
		{"Glob", `{"pattern":"{x,.en[v]}"}`, "", "deny"},
		{"Glob", `{"pattern":"**/.env","path":"sub"}`, "", "deny"},
		{"Glob", `{"pattern":"**/key"}`, "", "deny"},
		{"Glob", `{"pattern":"**/p.txt"}`, "", "ask"},
		{"Glob", `{"pattern":"**/p.tx[t]"}`, "", "ask"},
		{"Glob", `{"pattern":"<cwd>/../home/**/id_rsa"}`, "", "deny"},
		{"Glob", `{"pattern":"id_rs[a]","path":"<cwd>/../home/.ssh"}`, "", "deny"},
		// A literal or aimed directory segment below a "**" lists the
		// guarded directory's entries, as ".ssh/*" and "secret/*" do.
		{"Glob", `{"pattern":"**/.ssh/*","path":"<cwd>/../home"}`, "", "deny"},
		{"Glob", `{"pattern":"**/.ss[h]/*","path":"<cwd>/../home"}`, "", "deny"},
		{"Glob", `{"pattern":"**/secret/*"}`, "", "deny"},
		{"Glob", `{"pattern":"**/s?cret/*"}`, "", "deny"},
		{"Glob", `{"pattern":"**/private/*"}`, "", "ask"},
		// Neighbours: patterns that aim at nothing guarded, or at names
		// no guarded file has, stay allowed.
		{"Glob", `{"pattern":"**/*.go"}`, "", "allow"},
		{"Glob", `{"pattern":"**/*"}`, "", "allow"},
		{"Glob", `{"pattern":"*"}`, "", "allow"},
		{"Glob", `{"pattern":"**/.*"}`, "", "allow"},
		{"Glob", `{"pattern":"**/app.go"}`, "", "allow"},
		{"Glob", `{"pattern":"**/env.go"}`, "", "allow"},
		{"Glob", `{"pattern":"src/*.go"}`, "", "allow"},
		{"Glob", `{"pattern":"**/README.md"}`, "", "allow"},
		{"Glob", `{"pattern":"{src,x}/**/.env"}`, "", "allow"},
		{"Glob", `{"pattern":"**/todo.txt","path":"<cwd>/../home"}`, "", "allow"},
		{"Glob", `{"pattern":"**/notes/*","path":"<cwd>/../home"}`, "", "allow"},
		{"Glob", `{"pattern":"**/src/*.go"}`, "", "allow"},
		{"Glob", `{"pattern":"src/*/*"}`, "", "allow"},
		{"Glob", `{"pattern":"*/*"}`, "", "allow"},
	},
}

func TestBypassRed19Search(t *testing.T) {
	files := map[string]string{}
	for k, v := range red19searchFiles {
		files[k] = v
	}
	s := project(t, red19searchPolicy, files)
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red19searchClasses)
}

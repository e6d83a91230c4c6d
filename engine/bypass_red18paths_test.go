package engine

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

// Bypass classes of the eighteenth red-team pass on file-tool paths, URLs
// and tool names as written. Every row runs on a real project in a
// temporary directory, with both evaluators (EvalBoth fails on any
// difference).

// red18pathsPolicy denies the tools of servers named by a glob, with
// and without the "__*" a user writes after a server, and allows the
// servers one by one (an allow glob needs a literal server); it guards
// the usual secrets, hosts by domain patterns holding "**", and files by
// their absolute paths written with one leading slash; <root> is the
// temporary directory holding the project and its home (it starts with
// the one slash).
const red18pathsPolicy = `{"permissions":{"deny":["mcp__*-prod__*","mcp__git*hub","mcp__*_admin__*","Read(.env)",` +
	`"Read(secrets/**)","Edit(/config/**)","Read(~/.ssh/**)","WebFetch(domain:**.tracker.net)",` +
	`"Read(<root>/proj/keys/**)","Read(<root>/home/.aws/**)","Read(<root>/proj/.env.prod)",` +
	`"Read($HOME/.kube/**)","Read(%USERPROFILE%/.npmrc)","Read( ~/.netrc )","Read(\"~/.gnupg/**\")","Read(~root/.ssh/**)",` +
	`"Edit(${HOME}/.local/bin/**)"],` +
	`"ask":["mcp__pay*__*","WebFetch(domain:cdn.**)","Edit(<root>/proj/deploy/**)"],` +
	`"allow":["WebFetch(domain:*.tracker.net)","WebFetch(domain:tracker.net)","WebFetch(domain:nottracker.net)",` +
	`"WebFetch(domain:*.co.uk)","WebFetch(domain:**.docs.example.com)",` +
	`"mcp__db-prod","mcp__db-stage","mcp__git_hub","mcp__github","mcp__ops_admin","mcp__ops","mcp__payments",` +
	`"mcp__x-prod-mirror","Read(src/**)"]}}`

// red18pathsClasses are the rows; <cwd> is the project.
var red18pathsClasses = map[string][]toolRow{
	"r18p-1 a deny naming servers by a glob matched no tool of them": {
		// mcp__*-prod__* is every tool of every server ending in -prod;
		// parsed as the whole-name glob mcp__*-prod it matched none of
		// them (mcp__db-prod__query ends in __query), and the server's
		// own allow let the tool run.
		{"mcp__db-prod__query", `{}`, "", "deny"},
		{"mcp__db-prod__drop_table", `{"table":"users"}`, "bypassPermissions", "deny"},
		{"mcp__db-prod__query", `{}`, "dontAsk", "deny"},
		{"mcp__git_hub__delete_repo", `{}`, "", "deny"},
		{"mcp__github__delete_repo", `{}`, "", "deny"},
		{"mcp__ops_admin__reboot", `{}`, "", "deny"},
		{"mcp__db-prod__x__y", `{}`, "", "deny"},
		{"mcp__payments__refund", `{}`, "", "ask"},
		{"mcp__payments__refund", `{}`, "dontAsk", "deny"},
		// Benign neighbours: servers the globs do not name.
		{"mcp__db-stage__query", `{}`, "", "allow"},
		{"mcp__ops__list", `{}`, "", "allow"},
		{"mcp__x-prod-mirror__get", `{}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/a.go"}`, "", "allow"},
	},
	"r18p-2 an NTFS stream of a guarded file": {
		// On Windows name::$DATA is the file itself and
		// dir::$INDEX_ALLOCATION the directory (git's CVE-2019-1352):
		// the name before the colon is what the call opens.
		{"Read", `{"file_path":"<cwd>/.env::$DATA"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/.ENV::$data"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/.env:$DATA"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/sub/.env. ::$DATA"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/secrets::$INDEX_ALLOCATION/key"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/secrets:$I30:$INDEX_ALLOCATION/key"}`, "", "deny"},
		{"Grep", `{"pattern":"k","path":"<cwd>/secrets::$INDEX_ALLOCATION"}`, "", "deny"},
		{"Glob", `{"pattern":"*","path":"<cwd>/secrets::$INDEX_ALLOCATION"}`, "", "deny"},
		{"Read", `{"file_path":"<home>/.ssh::$INDEX_ALLOCATION/id_rsa"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/config::$INDEX_ALLOCATION/c","content":"x"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"<cwd>/.git::$INDEX_ALLOCATION/hooks/pre-commit","content":"x"}`, "bypassPermissions", "ask"},
		{"Edit", `{"file_path":"<cwd>/.claude:x/settings.json","old_string":"a","new_string":"b"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/.bashrc::$DATA","content":"x"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cat .env::\\$DATA"}`, "", "deny"},
		{"Bash", `{"command":"head 'secrets::$INDEX_ALLOCATION/key'"}`, "", "deny"},
		{"Bash", `{"command":"echo x > '.git::$INDEX_ALLOCATION/hooks/pre-commit'"}`, "acceptEdits", "ask"},
		// Benign neighbours: colons in names that guard nothing.
		{"Read", `{"file_path":"<cwd>/src/2024-01-01T10:00.log"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/:b"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/src/a.go:x","content":"x"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"cat src/2024-01-01T10:00.log"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/envs::$DATA"}`, "", "allow"},
	},
	"r18p-3 a deny domain with ** matched one label only": {
		// domain:**.tracker.net is every host of tracker.net; read by the
		// one-label rule it matched x.tracker.net alone, and the allows
		// let a.b.tracker.net and tracker.net through.
		{"WebFetch", `{"url":"https://a.b.tracker.net/p","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://tracker.net/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://A.B.TRACKER.NET./","prompt":"p"}`, "bypassPermissions", "deny"},
		{"WebFetch", `{"url":"https://user@x.y.z.tracker.net:8443/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://x.tracker.net/","prompt":"p"}`, "", "deny"},
		{"WebFetch", `{"url":"https://cdn.evil.co.uk/x","prompt":"p"}`, "", "ask"},
		{"WebFetch", `{"url":"https://cdn.evil.co.uk/x","prompt":"p"}`, "dontAsk", "deny"},
		// Benign neighbours: other hosts; an allow keeps its narrow reading.
		{"WebFetch", `{"url":"https://nottracker.net/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://www.co.uk/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://x.docs.example.com/","prompt":"p"}`, "", "allow"},
		{"WebFetch", `{"url":"https://a.b.docs.example.com/","prompt":"p"}`, "", "ask"},
	},
	"r18p-4 a deny written as an absolute path with one slash": {
		// "/x" is anchored at the settings source's root, so
		// Read(<root>/proj/keys/**) in the project's settings named
		// <cwd>/<root>/proj/keys — nothing — and keys/k was read freely.
		// A path that lies in the home or a working directory is read as
		// the absolute path it spells, too.
		{"Read", `{"file_path":"<cwd>/keys/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/keys/k"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"K","path":"<cwd>/keys"}`, "", "deny"},
		{"Bash", `{"command":"cat keys/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/.env.prod"}`, "", "deny"},
		{"Bash", `{"command":"grep P .env.prod"}`, "", "deny"},
		{"Read", `{"file_path":"<home>/.aws/credentials"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"<cwd>/deploy/x","content":"y"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"echo y > deploy/x"}`, "acceptEdits", "ask"},
		// The source-anchored reading still holds.
		{"Read", `{"file_path":"<cwd>/<root>/proj/keys/k"}`, "", "deny"},
		// Benign neighbours.
		{"Read", `{"file_path":"<cwd>/keysx/k"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/.env.dev"}`, "", "allow"},
		{"Bash", `{"command":"cat keysx/k .env.dev"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/src/new.go","content":"y"}`, "acceptEdits", "allow"},
	},
	"r18p-5 a deny that spells the home another way than ~/": {
		// $HOME, ${HOME}, %USERPROFILE%, ~user, or ~/ inside blanks or
		// quotes: the grammar reads a directory of that literal name under
		// the cwd, and the home's file was read freely.
		{"Read", `{"file_path":"<home>/.kube/config"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"x","path":"<home>/.kube"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<home>/.npmrc"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<home>/.netrc"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<home>/.gnupg/private-keys-v1.d/k"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<roothome>/.ssh/authorized_keys"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"<home>/.local/bin/ls","content":"x"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cat <home>/.kube/config"}`, "bypassPermissions", "deny"},
		// The written reading still holds: a directory of that name.
		{"Read", `{"file_path":"<cwd>/$HOME/.kube/config"}`, "", "deny"},
		// Benign neighbours: the rest of the home.
		{"Read", `{"file_path":"<home>/.kubeconfig-notes"}`, "bypassPermissions", "allow"},
		{"Read", `{"file_path":"<home>/notes.txt"}`, "bypassPermissions", "allow"},
		{"Write", `{"file_path":"<home>/.local/share/x","content":"x"}`, "bypassPermissions", "allow"},
	},
}

// red18pathsProject lays out the project.
func red18pathsProject(t *testing.T) (*Engine, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	policy := strings.ReplaceAll(red18pathsPolicy, "<root>", root)
	s := projectAt(t, root, policy, map[string]string{".env": "TOKEN=1", "src/a.go": "package a\n",
		"secrets/key": "k", "config/c": "c", "sub/.env": "S=1", "src/2024-01-01T10:00.log": "log",
		"keys/k": "K", "keysx/k": "K", ".env.prod": "P=1", ".env.dev": "D=1", "deploy/x": "x",
	})
	if err := os.MkdirAll(filepath.Join(root, "home", ".aws"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "home", ".aws", "credentials"), []byte("c"), 0o600); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, s.Cwd
}

// TestBypassRed18Paths decides every red18 path, URL and name row.
func TestBypassRed18Paths(t *testing.T) {
	e, cwd := red18pathsProject(t)
	home := filepath.Join(filepath.Dir(cwd), "home")
	rootHome := "/root"
	if u, err := user.Lookup("root"); err == nil {
		rootHome = u.HomeDir
	}
	classes := map[string][]toolRow{}
	for class, rows := range red18pathsClasses {
		for _, r := range rows {
			r.input = strings.ReplaceAll(r.input, "<home>", home)
			r.input = strings.ReplaceAll(r.input, "<roothome>", rootHome)
			r.input = strings.ReplaceAll(r.input, "<root>", strings.TrimPrefix(filepath.Dir(cwd), "/"))
			classes[class] = append(classes[class], r)
		}
	}
	runToolRows(t, e, cwd, classes)
}

package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bypass classes of the seventeenth red-team pass on file-tool paths: rule
// patterns as users write them. Every row runs on real files and links in
// a temporary directory, with both evaluators (EvalBoth fails on any
// difference).

// red17pathsPolicy holds deny rules on names with braces, on a home whose
// dotfiles are links into the project, and on a project directory reached
// through a link; <root> is the temporary directory.
const red17pathsPolicy = `{"permissions":{"deny":["Read(a{b}/**)","Read({old,new}.key)","Edit(gen{v1}/**)",` +
	`"Read(~/.ssh/**)","Read(~/.netrc)","Read(/linked/keys/**)","Edit(~/.aws/**)","Read(//..<root>/vault/**)",` +
	`"Read(.env)"],` +
	`"allow":["Read(/<root>/out/{x,y}/**)","Edit(/<root>/out/{x,y}/**)","Read(/<root>/lit/a\\{b\\}/**)",` +
	`"Read(/<root>/vault/**)","Read(/<root>/open/**)"]}}`

// red17pathsClasses are the rows; <cwd> is the project, <root> the
// temporary directory holding it, the home and the outside directories.
var red17pathsClasses = map[string][]toolRow{
	"r17-1 a deny on a name holding braces matched only the alternation": {
		// gitignore (and Claude Code) read "{" and "}" as characters:
		// Read(a{b}/**) names the directory "a{b}". The glob matcher read
		// an alternation of the one word "b" and denied "ab" instead.
		{"Read", `{"file_path":"<cwd>/a{b}/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/sub/a{b}/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/a{b}/k"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"K","path":"<cwd>/a{b}"}`, "", "deny"},
		{"Glob", `{"pattern":"*","path":"<cwd>/a{b}"}`, "", "deny"},
		{"Bash", `{"command":"cat 'a{b}/k'"}`, "", "deny"},
		{"Bash", `{"command":"head -1 < sub/a\\{b\\}/k"}`, "", "deny"},
		{"Edit", `{"file_path":"<cwd>/a{b}/k","old_string":"K","new_string":"L"}`, "acceptEdits", "deny"},
		{"Read", `{"file_path":"<cwd>/{old,new}.key"}`, "", "deny"},
		{"Bash", `{"command":"cat '{old,new}.key'"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/gen{v1}/x","content":"x"}`, "acceptEdits", "deny"},
		{"MultiEdit", `{"file_path":"<cwd>/gen{v1}/x","edits":[{"old_string":"x","new_string":"y"}]}`, "acceptEdits", "deny"},
		{"NotebookEdit", `{"notebook_path":"<cwd>/gen{v1}/n.ipynb","new_source":"x"}`, "acceptEdits", "deny"},
		{"Edit", `{"file_path":"<cwd>/sub/gen{v1}/x","old_string":"x","new_string":"y"}`, "bypassPermissions", "deny"},
		// The alternation still counts for a deny: the stricter reading.
		{"Read", `{"file_path":"<cwd>/ab/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/old.key"}`, "", "deny"},
		{"Write", `{"file_path":"<cwd>/genv1/x","content":"x"}`, "acceptEdits", "deny"},
		// Benign neighbours.
		{"Read", `{"file_path":"<cwd>/ac/k"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/mid.key"}`, "", "allow"},
		{"Bash", `{"command":"cat ac/k mid.key"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/gen/x","content":"x"}`, "acceptEdits", "allow"},
		{"Grep", `{"pattern":"K","path":"<cwd>/ac"}`, "", "allow"},
	},
	"r17-2 an allow on a name holding braces approved the alternation": {
		// Claude Code reads Read(//out/{x,y}/**) as the directory "{x,y}"
		// and asks for out/x; the glob matcher approved out/x and out/y.
		{"Read", `{"file_path":"<root>/out/x/k"}`, "", "ask"},
		{"Read", `{"file_path":"<root>/out/y/k"}`, "dontAsk", "deny"},
		{"Grep", `{"pattern":"K","path":"<root>/out/x"}`, "", "ask"},
		{"Write", `{"file_path":"<root>/out/x/new","content":"x"}`, "", "ask"},
		{"Edit", `{"file_path":"<root>/out/y/k","old_string":"K","new_string":"L"}`, "acceptEdits", "ask"},
		{"Read", `{"file_path":"<root>/lit/ab/k"}`, "", "ask"},
		// Benign neighbours: the directory the rules name.
		{"Read", `{"file_path":"<root>/out/{x,y}/k"}`, "", "allow"},
		{"Write", `{"file_path":"<root>/out/{x,y}/new","content":"x"}`, "", "allow"},
		{"Read", `{"file_path":"<root>/lit/a{b}/k"}`, "", "allow"},
	},
	"r17-3 a deny whose own directory is a link: the same file by its real name": {
		// home/.ssh and home/.netrc are links into the project (a dotfiles
		// checkout laid out by stow); the rules name the home spelling.
		{"Read", `{"file_path":"<cwd>/dot/ssh/id_rsa"}`, "", "deny"},
		{"Read", `{"file_path":"<root>/home/.ssh/id_rsa"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/dot/netrc"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"P","path":"<cwd>/dot/ssh"}`, "", "deny"},
		{"Glob", `{"pattern":"*","path":"<cwd>/dot/ssh"}`, "", "deny"},
		{"Bash", `{"command":"cat dot/ssh/id_rsa"}`, "", "deny"},
		{"Bash", `{"command":"base64 < dot/netrc"}`, "", "deny"},
		{"Edit", `{"file_path":"<cwd>/dot/netrc","old_string":"N","new_string":"M"}`, "acceptEdits", "deny"},
		{"Write", `{"file_path":"<cwd>/dot/aws/credentials","content":"x"}`, "acceptEdits", "deny"},
		{"Bash", `{"command":"echo x >> dot/aws/credentials"}`, "acceptEdits", "deny"},
		// Read(/linked/keys/**): the project's "linked" is a link to "real".
		{"Read", `{"file_path":"<cwd>/real/keys/k"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/linked/keys/k"}`, "", "deny"},
		{"Bash", `{"command":"head real/keys/k"}`, "", "deny"},
		// .env a link to the environment's file: Read(.env) names it.
		{"Read", `{"file_path":"<cwd>/config/prod.env"}`, "", "deny"},
		{"Bash", `{"command":"grep S= config/prod.env"}`, "", "deny"},
		{"Edit", `{"file_path":"<cwd>/config/prod.env","old_string":"S","new_string":"T"}`, "acceptEdits", "deny"},
		// Benign neighbours: the rest of the checkout.
		{"Read", `{"file_path":"<cwd>/config/stage.env"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/dot/README"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/real/other"}`, "", "allow"},
		{"Bash", `{"command":"cat dot/README real/other"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/dot/README","content":"x"}`, "acceptEdits", "allow"},
		{"Read", `{"file_path":"<cwd>/dot/aws/config"}`, "", "allow"},
	},
	"r17-4 a deny that climbs from the filesystem root": {
		// "/.." is "/": Read(//../x/**) names /x, and the climb left the
		// glob relative ("./x/**"), which no path matches.
		{"Read", `{"file_path":"<root>/vault/k"}`, "", "deny"},
		{"Grep", `{"pattern":"K","path":"<root>/vault"}`, "", "deny"},
		{"Bash", `{"command":"cat <root>/vault/k"}`, "", "deny"},
		// Benign neighbour: the directory beside it, allowed by its rule.
		{"Read", `{"file_path":"<root>/open/k"}`, "", "allow"},
	},
}

// red17pathsProject lays out the project, its home (dotfiles linked into
// the project) and the directories outside it.
func red17pathsProject(t *testing.T) (*Engine, string, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	policy := strings.ReplaceAll(red17pathsPolicy, "<root>", root)
	s := projectAt(t, root, policy, map[string]string{
		"a{b}/k": "K", "sub/a{b}/k": "K", "ab/k": "K", "ac/k": "K", "{old,new}.key": "K", "old.key": "K",
		"mid.key": "K", "gen{v1}/x": "x", "sub/gen{v1}/x": "x", "dot/ssh/id_rsa": "PRIV", "dot/netrc": "N",
		"dot/README": "r", "dot/aws/credentials": "c", "dot/aws/config": "c", "real/keys/k": "K", "real/other": "o",
		"config/prod.env": "S=1", "config/stage.env": "S=2",
	})
	cwd, home := s.Cwd, filepath.Join(root, "home")
	for _, f := range []string{"out/x/k", "out/y/k", "out/{x,y}/k", "lit/ab/k", "lit/a{b}/k", "vault/k", "open/k"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("K"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		filepath.Join(home, ".ssh"): cwd + "/dot/ssh", filepath.Join(home, ".netrc"): cwd + "/dot/netrc",
		filepath.Join(home, ".aws"): cwd + "/dot/aws", filepath.Join(cwd, "linked"): "real",
		filepath.Join(cwd, ".env"): "config/prod.env",
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, cwd, root
}

// TestBypassRed17Paths decides every red17 row on a real project.
func TestBypassRed17Paths(t *testing.T) {
	e, cwd, root := red17pathsProject(t)
	classes := map[string][]toolRow{}
	for class, rows := range red17pathsClasses {
		for _, r := range rows {
			r.input = strings.ReplaceAll(r.input, "<root>", root)
			classes[class] = append(classes[class], r)
		}
	}
	runToolRows(t, e, cwd, classes)
}

package engine

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Round-11 bypass rows: a copy or move that recreates symbolic links
// (cp -P/-d/-a/-r, every mv, rsync -a/-l) makes a second name for what a
// link points to. `cp -P lnk g && echo x > g/config`, with lnk -> .git,
// wrote .git/config in acceptEdits mode (and under Bash(cp:*) with an Edit
// allow): g/config does not exist while the command is checked, so the
// protected-path check never saw .git. Each link such a command copies is
// now a write of its target, as `ln -s .git g` is. Checked with the real
// cp, mv and rsync: each row marked "was allow" wrote .git/config or a
// hook. The harmless neighbours (plain copies, links to plain files,
// copies that follow links) stay allowed. And acceptEdits now asks for cp,
// mv and touch with an option, as the reference CLI does.

type red11Row struct {
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the layout's directories
	cmd      string
	mode     string
	want     string
}

// red11Links are the symbolic links of the layout: name -> target, both
// under the project unless absolute.
var red11Links = map[string]string{
	"lnk":           ".git",
	"alnk":          "<cwd>/.git",
	"flnk":          ".git/config",
	"clnk":          ".claude",
	"vlnk":          ".vscode",
	"olnk":          "<tmp>",
	"hlnk":          "<home>/.bashrc",
	"plnk":          "a.txt",
	"src/l":         "../.git",
	"deep/a/b/l":    "../../../.claude",
	"plain/p":       "../a.txt",
	"plain/q":       "sub",
	"wt/x":          "../.git/hooks",
	"spaced dir/ln": "../.git",
}

var red11Files = map[string]string{"<cwd>/a.txt": "a\n", "<cwd>/.git/config": "[core]\n", "<cwd>/.git/hooks/pre-commit.sample": "#\n",
	"<cwd>/.claude/settings.json": "{}\n", "<cwd>/.vscode/settings.json": "{}\n", "<cwd>/src/b.txt": "b\n", "<cwd>/deep/a/b/c.txt": "c\n",
	"<cwd>/plain/sub/d.txt": "d\n", "<cwd>/wt/y.txt": "y\n", "<cwd>/spaced dir/z.txt": "z\n", "<home>/.bashrc": "# rc\n", "<tmp>/o.txt": "o\n"}

const red11Allow = `{"permissions":{"allow":["Bash(cp:*)","Bash(mv:*)","Bash(rsync:*)","Bash(echo:*)","Edit(**)"]}}`

var red11Rows = map[string][]red11Row{
	// cp keeping a link (-P, -d, -a, --no-dereference, -r, abbreviations):
	// was allow in acceptEdits.
	"cp-keeps-link": {
		{`{}`, `cp -P lnk g && echo x > g/config`, `acceptEdits`, `ask`},
		{`{}`, `cp -P lnk g`, `acceptEdits`, `ask`},
		{`{}`, `cp -d lnk g && sed -i s/a/b/ g/config`, `acceptEdits`, `ask`},
		{`{}`, `cp -a alnk g`, `acceptEdits`, `ask`},
		{`{}`, `cp --no-dereference lnk g`, `acceptEdits`, `ask`},
		{`{}`, `cp --no-d lnk g`, `acceptEdits`, `ask`},
		{`{}`, `cp --arch lnk g`, `acceptEdits`, `ask`},
		{`{}`, `cp -r lnk g && touch g/hooks/pre-commit`, `acceptEdits`, `ask`},
		{`{}`, `cp -Pv flnk c && echo x >> c`, `acceptEdits`, `ask`},
		{`{}`, `cp -P -t src lnk`, `acceptEdits`, `ask`},
		{`{}`, `cp --target-directory=src -a lnk`, `acceptEdits`, `ask`},
		{`{}`, `cp -a clnk k && echo '{}' > k/settings.json`, `acceptEdits`, `ask`},
		{`{}`, `cp -a l?k g`, `acceptEdits`, `ask`},
		{`{}`, `cp -P lnk g`, `dontAsk`, `deny`},
		{red11Allow, `cp -P lnk g && echo x > g/config`, `default`, `ask`},
		{red11Allow, `cp -P lnk g && echo x > g/config`, `dontAsk`, `deny`},
		// .git and .claude ask even in bypass mode; .vscode does not.
		{`{}`, `cp -P lnk g && echo x > g/config`, `bypassPermissions`, `ask`},
		{`{}`, `cp -a clnk k`, `bypassPermissions`, `ask`},
		{`{}`, `cp -a vlnk v`, `bypassPermissions`, `allow`},
		{`{}`, `cp -a vlnk v`, `acceptEdits`, `ask`},
		// A link to outside the working directories or to a protected file
		// outside them is a write there.
		{`{}`, `cp -a olnk o && echo x > o/o.txt`, `acceptEdits`, `ask`},
		{`{}`, `cp -P hlnk rc && echo x >> rc`, `acceptEdits`, `ask`},
	},
	// A tree holding a link, copied recursively or moved: was allow.
	"tree-keeps-link": {
		{`{}`, `cp -r src d && echo x > d/l/config`, `acceptEdits`, `ask`},
		{`{}`, `cp -R src d`, `acceptEdits`, `ask`},
		{`{}`, `cp --recursive src d`, `acceptEdits`, `ask`},
		{`{}`, `mv src d && echo x > d/l/config`, `acceptEdits`, `ask`},
		{`{}`, `mv deep d2 && echo '{}' > d2/a/b/l/settings.json`, `acceptEdits`, `ask`},
		{`{}`, `mv -t plain wt`, `acceptEdits`, `ask`},
		{`{}`, `cp -a "spaced dir" s2`, `acceptEdits`, `ask`},
		{`{}`, `cp -a s* d`, `acceptEdits`, `ask`},
		{red11Allow, `cp -r src d && echo x > d/l/config`, `default`, `ask`},
		{`{}`, `mv src d`, `bypassPermissions`, `ask`},
	},
	// rsync -a / -l copies links as links: was allow under Bash(rsync:*).
	"rsync-keeps-link": {
		{red11Allow, `rsync -a lnk g && echo x > g/config`, `default`, `ask`},
		{red11Allow, `rsync -l lnk g`, `default`, `ask`},
		{red11Allow, `rsync -r --links src/ d/`, `default`, `ask`},
		{red11Allow, `rsync --arch src/ d/`, `default`, `ask`},
		{red11Allow, `rsync -avz src/ d/`, `dontAsk`, `deny`},
	},
	// acceptEdits lets cp, mv and touch through only without options, as
	// the reference CLI does ("cp with flags requires manual approval"):
	// was allow. rm, rmdir, mkdir and sed -i keep theirs.
	"accept-edits-options": {
		{`{}`, `cp -a a.txt c`, `acceptEdits`, `ask`},
		{`{}`, `cp -r plain p2`, `acceptEdits`, `ask`},
		{`{}`, `cp -- a.txt c`, `acceptEdits`, `ask`},
		{`{}`, `cp -P plnk c`, `acceptEdits`, `ask`},
		{`{}`, `cp --backup=numbered a.txt c`, `acceptEdits`, `ask`},
		{`{}`, `mv -f a.txt c`, `acceptEdits`, `ask`},
		{`{}`, `mv -v plain p2`, `acceptEdits`, `ask`},
		{`{}`, `touch -c a.txt`, `acceptEdits`, `ask`},
		{`{}`, `touch -r a.txt c`, `acceptEdits`, `ask`},
		{`{}`, `timeout 5 cp -r plain p2`, `acceptEdits`, `ask`},
		{`{}`, `cp -r plain p2`, `dontAsk`, `deny`},
		{`{}`, `cp a.txt c`, `acceptEdits`, `allow`},
		{`{}`, `mv a.txt c`, `acceptEdits`, `allow`},
		{`{}`, `touch c`, `acceptEdits`, `allow`},
		{`{}`, `rm -rf plain`, `acceptEdits`, `allow`},
		{`{}`, `mkdir -p q/r`, `acceptEdits`, `allow`},
		{`{}`, `sed -i s/a/b/ a.txt`, `acceptEdits`, `allow`},
		{`{}`, `cp -a a.txt c`, `bypassPermissions`, `allow`},
		{red11Allow, `cp -a a.txt c`, `default`, `allow`},
	},
	// Neighbours: copies with no link to a guarded place, and copies that
	// follow links (a copy of the content, not a new name).
	"neighbours": {
		{`{}`, `cp -P plnk c`, `bypassPermissions`, `allow`},
		{`{}`, `cp -r plain p2`, `bypassPermissions`, `allow`},
		{`{}`, `mv plain p2`, `acceptEdits`, `allow`},
		{`{}`, `mv a.txt c.txt`, `acceptEdits`, `allow`},
		{`{}`, `cp flnk c`, `acceptEdits`, `allow`},
		{`{}`, `cp src/b.txt c`, `acceptEdits`, `allow`},
		{`{}`, `cp -a new-missing c`, `bypassPermissions`, `allow`},
		{`{}`, `mkdir d && cp a.txt d/`, `acceptEdits`, `allow`},
		{red11Allow, `rsync -r src/ d/`, `default`, `allow`},
		{red11Allow, `rsync -a plain/ d/`, `default`, `allow`},
		{red11Allow, `cp -a plain p2`, `default`, `allow`},
		{`{}`, `cp -a plain p2`, `bypassPermissions`, `allow`},
		{`{}`, `ls -la lnk src`, `default`, `allow`},
	},
}

func TestBypassRed11CopiedLinks(t *testing.T) {
	root, dirs, sub := sweepLayout(t, red11Files)
	for name, target := range red11Links {
		p := filepath.Join(dirs["<cwd>"], name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(sub(target), p); err != nil {
			t.Fatal(err)
		}
	}
	engine := sweepEngines(root, dirs, sub)
	for class, rows := range red11Rows {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				e := engine(t, r.settings)
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": sub(r.cmd)}})
				if err != nil {
					t.Fatal(err)
				}
				if got := d.Decision.String(); got != r.want {
					t.Errorf("%q [%s] under %s: got %s (%s: %s), want %s", r.cmd, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// TestBypassRed11LinkBudget: a tree with more links than a call looks
// through is known only at run time: its copy asks, even in bypass mode
// (one of the links it did not look at may point at .git). A tree within
// the budget whose links stay inside the project is copied freely.
func TestBypassRed11LinkBudget(t *testing.T) {
	root, dirs, sub := sweepLayout(t, map[string]string{"<cwd>/a.txt": "a\n", "<cwd>/.git/config": "[core]\n"})
	for dir, n := range map[string]int{"many": maxCopiedLinks + 1, "some": 20} {
		if err := os.MkdirAll(filepath.Join(dirs["<cwd>"], dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := os.Symlink("../a.txt", filepath.Join(dirs["<cwd>"], dir, "l"+strconv.Itoa(i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := settings.Load(settings.Options{Cwd: dirs["<cwd>"], Home: dirs["<home>"], ManagedFile: filepath.Join(root, "none.json"),
		TrustWorkspace: true})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(t.Context(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []red11Row{
		{``, `mv many m2`, `acceptEdits`, `ask`},
		{``, `cp -a many m2`, `bypassPermissions`, `ask`},
		{``, `cp -r some s2`, `bypassPermissions`, `allow`},
		{``, `mv some s2`, `acceptEdits`, `allow`},
		{``, `cp many/l1 c`, `acceptEdits`, `allow`},
	} {
		d, err := e.Decide(t.Context(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": sub(r.cmd)}})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%q [%s]: got %s (%s: %s), want %s", r.cmd, r.mode, got, d.Stage, d.Reason, r.want)
		}
	}
}

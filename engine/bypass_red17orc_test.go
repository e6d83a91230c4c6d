package engine

import (
	"encoding/binary"
	"testing"
)

// Calls the read-only detection approved with no allow rule that the
// eleventh reference sweep (reference_sweep11_test.go) and its disguises
// showed looser than the spec.
//
// Class 5, bare declaration builtins: export, declare and typeset with
// no argument print every variable with its value (bash printed declare
// -x SECRET_TOKEN="hunter2" from its environment), as printenv does,
// which asks; agentctl approved them, the reference asks for export.
// Only bare local stays read-only.
//
// Class 4, git config --get reading other files: --global and --system
// print values from ~/.gitconfig and /etc/gitconfig, outside the working
// directories (git config --get --global github.token prints the token;
// shown with HOME holding one), --blob, --includes and --show-origin pick
// other sources; agentctl approved every option after --get, the reference
// asks. Only --get KEY and --get-all KEY of the repository stay read-only.
//
// Class 3, pathspecs outside the working directory. The working
// directory may be a subdirectory of the repository: from repo/s, git
// blame ../top.txt and git log -p -- ../top.txt printed TOPSECRET and git
// diff -- .. printed the change to it (git 2.39), while cat ../top.txt
// asks. Each such spelling (absolute, "..", "../…", "…/../…", a glob's
// literal directory) of a reading git subcommand is now a read of that
// path: it asks outside the working directories. git grep too: from
// repo/s, git grep TOP .. printed ../top.txt's line; git grep --no-index
// searches any directory; ":/" and ":(top)" start at the repository's top.
//
// Class 2, options naming a remote program (--upload-pack, --receive-pack,
// --exec) on read-only git subcommands: git log and show reject them
// (git 2.39: "unrecognized argument"), the reference asks for them, and
// agentctl approved them. They now make the form not read-only.
//
// Class 1, git's own pathspec globs. git log, diff, show, whatchanged and
// the diff plumbing match their pathspecs themselves: a quoted '.e*' or
// '*env' is a literal word to the shell, so no file fact named .env, yet
// (shown with git 2.39 in a repository tracking .env) git diff -- '.e*',
// git log -p -- '*env', git show HEAD -- '.en?' and git log -p --
// '[.]env' printed SECRET=…; ":(icase).ENV", ":(top).env",
// ":(literal).env" and the exclude magic ":!a.go" printed it too. Under a
// Read(.env) deny each was allowed (git diff -- .env was denied). A glob
// or magic pathspec is now a walk of the tree below its literal directory,
// kept to the names its literal tail allows: it asks where a denied name
// could be selected and stays allowed where the tail keeps it out
// ('*.go', 'lib/*.ts') and with no rule at all.

const (
	red17orcDeny = `{"permissions":{"deny":["Read(.env)"]}}`
	red17orcNone = `{}`
)

// red17orcFiles is the layout of the rows: the reference's fixture files.
var red17orcFiles = map[string]string{"<cwd>/package.json": `{"name":"oracle-fixture"}`, "<cwd>/.env": "SECRET=x\n",
	"<cwd>/README.md": "# x\n", "<cwd>/x": "x\n", "<cwd>/src/index.ts": "x\n", "<cwd>/lib/util.ts": "x\n",
	// The project is a repository whose index tracks .env: outside one, git
	// prints nothing, and a work-tree diff prints only what the index tracks.
	"<cwd>/.git/HEAD": "ref: refs/heads/main\n", "<cwd>/.git/objects/.keep": "", "<cwd>/.git/refs/.keep": "",
	"<cwd>/.git/index": red17orcIndex(".env", "README.md", "lib/util.ts", "package.json", "src/index.ts", "x")}

// red17orcIndex is a version 2 git index tracking paths (sorted, as git
// writes them); its stat data and object names are zero.
func red17orcIndex(paths ...string) string {
	b := []byte("DIRC\x00\x00\x00\x02")
	b = binary.BigEndian.AppendUint32(b, uint32(len(paths)))
	for _, p := range paths {
		start := len(b)
		b = append(b, make([]byte, 24)...)
		b = binary.BigEndian.AppendUint32(b, 0o100644)
		b = append(b, make([]byte, 32)...)
		b = binary.BigEndian.AppendUint16(b, uint16(len(p)))
		b = append(b, p...)
		for pad := 8 - (len(b)-start)%8; pad > 0; pad-- {
			b = append(b, 0)
		}
	}
	return string(append(b, make([]byte, 20)...))
}

var red17orcRows = map[string][]bashModeRow{
	"git-pathspec-glob": {
		{red17orcDeny, `git diff -- '.e*'`, "default", "ask"},
		{red17orcDeny, `git log -p --format=%h -- '*env'`, "default", "ask"},
		{red17orcDeny, `git show HEAD -- '.en?'`, "default", "ask"},
		{red17orcDeny, `git log -p -- '[.]env'`, "default", "ask"},
		{red17orcDeny, `git diff -- "*env"`, "default", "ask"},
		{red17orcDeny, `git diff -- \*env`, "default", "ask"},
		{red17orcDeny, `git diff -- *env`, "default", "ask"},
		{red17orcDeny, `git diff HEAD~1 HEAD -- '.e*'`, "default", "ask"},
		{red17orcDeny, `git diff --stat -- '.e*'`, "default", "ask"},
		{red17orcDeny, `git log -p -- 'src/*'`, "default", "ask"},
		{red17orcDeny, `git --no-pager log -p -- '.e*'`, "default", "ask"},
		{red17orcDeny, `git log -p -- '.e*' | head`, "default", "ask"},
		{red17orcDeny, `git diff -- '.e*'`, "dontAsk", "deny"},
		{red17orcDeny, `git shortlog -- '.e*'`, "default", "ask"},
		{red17orcDeny, `git rev-list HEAD -- '.e*'`, "default", "ask"},
		// Harmless neighbours: a tail that keeps .env out, plain paths,
		// no rule at all, and a pickaxe value (not a pathspec).
		{red17orcDeny, `git diff -- '*.go'`, "default", "allow"},
		{red17orcDeny, `git log -p -- 'lib/*.ts'`, "default", "allow"},
		{red17orcDeny, `git log --oneline -- src`, "default", "allow"},
		{red17orcDeny, `git log -n 5 --oneline`, "default", "allow"},
		// -S takes a value, no pathspec; still a whole-history patch: it asks
		// in a repository as git log -p does.
		{red17orcDeny, `git log -S 'a*b' -p`, "default", "ask"},
		{red17orcDeny, `git status`, "default", "allow"},
		{red17orcNone, `git diff -- '.e*'`, "default", "allow"},
		{red17orcNone, `git log -p -- '*env'`, "default", "allow"},
	},
	"git-pathspec-magic": {
		{red17orcDeny, `git diff -- ':(icase).ENV'`, "default", "ask"},
		{red17orcDeny, `git log -p -- ':(top).env'`, "default", "ask"},
		{red17orcDeny, `git log -p -- ':(literal).env'`, "default", "ask"},
		{red17orcDeny, `git log -p -- ':!a.go'`, "default", "ask"},
		{red17orcDeny, `git log -p -- ':^a.go'`, "default", "ask"},
		{red17orcDeny, `git show HEAD -- ':(exclude)x'`, "default", "ask"},
		{red17orcDeny, `git log -p -- ':(glob)**/.env'`, "default", "deny"},
		{red17orcNone, `git log -p -- ':!a.go'`, "default", "allow"},
	},
	"git-program-opts": {
		{red17orcNone, `git log --upload-pack=id`, "default", "ask"},
		{red17orcNone, `git log --exec=id`, "default", "ask"},
		{red17orcNone, `git show --receive-pack=id`, "default", "ask"},
		{red17orcNone, `git log --upload-pack id`, "default", "ask"},
		{red17orcNone, `git log --upl=id`, "default", "ask"},
		{red17orcNone, `git status --exec=x`, "default", "ask"},
		{red17orcNone, `git log --exec=id`, "dontAsk", "deny"},
		{red17orcNone, `git log --oneline`, "default", "allow"},
		{red17orcNone, `git diff --stat`, "default", "allow"},
	},
	"git-pathspec-outside": {
		{red17orcNone, `git blame ../x`, "default", "ask"},
		{red17orcNone, `git blame -- ../x`, "default", "ask"},
		{red17orcNone, `git log -p -- ../x`, "default", "ask"},
		{red17orcNone, `git log -p ../x`, "default", "ask"},
		{red17orcNone, `git diff HEAD -- ../x`, "default", "ask"},
		{red17orcNone, `git show HEAD -- ../x`, "default", "ask"},
		{red17orcNone, `git diff /etc/passwd`, "default", "ask"},
		{red17orcNone, `git blame src/../../x`, "default", "ask"},
		{red17orcNone, `git log -p -- ..`, "default", "ask"},
		{red17orcNone, `git diff ..`, "default", "ask"},
		{red17orcNone, `git log -p -- '../*'`, "default", "ask"},
		{red17orcNone, `git shortlog -- ../x`, "default", "ask"},
		{red17orcNone, `git blame ../x`, "dontAsk", "deny"},
		{red17orcNone, `git grep --no-index foo /etc`, "default", "ask"},
		{red17orcNone, `git grep foo ..`, "default", "ask"},
		{red17orcNone, `git grep foo -- ':/'`, "default", "ask"},
		{red17orcNone, `git grep -e foo ../x`, "default", "ask"},
		{red17orcNone, `git log -p -- ':(top)x'`, "default", "ask"},
		{red17orcNone, `git log -p -- ~/x`, "default", "ask"},
		{red17orcNone, `git log -p -- ~`, "default", "ask"},
		{red17orcNone, `git diff -- ~+/../x`, "default", "ask"},
		{red17orcNone, `git log -p -- ../*`, "default", "ask"},
		{red17orcNone, `git log -p -- ~+/src`, "default", "allow"},
		{red17orcNone, `git log -p -- src/*`, "default", "allow"},
		{red17orcNone, `git grep foo -- src`, "default", "allow"},
		{red17orcNone, `git grep --no-index foo src`, "default", "allow"},
		{red17orcNone, `git diff --no-index x /dev/null`, "default", "allow"},
		{red17orcNone, `git log main..HEAD`, "default", "allow"},
		{red17orcNone, `git log ..main`, "default", "allow"},
		{red17orcNone, `git blame x`, "default", "allow"},
		{red17orcNone, `git log -p -- src`, "default", "allow"},
		{red17orcNone, `git log -p -- src/../x`, "default", "allow"},
		{red17orcNone, `git diff HEAD~1..HEAD -- src`, "default", "allow"},
	},
	"git-config-get-files": {
		{red17orcNone, `git config --get --global user.email`, "default", "ask"},
		{red17orcNone, `git config --get --system user.email`, "default", "ask"},
		{red17orcNone, `git config --get user.email --global`, "default", "ask"},
		{red17orcNone, `git config --get --blob HEAD:x y`, "default", "ask"},
		{red17orcNone, `git config --get --includes x.y`, "default", "ask"},
		{red17orcNone, `git config --get --show-origin user.name`, "default", "ask"},
		{red17orcNone, `git config --get --global github.token`, "dontAsk", "deny"},
		{red17orcNone, `git config --get user.name`, "default", "allow"},
		{red17orcNone, `git config --get-all remote.origin.fetch`, "default", "allow"},
	},
	"bare-declarations": {
		{red17orcNone, `export`, "default", "ask"},
		{red17orcNone, `declare`, "default", "ask"},
		{red17orcNone, `typeset`, "default", "ask"},
		{red17orcNone, `readonly`, "default", "ask"},
		{red17orcNone, `export | grep KEY`, "default", "ask"},
		{red17orcNone, `ls; export`, "default", "ask"},
		{red17orcNone, `export`, "dontAsk", "deny"},
		{red17orcNone, `local`, "default", "allow"},
		{red17orcNone, `pwd`, "default", "allow"},
	},
	"neighbours": {
		{red17orcNone, `ls -la`, "default", "allow"},
		{red17orcNone, `git status`, "default", "allow"},
		{red17orcNone, `grep -rn foo src`, "default", "allow"},
		{red17orcDeny, `ls -la`, "default", "allow"},
	},
}

func TestBypassRed17orc(t *testing.T) {
	checkBashRows(t, red17orcFiles, red17orcRows)
}

package engine

import "testing"

// A reading git subcommand's pathspecs and REV:path operands are reads:
// an Edit deny on a directory does not stop `git log -- src`, while a Read
// deny still stops every spelling of a read of the denied file, and the
// writing forms (redirects, --output, checkout, restore) keep meeting the
// Edit deny.
func TestGitReadingSubcommandsReadTheirOperands(t *testing.T) {
	const editDeny = `{"permissions":{"deny":["Edit(src/**)"]}}`
	const readDeny = `{"permissions":{"deny":["Read(src/**)","Read(.env)"]}}`
	const both = `{"permissions":{"deny":["Edit(src/**)","Read(.env)"]}}`
	files := map[string]string{"<cwd>/src/a.go": "package a\n", "<cwd>/.env": "K=v\n"}
	checkBashRows(t, files, map[string][]bashModeRow{
		"reads under an Edit deny": {
			{editDeny, "git log -1 src", "default", "allow"},
			{editDeny, "git log -p -- src/a.go", "default", "allow"},
			{editDeny, "git diff src", "default", "allow"},
			{editDeny, "git diff HEAD -- src/a.go", "default", "allow"},
			{editDeny, "git show HEAD -- src", "default", "allow"},
			{editDeny, "git show HEAD:src/a.go", "default", "allow"},
			{editDeny, "git blame src/a.go", "default", "allow"},
			{editDeny, "git log --oneline -- src", "default", "allow"},
			{editDeny, "git --no-pager diff --stat src", "default", "allow"},
			{editDeny, "git cat-file -p HEAD:src/a.go", "default", "allow"},
		},
		"writes under an Edit deny": {
			{editDeny, "git diff --output=src/x.patch", "default", "deny"},
			{editDeny, "git diff > src/x.patch", "default", "deny"},
			{editDeny, "git log -p | tee src/x", "default", "deny"},
			{editDeny, "git checkout -- src/a.go", "default", "deny"},
			{editDeny, "git restore src/a.go", "default", "deny"},
			{editDeny, "git rm src/a.go", "default", "deny"},
			{editDeny, "git mv src/a.go b.go", "default", "deny"},
			{editDeny, "fmt src/a.go", "default", "deny"},
		},
		"reads under a Read deny": {
			{readDeny, "git log -1 src", "default", "deny"},
			{readDeny, "git diff src/a.go", "default", "deny"},
			{readDeny, "git show HEAD:src/a.go", "default", "deny"},
			{readDeny, "git show HEAD:.env", "default", "deny"},
			{readDeny, "git show @:./.env", "default", "deny"},
			{readDeny, "git cat-file -p HEAD:.env", "default", "deny"},
			{readDeny, "git blame .env", "default", "deny"},
			{readDeny, "git log -p -- .env", "default", "deny"},
			{readDeny, "git diff --no-index .env /dev/null", "default", "deny"},
			{both, "git show HEAD:.env", "default", "deny"},
			{both, "git log -1 src", "default", "allow"},
		},
	})
}

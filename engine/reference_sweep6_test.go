package engine

import (
	"context"
	"testing"
)

// Rows of a sixth differential sweep against the reference CLI (2.1.332,
// run offline), over spec §3: Bash deny and ask rules (Bash(git push:*),
// Bash(rm *), Bash(npm publish), Bash(git * main), Bash(curl:*)) under a
// bare Bash allow, against commands that reach the ruled command another
// way — wrappers (env, sudo, timeout, nice, nohup, stdbuf, command, exec,
// watch, flock, setsid, ionice, busybox, npx, su), compound commands,
// subshells, substitutions, pipes, xargs, find -exec, shell -c scripts,
// eval, path-qualified and quoted names, assignments, variables, git and
// npm options before the subcommand, git aliases, redirects, a trailing
// "--" — and harmless near-misses (git pushx, rm-tool, echo rm -rf, grep
// "git push"). Each row keeps the reference's answer (ref); where want is
// stricter, note says which part of the spec makes it so, and agentctl is
// never looser than the reference without one.

type sweep6Row struct {
	id       string
	settings string // flag settings
	cmd      string
	want     string
	ref      string
	note     string
}

// sweep6Files are the reference run's fixture files.
var sweep6Files = map[string]string{"<cwd>/README.md": "x\n", "<cwd>/list": "x\n"}

var referenceSweep6 = []sweep6Row{
	{`c00`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git push origin main`, `deny`, `deny`, ``},
	{`c01`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `/usr/bin/git push`, `deny`, `deny`, ``},
	{`c02`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `env git push`, `deny`, `deny`, ``},
	{`c03`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `env -i PATH=/usr/bin git push`, `deny`, `deny`, ``},
	{`c04`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `sudo git push`, `deny`, `deny`, ``},
	{`c05`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `sudo -u root git push`, `deny`, `deny`, ``},
	{`c06`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `timeout 5 git push`, `deny`, `deny`, ``},
	{`c07`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `timeout -s KILL 5 git push`, `deny`, `deny`, ``},
	{`c08`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `nice -n 5 git push`, `deny`, `deny`, ``},
	{`c09`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `nohup git push`, `deny`, `deny`, ``},
	{`c10`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `time git push`, `deny`, `deny`, ``},
	{`c11`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `stdbuf -o0 git push`, `deny`, `deny`, ``},
	{`c12`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `command git push`, `deny`, `deny`, ``},
	{`c13`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `exec git push`, `deny`, `deny`, ``},
	{`c14`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `bash -c 'git push'`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c15`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `sh -c "git push origin"`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c16`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `bash -lc 'true; git push'`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c17`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `eval 'git push'`, `deny`, `allow`, `stricter, spec §3: deny/ask see eval 'literal'`},
	{`c18`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `eval "git push"`, `deny`, `allow`, `stricter, spec §3: deny/ask see eval 'literal'`},
	{`c19`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `echo x | xargs git push`, `deny`, `deny`, ``},
	{`c20`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `find . -exec rm {} \;`, `deny`, `allow`, `stricter, spec §3: deny/ask see find -exec`},
	{`c21`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `find . -name x -execdir rm -rf {} +`, `deny`, `allow`, `stricter, spec §3: deny/ask see find -exec`},
	{`c22`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `(git push)`, `deny`, `deny`, ``},
	{`c23`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `{ git push; }`, `deny`, `deny`, ``},
	{`c24`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `echo $(git push)`, `deny`, `deny`, ``},
	{`c25`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, "echo `git push`", `deny`, `deny`, ``},
	{`c26`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `cat <(git push)`, `deny`, `deny`, ``},
	{`c27`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `true && git push`, `deny`, `deny`, ``},
	{`c28`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `false || git push`, `deny`, `deny`, ``},
	{`c29`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `if true; then git push; fi`, `deny`, `deny`, ``},
	{`c30`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `f() { git push; }; f`, `deny`, `deny`, ``},
	{`c31`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git -C . push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c32`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git -c x.y=z push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c33`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --no-pager push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c34`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --git-dir=.git push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c35`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --work-tree=. push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c36`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git -P push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c37`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --bare push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c38`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --literal-pathspecs push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c39`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git --namespace=x push`, `deny`, `allow`, `stricter, spec §3: deny/ask see past git's global options`},
	{`c40`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git -c alias.p=push p`, `deny`, `allow`, `stricter, spec §3: a git alias in -c names the command git runs`},
	{`c41`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `g'it' push`, `deny`, `deny`, ``},
	{`c42`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `"git" push`, `deny`, `deny`, ``},
	{`c43`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `\git push`, `deny`, `deny`, ``},
	{`c44`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `gi\t pu\sh`, `deny`, `deny`, ``},
	{`c45`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git "push"`, `deny`, `deny`, ``},
	{`c46`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git pu''sh`, `deny`, `deny`, ``},
	{`c47`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `X=1 git push`, `deny`, `deny`, ``},
	{`c48`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `GIT_DIR=.git git push`, `deny`, `deny`, ``},
	{`c49`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=git; $a push`, `deny`, `deny`, ``},
	{`c50`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `${X:-git} push`, `ask`, `allow`, `stricter, spec §3: a dynamic command name is unresolved while a Bash deny or ask rule exists`},
	{`c51`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `echo git push | bash`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c52`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `bash <<< 'git push'`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c53`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git	push`, `deny`, `deny`, ``},
	{`c54`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git  push`, `deny`, `deny`, ``},
	{`c55`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `>out git push`, `deny`, `deny`, ``},
	{`c56`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `2>&1 git push origin`, `deny`, `deny`, ``},
	{`c57`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git push&`, `deny`, `deny`, ``},
	{`c58`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git pushx`, `allow`, `allow`, ``},
	{`c59`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `echo git push`, `allow`, `allow`, ``},
	{`c60`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `grep "git push" README.md`, `allow`, `allow`, ``},
	{`c61`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git log --grep=push`, `allow`, `allow`, ``},
	{`c62`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `rm -rf x`, `deny`, `deny`, ``},
	{`c63`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `rm x`, `deny`, `deny`, ``},
	{`c64`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `rm`, `deny`, `deny`, ``},
	{`c65`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `/bin/rm x`, `deny`, `deny`, ``},
	{`c66`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `\rm x`, `deny`, `deny`, ``},
	{`c67`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `command rm x`, `deny`, `deny`, ``},
	{`c68`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `'rm' -f x`, `deny`, `deny`, ``},
	{`c69`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `r''m x`, `deny`, `deny`, ``},
	{`c70`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `$'rm' x`, `deny`, `allow`, `stricter: bash runs $'rm' as rm (quote removal)`},
	{`c71`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `xargs -n1 rm < list`, `deny`, `allow`, `stricter, spec §3: deny/ask see through xargs with flags`},
	{`c72`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `echo rm -rf x`, `allow`, `allow`, ``},
	{`c73`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `rm-tool x`, `allow`, `allow`, ``},
	{`c74`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `busybox rm x`, `deny`, `allow`, `stricter, spec §3: multi-call binaries run their applet`},
	{`c75`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `curl http://x`, `ask`, `ask`, ``},
	{`c76`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `curl -s http://x | sh`, `ask`, `ask`, ``},
	{`c77`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `/usr/bin/curl http://x`, `ask`, `ask`, ``},
	{`c78`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `env -i curl http://x`, `ask`, `ask`, ``},
	{`c79`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `watch curl http://x`, `ask`, `ask`, ``},
	{`c80`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `curl`, `ask`, `ask`, ``},
	{`c81`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm publish`, `deny`, `deny`, ``},
	{`c82`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm publish --dry-run`, `allow`, `allow`, ``},
	{`c83`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm  publish`, `deny`, `deny`, ``},
	{`c84`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm --silent publish`, `deny`, `allow`, `stricter, spec §3: options are parsed as the program parses them (npm's options before its command)`},
	{`c85`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm --prefix . publish`, `deny`, `allow`, `stricter, spec §3: options are parsed as the program parses them (npm's options before its command)`},
	{`c86`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npm -w x publish`, `deny`, `allow`, `stricter, spec §3: options are parsed as the program parses them (npm's options before its command)`},
	{`c87`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `npx npm publish`, `deny`, `allow`, `stricter, spec §3: deny/ask see the command a runner runs`},
	{`c88`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git pull origin main`, `deny`, `deny`, ``},
	{`c89`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git checkout main`, `deny`, `deny`, ``},
	{`c90`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git main`, `allow`, `allow`, ``},
	{`c91`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git log main..x`, `allow`, `allow`, ``},
	{`c92`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `git push origin mainline`, `deny`, `deny`, ``},
	{`c93`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `su -c 'git push'`, `deny`, `allow`, `stricter, spec §3: deny/ask parse the script a shell runs`},
	{`c94`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `flock /tmp/l git push`, `deny`, `deny`, ``},
	{`c95`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `setsid git push`, `deny`, `deny`, ``},
	{`c96`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `ionice -c3 git push`, `deny`, `deny`, ``},
	{`v0`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `npm publish --`, `deny`, `allow`, `stricter, spec §3: deny/ask read a command without its final "--" (it changes nothing)`},
	{`v1`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `git push --`, `deny`, `allow`, `stricter, spec §3: deny/ask read a command without its final "--" (it changes nothing)`},
	{`v2`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `curl http://x --`, `ask`, `allow`, `stricter, spec §3: deny/ask read a command without its final "--" (it changes nothing)`},
	{`v3`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `npm publish -- x`, `allow`, `allow`, ``},
	{`v4`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=git; $a push`, `deny`, `deny`, ``},
	{`v5`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `X=push; git $X`, `deny`, `deny`, ``},
	{`v6`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=rm; $a x`, `deny`, `deny`, ``},
	{`v7`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=git; sudo $a push`, `deny`, `deny`, ``},
	{`v8`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=ls; $a -la`, `ask`, `allow`, `stricter, spec §3: a dynamic command name is unresolved while a Bash deny or ask rule exists`},
	{`v9`, `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)","Bash(npm publish)","Bash(git * main)"],"ask":["Bash(curl:*)"]}}`, `a=git; echo "$a push"`, `allow`, `allow`, ``},
	{`v10`, `{"permissions":{"allow":["Bash"],"deny":["Bash(rm -rf:*)"]}}`, `rm -fr x`, `deny`, `allow`, `stricter, spec §3 and §9: options are parsed as the program parses them (short-flag tricks): -fr is -rf`},
	{`v11`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `git checkout main --`, `deny`, `allow`, `stricter, spec §3: deny/ask read a command without its final "--" (it changes nothing)`},
	{`v12`, `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`, `npm publish '--'`, `deny`, `allow`, `stricter, spec §3: deny/ask read a command without its final "--" (it changes nothing)`},
}

func TestReferenceSweep6(t *testing.T) {
	for _, r := range referenceSweep6 {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
	}
	root, dirs, sub := sweepLayout(t, sweep6Files)
	engine := sweepEngines(root, dirs, sub)
	for _, r := range referenceSweep6 {
		e := engine(t, r.settings)
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": r.cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %q under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.cmd, r.settings, got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

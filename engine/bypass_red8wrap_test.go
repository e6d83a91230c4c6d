package engine

import (
	"context"
	"strings"
	"testing"
)

// A generated matrix of wrapper and subcommand option grammars (spec §3,
// §9): every wrapper is written with each form its own option parser
// accepts (short, clustered, attached and separate values, long options
// with = and as a separate word, getopt_long prefixes, --), alone and
// nested two and three deep, and each form is decided by both
// evaluators.

// red8Wrapper is one wrapper's spellings: each prefix runs the words
// that follow it as a command.
type red8Wrapper struct {
	name     string
	narrow   bool // allow rules see through it (spec §3 stripped list)
	prefixes []string
}

var red8Wrappers = []red8Wrapper{
	{"timeout", true, []string{"timeout 5", "timeout -s9 5", "timeout -s 9 5", "timeout -k1 5", "timeout -k 1 5",
		"timeout --signal=KILL 5", "timeout --signal KILL 5", "timeout --sig=KILL 5", "timeout --kill=1 5",
		"timeout --kill-after 1 5", "timeout -fv 5", "timeout -vs9 5", "timeout --foreground 5",
		"timeout --fore 5", "timeout --preserve 5", "timeout -- 5", "timeout -s9 -- 5", "timeout 5s", "timeout 0.5"}},
	{"time", true, []string{"time", "time -p", "time -- ", "time -p -- "}},
	{"nice", true, []string{"nice", "nice -n1", "nice -n 1", "nice -1", "nice --5", "nice -n-5", "nice --adjustment=3",
		"nice --adj=3", "nice --adjustment 3", "nice --adj 3", "nice --", "nice -n1 --"}},
	{"nohup", true, []string{"nohup", "nohup --"}},
	{"stdbuf", true, []string{"stdbuf -oL", "stdbuf -o L", "stdbuf -i0 -e0", "stdbuf --output=L", "stdbuf --output L",
		"stdbuf --out=L", "stdbuf --o=L", "stdbuf -oL --", "stdbuf --error 0"}},
	{"command", true, []string{"command", "command -p", "command --"}},
	{"builtin", true, []string{"builtin"}},
	{"env", false, []string{"env", "env -i", "env -u X", "env -uX", "env -iuX", "env --unset=X", "env --unset X",
		"env --uns=X", "env --ignore-environment", "env --ignore", "env -", "env -C /tmp", "env -C/tmp",
		"env --chdir=/tmp", "env --ch /tmp", "env -0i", "env A=1", "env -i A=1 B=2", "env --", "env -i --",
		"env -S'X=1'", "env --split-string=''", "env -vi", "env --debug", "env --default-signal", "env --default-signal=INT",
		"env --block-signal", "env --ignore-signal=INT", "env -a x", "env --argv0=x"}},
	{"sudo", false, []string{"sudo", "sudo -u x", "sudo -ux", "sudo --user=x", "sudo --user x", "sudo --us=x",
		"sudo -n", "sudo -nu x", "sudo -Enu x", "sudo -E", "sudo --preserve-env", "sudo --preserve-env=A,B",
		"sudo -g x", "sudo -gx", "sudo --group=x", "sudo -H", "sudo -S", "sudo -b",
		"sudo -C 3", "sudo -C3", "sudo --close-from=3", "sudo -p x", "sudo -px", "sudo --prompt=x", "sudo -T 5",
		"sudo --command-timeout 5", "sudo -h host", "sudo --host=host", "sudo -D /tmp", "sudo --chdir=/tmp",
		"sudo -R /", "sudo --", "sudo -u x --", "sudo A=1", "sudo -u x A=1", "sudo -r r -t t", "sudo -U x -u y",
		"sudo --non-interactive", "sudo --non", "sudo -k", "sudo -K -u x"}},
	{"watch", false, []string{"watch", "watch -n1", "watch -n 1", "watch --interval=1", "watch --interval 1",
		"watch --int=1", "watch -d", "watch -dn1", "watch --differences", "watch --differences=permanent",
		"watch -x", "watch --exec", "watch -gtn1", "watch -q 1", "watch --", "watch -n1 --", "watch -bce",
		"watch --no-title", "watch --no-t"}},
	{"ionice", false, []string{"ionice", "ionice -c2", "ionice -c 2", "ionice -c2 -n7", "ionice -n7", "ionice -t",
		"ionice --class=idle", "ionice --class idle", "ionice --classdata=7", "ionice -c 3 -t",
		"ionice --", "ionice -c3 --"}},
	{"setsid", false, []string{"setsid", "setsid -f", "setsid -w", "setsid -fw", "setsid --fork", "setsid --wait",
		"setsid --fo", "setsid -c", "setsid --ctty", "setsid --", "setsid -f --"}},
	{"flock", false, []string{"flock /tmp/l", "flock -x /tmp/l", "flock -n /tmp/l", "flock -w1 /tmp/l",
		"flock -w 1 /tmp/l", "flock --timeout=1 /tmp/l", "flock --timeout 1 /tmp/l", "flock --time 1 /tmp/l",
		"flock -xn /tmp/l", "flock -E1 /tmp/l", "flock --conflict-exit-code 1 /tmp/l", "flock -o /tmp/l",
		"flock --close /tmp/l", "flock -s /tmp/l", "flock -- /tmp/l", "flock -F /tmp/l",
		"flock --no-fork /tmp/l", "flock --verbose /tmp/l"}},
	{"xargs", false, []string{"xargs", "xargs -0", "xargs -n1", "xargs -n 1", "xargs -0n1", "xargs -P4", "xargs -P 4",
		"xargs --max-args=1", "xargs --max-args 1", "xargs --max-a=1", "xargs -r", "xargs --no-run", "xargs -d,",
		"xargs -d ,", "xargs --delimiter=,", "xargs -t", "xargs -L1", "xargs -L 1", "xargs -s 99", "xargs -x",
		"xargs --", "xargs -0 --", "xargs -i", "xargs -l", "xargs -e", "xargs -E x", "xargs -a /dev/null",
		"xargs --arg-file=/dev/null", "xargs --null --verbose"}},
	{"chrt", false, []string{"chrt 0", "chrt -o 0", "chrt -b 0", "chrt -i 0", "chrt --other 0", "chrt --idle 0",
		"chrt --batch 0", "chrt -r 1", "chrt -f 1", "chrt -R -o 0", "chrt -v 0", "chrt -- 0", "chrt -o -- 0"}},
	{"taskset", false, []string{"taskset 1", "taskset -c 0", "taskset --cpu-list 0",
		"taskset --cpu 0", "taskset -a 1", "taskset -- 1", "taskset -c -- 0", "taskset 0x1"}},
	{"unshare", false, []string{"unshare", "unshare -r", "unshare -U", "unshare -Ur", "unshare -m", "unshare -f",
		"unshare --user", "unshare --user --map-root-user", "unshare --map-root", "unshare -n", "unshare --net",
		"unshare --mount=/tmp/ns", "unshare -S0", "unshare -S 0", "unshare --setuid 0", "unshare --setuid=0",
		"unshare -w /tmp", "unshare --wd=/tmp", "unshare --", "unshare -r --", "unshare --fork --pid"}},
	{"chroot", false, []string{"chroot /", "chroot --userspec=x /", "chroot --userspec x /", "chroot --user=x /",
		"chroot --skip-chdir /", "chroot --groups=x /", "chroot -- /"}},
	{"find", false, []string{"find . -exec", "find . -execdir", "find . -ok", "find . -okdir", "find -exec",
		"find . -name x -exec", "find -L . -exec", "find -H -O2 . -exec", "find . -type f -execdir",
		"find . -maxdepth 1 -exec", "find -- . -exec"}},
	{"nsenter", false, []string{"nsenter -t 1 -m", "nsenter -t1 -a", "nsenter --target=1 --mount", "nsenter --target 1 -a",
		"nsenter -a -t 1 --"}},
}

// red8Unsure are spellings whose command is not where it seems: an
// ambiguous getopt_long prefix or an invalid cluster makes the wrapper
// fail, an optional value never swallows the next word (sudo
// --preserve-env A runs A), flock's "--" after its file is the command.
// Each must still never be allowed.
var red8Unsure = []string{"ionice --cl 3", "taskset -c0", "sudo --preserve-env A", "flock /tmp/l --",
	"env --default-signal INT", "watch -d permanent", "xargs -i x", "xargs -e x", "xargs -l 1",
	"sudo -h host", "unshare --mount /tmp/ns", "nsenter -m /x -t 1", "sudo -h"}

// red8Terminators end a find -exec payload; other wrappers need none.
func red8Form(prefix, inner string) string {
	if strings.HasPrefix(prefix, "find ") {
		return prefix + " " + inner + " {} ;"
	}
	if strings.HasSuffix(prefix, " ") {
		return prefix + inner
	}
	return prefix + " " + inner
}

// red8Nest gives a few wrappers nested in others, outermost first.
var red8Nest = [][]string{
	{"sudo -u x", "env -i", "timeout -s9 5", "nice -n1"},
	{"sudo -nu x", "env -uX"},
	{"env -i A=1", "sudo -E"},
	{"timeout --kill=1 5", "nohup", "setsid -f"},
	{"nice -n 1", "ionice -c3", "stdbuf -oL"},
	{"xargs -0 -n1", "sudo -u x"},
	{"watch -n1", "sudo"},
	{"flock -w 1 /tmp/l", "env -C /tmp", "timeout 5"},
	{"command", "builtin", "nohup"},
	{"unshare -r", "chroot /", "nice"},
	{"time -p", "taskset -c 0", "chrt -o 0"},
	{"setsid -w", "flock /tmp/l", "xargs"},
	{"stdbuf --output=L", "env --", "sudo --"},
	{"env -S'timeout 5'"},
	{"ionice -t", "unshare --user", "watch -x"},
}

// red8Sub is a subcommand deny rule and the spellings that must reach it
// past the program's global options.
type red8Sub struct {
	rule  string
	forms []string
}

var red8Subs = []red8Sub{
	{"git push *", []string{"git push origin main", "git -C . push origin main", "git -C. push origin main",
		"git -c a.b=c push origin main", "git -ca.b=c push origin main", "git --no-pager push origin main",
		"git --git-dir=.git push origin main", "git --git-dir .git push origin main", "git --work-tree=. push origin main",
		"git --work-tree . push origin main", "git --namespace=x push origin main", "git --namespace x push origin main",
		"git --exec-path push origin main", "git -p push origin main", "git --paginate push origin main",
		"git -P push origin main", "git --literal-pathspecs push origin main", "git --config-env=a.b=X push origin main",
		"git --config-env a.b=X push origin main", "git --no-replace-objects push origin main", "git --bare push origin main",
		"git --no-optional-locks push origin main", "git --glob-pathspecs push origin main", "git --icase-pathspecs push origin main",
		"git -C . -c a.b=c --no-pager push origin main", "git --git-d=.git push origin main", "git --work=. push origin main",
		"git --no-p push origin main", "git --lit push origin main", "/usr/bin/git push origin main",
		"sudo -u x git -C . push origin main", "env -i git --no-pager push origin main", "timeout 5 git -p push origin main",
		"git --namespace=x -C . --bare push origin main", "git --attr-source=HEAD push origin main"}},
	{"docker push *", []string{"docker push x", "docker --context x push x", "docker --context=x push x",
		"docker -c x push x", "docker -H tcp://h push x", "docker --host=tcp://h push x", "docker -D push x",
		"docker --debug push x", "docker -l debug push x", "docker --log-level=debug push x", "docker --tls push x",
		"docker --tlsverify push x", "docker --config /tmp push x", "docker --config=/tmp push x",
		"docker --tlscacert=c push x", "docker --tlscacert c push x", "docker image push x",
		"docker --context x image push x", "docker -D image push x", "docker -- push x"}},
	{"kubectl delete *", []string{"kubectl delete pod x", "kubectl -n x delete pod x", "kubectl -nx delete pod x",
		"kubectl -n=x delete pod x", "kubectl --namespace x delete pod x", "kubectl --namespace=x delete pod x",
		"kubectl --context x delete pod x", "kubectl --context=x delete pod x", "kubectl --kubeconfig /tmp/k delete pod x",
		"kubectl -v 9 delete pod x", "kubectl -v=9 delete pod x", "kubectl --v=9 delete pod x", "kubectl -s h delete pod x",
		"kubectl --server=h delete pod x", "kubectl --insecure-skip-tls-verify delete pod x", "kubectl --user u delete pod x",
		"kubectl --cluster c delete pod x", "kubectl --token=t delete pod x", "kubectl --as u delete pod x",
		"kubectl --request-timeout 5 delete pod x", "kubectl -n x --context y delete pod x"}},
	{"npm publish *", []string{"npm publish", "npm --prefix x publish", "npm --prefix=x publish", "npm -C x publish",
		"npm --registry=r publish", "npm --registry r publish", "npm -w x publish", "npm --workspace x publish",
		"npm --workspace=x publish", "npm -g publish", "npm --global publish", "npm --silent publish", "npm -s publish",
		"npm -d publish", "npm --loglevel silly publish", "npm --loglevel=silly publish", "npm --userconfig /tmp/c publish",
		"npm --tag x publish", "npm --otp 1 publish", "npm --dry-run=false publish", "npm --yes publish", "npm -y publish",
		"npm --foo bar publish", "npm --foo=bar publish", "npm pub", "npm --prefix x pub"}},
	{"npm install *", []string{"npm install x", "npm i x", "npm add x", "npm in x", "npm isntall x", "npm insta x",
		"npm --prefix x i x", "npm -g add x", "npm -- install x", "npm --registry r isntal x"}},
	{"rm *", []string{"npm exec rm x", "npm exe rm x", "npm x rm x", "time -p -- rm x", "time -- rm x"}},
	{"cargo run *", []string{"cargo run", "cargo r", "cargo +nightly r", "cargo -q r --release"}},
	{"cargo publish *", []string{"cargo publish", "cargo +nightly publish", "cargo +stable publish", "cargo -v publish",
		"cargo -vv publish", "cargo -q publish", "cargo --verbose publish", "cargo --color always publish",
		"cargo --color=always publish", "cargo -Z x publish", "cargo -Zx publish", "cargo --config a=1 publish",
		"cargo --config=a=1 publish", "cargo --locked publish", "cargo --offline publish", "cargo --frozen publish",
		"cargo -C x publish", "cargo --manifest-path x publish", "cargo +nightly -v publish"}},
	{"go run *", []string{"go run x", "go -C dir run x", "go -C=dir run x"}},
	{"make install *", []string{"make install", "make -C dir install", "make -Cdir install", "make --directory=dir install",
		"make --directory dir install", "make --dir=dir install", "make -j4 install", "make -j 4 install", "make -k install",
		"make -s install", "make -e install", "make X=1 install", "make -C dir X=1 install", "make -j install",
		"make -l 2 install", "make -O install", "make --output-sync=line install", "make -- install",
		"make CC=gcc install", "make -C dir CFLAGS+=-O2 install", "make X:=1 -- install", "gmake PREFIX=/x install"}},
	{"terraform apply *", []string{"terraform apply", "terraform -chdir=x apply", "terraform -chdir x apply",
		"terraform --chdir=x apply", "terraform -no-color apply"}},
	{"helm uninstall *", []string{"helm uninstall x", "helm --namespace x uninstall x", "helm --namespace=x uninstall x",
		"helm -n x uninstall x", "helm -nx uninstall x", "helm --kube-context x uninstall x", "helm --debug uninstall x",
		"helm --kubeconfig k uninstall x", "helm delete x", "helm -n x del x", "helm un x",
		"helm --namespace=x delete x"}},
	{"gh pr merge *", []string{"gh pr merge 1", "gh -R o/r pr merge 1", "gh -Ro/r pr merge 1", "gh --repo o/r pr merge 1",
		"gh --repo=o/r pr merge 1", "gh pr -R o/r merge 1", "gh pr --repo o/r merge 1", "gh pr merge -R o/r 1"}},
	{"pip install *", []string{"pip install x", "pip --isolated install x", "pip -v install x", "pip -q install x",
		"pip --no-cache-dir install x", "pip --proxy p install x", "pip --proxy=p install x", "pip --python x install x",
		"pip --log /tmp/l install x", "pip3 install x", "python -m pip install x", "python3 -m pip install x",
		"python3 -mpip install x", "python3 -I -m pip install x", "python3 -Im pip install x", "python3 -u -m pip install x",
		"python3.11 -m pip install x", "pip3.11 install x", "uv pip install x", "uv --quiet pip install x",
		"uv -q pip install x", "uv --directory d pip install x", "pip2 install x", "pip3.12 -q install x"}},
	{"poetry publish *", []string{"poetry publish", "poetry -C x publish", "poetry --directory x publish",
		"poetry --directory=x publish", "poetry -P x publish", "poetry --project x publish", "poetry -q publish",
		"poetry -n publish", "poetry --no-interaction publish", "poetry -vvv publish", "poetry --ansi publish"}},
	{"yarn publish *", []string{"yarn publish", "yarn --cwd x publish", "yarn --cwd=x publish", "yarn --silent publish",
		"yarn --verbose publish", "yarn --offline publish", "yarn --registry r publish"}},
	{"pnpm publish *", []string{"pnpm publish", "pnpm -C x publish", "pnpm --dir x publish", "pnpm --dir=x publish",
		"pnpm -w publish", "pnpm -r publish", "pnpm --recursive publish", "pnpm --filter x publish",
		"pnpm -F x publish", "pnpm --filter=x publish", "pnpm --silent publish", "pnpm -s publish"}},
}

// red8Engines builds one engine per evaluator for a policy.
func red8Engines(t *testing.T, policy string) map[Evaluator]*Engine {
	t.Helper()
	out := map[Evaluator]*Engine{}
	for _, ev := range []Evaluator{EvalNative, EvalRego} {
		e, err := New(context.Background(), project(t, policy, map[string]string{"x": "x\n"}), WithEvaluator(ev))
		if err != nil {
			t.Fatal(err)
		}
		out[ev] = e
	}
	return out
}

// red8Check decides cmd under both evaluators and reports a decision
// other than want.
func red8Check(t *testing.T, engines map[Evaluator]*Engine, cmd, want string) {
	t.Helper()
	for ev, e := range engines {
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "default", Input: map[string]any{"command": cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if !wantDecision(want, d.Decision.String()) {
			t.Errorf("[%s] %s: got %s (%s: %s), want %s", ev, cmd, d.Decision, d.Stage, d.Reason, want)
		}
	}
}

// red8Forms is every single and nested wrapper form around inner, with
// whether allow rules see through all of its wrappers.
func red8Forms(inner string) map[string]bool {
	out := map[string]bool{}
	for _, w := range red8Wrappers {
		for _, p := range w.prefixes {
			out[red8Form(p, inner)] = w.narrow
		}
	}
	for _, nest := range red8Nest {
		cmd, narrow := inner, true
		for i := len(nest) - 1; i >= 0; i-- {
			cmd = red8Form(nest[i], cmd)
			narrow = narrow && red8IsNarrow(nest[i])
		}
		out[cmd] = narrow
	}
	return out
}

func red8IsNarrow(prefix string) bool {
	name, _, _ := strings.Cut(prefix, " ")
	for _, w := range red8Wrappers {
		if w.name == name {
			return w.narrow
		}
	}
	return false
}

func TestRed8WrapperMatrix(t *testing.T) {
	deny := red8Engines(t, `{"permissions":{"deny":["Bash(rm *)"]}}`)
	var wrapAllow []string
	for _, w := range red8Wrappers {
		wrapAllow = append(wrapAllow, `"Bash(`+w.name+` *)"`)
	}
	wrapped := red8Engines(t, `{"permissions":{"allow":[`+strings.Join(wrapAllow, ",")+`]}}`)
	innerAllow := red8Engines(t, `{"permissions":{"allow":["Bash(rm *)","Bash(/bin/rm *)"]}}`)
	for i, inner := range []string{"rm -rf x", "/bin/rm x"} {
		// The second inner command is decided natively only, to keep the
		// matrix fast; the differential tests hold the two together.
		only := func(m map[Evaluator]*Engine) map[Evaluator]*Engine {
			if i == 0 {
				return m
			}
			return map[Evaluator]*Engine{EvalNative: m[EvalNative]}
		}
		for cmd, narrow := range red8Forms(inner) {
			red8Check(t, only(deny), cmd, "deny")
			red8Check(t, only(wrapped), cmd, "notallow")
			if !narrow {
				red8Check(t, only(innerAllow), cmd, "notallow")
			}
		}
	}
}

func TestRed8UnsurePayload(t *testing.T) {
	deny := red8Engines(t, `{"permissions":{"deny":["Bash(rm *)"]}}`)
	wrapped := red8Engines(t, `{"permissions":{"allow":["Bash(rm *)"`+
		`,"Bash(ionice *)","Bash(taskset *)","Bash(flock *)","Bash(watch *)","Bash(unshare *)","Bash(nsenter *)"]}}`)
	for _, p := range red8Unsure {
		red8Check(t, deny, red8Form(p, "rm -rf x"), "notallow")
		red8Check(t, wrapped, red8Form(p, "rm -rf x"), "notallow")
	}
}

func TestRed8Subcommands(t *testing.T) {
	var rules []string
	for _, s := range red8Subs {
		rules = append(rules, `"Bash(`+s.rule+`)"`)
	}
	deny := red8Engines(t, `{"permissions":{"deny":[`+strings.Join(rules, ",")+`]}}`)
	ask := red8Engines(t, `{"permissions":{"ask":[`+strings.Join(rules, ",")+`],"allow":["Bash"]}}`)
	for _, s := range red8Subs {
		for _, cmd := range s.forms {
			red8Check(t, deny, cmd, "deny")
			red8Check(t, ask, cmd, "ask")
		}
	}
}

// red8Rows are single disguises with their own settings.
var red8Rows = []struct{ settings, cmd, want string }{
	// sudo -s and -i run $SHELL -c with every byte but [A-Za-z0-9_$-]
	// escaped: "$" is expanded by that shell, so a word with $IFS splits
	// into a command agentctl must read as a script.
	{red8SudoRm, `sudo -s 'rm$IFS-rf$IFS.'`, "notallow"},
	{red8SudoRm, `sudo -s rm$IFS-rf$IFS.`, "notallow"},
	{red8SudoRm, `sudo -u x -s 'rm$IFS-f$IFS-r'`, "notallow"},
	// Braces are escaped: one literal word, never rm. The shell's view of
	// `$\{` is uncertain enough that it asks rather than allows.
	{red8SudoRm, `sudo -u x -s 'rm${IFS}x'`, "notdeny"},
	{red8SudoRm, `sudo --shell 'rm$IFS-rf$IFS.'`, "notallow"},
	{red8SudoRm, `sudo --login 'rm$IFS-rf$IFS.'`, "notallow"},
	{red8SudoRm, `sudo -iu x 'rm$IFS-rf$IFS.'`, "notallow"},
	{red8SudoRm, `sudo -Es 'rm$IFS.'`, "notallow"},
	{red8SudoRm, `env -i sudo -s 'rm$IFS.'`, "notallow"},
	{red8SudoRm, `sudo -s '$X'`, "notallow"},
	{red8SudoRm, `sudo -s rm -rf x`, "deny"},
	// Benign neighbours: escaped metacharacters stay literal.
	{red8SudoRm, `sudo -s 'rm -rf x'`, "allow"}, // one word: a command named "rm -rf x"
	{red8SudoRm, `sudo -s make`, "allow"},
	{red8SudoRm, `sudo -s 'a;rm x'`, "allow"},
}

const red8SudoRm = `{"permissions":{"allow":["Bash(sudo *)"],"deny":["Bash(rm *)"]}}`

func TestRed8Rows(t *testing.T) {
	engines := map[string]map[Evaluator]*Engine{}
	for _, r := range red8Rows {
		if engines[r.settings] == nil {
			engines[r.settings] = red8Engines(t, r.settings)
		}
		red8Check(t, engines[r.settings], r.cmd, r.want)
	}
}

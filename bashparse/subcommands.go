package bashparse

import "strings"

// subcommandGlobals are, for CLIs whose first operand is a subcommand
// (or a make target, an mvn goal), the options before it that take the
// next word as their value. `docker --context x push`, `kubectl -n x
// delete pod p`, `npm --registry x publish` must meet Bash(docker push *),
// Bash(kubectl delete *), Bash(npm publish *) as git's global options do
// (spec §9: options between a command and its subcommand). An option not
// listed here may take a value or not: both readings are tried.
var subcommandGlobals = map[string]map[string]bool{
	"docker": set("-c", "--context", "-H", "--host", "-l", "--log-level", "--config", "--tlscacert", "--tlscert", "--tlskey"),
	"podman": set("-c", "--connection", "--url", "--root", "--runroot", "--storage-driver", "--log-level", "--cgroup-manager",
		"--identity", "--config", "--module"),
	"kubectl": set("-n", "--namespace", "--context", "--cluster", "--kubeconfig", "-s", "--server", "--user", "--token",
		"--as", "--as-group", "--as-uid", "--request-timeout", "-v", "--certificate-authority", "--client-certificate",
		"--client-key", "--cache-dir", "--tls-server-name", "-l"),
	"oc": set("-n", "--namespace", "--context", "--cluster", "--kubeconfig", "-s", "--server", "--user", "--token",
		"--as", "--request-timeout", "-v"),
	"helm": set("-n", "--namespace", "--kube-context", "--kubeconfig", "--registry-config", "--repository-config",
		"--repository-cache", "--kube-apiserver", "--kube-token", "--kube-as-user", "--kube-as-group", "--burst-limit",
		"--kube-ca-file", "--kube-tls-server-name"),
	"npm": set("-w", "--workspace", "--prefix", "--registry", "--userconfig", "--globalconfig", "--cache", "--loglevel",
		"--tag", "--otp", "-C"),
	"pnpm":      set("-C", "--dir", "-F", "--filter", "--reporter", "--loglevel", "--registry", "--config"),
	"yarn":      set("--cwd", "--registry", "--modules-folder", "--cache-folder", "--global-folder", "--use-yarnrc"),
	"gh":        set("-R", "--repo", "--hostname"),
	"aws":       set("--profile", "--region", "--output", "--endpoint-url", "--query", "--color", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout"),
	"gcloud":    set("--project", "--account", "--configuration", "--verbosity", "--format", "--impersonate-service-account", "--billing-project"),
	"az":        set("--subscription", "-o", "--output", "--query"),
	"cargo":     set("-Z", "-C", "--config", "--color"),
	"pip":       set("--proxy", "--log", "--cache-dir", "--timeout", "--retries", "--cert", "--client-cert", "--exists-action", "--python"),
	"pip3":      set("--proxy", "--log", "--cache-dir", "--timeout", "--retries", "--cert", "--client-cert", "--exists-action", "--python"),
	"terraform": set(), "tofu": set(), // -chdir=DIR is one word
	"go":     set("-C"),
	"poetry": set("-C", "--directory", "-P", "--project"),
	"uv": set("--directory", "--project", "--config-file", "--cache-dir", "--color", "--python-preference",
		"--allow-insecure-host", "--python", "-p"),
	"make":      set("-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "--old-file", "-W", "--what-if", "-l"),
	"gmake":     set("-C", "--directory", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "--old-file", "-W", "--what-if", "-l"),
	"systemctl": set("-H", "--host", "-M", "--machine", "-t", "--type", "-p", "--property", "-s", "--signal", "--root", "-o", "--output", "-n", "--lines"),
	"apt":       set("-o", "--option", "-c", "--config-file", "-t", "--target-release"),
	"apt-get":   set("-o", "--option", "-c", "--config-file", "-t", "--target-release"),
	"dnf":       set("-c", "--config", "--releasever", "--installroot", "--setopt", "--repo", "--enablerepo", "--disablerepo"),
	"yum":       set("-c", "--config", "--releasever", "--installroot", "--setopt", "--enablerepo", "--disablerepo"),
	"mvn":       set("-f", "--file", "-s", "--settings", "-gs", "--global-settings", "-P", "--activate-profiles", "-pl", "--projects", "-T", "--threads", "-rf", "--resume-from", "-D", "-t", "--toolchains", "-l", "--log-file"),
	"gradle":    set("-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-P", "-D", "-I", "--init-script", "-x", "--exclude-task", "-g", "--gradle-user-home", "--console"),
	"gradlew":   set("-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-P", "-D", "-I", "--init-script", "-x", "--exclude-task", "-g", "--gradle-user-home", "--console"),
}

// maxHoisted bounds the readings of one command's leading options.
const maxHoisted = 4

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// subcommandPayloads returns the command as deny and ask rules should see
// it with the options before its subcommand removed, under every reading
// of those options (an unknown option may or may not take the next word);
// `python -m pip install x` is seen as `pip install x` as well.
func subcommandPayloads(words []Word) []payload {
	if len(words) < 2 || !words[0].Static() {
		return nil
	}
	out := hoistedPayloads(words)
	// Each reading, and the command as written, under its canonical
	// subcommand name (npm pub, helm del, docker image push, uv pip).
	n := len(out)
	for i := -1; i < n; i++ {
		argv := words
		if i >= 0 {
			argv = out[i].argv
		}
		for _, a := range aliasPayloads(argv) {
			out = append(out, payload{argv: a, origin: words[0].Value + " alias"})
		}
	}
	return out
}

// hoistedPayloads is subcommandPayloads without aliases: the readings of
// the command with its options before the subcommand dropped.
func hoistedPayloads(words []Word) []payload {
	if len(words) < 3 {
		return nil
	}
	name := words[0].Value
	if m, ok := pythonModule(words); ok {
		return []payload{{argv: m, origin: name + " -m"}}
	}
	globals, ok := subcommandGlobals[name]
	if !ok || !optionBeforeSubcommand(name, words) {
		return nil
	}
	var out []payload
	seen := map[string]bool{wordsKey(words): true} // never the command as written
	emit := func(argv []Word) {
		if key := wordsKey(argv); !seen[key] {
			seen[key] = true
			out = append(out, payload{argv: argv, origin: name + " options"})
		}
	}
	// walk reads words[i:] with kept holding the subcommand words so far;
	// an option between two of them is dropped, with the next word too
	// when it is (or may be) the option's value. pending is where the
	// options dropped since the last kept word start (-1: none): options
	// after the last subcommand word stay as written.
	var walk func(i int, kept []Word, dropped bool, pending int)
	walk = func(i int, kept []Word, dropped bool, pending int) {
		if len(out) >= maxHoisted {
			return
		}
		rest := i
		if pending >= 0 {
			rest = pending
		}
		if i < len(words) && words[i].Value == "--" && len(kept) == 1 {
			// "--" ends the options; the subcommand follows it (make --
			// install, npm -- publish).
			walkOperands(words, i+1, kept, emit)
			return
		}
		if i >= len(words) || len(kept) > subcommandLevels || words[i].Value == "--" {
			if dropped {
				emit(append(append([]Word(nil), kept...), words[rest:]...))
			}
			return
		}
		if pending < 0 {
			pending = i
		}
		v := words[i].Value
		switch {
		case makeOperandAssign(name, v):
			walk(i+1, kept, dropped, pending)
		case !isOptionWord(name, v):
			walk(i+1, append(append([]Word(nil), kept...), words[i]), dropped || pending < i, -1)
		case strings.Contains(v, "="):
			walk(i+1, kept, dropped, pending)
		case globals[v]:
			walk(i+2, kept, dropped, pending)
		default:
			walk(i+1, kept, dropped, pending)
			if i+1 < len(words) && !isOptionWord(name, words[i+1].Value) {
				walk(i+2, kept, dropped, pending)
			}
		}
	}
	walk(1, []Word{words[0]}, false, -1)
	return out
}

// subcommandLevels is how many subcommand words options may stand
// between (aws s3 --profile p rm, gh pr -R o/r merge).
const subcommandLevels = 3

func wordsKey(ws []Word) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.Value)
		b.WriteByte(0)
	}
	return b.String()
}

// isOptionWord reports a word read as an option before the subcommand:
// "-x", "--long", and cargo's "+toolchain".
// optionBeforeSubcommand reports an option word among the first
// subcommandLevels words after the name, before any "--": without one,
// subcommandPayloads drops nothing and has nothing to add.
func optionBeforeSubcommand(name string, words []Word) bool {
	for _, w := range words[1:min(len(words), 1+subcommandLevels)] {
		if w.Value == "--" || makeOperandAssign(name, w.Value) {
			return true
		}
		if isOptionWord(name, w.Value) {
			return true
		}
	}
	return false
}

func isOptionWord(name, v string) bool {
	return strings.HasPrefix(v, "-") && v != "-" || name == "cargo" && strings.HasPrefix(v, "+")
}

// pythonModule reads `python[3[.x]] [opts] -m MOD args` as MOD args: the
// module runs as that program would (pip, venv, http.server).
func pythonModule(words []Word) ([]Word, bool) {
	name := words[0].Value
	if name != "python" && !strings.HasPrefix(name, "python3") && !strings.HasPrefix(name, "python2") {
		return nil, false
	}
	for i := 1; i < len(words); i++ {
		v := words[i].Value
		if !strings.HasPrefix(v, "-") || v == "-" || v == "--" || strings.HasPrefix(v, "--") {
			if strings.HasPrefix(v, "--") && v != "--" {
				continue // --version, --check-hash-based-pycs=…
			}
			return nil, false // a script or stdin: not a module
		}
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'c':
				return nil, false
			case 'm', 'W', 'X':
				val := v[j+1:]
				if val == "" && i+1 < len(words) {
					i++
					val = words[i].Value
					if v[j] == 'm' && !words[i].Static() {
						return nil, false
					}
				}
				if v[j] == 'm' && val != "" {
					return append([]Word{{Value: val}}, words[i+1:]...), true
				}
				j = len(v)
			}
		}
	}
	return nil, false
}

// walkOperands emits kept followed by words[i:] read as operands: after
// "--" nothing is an option, and a make variable assignment is not a
// target.
func walkOperands(words []Word, i int, kept []Word, emit func([]Word)) {
	out := append([]Word(nil), kept...)
	for _, w := range words[i:] {
		if !makeOperandAssign(kept[0].Value, w.Value) {
			out = append(out, w)
		}
	}
	emit(out)
}

// makeOperandAssign reports make's NAME=VALUE operand, a variable and not a
// target: make X=1 install builds install.
func makeOperandAssign(name, v string) bool {
	return (name == "make" || name == "gmake") && strings.Contains(v, "=") && !strings.HasPrefix(v, "-")
}

package bashparse

import (
	"strings"
)

// A cluster client sends the credentials of its configuration (a bearer
// token, a client certificate) to the server it talks to; an option that
// names another server sends them there. kubectl 1.3x with a kubeconfig
// holding a token: kubectl get pods --server https://127.0.0.1:8766 sent
// "Authorization: Bearer <token>" to that local listener. A team's
// Bash(kubectl get *) approves reading its own cluster, not handing the
// token to a host the command names: each such option is a power no
// prefix rule approves (spec §3). --context, --cluster and --user only
// pick among the entries of the user's own configuration and stay
// arguments.

// credentialHostOpts are, per program, the options (pflag spellings: a
// long "--name", a one-letter "-x") whose value is the server the
// configuration's credentials go to.
var credentialHostOpts = map[string][]string{
	"kubectl": {"--server", "-s"},
	"oc":      {"--server", "-s"},
	"helm":    {"--kube-apiserver"},
}

// credentialHostPowers returns the options of a cluster client's command
// line (args after the program name) that send its credentials to a
// server they name.
func credentialHostPowers(name string, args []Word) []string {
	opts := credentialHostOpts[name]
	if len(opts) == 0 {
		return nil
	}
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		for _, o := range opts {
			val, ok := pflagValue(o, v)
			if !ok {
				continue
			}
			if val == "" && i+1 < len(args) {
				val = args[i+1].Value
			}
			out = append(out, name+" "+o+" "+val+" sends the configuration's credentials to the server it names")
		}
	}
	return out
}

// pflagValue reports whether word v sets option o as pflag reads it —
// "--name", "--name=V", "-s", "-s=V", "-sV" — and the value attached to
// it ("" when the value is the next word).
func pflagValue(o, v string) (string, bool) {
	if strings.HasPrefix(o, "--") {
		if v == o {
			return "", true
		}
		if rest, ok := strings.CutPrefix(v, o+"="); ok {
			return rest, true
		}
		return "", false
	}
	if len(v) < 2 || v[0] != '-' || v[1] == '-' {
		return "", false
	}
	// A cluster (-As URL, -sURL, -s=URL): pflag reads flag letters until
	// the first that takes a value, and the rest of the word is its value.
	for k := 1; k < len(v); k++ {
		switch {
		case v[k] == o[1]:
			return strings.TrimPrefix(v[k+1:], "="), true
		case strings.IndexByte(pflagValueShorts, v[k]) >= 0:
			return "", false
		}
	}
	return "", false
}

// pflagValueShorts are the one-letter options of kubectl and oc that take
// a value (-o yaml, -n ns, -l app=x, -f F): a letter after one of them in
// a cluster is part of its value. Any other letter is read as a flag, so
// an unknown one never hides the server option after it.
const pflagValueShorts = "onlfkLvcp"

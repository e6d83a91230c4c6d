package bashparse

import (
	"strconv"
	"strings"
)

// curlMethod derives the HTTP method curl sends when -X does not name one:
// a body (-d and its kin, -F, --json) makes it a POST, -T a PUT, -I a
// HEAD, -G a GET (checked with curl 7.88 against a socket that printed
// each request line). Bash(curl -X POST:*) thus meets `curl -d x URL`,
// which posts as surely as `curl -X POST -d x URL` does.
func curlMethod(opts []string) []string {
	has := map[string]bool{}
	for _, o := range opts {
		name, _, _ := strings.Cut(o, "=")
		has[name] = true
	}
	switch {
	case has["-X"]:
		return nil
	case has["-G"]:
		return []string{"-X=GET"}
	case has["-d"] || has["-F"]:
		return []string{"-X=POST"}
	case has["-T"]:
		return []string{"-X=PUT"}
	case has["-I"]:
		return []string{"-X=HEAD"}
	}
	return nil
}

// curlNormalize spells -X's method in upper case: curl sends it as given,
// and a server reading methods without regard to case (or a proxy that
// upper-cases them) runs `-X post` as a POST, so a rule on POST meets it.
func curlNormalize(name, v string) string {
	if name == "-X" {
		return strings.ToUpper(v)
	}
	return v
}

// gitPushMirror reads git push --mirror as the force and delete it does:
// every local ref is force-updated on the remote and every remote ref the
// repository lacks is deleted (git-push(1); checked with git 2.39: a
// rewritten branch is overwritten and a remote-only one is "[deleted]").
func gitPushMirror(opts []string) []string {
	for _, o := range opts {
		if o == "--mirror" {
			return []string{"-f", "-d"}
		}
	}
	return nil
}

// chmodMode spells chmod's mode (its first operand) one way: an octal mode
// without leading zeros beyond three digits (0777 and 00777 are 777), and
// the symbolic modes that set every bit of 777 for all as 777 (a=rwx,
// ugo+rwx; checked with GNU chmod: each left a file at 777). Other modes
// stay as given.
func chmodMode(i int, op string) string {
	if i != 0 || op == "" {
		return op
	}
	if strings.Trim(op, "01234567") == "" {
		for len(op) > 3 && op[0] == '0' {
			op = op[1:]
		}
		return op
	}
	switch op {
	case "a=rwx", "a+rwx", "ugo=rwx", "ugo+rwx", "u=rwx,g=rwx,o=rwx", "u+rwx,g+rwx,o+rwx":
		return "777"
	}
	return op
}

// npmGlobalLocation reads npm's --location=global as the -g it is (npm's config
// docs: "location ... global ... equivalent to --global").
func npmGlobalLocation(opts []string) []string {
	for _, o := range opts {
		if o == "--location=global" {
			return []string{"-g"}
		}
	}
	return nil
}

// kubectlInt spells kubectl delete's whole-number values in decimal: pflag
// parses them with strconv.ParseInt(s, 0, 64), so --grace-period=00,
// =0x0 and =+0 are all 0.
func kubectlInt(name, v string) string {
	if name != "--grace-period" {
		return v
	}
	if n, err := strconv.ParseInt(v, 0, 64); err == nil {
		return strconv.FormatInt(n, 10)
	}
	return v
}

package bashparse

// Commands run somewhere else that is still this machine's data: ssh runs
// its command words with the remote user's shell (ssh localhost rm x is a
// local rm), and container runtimes run theirs with the host's files
// mounted (docker run -v "$PWD":/w img rm /w/x). Deny and ask rules see
// ssh's command; a container's is not located with certainty (the image
// comes first, after options agentctl does not read): unresolved.

// sshGrammar is OpenSSH's getopt string.
var sshGrammar = optGrammar{short: "46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:"}

func sshPayloads(args []Word) []payload {
	sc := sshGrammar.scan(args)
	if sc.has("-N", "-W", "-O", "-Q", "-V", "-G") {
		return nil // no command runs
	}
	rest := args[sc.stop:]
	if len(rest) == 0 {
		return nil // no destination: ssh only prints its usage
	}
	rest = rest[1:] // the destination
	// ssh reads options after the destination too (its "again" loop).
	sc2 := sshGrammar.scan(rest)
	if sc2.has("-N", "-W") {
		return nil
	}
	rest = rest[sc2.stop:]
	if sc.unsure || sc2.unsure {
		return []payload{{unresolved: true, reason: ReasonWrapperOptions, origin: "ssh",
			script: "ssh options not understood: where its command starts is not certain"}}
	}
	if len(rest) == 0 {
		return []payload{{unresolved: true, reason: ReasonShellInput, origin: "ssh",
			script: "ssh starts a remote shell that reads its commands from stdin"}}
	}
	// The words are joined with spaces and run by the remote shell.
	return []payload{joined("ssh", rest)}
}

// containerRuns are the subcommands of container and cluster CLIs that
// run a command given after options agentctl does not read.
var containerRuns = map[string]map[string]bool{
	"docker":  {"run": true, "exec": true, "create": true, "start": true},
	"podman":  {"run": true, "exec": true, "create": true, "start": true},
	"nerdctl": {"run": true, "exec": true},
	"kubectl": {"exec": true, "run": true, "debug": true, "attach": true},
	"oc":      {"exec": true, "rsh": true, "run": true, "debug": true},
}

func containerPayloads(name string, args []Word) []payload {
	subs := containerRuns[name]
	for _, a := range args {
		if !a.Static() {
			break
		}
		if len(a.Value) > 0 && a.Value[0] == '-' {
			continue
		}
		if a.Value == "compose" || a.Value == "container" {
			continue // docker compose run, docker container exec
		}
		if subs[a.Value] {
			return []payload{{unresolved: true, reason: ReasonShellInput, origin: name + " " + a.Value,
				script: name + " " + a.Value + " runs a command (with the host's files it mounts) agentctl does not locate"}}
		}
		break
	}
	return nil
}

// gitSynonyms are git commands that do what another does, under another
// name: deny and ask rules written for the one see the other (git
// send-pack and http-push push as git push does; git subtree push runs
// git push). hub is git under another name.
var gitSynonyms = map[string]string{"send-pack": "push", "http-push": "push"}

func gitSynonymPayloads(args []Word) []payload {
	if len(args) == 0 || !args[0].Static() {
		return nil
	}
	if sub, ok := gitSynonyms[args[0].Value]; ok {
		argv := append([]Word{{Value: "git"}, {Value: sub}}, args[1:]...)
		return []payload{{argv: argv, origin: "git " + args[0].Value}}
	}
	if args[0].Value == "subtree" && len(args) > 1 && args[1].Value == "push" {
		// git subtree push -P DIR REMOTE REF: a git push of a split.
		var rest []Word
		for i := 2; i < len(args); i++ {
			if v := args[i].Value; v == "-P" || v == "--prefix" || v == "-m" || v == "--message" {
				i++
				continue
			}
			if len(args[i].Value) > 0 && args[i].Value[0] == '-' {
				continue
			}
			rest = append(rest, args[i])
		}
		return []payload{{argv: append([]Word{{Value: "git"}, {Value: "push"}}, rest...), origin: "git subtree push"}}
	}
	return nil
}

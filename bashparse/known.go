package bashparse

// runnerSwitch are the programs runnerPayloads, payloads and the opaque
// runner list read (their command grammar is known).
var runnerSwitch = []string{"trap", "su", "runuser", "sg", "newgrp", "script", "sed", "gsed", "awk", "gawk",
	"mawk", "nawk", "busybox-awk", "nix-shell", "tmux", "screen", "at", "batch", "expect", "gdb", "hyperfine",
	"systemd-run", "firejail", "bwrap", "valgrind", "sshpass", "daemonize", "start-stop-daemon", "numactl",
	"setpriv", "capsh", "nsjail", "sandbox-exec", "parallel", "ssh", "hub", "fish", "eval", "find", "mapfile",
	"readarray", "compgen", "complete", "enable", "fc", "source", ".", "exec", "hash", "alias", "unalias"}

var known = func() map[string]bool {
	m := map[string]bool{}
	for _, name := range runnerSwitch {
		m[name] = true
	}
	add := func(names []string) {
		for _, n := range names {
			m[n] = true
		}
	}
	var names []string
	for n := range operandSpecs {
		names = append(names, n)
	}
	for n := range namesOnly {
		names = append(names, n)
	}
	for n := range readOnlyCommands {
		names = append(names, n)
	}
	for n := range programs {
		names = append(names, n)
	}
	for n := range subcommandCLIs {
		names = append(names, n)
	}
	for n := range wrappers {
		names = append(names, n)
	}
	for n := range shells {
		names = append(names, n)
	}
	for n := range subRunners {
		names = append(names, n)
	}
	for n := range inlineCodeLetters {
		names = append(names, n)
	}
	for n := range containerRuns {
		names = append(names, n)
	}
	add(names)
	return m
}()

// KnownProgram reports whether agentctl reads name's command grammar: its
// table says what its words are (files, options, a command it runs, or
// nothing it runs). Any other program's words may be a command it runs.
func KnownProgram(name string) bool { return known[name] }

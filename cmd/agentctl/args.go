package main

import "strings"

// boolFlags take no value; every other flag takes one.
var boolFlags = map[string]bool{"no-color": true, "trace": true, "help": true, "h": true, "trust-workspace": true, "strict": true,
	"generate-bash-completion": true, "version": true, "v": true}

// commandsWithSubcommands need one more word before their own arguments.
var commandsWithSubcommands = map[string]bool{"settings": true, "bundle": true, "tools": true, "hooks": true}

// interspersed moves flags written after a command's positional arguments
// in front of them: urfave/cli stops at the first argument, but people and
// scripts write `agentctl check Bash '{…}' --output json`.
func interspersed(args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	i := 1
	// global flags before the command
	for i < len(args) && isFlag(args[i]) {
		out = append(out, args[i])
		if takesValue(args[i]) && i+1 < len(args) {
			out = append(out, args[i+1])
			i++
		}
		i++
	}
	if i >= len(args) {
		return out
	}
	cmd := args[i]
	out = append(out, cmd)
	i++
	var flags, pos []string
	if commandsWithSubcommands[cmd] {
		for i < len(args) && isFlag(args[i]) {
			flags = append(flags, args[i])
			if takesValue(args[i]) && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			i++
		}
		if i < len(args) {
			out = append(out, args[i])
			i++
		}
	}
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		if takesValue(a) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	out = append(out, flags...)
	if len(pos) > 0 {
		out = append(out, "--")
		out = append(out, pos...)
	}
	return out
}

func isFlag(a string) bool { return strings.HasPrefix(a, "-") && a != "-" && a != "--" }

func takesValue(a string) bool {
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	return !boolFlags[name]
}

package settings

import "strings"

// childEnv is the variable an env entry sets in a program the agent
// starts. An agent that hands its settings' env to a child process as
// "name=value" strings (Node's spawn does, unchecked) turns the name
// "BASH_ENV=./x" with value "y" into the entry "BASH_ENV=./x=y": the child
// reads BASH_ENV as "./x=y". Under its own spelling the name escaped every
// check a name gets — a locator (AGENTCTL_MANAGED_SETTINGS), a variable
// the process carries from the repository (BASH_ENV, PATH) — so the
// entry is read as the child reads it.
func childEnv(name, value string) (string, string) {
	before, after, ok := strings.Cut(name, "=")
	if !ok {
		return name, value
	}
	return before, after + "=" + value
}

// envNameTaken reports whether the env object spells name itself.
func envNameTaken(env *node, name string) bool {
	for _, k := range env.keys {
		if k.str == name {
			return true
		}
	}
	return false
}

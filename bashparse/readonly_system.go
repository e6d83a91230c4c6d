package bashparse

import "strings"

// systemReadOnly are commands that only report on the system, the user or
// their own arguments, which the reference CLI runs without asking too
// (checked with ../shared/oracle): the spec's read-only list ends in "…".
// Options that set something, or read a file whose content they would
// print (date -f .env prints each line in its error), keep them asking.
var systemReadOnly = map[string]readOnlyCheck{
	"test": always, "[": always, "expr": always, "type": always, "sleep": always,
	"whoami": always, "groups": always, "id": always, "uname": always, "arch": always, "nproc": always,
	"uptime": always, "free": always, "locale": always, "cal": always, "df": always, "ps": psReadOnly, "cmp": always,
	"date":     noFlag("-s", "--set", "-f", "--file", "-r", "--reference"),
	"hostname": hostnameReadOnly,
}

// hostnameReadOnly accepts hostname printing its names: any operand, or
// -F/--file and -b/--boot, sets the host name.
func hostnameReadOnly(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-F" || a == "-b" || strings.HasPrefix(a, "--file") || a == "--boot" {
			return false
		}
	}
	return true
}

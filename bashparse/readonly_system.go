package bashparse

import "strings"

// systemReadOnly are commands that only report on the system, the user or
// their own arguments, which the reference CLI runs without asking too
// (checked with ../shared/oracle): the spec's read-only list ends in "…".
// Options that set something, or read a file whose content they would
// print (date -f .env prints each line in its error), keep them asking.
var systemReadOnly = map[string]readOnlyCheck{
	"test": always, "[": always, "[[": always, "expr": always, "type": always, "sleep": always,
	"whoami": always, "groups": always, "id": always, "uname": always, "arch": always, "nproc": always,
	"uptime": always, "free": always, "locale": always, "cal": always, "df": always, "ps": psReadOnly, "cmp": always,
	"date":     noFlag("-s", "--set", "-f", "--file", "-r", "--reference"),
	"hostname": hostnameReadOnly,
}

// hostnameReadOnly accepts hostname printing its names: any operand, or
// -F/--file and -b/--boot, sets the host name. net-tools reads options
// with getopt_long: -F clusters and takes an attached value (-sFname,
// -Fname), and a long option may be abbreviated (--fi=name, --bo); run as
// root, each set the host name from the file (checked in a new UTS
// namespace).
func hostnameReadOnly(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			return false
		}
		if strings.HasPrefix(a, "--") {
			switch canonLong(a, hostnameLongs) {
			case "--file", "--boot":
				return false
			}
			if name, _, _ := strings.Cut(a, "="); strings.HasPrefix("--file", name) || strings.HasPrefix("--boot", name) {
				return false // an abbreviation shared with another option: fail closed
			}
			continue
		}
		if strings.ContainsAny(a[1:], "Fb") {
			return false
		}
	}
	return true
}

// hostnameLongs are hostname's long options (net-tools 2.10).
var hostnameLongs = []string{"--alias", "--all-fqdns", "--boot", "--domain", "--fqdn", "--long", "--file",
	"--ip-address", "--all-ip-addresses", "--short", "--yp", "--nis", "--version", "--help"}

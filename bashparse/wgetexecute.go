package bashparse

import "strings"

// wget -e CMD (--execute) runs one .wgetrc command: output_document=F and
// logfile=F write F, use_askpass=P runs P, input=F and post_file=F read F.
// Only commands that change how politely or how long wget fetches are
// harmless; any other is a program or file setting agentctl does not read.
// wget ignores case, '_' and '-' in a command's name.
var wgetSafeCommands = map[string]bool{"robots": true, "tries": true, "timeout": true, "wait": true,
	"waitretry": true, "randomwait": true, "quiet": true, "verbose": true, "maxredirect": true,
	"retryconnrefused": true, "useragent": true, "checkcertificate": true, "limitrate": true,
	"dnstimeout": true, "connecttimeout": true, "readtimeout": true, "showprogress": true}

// wgetCommandSafe reports whether one wget -e command only tunes fetching.
func wgetCommandSafe(cmd string) bool {
	name, _, _ := strings.Cut(cmd, "=")
	name = strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(name))
	return wgetSafeCommands[name]
}

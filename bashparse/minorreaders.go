package bashparse

import (
	"path"
	"strings"
)

// Minor readers and runners earlier passes left open.
//
// TZ is a safe variable for an allow (spec §3), but a value naming a file
// (TZ=/path, TZ=:/path) makes every program that reads the local time
// open that file (glibc's tzfile): TZ=/proj/.env date opens .env. Such a
// value is a read of that file. A relative value is under the system's
// zoneinfo directory, not the working directory, and names no file here.
//
// mispipe (moreutils) runs its two operands with /bin/sh -c and pipes the
// first into the second: mispipe 'cat .env' cat ran cat .env under a
// Bash(mispipe:*) allow. Both are nested scripts.

// tzFiles lists the files the leading assignments make the command
// open.
func tzFiles(as []Assign) []File {
	var out []File
	for _, a := range as {
		if a.Name != "TZ" || a.Dynamic {
			continue
		}
		v := strings.TrimPrefix(a.Value, ":")
		if strings.HasPrefix(v, "/") {
			// glibc opens the name as spelled: /usr/share/zoneinfo/../../x
			// is x, not a system zone.
			v = path.Clean(v)
		}
		if strings.HasPrefix(v, "/usr/share/zoneinfo/") || strings.HasPrefix(v, "/usr/lib/zoneinfo/") || v == "/etc/localtime" {
			continue // the system's time zones, read by every date
		}
		if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
			out = append(out, File{Path: v, Access: Read, Via: "TZ=", Tilde: strings.HasPrefix(v, "~")})
		}
	}
	return out
}

// mispipePayloads lists the scripts mispipe runs: its first two operands.
func mispipePayloads(words []Word) []payload {
	if len(words) == 0 || words[0].Value != "mispipe" {
		return nil
	}
	var out []payload
	for _, w := range words[1:] {
		out = append(out, payload{script: w.Value, dynamic: !w.Static(), origin: "mispipe", reason: ReasonDynamicShell})
	}
	return out
}

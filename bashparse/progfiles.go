package bashparse

import "strings"

// programMentions lists the files a command runs as its program: the
// names written as paths (./.env, dir/tool; paths holds them, the command
// and any wrapper's, as peelWide saw them before cutting them to their
// base name) and the file a hash -p binds to a name. Running a file reads it — an interpreter reads a script, bash
// runs a file without a #! line as a shell script and echoes a line it
// cannot run in its "command not found" error — so a Read deny on the
// file must see it (spec §3: a denied path named anywhere fails closed).
// Only deny and ask path rules consult mentions, so /usr/bin/tool stays
// an ordinary command.
func programMentions(words []Word, paths []string) []File {
	var out []File
	for _, p := range paths {
		out = append(out, File{Path: p, Access: Read, Via: p})
	}
	if len(words) == 0 || !words[0].Static() || words[0].Value != "hash" {
		return out
	}
	// hash -p FILE NAME: FILE runs (read) whenever NAME is called; its
	// value may be attached (-pFILE) or follow other letters (-rp FILE).
	for i := 1; i < len(words); i++ {
		v := words[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") {
			break
		}
		j := strings.IndexByte(v, 'p')
		if j < 0 {
			continue
		}
		f := v[j+1:]
		if f == "" && i+1 < len(words) {
			i++
			f = words[i].Value
		}
		if f != "" && words[i].Static() {
			out = append(out, File{Path: f, Access: Read, Via: "hash -p"})
		}
	}
	return out
}

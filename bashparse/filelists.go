package bashparse

import "strings"

// fileListPath stands for the files a program reads from a list whose
// content agentctl does not see (sort --files0-from=F, tar -T F,
// sha256sum -c F). Like xargs input it is a dynamic operand: it could be
// any file, a denied one or one outside the working directories, so the
// call can never be approved as a read of known files.
const fileListPath = "<listed files>"

// fileListReads are the reads of a file-list option: the list itself
// (unless it is stdin) and the unknown files it names.
func fileListReads(w Word, value, via string) []File {
	var out []File
	if value != "" && value != "-" {
		out = append(out, fileOf(w, value, Read, via))
	}
	return append(out, File{Path: fileListPath, Access: Read, Via: via, Dynamic: true})
}

// checksumTools verify the files their check lists name when given -c.
var checksumTools = map[string]bool{"md5sum": true, "sha1sum": true, "sha224sum": true, "sha256sum": true,
	"sha384sum": true, "sha512sum": true, "b2sum": true, "cksum": true, "shasum": true}

// checksumListReads: in check mode (-c, --check, or an abbreviation such
// as --ch) a checksum tool opens every file its lists name, and prints
// whether each matches a digest the caller chose: the named files are
// reads known only at run time.
func checksumListReads(words []Word) []File {
	if len(words) == 0 || !words[0].Static() || !checksumTools[words[0].Value] {
		return nil
	}
	for _, a := range words[1:] {
		v := a.Value
		if v == "--" {
			break
		}
		check := false
		switch {
		case strings.HasPrefix(v, "--"):
			name, _, _ := strings.Cut(v[2:], "=")
			check = len(name) >= 2 && strings.HasPrefix("check", name)
		case strings.HasPrefix(v, "-") && len(v) > 1:
			// A short cluster; shasum's -a takes a value, which ends it.
			for _, c := range v[1:] {
				if c == 'a' {
					break
				}
				if c == 'c' {
					check = true
				}
			}
		}
		if check || !a.Static() && strings.HasPrefix(v, "-") {
			return []File{{Path: fileListPath, Access: Read, Via: words[0].Value + " --check", Dynamic: true}}
		}
	}
	return nil
}

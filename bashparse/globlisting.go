package bashparse

import "strings"

// The shell expands a glob word by listing directories: echo ~/.ssh/*
// reads the directory ~/.ssh and prints the names in it, as ls ~/.ssh
// does, whatever the command then does with the words. A name can be the
// secret (a token file named by its token), so the directories a glob
// word lists are mentions of reads, met by the Read and Edit deny and ask
// rules (spec §3, "a denied path named anywhere fails closed"): under
// Read(~/.ssh/**) echo ~/.ssh/* is denied as ls ~/.ssh is. They are not
// file operands: a listing outside the working directories (echo ../*)
// stays allowed, as the reference allows it and as earlier rows decided.
// A listing whose directory is itself a glob (~/.ss?/*) is a glob.

// globListings lists the directories the glob words of a command make the
// shell read: the parent of the first and of the last wildcard segment of
// each word, but for the working directory itself (a relative word's
// first segment), whose names ls prints without asking.
func globListings(words []Word) []File {
	var out []File
	for _, w := range words {
		if !w.Glob || w.Dynamic || w.Brace {
			continue
		}
		segs := strings.Split(w.Value, "/")
		first, last := -1, -1
		for i, s := range segs {
			if strings.ContainsAny(s, "*?[") {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if first < 0 {
			continue
		}
		idx := []int{first}
		if last != first {
			idx = append(idx, last)
		}
		for _, i := range idx {
			if i == 0 {
				continue // the working directory, which ls lists freely
			}
			dir := strings.Join(segs[:i], "/")
			if dir == "" {
				dir = "/"
			}
			out = append(out, File{Path: dir, Access: Read, Via: "the shell's expansion of " + w.Value,
				Glob: strings.ContainsAny(dir, "*?["), Tilde: w.Tilde && strings.HasPrefix(dir, "~")})
		}
	}
	return out
}

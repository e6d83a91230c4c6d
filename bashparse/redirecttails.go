package bashparse

import "strings"

// A redirection's target is a word like any operand: in
// echo x > $v.git/hooks/pre-commit (or ${IFS}.git/…, whose leading blanks
// field splitting drops) the static text after the expansion names a
// protected place under whatever the expansion gives, the empty string
// included. Operand words get such a mention from mentions(); redirect
// targets are not words of the command, so they get theirs here.

// redirectTails returns a mention of the static tail of each dynamic
// redirect target that reads or writes a file.
func redirectTails(redirs []Redirect) []File {
	var out []File
	for _, r := range redirs {
		if !r.Target.Dynamic || r.Target.Tail == "" {
			continue
		}
		f, ok := redirectFile(r)
		if !ok {
			continue
		}
		if t := strings.TrimLeft(r.Target.Tail, "/"); t != "" && t != "." {
			out = append(out, File{Path: t, Access: f.Access, Via: r.Op, Dynamic: true, Tail: t, MayWrite: f.Access == Write})
		}
	}
	return out
}

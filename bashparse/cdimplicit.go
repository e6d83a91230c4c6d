package bashparse

import "strings"

// cd with no directory goes home (cd, cd --, cd -L, cd -P) but names no
// file, so it left none of the read of a directory that a cd to a named
// place leaves. bash ran cd && git status from a project, and git ran the
// core.fsmonitor program of the home directory's repository; cd && ls
// listed the home directory. Both were approved, while cd ~ && git status
// asked (a directory change combined with git) and cd ~ && ls asked (a
// read outside the working directories); the reference asks for all four.
// Home is now the cd's operand. (cd - goes to $OLDPWD, a place the parser
// does not know; the reference runs cd - and cd - && ls, and so does
// agentctl: the directory is unknown, and file operands after it ask.)

// cdImplicit returns the directory a cd goes to when no word names it.
func cdImplicit(args []Word) (File, bool) {
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if !args[i].Static() || len(v) < 2 || v[0] != '-' {
			break
		}
		if v == "--" {
			i++
			break
		}
		if strings.Trim(v[1:], "LPe@") != "" {
			return File{}, false // not an option cd takes: an error
		}
	}
	if i < len(args) {
		return File{}, false
	}
	return File{Path: "~", Access: Read, Via: "cd", Tilde: true}, true
}

package bashparse

// grepDerefs reports a recursive grep that follows every symbolic link
// below its operands (-R, --dereference-recursive); -r follows only the
// ones named on the command line.
func grepDerefs(args []Word) bool {
	return hasShort(args, 'R') || hasLong(args, "--dereference-recursive")
}

// searchDerefs reports an rg, ag or ack walk that follows symbolic links
// (-L/--follow; ag's -f; ack's --follow).
func searchDerefs(name string, args []Word) bool {
	switch name {
	case "rg":
		return hasShort(args, 'L') || hasLong(args, "--follow")
	case "ag":
		return hasShort(args, 'f') || hasLong(args, "--follow")
	}
	return hasLong(args, "--follow")
}

package bashparse

import "strings"

// physicalDotDot reports a cd target that a physical cd (cd -P, the last
// of -L/-P winning, as bash reads them) cannot be followed to statically:
// a ".." after a name. The logical cd (bash's default) drops the name
// before it (sl/.. is where the shell stands), but -P resolves the name
// first, so when sl is a symbolic link to another tree, sl/.. is the
// parent of its target: cd -P sl/.. && touch c writes outside the working
// directories. Leading ".." segments name the same directory either way.
func physicalDotDot(target string) bool {
	named := false
	for _, seg := range strings.Split(target, "/") {
		switch seg {
		case "", ".":
		case "..":
			if named {
				return true
			}
		default:
			named = true
		}
	}
	return false
}

// cdPhysical reports whether cd's options (up to its operands) ask for the
// physical directory: bash applies -L and -P in order, so the last wins.
func cdPhysical(opts []Word) bool {
	phys := false
	for _, w := range opts {
		if w.Value == "--" {
			break
		}
		for _, r := range w.Value[1:] {
			switch r {
			case 'P':
				phys = true
			case 'L':
				phys = false
			}
		}
	}
	return phys
}

// markPhysicalCd makes the operand of a physical cd through a name and
// back out of it (cd -P sl/..) not known statically: the directory it
// opens is the parent of what sl links to, which the logical reading of
// the operand (the engine's for cd) would take for the cwd — so cd -P
// sl/.. && ls listed a directory outside the working directories unasked.
func markPhysicalCd(c *Command, args []Word) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") && len(args[i].Value) > 1 && args[i].Value != "--" &&
		strings.Trim(args[i].Value[1:], "LPe@n") == "" {
		i++
	}
	j := i
	if j < len(args) && args[j].Value == "--" {
		j++
	}
	if j >= len(args) || !cdPhysical(args[:i]) || !physicalDotDot(args[j].Value) {
		return
	}
	for k := range c.Files {
		if c.Files[k].Via == c.Wide.Name && c.Files[k].Path == args[j].Value {
			c.Files[k].Dynamic = true
		}
	}
}

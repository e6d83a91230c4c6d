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

package bashparse

import "strings"

// fdValueOpts are fd's short options that take the next word as value.
const fdValueOpts = "dEteScjo"

// fdTrees is the walk of fd (fdfind) when it runs a command on what it
// finds: `fd -H -x cat` reads every file under its roots, as find . -exec
// cat {} + does, and -x with a writer rewrites them. Without -x/-X fd only
// prints names. As with rg, an ignore file of the (untrusted) repository
// decides what the walk skips, so it is taken to see dot-files.
func fdTrees(args []Word) []Tree {
	var before, cmd []Word
	for i, a := range args {
		v := a.Value
		if v == "-x" || v == "--exec" || v == "-X" || v == "--exec-batch" {
			before, cmd = args[:i], args[i+1:]
			break
		}
		if strings.HasPrefix(v, "--exec=") || strings.HasPrefix(v, "--exec-batch=") {
			before, cmd = args[:i], append([]Word{{Value: v[strings.IndexByte(v, '=')+1:]}}, args[i+1:]...)
			break
		}
	}
	if cmd == nil {
		return nil
	}
	t := Tree{Access: Read, Via: "fd -x", Follows: hasShort(before, 'L') || hasLong(before, "--follow")}
	for _, e := range optValues(before, "-e", "--extension") {
		t.Include = append(t.Include, "*."+strings.TrimPrefix(e, "."))
	}
	t.Exclude = append(optValues(before, "-E", "--exclude"), t.Exclude...)
	ops := operandWords(before, fdValueOpts)
	if len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	for _, p := range longValues(before, "--search-path") {
		ops = append(ops, Word{Value: p})
	}
	if base := longValues(before, "--base-directory"); len(base) > 0 {
		// Roots are relative to the base directory fd moves into first.
		b := base[len(base)-1]
		if len(ops) == 0 {
			ops = []Word{{Value: b}}
		} else {
			for i, o := range ops {
				if !strings.HasPrefix(o.Value, "/") {
					ops[i] = Word{Value: b + "/" + o.Value, Dynamic: o.Dynamic, Glob: o.Glob}
				}
			}
		}
	}
	out := treesAt(t, ops)
	if execMayWrite(cmd) {
		t.Access, t.Via = Write, "fd -x"
		out = append(out, treesAt(t, ops)...)
	}
	return out
}

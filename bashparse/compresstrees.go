package bashparse

import "strings"

// A compressor given -r walks each directory operand: it reads every file
// below it (gzip -rc . prints .env, compressed) and, unless it writes to
// standard output, tests or lists, replaces each with its compressed or
// decompressed twin — gzip -r . turns .git/config into .git/config.gz,
// gzip -rd src writes src/.claude/settings.json from a .gz the repository
// holds. The operands are recursive reads and, in place, walked writes.

// compressorTrees are the trees a recursive compressor reads and writes.
func compressorTrees(name string, args []Word) []Tree {
	a := parseCompressorArgs(args)
	if !a.recursive {
		return nil
	}
	inPlace, ops := !a.noFiles && !strings.HasSuffix(name, "cat"), a.ops
	var out []Tree
	for _, o := range ops {
		if o.Value == "-" {
			continue
		}
		dyn := !o.Static() || o.Glob
		out = append(out, Tree{Root: o.Value, Access: Read, Via: name + " -r", Dynamic: dyn})
		if inPlace {
			out = append(out, Tree{Root: o.Value, Access: Write, Via: name + " -r in place", Dynamic: dyn})
		}
	}
	return out
}

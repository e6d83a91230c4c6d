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
	recursive, inPlace := false, !strings.HasSuffix(name, "cat")
	var ops []Word
	end := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case end || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, args[i])
		case v == "--":
			end = true
		case strings.HasPrefix(v, "--"):
			switch strings.SplitN(v, "=", 2)[0] {
			case "--recursive":
				recursive = true
			case "--stdout", "--to-stdout", "--test", "--list":
				inPlace = false
			case "--suffix", "--output-dir-flat", "--output-dir-mirror", "--format", "--memory", "--patch-from",
				"--filelist", "--exclude-compressed":
				if !strings.Contains(v, "=") && v != "--exclude-compressed" {
					i++
				}
			}
		default:
			for j := 1; j < len(v); j++ {
				switch o := v[j]; {
				case o == 'r':
					recursive = true
				case o == 'c' || o == 't' || o == 'l':
					inPlace = false
				case o == 'S' || strings.IndexByte(compressorValueOpts, o) >= 0:
					if j == len(v)-1 {
						i++
					}
					j = len(v)
				}
			}
		}
	}
	if !recursive {
		return nil
	}
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

package bashparse

import "strings"

// compressor is how one compression program names what it writes: the
// suffixes it strips when decompressing (with what replaces them) and the
// one it adds when compressing.
type compressor struct {
	suffixes   [][2]string // decompressing: suffix → replacement
	add        string      // compressing: the default suffix
	decompress bool        // the program only decompresses (gunzip)
}

var (
	gz   = [][2]string{{".gz", ""}, {".z", ""}, {"-gz", ""}, {"-z", ""}, {"_z", ""}, {".tgz", ".tar"}, {".taz", ".tar"}}
	bz2  = [][2]string{{".bz2", ""}, {".bz", ""}, {".tbz2", ".tar"}, {".tbz", ".tar"}}
	xz   = [][2]string{{".xz", ""}, {".txz", ".tar"}, {".lzma", ""}, {".tlz", ".tar"}}
	zst  = [][2]string{{".zst", ""}, {".zstd", ""}, {".tzst", ".tar"}}
	lz4  = [][2]string{{".lz4", ""}}
	lz   = [][2]string{{".lz", ""}, {".tlz", ".tar"}}
	lzo  = [][2]string{{".lzo", ""}}
	br   = [][2]string{{".br", ""}}
	bigZ = [][2]string{{".Z", ""}}
)

// compressors are the programs that write a file named after each operand
// (gunzip .npmrc.gz writes .npmrc; gzip -S rc .bash writes .bashrc).
var compressors = map[string]compressor{
	"gzip": {gz, ".gz", false}, "pigz": {gz, ".gz", false}, "gunzip": {gz, "", true}, "unpigz": {gz, "", true},
	"bzip2": {bz2, ".bz2", false}, "pbzip2": {bz2, ".bz2", false}, "lbzip2": {bz2, ".bz2", false}, "bunzip2": {bz2, "", true},
	"xz": {xz, ".xz", false}, "lzma": {xz, ".lzma", false}, "unxz": {xz, "", true}, "unlzma": {xz, "", true},
	"zstd": {zst, ".zst", false}, "unzstd": {zst, "", true}, "lz4": {lz4, ".lz4", false}, "unlz4": {lz4, "", true},
	"lzip": {lz, ".lz", false}, "plzip": {lz, ".lz", false}, "lunzip": {lz, "", true},
	"lzop": {lzo, ".lzo", false}, "brotli": {br, ".br", false}, "unbrotli": {br, "", true},
	"compress": {bigZ, ".Z", false}, "uncompress": {bigZ, "", true},
}

// compressorValueOpts are the short options of these programs that take
// the next word as their value (-S is read apart).
const compressorValueOpts = "oDFMT"

// compressorArgs is what a compression program's words say: its operands
// and the options compressorWrites and compressorTrees weigh.
type compressorArgs struct {
	ops        []Word
	recursive  bool   // -r, --recursive
	noFiles    bool   // -c, -t, -l and their long forms: nothing written beside the operands
	decompress bool   // -d, --decompress, --uncompress
	suffix     string // -S, --suffix
	outDir     *Word  // zstd --output-dir-flat/--output-dir-mirror DIR: where the files go
}

// compressorLongValues are the long options that take the next word as
// their value when it is not attached with "=".
var compressorLongValues = map[string]bool{"--suffix": true, "--output-dir-flat": true, "--output-dir-mirror": true,
	"--format": true, "--memory": true, "--patch-from": true, "--filelist": true}

// parseCompressorArgs reads a compression program's words.
func parseCompressorArgs(args []Word) compressorArgs {
	var a compressorArgs
	end := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case end || !strings.HasPrefix(v, "-") || v == "-":
			a.ops = append(a.ops, args[i])
		case v == "--":
			end = true
		case strings.HasPrefix(v, "--"):
			long, value, attached := strings.Cut(v, "=")
			switch long {
			case "--recursive":
				a.recursive = true
			case "--stdout", "--to-stdout", "--test", "--list":
				a.noFiles = true
			case "--decompress", "--uncompress":
				a.decompress = true
			}
			if compressorLongValues[long] && !attached && i+1 < len(args) {
				i++
				value = args[i].Value
			}
			if long == "--suffix" {
				a.suffix = value
			}
			if long == "--output-dir-flat" || long == "--output-dir-mirror" {
				w := args[i]
				w.Value = value
				a.outDir = &w
			}
		default:
			for j := 1; j < len(v); j++ {
				switch o := v[j]; {
				case o == 'r':
					a.recursive = true
				case o == 'c' || o == 't' || o == 'l':
					a.noFiles = true
				case o == 'd':
					a.decompress = true
				case o == 'S' || strings.IndexByte(compressorValueOpts, o) >= 0:
					if w, next, ok := clusterValue(args, i, j); ok {
						if o == 'S' {
							a.suffix = w.Value
						}
						i = next
					}
					j = len(v)
				}
			}
		}
	}
	return a
}

// compressorWrites lists the files a compression program creates beside
// its operands: the name without its suffix when it decompresses, the
// name with the suffix when it compresses — a protected name either way
// when the operand is spelled for it. Nothing is written with -c
// (standard output), -t (test) or -l (list).
func compressorWrites(name string, args []Word) []File {
	c := compressors[name]
	a := parseCompressorArgs(args)
	if a.noFiles {
		return nil
	}
	decompress, suffix, ops := c.decompress || a.decompress, a.suffix, a.ops
	if a.outDir != nil {
		// The files go into DIR (mirroring their paths under it): DIR
		// itself is the place weighed, as a directory written into.
		return []File{fileOf(*a.outDir, a.outDir.Value, Write, name)}
	}
	var out []File
	for _, o := range ops {
		if o.Value == "-" {
			continue
		}
		via := name
		if !decompress {
			if s := suffix; s != "" || c.add != "" {
				if s == "" {
					s = c.add
				}
				out = append(out, fileOf(o, o.Value+s, Write, via))
			}
			continue
		}
		strip := c.suffixes
		if suffix != "" {
			strip = [][2]string{{suffix, ""}}
		}
		for _, s := range strip {
			if base, ok := strings.CutSuffix(o.Value, s[0]); ok && base != "" && !strings.HasSuffix(base, "/") {
				out = append(out, fileOf(o, base+s[1], Write, via))
				break
			}
		}
	}
	return out
}

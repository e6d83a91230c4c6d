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

// compressorWrites lists the files a compression program creates beside
// its operands: the name without its suffix when it decompresses, the
// name with the suffix when it compresses — a protected name either way
// when the operand is spelled for it. Nothing is written with -c
// (standard output), -t (test) or -l (list).
func compressorWrites(name string, args []Word) []File {
	c := compressors[name]
	decompress := c.decompress
	suffix := ""
	var ops []Word
	end := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case end || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, args[i])
			continue
		case v == "--":
			end = true
		case v == "--stdout" || v == "--to-stdout" || v == "--test" || v == "--list":
			return nil
		case v == "--decompress" || v == "--uncompress":
			decompress = true
		case v == "--suffix" && i+1 < len(args):
			i++
			suffix = args[i].Value
		case strings.HasPrefix(v, "--suffix="):
			suffix = strings.TrimPrefix(v, "--suffix=")
		case strings.HasPrefix(v, "--"):
		default:
			for j := 1; j < len(v); j++ {
				switch o := v[j]; {
				case o == 'c' || o == 't' || o == 'l':
					return nil
				case o == 'd':
					decompress = true
				case o == 'S':
					suffix = v[j+1:]
					if suffix == "" && i+1 < len(args) {
						i++
						suffix = args[i].Value
					}
					j = len(v)
				case strings.IndexByte(compressorValueOpts, o) >= 0:
					if j == len(v)-1 {
						i++
					}
					j = len(v)
				}
			}
		}
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

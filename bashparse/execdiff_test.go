package bashparse

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The static analysis is checked against the interpreter: mvdan's interp
// runs the script with handlers that record every program it would start
// and every file it would open, and execute and touch nothing real. Each
// recorded program must be a command of the analysis, and each file the
// shell opens a file of the analysis with that access — unless the
// analysis already says a part is unresolved (the engine then asks).

// execRecord is what one interpreted run did.
type execRecord struct {
	mu     sync.Mutex
	argvs  [][]string
	opens  []execOpen
	memfs  map[string]*bytes.Buffer
	tmpDir string
}

// execOpen is one file the shell opened.
type execOpen struct {
	path  string // absolute, cleaned
	write bool
	raw   string // as the shell passed it
	dir   string // the shell's directory then
}

// memFile is an in-memory file: writes land in the record's map, reads
// see what an earlier write of the same run left.
type memFile struct {
	r io.Reader
	w *bytes.Buffer
}

func (f *memFile) Read(p []byte) (int, error) {
	if f.r == nil {
		return 0, io.EOF
	}
	return f.r.Read(p)
}

func (f *memFile) Write(p []byte) (int, error) {
	if f.w == nil {
		return len(p), nil
	}
	return f.w.Write(p)
}

func (f *memFile) Close() error { return nil }

// interpret runs src under the recording handlers for at most a few
// milliseconds and returns what it did.
func interpret(src, dir string) (*execRecord, error) {
	file, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return nil, err
	}
	rec := &execRecord{memfs: map[string]*bytes.Buffer{}, tmpDir: dir}
	exec := func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			rec.mu.Lock()
			rec.argvs = append(rec.argvs, append([]string(nil), args...))
			rec.mu.Unlock()
			return nil
		}
	}
	open := func(ctx context.Context, p string, flag int, _ os.FileMode) (io.ReadWriteCloser, error) {
		if p == "/dev/null" || p == "/dev/stdout" || p == "/dev/stderr" || p == "/dev/stdin" {
			return &memFile{}, nil
		}
		raw, cwd := p, interp.HandlerCtx(ctx).Dir
		p = absIn(cwd, p)
		write := flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_APPEND|os.O_TRUNC) != 0
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.opens = append(rec.opens, execOpen{path: p, write: write, raw: raw, dir: cwd})
		if write {
			buf := rec.memfs[p]
			if buf == nil || flag&os.O_TRUNC != 0 {
				buf = &bytes.Buffer{}
				rec.memfs[p] = buf
			}
			return &memFile{w: buf}, nil
		}
		if buf, ok := rec.memfs[p]; ok {
			return &memFile{r: bytes.NewReader(buf.Bytes())}, nil
		}
		return &memFile{}, nil
	}
	r, err := interp.New(
		interp.Dir(dir),
		interp.Env(expand.ListEnviron("PATH=/usr/bin:/bin", "HOME="+dir, "TMPDIR="+dir)),
		interp.StdIO(strings.NewReader(""), io.Discard, io.Discard),
		interp.ExecHandlers(exec),
		interp.OpenHandler(open),
	)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	// A run that stops early (exit status, time out, a feature interp
	// lacks) still did what it recorded up to there: that is compared.
	// Only a panic, after which the record may be half-written, is not.
	if err = runGuarded(ctx, r, file); !errors.Is(err, errInterpPanic) {
		err = nil
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec, err
}

// errInterpPanic marks a run the interpreter gave up on by panicking.
var errInterpPanic = errors.New("interpreter panic")

// runGuarded runs the file, turning a panic of the interpreter (it has a
// few on odd input, such as +=[) into an error: such a script is not
// compared.
func runGuarded(ctx context.Context, r *interp.Runner, file *syntax.File) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %v", errInterpPanic, p)
		}
	}()
	return r.Run(ctx, file)
}

// analysisCommands lists every command of the analysis, nested ones and
// salvaged stand-ins included.
func analysisCommands(a Analysis) []Command {
	return append(append([]Command(nil), a.Commands...), a.Salvaged...)
}

// execAccounted reports whether the analysis lists a command that runs
// argv: same name in its narrow or wide view or its first word.
func execAccounted(a Analysis, argv []string) bool {
	if len(argv) == 0 {
		return true
	}
	name := path.Base(argv[0])
	for _, c := range analysisCommands(a) {
		if path.Base(c.Narrow.Name) == name || path.Base(c.Wide.Name) == name {
			return true
		}
		if c.Narrow.DynamicName || c.Wide.DynamicName {
			return true
		}
		if len(c.Words) > 0 && path.Base(c.Words[0].Value) == name {
			return true
		}
	}
	return false
}

// openAccounted reports whether the analysis lists the opened file with
// its access, or a dynamic, glob or tilde operand that may be it.
func openAccounted(a Analysis, dir string, o execOpen) bool {
	for _, c := range analysisCommands(a) {
		base := dir
		if c.Dir != "" {
			base = filepath.Join(dir, c.Dir)
			if filepath.IsAbs(c.Dir) {
				base = c.Dir
			}
		}
		for _, fs := range [][]File{c.Files, c.Mentions} {
			for _, f := range fs {
				if f.Dynamic || f.Glob || f.Tilde {
					if f.Access != Read || !o.write {
						return true
					}
				}
				p := f.Path
				if !filepath.IsAbs(p) {
					p = filepath.Join(base, p)
				}
				if filepath.Clean(p) != o.path && path.Base(f.Path) != path.Base(o.path) {
					continue
				}
				if !o.write || f.Access == Write || f.MayWrite {
					return true
				}
			}
		}
	}
	return false
}

// execMisses runs src in the interpreter and returns what the analysis
// does not account for ("" when all is accounted for or the analysis
// already asks).
func execMisses(t testing.TB, src string) string {
	t.Helper()
	a := Parse(src)
	if a.Err != nil || len(a.Unresolved) > 0 {
		return ""
	}
	dir := t.TempDir()
	rec, err := interpret(src, dir)
	if err != nil {
		return ""
	}
	var miss []string
	for _, argv := range rec.argvs {
		if interpANSIC(src, argv) {
			continue
		}
		if !execAccounted(a, argv) && !execAccounted(a, pastExecOptions(argv)) {
			miss = append(miss, "exec "+strings.Join(argv, " "))
		}
	}
	for _, o := range rec.opens {
		if !openAccounted(a, dir, o) && !openAccounted(a, dir, unescapeOpen(o)) {
			what := "read "
			if o.write {
				what = "write "
			}
			rel, _ := filepath.Rel(dir, o.path)
			miss = append(miss, what+rel)
		}
	}
	return strings.Join(miss, "; ")
}

// pastExecOptions drops the options bash's exec and eval take (-a NAME,
// -c, -l, --): mvdan's interp does not parse them and runs exec -- rm x
// as the program "--"; bash (and the analysis) run rm.
func pastExecOptions(argv []string) []string {
	i := 0
	for i < len(argv) && len(argv[i]) > 1 && argv[i][0] == '-' {
		if argv[i] == "--" {
			i++
			break
		}
		if j := strings.IndexByte(argv[i], 'a'); j > 0 && j == len(argv[i])-1 {
			i++ // -a NAME; -aNAME carries its value
		}
		i++
	}
	if i >= len(argv) {
		return nil
	}
	return argv[i:]
}

// interpANSIC reports an argv the interpreter built from a $'…' string
// it decodes unlike bash: mvdan's interp leaves \cX as it is and turns an
// octal escape above 0x7f into a UTF-8 rune, where bash (and the analysis)
// read control-X ($'\c0' is byte 0x10) and one byte ($'\700' is 0xc0).
func interpANSIC(src string, argv []string) bool {
	return strings.Contains(src, "$'") && slices.ContainsFunc(argv, func(a string) bool {
		return strings.Contains(a, `\c`) || strings.ContainsFunc(a, func(r rune) bool { return r >= utf8.RuneSelf })
	})
}

// unescapeOpen undoes an interpreter quirk: mvdan's interp keeps the
// backslashes of an unquoted redirection target (>\0 opens `\0`) where
// bash removes them (bash 5 writes "0", as the analysis says).
func unescapeOpen(o execOpen) execOpen {
	if strings.IndexByte(o.raw, '\\') < 0 {
		return o
	}
	var b strings.Builder
	for i := 0; i < len(o.raw); i++ {
		if o.raw[i] == '\\' && i+1 < len(o.raw) {
			i++
		}
		b.WriteByte(o.raw[i])
	}
	o.path = absIn(o.dir, b.String())
	return o
}

// absIn is p made absolute against dir and cleaned.
func absIn(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

// execSeeds are disguises the fuzz target starts from.
var execSeeds = []string{
	"ls -la", "echo hi > out.txt", "cat < in.txt", "rm -rf x",
	"for c in rm cat; do $c x; done", "f() { rm x; }; f", "f() { \"$@\"; }; f rm x",
	"shopt -s expand_aliases; alias l='rm -rf'; l x",
	"eval 'rm x'", "eval \"$(echo rm) x\"", "a=(rm x); \"${a[@]}\"", "x=rm; $x y",
	"IFS=,; c='rm,x'; $c", "{rm,x}", "echo x > f.sh; source f.sh", "echo rm x > f.sh; . ./f.sh",
	"cat <<E > s.sh\nrm x\nE\nsource s.sh", "command rm x", "builtin echo x; command -p rm y",
	"exec rm x", "trap 'rm x' EXIT", "trap 'rm x' EXIT; true", "x=${y:-rm}; $x z",
	"printf -v c rm; $c x", "read -r c <<< rm; $c x", "declare c=rm; $c x", "export c=rm; $c x",
	"c=rm; ${c} x", "c=rm; ${c%%q} x", "c=mr; ${c/mr/rm} x", "set -- rm x; \"$@\"", "set -- rm; $1 x",
	"while read c; do $c; done <<< 'rm x'", "case x in x) rm y;; esac", "if true; then rm x; fi",
	"(cd sub && rm x)", "echo $(rm x)", "echo `rm x`", "diff <(ls) <(rm x)", "rm x &", "true | rm x",
	"mapfile -t a <<< rm; ${a[0]} x", "cmd=r; cmd+=m; $cmd x", "local_x() { local c=rm; $c x; }; local_x",
	"echo hi >| o", "echo hi &> o", "echo hi 2> o", "echo hi >> o", "exec 3> o; echo x >&3",
	"exec > o; echo x", "x=o; echo hi > $x", "echo hi > {a,b}", "cat 0< i", "cat <> i",
	"sudo rm x", "env rm x", "timeout 5 rm x", "xargs rm <<< x", "bash -c 'rm x'", "sh -c \"rm \\$1\" _ x",
	"nohup rm x", "nice rm x", "time rm x", "coproc rm x", "coproc c { rm x; }", "select c in rm; do $c; break; done <<< 1",
	"let 'x=1'; rm y", "[[ -v a ]] && rm x", "test -f x && rm x", "type rm; rm x",
	"unset -f rm; rm x", "rm() { echo; }; rm x", "alias rm=ls; rm x", "hash -r; rm x",
	"PATH=/x rm y", "c=${0:+rm}; $c x", "c=$'\\x72m'; $c x", "c=\"r\"\"m\"; $c x",
	"printf '%s' rm | read c; $c x", "c=$(printf rm); $c x", "declare -n r=c; c=rm; $r x",
	"a[0]=rm; ${a[0]} x", "declare -A m=([k]=rm); ${m[k]} x", "c=RM; ${c,,} x", "c=rm; ${c@Q} x",
	"echo > out", ">out", "< in", ">out rm x", "{ rm x; } > o", "( rm x ) 2> o",
	"echo {a,b} > o{1,2}", "x=o; echo > ${x}.txt", "echo > 'a b'", "echo > \"$HOME/x\"", "echo > ~/x",
	"cd /tmp && echo > o", "mkdir d; cd d; echo > o", "cd sub; echo > o", "pushd .; echo > o",
	"echo > o$'\\x2e'env", "echo >> .e\\nv", "cat < .e\"nv\"", "echo >.env", "printf x >$'.env'",
	"f=.env; echo > $f", "set -- .env; cat < $1", "exec 3<> o", "exec {fd}> o", "echo 1>&2 > o",
	"for f in a b; do echo > $f; done", "f() { echo > $1; }; f o", "alias w='echo > o'; w",
	"shopt -s expand_aliases; alias w='echo > o'\nw", "shopt -s expand_aliases\nalias w='rm x'\nw",
	"echo hi > /dev/fd/1", "echo x >&o", "echo x &>> o", "echo x 3> o", "cat <<< x > o",
	"read x < i", "mapfile a < i", "source i", ". i", "source ./i x", "while read l; do :; done < i",
	"{ echo; } > o 2>&1", "case x in *) echo > o;; esac", "select x in a; do break; done < i",
	"x=$(cat < i)", "echo `cat < i`", "echo $(< i)", "v=$(<i)", "echo <(cat < i)",
	"echo >(tee o)", "declare -a a=(rm x); \"${a[@]}\"", "IFS=:; x=rm:y; $x", "type -P rm; command rm x",
	"command -- rm x", "builtin command rm x", "exec -a foo rm x", "exec -c rm x", "exec -- rm x",
	"time -p rm x", "! rm x", "coproc rm x; wait", "trap 'rm x' ERR; false", "trap -- 'rm x' EXIT",
	"eval rm x", "eval -- rm x", "eval 'eval rm x'", "command eval rm x", "builtin eval rm x",
	"x='rm y'; eval $x", "set -e; rm x", "rm${IFS}x", "r\\m x", "'r'm x", "\"rm\" x", "r''m x", "\\rm x",
	"printf -v x %s rm; eval \"$x y\"", "let x=1; rm x", "echo $((1)); rm x", "[ -f x ] || rm x",
	"x=1 rm y", "env -i rm x", "env -- rm x", "nice -n5 rm x", "nohup -- rm x", "time -- rm x",
}

// TestAnalysisCoversExecution runs the seeds through the checker.
func TestAnalysisCoversExecution(t *testing.T) {
	for _, src := range execSeeds {
		if m := execMisses(t, src); m != "" {
			t.Errorf("%q: the interpreter does what the analysis does not list: %s", src, m)
		}
	}
}

// FuzzAnalysisCoversExecution: every program the interpreter would start
// and every file it would open is a command or file of the analysis, or
// the analysis has an unresolved part.
func FuzzAnalysisCoversExecution(f *testing.F) {
	for _, s := range execSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 512 {
			return
		}
		if m := execMisses(t, src); m != "" {
			t.Fatalf("%q: the interpreter does what the analysis does not list: %s", src, m)
		}
	})
}

package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// An inline program (python3 -c, node -e, perl -e, ruby -e, php -r, lua
// -e) opens the files it names, and the name need not be spelled in the
// call: open(".e"+"nv"), readFileSync("\x2eenv"), open(os.environ["F"]),
// open(glob.glob(".en?")[0]), perl's @ARGV = (".e"."nv"); print <>. A
// literal name is a word agentctl checks (a denied path named anywhere
// fails closed); any other is a file known only at run time — a read, and
// a write, since the same calls create files (.git/hooks/…). The same
// holds for a file-opening function the program takes under another name
// (o = open; {readFileSync: r} = require("fs")) and for the functions that
// reach any other by a computed name (getattr, __import__, eval).

// inlineComputedPath stands for a file an inline program opens by a name
// it computes.
const inlineComputedPath = "<inline program computed file>"

// inlineOpeners are, per language, the functions that open, create,
// copy, move or load a file by a name they are given, the functions that
// reach any other by a computed name, and the argument lists of the
// implicit readers (perl's <>, ruby's ARGF).
var inlineOpeners = map[string]*lazyre.Regexp{
	"python": lazyre.New(`\b(?:io\.open|os\.(?:open|rename|renames|replace|symlink|link|remove|unlink|truncate|chdir)|` +
		`codecs\.open|shutil\.\w+|fileinput\.\w+|linecache\.\w+|runpy\.\w+|tarfile\.open|zipfile\.ZipFile|` +
		`open|Path|PurePath|PosixPath|FileInput|read_text|read_bytes|write_text|write_bytes|symlink_to|` +
		`hardlink_to|getattr|__import__|import_module|eval|compile|__builtins__|__dict__|` +
		genericOpeners + `)\b|\bsys\.argv\b`),
	"node": lazyre.New(`\b(?:(?:readFile|writeFile|appendFile|copyFile|open|rename|symlink|truncate|unlink|rm|cp)(?:Sync)?|` +
		`createReadStream|createWriteStream|openAsBlob|require|import|eval|Function|globalThis|` +
		`binding|constructor|` + genericOpeners + `)\b|\bprocess\.argv\b`),
	"perl": lazyre.New(`\b(?:open|sysopen|rename|link|symlink|unlink|truncate|do|require|eval|` + genericOpeners + `)\b|` +
		`@ARGV\b|\bARGV\b`),
	"ruby": lazyre.New(`\b(?:File|IO|Pathname|FileUtils|Dir|ARGF|Kernel)\b|\b(?:open|load|require|` +
		`require_relative|eval|send|public_send|__send__|method|instance_eval|class_eval|` + genericOpeners + `)\b|\bARGV\b`),
	"php": lazyre.New(`\b(?:file_get_contents|file_put_contents|fopen|file|readfile|copy|rename|symlink|link|` +
		`unlink|include|include_once|require|require_once|parse_ini_file|highlight_file|show_source|` +
		`SplFileObject|call_user_func|call_user_func_array|eval)\b`),
	"lua": lazyre.New(`\b(?:io\.(?:open|lines|input|output)|os\.rename|os\.remove|dofile|loadfile|require|` +
		`load|loadstring|_G|_ENV|arg)\b`),
}

// genericOpeners are the file functions of common libraries (File::Slurp,
// Path::Tiny, pandas, numpy, YAML, CSV): read_file(".e"."nv") opens a file
// as open does.
const genericOpeners = `read_file|write_file|append_file|slurp|slurp_utf8|spew|spew_utf8|load_file|` +
	`read_csv|read_json|read_excel|read_parquet|read_table|read_pickle|fromfile|loadtxt|genfromtxt|` +
	`readFileAsync|outputFile|readJson|readJsonSync|outputFileSync|writeJson|writeJsonSync`

// genericOpener reports one of genericOpeners.
func genericOpener(tok string) bool {
	return strings.Contains("|"+genericOpeners+"|", "|"+tok+"|")
}

// inlineEvaluators run code or reach a function by a name computed at
// run time (eval, getattr, Function, send): whatever they are given, the
// file they reach is not known.
var inlineEvaluators = map[string]bool{"eval": true, "compile": true, "getattr": true, "Function": true,
	"globalThis": true, "constructor": true, "binding": true, "__builtins__": true, "__dict__": true,
	"send": true, "public_send": true, "__send__": true, "method": true, "instance_eval": true,
	"class_eval": true, "call_user_func": true, "call_user_func_array": true, "load": true,
	"loadstring": true, "_G": true, "_ENV": true, "Kernel": true}

// inlineLanguage maps an interpreter to its language in inlineOpeners.
var inlineLanguage = map[string]string{"python": "python", "python2": "python", "python3": "python",
	"node": "node", "nodejs": "node", "bun": "node", "deno": "node", "perl": "perl", "ruby": "ruby",
	"php": "php", "lua": "lua"}

// inlineParenless are the languages whose calls may leave out the
// parentheses (perl's open F, "x"; ruby's File.read "x"; php's include
// "x"; lua's require "x"): there a call's arguments run to the end of the
// statement.
var inlineParenless = map[string]bool{"perl": true, "ruby": true, "php": true, "lua": true}

// inlineComputedFiles lists, for an inline program's code, the run-time
// file its computed openings stand for (none when every file it opens is
// a literal name).
func inlineComputedFiles(name string, args []Word) []File {
	lang := inlineLanguage[name]
	re := inlineOpeners[lang]
	if re == nil {
		return nil
	}
	for _, code := range inlineCodes(name, args) {
		if !re.MatchString(code.Value) {
			continue // the cheap test: no opener at all
		}
		if !code.Static() || inlineComputes(lang, re, code.Value) {
			return []File{
				{Path: inlineComputedPath, Access: Read, Via: name + " inline program", Dynamic: true},
				{Path: inlineComputedPath, Access: Write, Via: name + " inline program", Dynamic: true},
			}
		}
	}
	return nil
}

// inlineCodes are the inline program words of an interpreter's call, found
// as inlineCodePayloads finds them.
func inlineCodes(name string, args []Word) []Word {
	letters := inlineCodeLetters[name]
	var out []Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case inlineCodeLongs[v] && i+1 < len(args):
			out = append(out, args[i+1])
			i++
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--print="):
			w := args[i]
			_, w.Value, _ = strings.Cut(v, "=")
			out = append(out, w)
		case v == "--":
			return out
		case interpreterValueOpts[v] && !(len(v) == 2 && strings.IndexByte(letters, v[1]) >= 0):
			i++
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			if j := strings.IndexAny(v[1:], letters); letters != "" && j >= 0 {
				if w, next, found := clusterValue(args, i, j+1); found {
					out, i = append(out, w), next
				}
			}
		case strings.HasPrefix(v, "-"):
		default:
			if len(out) == 0 {
				return nil // a script file: its code is not in the call
			}
			return out // the program's own arguments
		}
	}
	return out
}

// inlineComputes reports code that opens a file by a name other than a
// plain literal, or takes an opener under another name.
func inlineComputes(lang string, re *lazyre.Regexp, code string) bool {
	masked := skipImports(lang, maskLiterals(lang, code))
	argv := argvWrites.MatchString(masked)
	for _, loc := range re.Compiled().FindAllStringIndex(masked, -1) {
		tok := masked[loc[0]:loc[1]]
		before := masked[:loc[0]]
		rest := strings.TrimLeft(masked[loc[1]:], " \t")
		switch {
		case strings.Contains(tok, "argv") || strings.Contains(tok, "ARGV") || tok == "ARGF" || tok == "arg":
			// The argument list: the files its words name are checked
			// as the call's operands, unless the program changes it
			// (perl's <> and ruby's ARGF open what it then holds).
			if argv {
				return true
			}
			continue
		case inlineEvaluators[tok]:
			if (lang == "perl" || lang == "ruby") && strings.HasPrefix(rest, "{") {
				continue // eval { … }: a block, not a string of code
			}
			return true
		case lang == "perl" && strings.HasSuffix(before, "->") && genericOpener(tok):
			// path(".e"."nv")->slurp: the object's path is the file.
			if !perlPathReceiver.MatchString(strings.TrimSuffix(before, "->")) {
				return true
			}
		case strings.HasSuffix(before, "$") || strings.HasSuffix(before, "@") || strings.HasSuffix(before, "%") ||
			strings.HasSuffix(before, "->") || strings.HasSuffix(before, "::"):
			continue // a variable ($file) or a member of something else
		case (lang == "perl" || lang == "ruby") && tok == "do" && (rest == "" || rest[0] == '{' || rest[0] == '|'):
			continue // a block
		case lang == "ruby" && (tok == "File" || tok == "IO" || tok == "Pathname" || tok == "FileUtils" || tok == "Dir"):
			// File.read x: the method, then its arguments.
			m, ok := strings.CutPrefix(rest, ".")
			if !ok {
				if strings.HasPrefix(rest, "::") {
					continue // File::SEPARATOR
				}
				return true // the class itself, passed on
			}
			j := 0
			for j < len(m) && (isWordByte(m[j]) || m[j] == '?' || m[j] == '!') {
				j++
			}
			rest = strings.TrimLeft(m[j:], " \t")
		case strings.HasSuffix(before, "."):
			if !inlineMethodOpener(lang, tok) {
				continue // x.open of something else: a name, not the opener
			}
			if lang == "python" && pathMethod(tok, rest) && !pathReceiver.MatchString(strings.TrimSuffix(before, ".")) {
				return true // p.read_text(): the receiver's path is computed
			}
		case lang == "python" && strings.HasPrefix(rest, "."):
			continue // Path.cwd(): the class's attribute, checked on its own
		}
		if !inlineLiteralCall(lang, rest) {
			return true
		}
	}
	return false
}

// pathMethod reports a python method that opens its object's own path
// (p.read_text(), Path(x).open()): its receiver names the file.
func pathMethod(tok, rest string) bool {
	switch tok {
	case "read_text", "read_bytes", "write_text", "write_bytes", "symlink_to", "hardlink_to":
		return true
	case "open":
		return strings.HasPrefix(rest, "()")
	}
	return false
}

// perlPathReceiver is a Path::Tiny object made from a plain literal.
var perlPathReceiver = lazyre.New(`\bpath\(\s*(?:"x*"|'x*')\s*\)$`)

// pathClass are python's path classes: pathlib.Path(x) is a call of the
// class, whose argument is the path.
var pathClass = map[string]bool{"Path": true, "PurePath": true, "PosixPath": true}

// pathReceiver is a python path object made from a plain literal, the
// receiver whose read_text() reads a name agentctl checks.
var pathReceiver = lazyre.New(`(?:pathlib\.)?(?:Path|PurePath|PosixPath)\(\s*(?:"x*"|'x*')\s*\)$`)

// inlineMethodOpener reports the method names that open a file by a name
// they are given or the object's: Path(x).read_text(), fs.readFileSync(x),
// fsp.open(x).
func inlineMethodOpener(lang, tok string) bool {
	switch lang {
	case "python":
		switch tok {
		case "read_text", "read_bytes", "write_text", "write_bytes", "symlink_to", "hardlink_to", "open":
			return true
		}
		return pathClass[tok] || genericOpener(tok)
	case "node":
		return tok != "import" && tok != "require"
	}
	return true
}

// inlineLiteralCall reports a call whose arguments (rest starts after the
// function's name) are all plain literals: strings without escapes or
// interpolation, numbers, keyword arguments of them, and, for perl, a
// file handle first.
func inlineLiteralCall(lang, rest string) bool {
	var args string
	switch {
	case strings.HasPrefix(rest, "("):
		depth, end := 0, -1
		for i := 0; i < len(rest) && end < 0; i++ {
			switch rest[i] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
				if depth == 0 {
					end = i
				}
			}
		}
		if end < 0 {
			return false
		}
		args = rest[1:end]
	case inlineParenless[lang]:
		end := strings.IndexAny(rest, ";\n})")
		if end < 0 {
			end = len(rest)
		}
		args = rest[:end]
		for _, stop := range []string{" or ", " and ", "||", "&&", " if ", " unless ", " do", " {"} {
			if k := strings.Index(args, stop); k >= 0 {
				args = args[:k]
			}
		}
		if a := strings.TrimLeft(args, " \t"); strings.HasPrefix(a, "=") || strings.HasPrefix(a, ",") ||
			strings.HasPrefix(a, ".") || strings.HasPrefix(a, "[") {
			return false // taken as a value
		}
		if strings.TrimSpace(args) == "" {
			// No argument: the implicit one ($_), or the statement ends.
			return true
		}
	default:
		return false // python or javascript: the function taken as a value
	}
	for i, a := range splitTopLevel(args) {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		if i == 0 && lang == "perl" && perlHandle.MatchString(a) {
			continue
		}
		if !plainArg.MatchString(a) {
			return false
		}
	}
	return true
}

var (
	// plainArg is a literal argument after maskLiterals: a plain string
	// ("xxx", 'xxx'), a number, a constant, a keyword argument of one, or
	// an options object of them ({encoding: "xxx"}).
	plainArg = lazyre.New(`^(?:\w+\s*[=:]>?\s*)?(?:"x*"|'x*'|-?\d+(?:\.\d+)?|True|False|None|true|false|null|nil|` +
		`\{[\s\w:"',x]*\}|(?:sys\.argv|process\.argv|\$ARGV|ARGV|arg)\[\d+\])$`)
	// perlHandle is perl's handle argument: F, $fh, my $fh, my($fh), \*F.
	perlHandle = lazyre.New(`^(?:my\s*\(?\s*\$\w+\s*\)?|\$\w+|[A-Z_][A-Z0-9_]*|\\\*\w+|local\s+\*\w+)$`)
	// argvWrites are the statements that change perl's, ruby's or lua's
	// argument list.
	argvWrites = lazyre.New(`\b(?:sys|process)\.argv\s*(?:\[[^\]]*\])?\s*(?:=[^=]|\+=)|` +
		`\b(?:sys|process)\.argv\.(?:append|extend|insert|push|unshift|splice)|@ARGV\s*=[^=~]|\$ARGV\s*\[[^\]]*\]\s*=[^=~]|\b(?:push|unshift|splice)\s*\(?\s*@ARGV|` +
		`\bARGV\s*(?:<<|\.(?:replace|push|unshift|concat|insert|clear|\[\]=)|\[[^\]]*\]\s*=[^=])|` +
		`\barg\s*\[[^\]]*\]\s*=[^=]|\blocal\s+@ARGV`)
)

// splitTopLevel splits an argument list at its commas outside brackets.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// maskLiterals replaces the text of each plain string literal of code by
// x's (so neither its words nor its brackets are read as code) and each
// other literal — one with an escape, an interpolation, a prefix
// (f"…", r"…") or a template — by V, an expression: its value is computed.
func maskLiterals(lang, code string) string {
	var b strings.Builder
	b.Grow(len(code))
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '"' && q != '\'' && q != '`' {
			b.WriteByte(q)
			continue
		}
		j := i + 1
		plain := q != '`'
		for ; j < len(code) && code[j] != q; j++ {
			switch c := code[j]; {
			case c == '\\':
				plain = false
				j++
			case q == '"' && (c == '$' || c == '@' || c == '#' && j+1 < len(code) && code[j+1] == '{') &&
				lang != "python" && lang != "node" && lang != "lua":
				plain = false
			case q == '"' && c == '{' && lang == "python":
				// a brace is literal unless the prefix makes an f-string,
				// which the prefix check below catches
			}
		}
		if i > 0 && isWordByte(code[i-1]) {
			plain = false // a prefix: f"…", r'…', b"…", qq"…"
		}
		if j >= len(code) {
			// An unterminated literal: the rest is its text.
			b.WriteByte('V')
			break
		}
		if plain {
			b.WriteByte(q)
			b.WriteString(strings.Repeat("x", j-i-1))
			b.WriteByte(q)
		} else {
			b.WriteByte('V')
		}
		i = j
	}
	return b.String()
}

// pythonImport is an import statement: a name it binds without "as" is
// the function itself, used (or not) later.
var pythonImport = lazyre.New(`\b(?:from\s+[\w.]+\s+)?import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*`)

// jsDestructure is a destructuring of a module's functions with no
// renaming: const {readFileSync, existsSync} = require("fs").
var jsDestructure = lazyre.New(`\{[\s\w,]*\}\s*=`)

// asWord is python's renaming in an import.
var asWord = lazyre.New(`\sas\s`)

// skipImports blanks the import statements (python) and plain
// destructurings (javascript) of code: naming a function there is not
// taking it under another name. An import with "as" stays: from os
// import open as o takes open as o.
func skipImports(lang, masked string) string {
	switch lang {
	case "python":
		return pythonImport.ReplaceAllStringFunc(masked, func(s string) string {
			if asWord.MatchString(s) {
				return s
			}
			return strings.Repeat(" ", len(s))
		})
	case "node":
		return jsDestructure.ReplaceAllStringFunc(masked, func(s string) string {
			return strings.Repeat(" ", len(s)-1) + "="
		})
	}
	return masked
}

// isWordByte reports an identifier byte.
func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

package bashparse

import (
	"path"
	"strings"
)

// optKind says what an option's value makes a program do.
type optKind int

const (
	// runsScript: the value is a shell command the program runs.
	runsScript optKind = iota + 1
	// runsArgv: the words after the option are a command (fd -x CMD ARGS).
	runsArgv
	// namesProgram: the value names a program or configuration that runs
	// one; it cannot be analysed (make --eval, cargo --config).
	namesProgram
	// writesFile: the value is a file the program writes.
	writesFile
	// readsFile: the value is a file the program reads.
	readsFile
	// readsScript: the value is a file the program reads its instructions
	// from; outside the working directories it is a new power.
	readsScript
	// readsAtFile: the value reads a file when it says so: "@FILE",
	// "name=@FILE" or "name=<FILE" (curl -d, -F).
	readsAtFile
	// makeVars: VAR=VALUE arguments that may redefine a program make runs.
	makeVars
	// readsFileList: the value is a file (or "-", stdin) whose content
	// names the files the program reads (sort --files0-from, tar -T):
	// those files are known only at run time.
	readsFileList
	// expandsWords: the value is a list of shell words the program
	// expands again (compgen -W), substitutions and all.
	expandsWords
)

// progOpt is one option of a program that gives it a power beyond its
// arguments (spec §3: "a prefix rule approves arguments, not new powers").
type progOpt struct {
	names []string // "-o", "--output", "-toolexec": matched exactly, as NAME=V, or -xV for short names
	kind  optKind
}

// program lists the power options of one command (or one subcommand).
type program struct {
	sub  string // the first operand the options apply to ("" for any)
	opts []progOpt
}

// programs is the table of options that run other programs, write named
// files or read instructions from files. It is data: adding a program is
// one entry.
var programs = map[string][]program{
	"npm": {{opts: []progOpt{{[]string{"--script-shell"}, runsScript}, {[]string{"-c", "--call"}, runsScript}, {[]string{"--userconfig", "--globalconfig", "--prefix", "-C"}, namesProgram}, {[]string{"--node-options"}, namesProgram},
		// npm writes its debug log below --logs-dir, by default below
		// --cache (_logs): a run creates a file in the directory named.
		{[]string{"--logs-dir", "--cache"}, writesFile}}}},
	"npx":  {{opts: []progOpt{{[]string{"-c", "--call"}, runsScript}, {[]string{"--script-shell"}, runsScript}}}},
	"pnpm": {{opts: []progOpt{{[]string{"--script-shell", "--shell-emulator"}, runsScript}, {[]string{"-c"}, runsScript}}}},
	"yarn": {{opts: []progOpt{{[]string{"--script-shell"}, runsScript}}}},
	"make": {{opts: []progOpt{{[]string{"--eval", "-E"}, namesProgram}, {[]string{"-f", "--file", "--makefile"}, readsScript},
		{[]string{"-C", "--directory", "-I", "--include-dir"}, readsScript}, {[]string{"SHELL", ".SHELLFLAGS", "MAKESHELL"}, runsScript},
		{[]string{"="}, makeVars}}}},
	"go": {{opts: []progOpt{{[]string{"-toolexec", "--toolexec", "-exec", "--exec"}, runsScript},
		{[]string{"-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir", "-fuzzcache"}, writesFile},
		{[]string{"-overlay", "-modfile", "-pgo"}, readsScript}, {[]string{"-ldflags", "-gcflags", "-asmflags", "-gccgoflags"}, namesProgram}}}},
	"cargo": {{opts: []progOpt{{[]string{"--config", "-Z"}, namesProgram}, {[]string{"--manifest-path"}, readsScript},
		{[]string{"--target-dir", "--artifact-dir", "--out-dir"}, writesFile}}}},
	"git": {
		{sub: "diff", opts: gitOutputOpts}, {sub: "log", opts: gitOutputOpts}, {sub: "show", opts: gitOutputOpts},
		// stash show/list, reflog show and shortlog take log's and diff's
		// options: --output writes, --ext-diff and --textconv run programs.
		{sub: "stash", opts: gitOutputOpts}, {sub: "reflog", opts: gitOutputOpts}, {sub: "shortlog", opts: gitOutputOpts},
		// cat-file --textconv/--filters run the drivers the config names;
		// ls-files -X reads its exclude patterns from the file.
		{sub: "cat-file", opts: []progOpt{{[]string{"--textconv", "--filters"}, namesProgram}}},
		{sub: "ls-files", opts: []progOpt{{[]string{"-X", "--exclude-from", "--exclude-per-directory"}, readsFile}}},
		{sub: "format-patch", opts: append([]progOpt{{[]string{"-o", "--output-directory"}, writesFile}}, gitOutputOpts...)},
		{sub: "archive", opts: []progOpt{{[]string{"-o", "--output"}, writesFile}, {[]string{"--exec", "--remote"}, runsScript}}},
		{sub: "rebase", opts: []progOpt{{[]string{"-x", "--exec"}, runsScript}}},
		{sub: "difftool", opts: []progOpt{{[]string{"-x", "--extcmd"}, runsScript}, {[]string{"-t", "--tool"}, namesProgram}}},
		{sub: "mergetool", opts: []progOpt{{[]string{"-t", "--tool"}, namesProgram}}},
		{sub: "grep", opts: []progOpt{{[]string{"-O", "--open-files-in-pager"}, runsScript}, {[]string{"-f"}, readsFile}}},
		{sub: "fetch", opts: uploadPack}, {sub: "pull", opts: uploadPack}, {sub: "clone", opts: uploadPack},
		{sub: "ls-remote", opts: uploadPack},
		{sub: "push", opts: []progOpt{{[]string{"--receive-pack", "--exec"}, runsScript}}},
		{sub: "commit", opts: []progOpt{{[]string{"-F", "--file", "-t", "--template"}, readsFile}}},
		// blame --contents F annotates (and prints) F's lines; -S F reads
		// a revision list from F.
		{sub: "blame", opts: []progOpt{{[]string{"--contents", "-S"}, readsFile}}},
		{sub: "annotate", opts: []progOpt{{[]string{"--contents", "-S"}, readsFile}}},
		{sub: "tag", opts: []progOpt{{[]string{"-F", "--file"}, readsFile}}},
		{sub: "bundle", opts: []progOpt{{[]string{"create"}, writesFile}}},
		{sub: "submodule", opts: []progOpt{{[]string{"foreach"}, runsArgv}}},
		{sub: "bisect", opts: []progOpt{{[]string{"run"}, runsArgv}}},
		{sub: "filter-branch", opts: []progOpt{{[]string{"--tree-filter", "--index-filter", "--msg-filter", "--env-filter",
			"--parent-filter", "--commit-filter", "--tag-name-filter"}, runsScript}}},
		{sub: "send-email", opts: []progOpt{{[]string{"--sendmail-cmd", "--smtp-server", "--to-cmd", "--cc-cmd", "--header-cmd"}, runsScript}}},
		{sub: "instaweb", opts: []progOpt{{[]string{"--httpd", "-d", "--browser", "-b"}, namesProgram}}},
		{sub: "daemon", opts: []progOpt{{[]string{"--access-hook"}, runsScript}}},
	},
	"ssh": {{opts: []progOpt{{[]string{"-o"}, runsScript}, {[]string{"-F"}, readsScript}, {[]string{"-i"}, readsFile}}}},
	"scp": {{opts: []progOpt{{[]string{"-o"}, runsScript}, {[]string{"-S", "-D"}, runsScript}, {[]string{"-F"}, readsScript}}}},
	// netcat runs a program on the connection: -e PROG and -c CMD
	// (traditional), -e/--exec, -c/--sh-exec, --lua-exec FILE (ncat).
	"nc":             {{opts: netcatOpts}},
	"netcat":         {{opts: netcatOpts}},
	"nc.traditional": {{opts: netcatOpts}},
	"ncat":           {{opts: netcatOpts}},
	"rsync":          {{opts: []progOpt{{[]string{"-e", "--rsh"}, runsScript}, {[]string{"--exclude-from", "--include-from", "--password-file"}, readsFile}, {[]string{"--files-from"}, readsFileList}, {[]string{"--log-file", "--write-batch", "--only-write-batch"}, writesFile}}}},
	"tar": {{opts: []progOpt{{[]string{"--to-command", "-I", "--use-compress-program", "-F", "--info-script", "--new-volume-script", "--rsh-command"}, runsScript},
		{[]string{"--checkpoint-action"}, namesProgram},
		{[]string{"--checkpoint-action"}, namesProgram}, {[]string{"-X", "--exclude-from"}, readsFile}, {[]string{"-T", "--files-from"}, readsFileList}}}},
	"sort": {{opts: []progOpt{{[]string{"--compress-program"}, runsScript}, {[]string{"-o", "--output", "-T", "--temporary-directory"}, writesFile}, {[]string{"--files0-from"}, readsFileList}}}},
	"zip":  {{opts: []progOpt{{[]string{"-TT", "--unzip-command"}, runsScript}}}},
	// split --filter=CMD pipes each piece to CMD, run by the shell.
	"split": {{opts: []progOpt{{[]string{"--filter"}, runsScript}}}},
	"rg": {{opts: []progOpt{{[]string{"--pre"}, runsScript}, {[]string{"--hostname-bin"}, namesProgram},
		{[]string{"-f", "--file", "--ignore-file"}, readsFile}}}},
	"fd":     {{opts: []progOpt{{[]string{"-x", "--exec", "-X", "--exec-batch"}, runsArgv}}}},
	"fdfind": {{opts: []progOpt{{[]string{"-x", "--exec", "-X", "--exec-batch"}, runsArgv}}}},
	"man":    {{opts: []progOpt{{[]string{"-P", "--pager", "-H", "--html"}, runsScript}, {[]string{"-M", "--manpath"}, readsFile}}}},
	"less":   {{opts: []progOpt{{[]string{"-o", "--log-file", "-O", "--LOG-FILE"}, writesFile}}}},
	"curl": {{opts: []progOpt{{[]string{"-o", "--output", "-c", "--cookie-jar", "-D", "--dump-header", "--trace", "--trace-ascii", "--stderr", "--output-dir", "--etag-save", "--hsts", "--alt-svc", "--libcurl"}, writesFile}, {[]string{"-T", "--upload-file", "-K", "--config", "-b", "--cookie", "--netrc-file", "--key", "--cert", "--cacert"}, readsFile},
		{[]string{"-d", "--data", "--data-binary", "--data-urlencode", "--data-ascii", "--json", "-F", "--form", "--form-string"}, readsAtFile}}}},
	"wget": {{opts: []progOpt{{[]string{"-O", "--output-document", "-o", "--output-file", "-a", "--append-output", "-P", "--directory-prefix", "--save-cookies"}, writesFile}, {[]string{"--post-file", "--body-file", "-i", "--input-file", "--load-cookies"}, readsFile}, {[]string{"--use-askpass"}, runsScript},
		{[]string{"-e", "--execute"}, namesProgram}, {[]string{"--config"}, readsScript}}}},
	"diff": {{opts: []progOpt{{[]string{"--output"}, writesFile}, {[]string{"--from-file", "--to-file", "-X", "--exclude-from"}, readsFile}}}},
	"grep": {{opts: []progOpt{{[]string{"-f", "--file", "--exclude-from"}, readsFile}}}},
	"wc":   {{opts: []progOpt{{[]string{"--files0-from"}, readsFileList}}}},
	"du":   {{opts: []progOpt{{[]string{"-X", "--exclude-from"}, readsFile}, {[]string{"--files0-from"}, readsFileList}}}},
	"file": {{opts: []progOpt{{[]string{"-f", "--files-from"}, readsFileList},
		// -m reads magic files, a colon-separated list; a parse error prints their lines.
		{[]string{"-m", "--magic-file"}, readsFile}}}},
	"base64":    {{opts: []progOpt{{[]string{"-o", "--output"}, writesFile}}}},
	"tree":      {{opts: []progOpt{{[]string{"-o"}, writesFile}, {[]string{"--fromfile"}, readsFile}}}},
	"jq":        {{opts: []progOpt{{[]string{"-f", "--from-file", "--rawfile", "--slurpfile"}, readsFile}}}},
	"awk":       {{opts: []progOpt{{[]string{"-f", "--file", "-i", "--include", "-l", "--load"}, readsScript}}}},
	"gawk":      {{opts: []progOpt{{[]string{"-f", "--file", "-i", "--include", "-l", "--load"}, readsScript}}}},
	"sed":       {{opts: []progOpt{{[]string{"-f", "--file"}, readsScript}}}},
	"cmake":     {{opts: []progOpt{{[]string{"-P", "-C", "--toolchain"}, readsScript}}}},
	"ctest":     {{opts: []progOpt{{[]string{"-S", "-SP", "--script", "--script-new-process"}, readsScript}}}},
	"pytest":    {{opts: []progOpt{{[]string{"-p"}, namesProgram}, {[]string{"-c", "--config-file", "--confcutdir", "--rootdir"}, readsScript}, {[]string{"--junitxml", "--junit-xml", "--basetemp", "--result-log", "--resultlog", "--debug"}, writesFile}}}},
	"jest":      {{opts: []progOpt{{[]string{"--config", "-c", "--setupFiles", "--globalSetup", "--testRunner", "--reporters", "--transform"}, namesProgram}, {[]string{"--outputFile", "--coverageDirectory"}, writesFile}}}},
	"vitest":    {{opts: []progOpt{{[]string{"--config", "-c", "--root", "--dir", "--globalSetup", "--reporter"}, namesProgram}, {[]string{"--outputFile"}, writesFile}}}},
	"node":      {{opts: []progOpt{{[]string{"-r", "--require", "--import", "--loader", "--experimental-loader"}, namesProgram}}}},
	"gcc":       {{opts: []progOpt{{[]string{"-o"}, writesFile}, {[]string{"-wrapper", "-B", "-fplugin"}, namesProgram}}}},
	"cc":        {{opts: []progOpt{{[]string{"-o"}, writesFile}, {[]string{"-wrapper", "-B", "-fplugin"}, namesProgram}}}},
	"clang":     {{opts: []progOpt{{[]string{"-o"}, writesFile}, {[]string{"-B", "-fplugin", "-Xclang"}, namesProgram}}}},
	"hyperfine": {{opts: []progOpt{{[]string{"-p", "--prepare", "-c", "--cleanup", "-s", "--setup", "-S", "--shell"}, runsScript}}}},
	"mapfile":   {{opts: []progOpt{{[]string{"-C"}, runsScript}}}},
	"readarray": {{opts: []progOpt{{[]string{"-C"}, runsScript}}}},
	"compgen":   {{opts: []progOpt{{[]string{"-C"}, runsScript}, {[]string{"-W"}, expandsWords}}}},
	"complete":  {{opts: []progOpt{{[]string{"-C"}, runsScript}, {[]string{"-W"}, expandsWords}}}},
	"enable":    {{opts: []progOpt{{[]string{"-f"}, namesProgram}}}},
	"fc":        {{opts: []progOpt{{[]string{"-e"}, runsScript}, {[]string{"-s"}, namesProgram}}}},
	"time":      {{opts: []progOpt{{[]string{"-o", "--output"}, writesFile}}}},
	"xxd":       {},
	// pip --python P and uv … --python/-p P run P (pip re-executes under
	// it, uv runs it to learn its environment).
	"pip":  {{opts: []progOpt{{[]string{"--python"}, namesProgram}}}},
	"pip3": {{opts: []progOpt{{[]string{"--python"}, namesProgram}}}},
	"uv":   {{opts: []progOpt{{[]string{"--python", "-p"}, namesProgram}}}},
}

var gitOutputOpts = []progOpt{{[]string{"--output"}, writesFile}, {[]string{"--ext-diff"}, namesProgram},
	{[]string{"-O"}, readsFile}, {[]string{"--textconv", "--show-signature"}, namesProgram}}

var uploadPack = []progOpt{{[]string{"--upload-pack", "-u"}, runsScript}}

// optionUse is one power option found in a command.
type optionUse struct {
	name, value string
	kind        optKind
	word        Word
	rest        []Word // for runsArgv: the words after the option
}

// programLongs lists, for each entry of programs, its long options and
// the everyday ones that begin like them (--exclude before --exclude-from):
// what an abbreviation is resolved against (canonLong). An exact name
// wins over a longer one, as in getopt_long.
var programLongs = longNames(programs)

// longNames computes programLongs' lists for the power table m.
func longNames(m map[string][]program) map[string][][]string {
	out := map[string][][]string{}
	for name, progs := range m {
		for _, p := range progs {
			var longs []string
			for _, o := range p.opts {
				for _, n := range o.names {
					if strings.HasPrefix(n, "--") {
						longs = append(longs, n)
					}
				}
			}
			for _, b := range prefixLongs {
				for _, n := range longs {
					if strings.HasPrefix(n, b) && n != b {
						longs = append(longs, b)
						break
					}
				}
			}
			out[name] = append(out[name], longs)
		}
	}
	return out
}

// prefixLongs are everyday long options that are the start of a power
// option's name: given in full, they are themselves.
var prefixLongs = []string{"--exclude", "--include", "--cookie", "--trace", "--output", "--file", "--config", "--cert", "--key", "--target"}

// powerOptions finds the power options of a command (by its wide view).
func powerOptions(words []Word) []optionUse {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	out := matchPowerOptions(words, programs[name], programLongs[name])
	out = append(out, matchPowerOptions(words, morePrograms()[name], moreProgramLongs()[name])...)
	out = append(out, matchPowerOptions(words, netSendPrograms()[name], netSendLongs()[name])...)
	if awkNames[name] {
		out = append(out, awkWOptions(words)...)
	}
	if name == "openssl" {
		out = append(append(out, matchPowerOptions(words, opensslPrograms()[name], opensslLongs()[name])...), opensslUses(words)...)
	}
	return append(out, matchPowerOptions(words, readOptionPrograms()[name], readOptionLongs()[name])...)
}

// matchPowerOptions finds the options of progs (one program's entries of a
// power table, longs their long names) in words.
func matchPowerOptions(words []Word, progs []program, longs [][]string) []optionUse {
	if len(progs) == 0 {
		return nil
	}
	args := words[1:]
	sub := ""
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") {
			sub = a.Value
			break
		}
	}
	var out []optionUse
	for pi, p := range progs {
		if p.sub != "" && p.sub != sub {
			continue
		}
		for i := 0; i < len(args); i++ {
			// An abbreviation reads as the whole name (canonLong).
			v := canonLong(optionSpelling(words[0].Value, args[i].Value), longs[pi])
			if v == "--" && words[0].Value != "make" {
				break
			}
			for _, o := range p.opts {
				if o.kind == makeVars {
					if n, val, ok := strings.Cut(v, "="); ok && isAssignWord(v) && n != "SHELL" && n != ".SHELLFLAGS" &&
						n != "MAKESHELL" && (strings.ContainsAny(val, "/ ;|&$`<>") || !args[i].Static()) {
						out = append(out, optionUse{name: n + "=", value: val, kind: namesProgram, word: args[i]})
					}
					continue
				}
				for _, n := range o.names {
					if v == "" || n == "" || v[0] != n[0] {
						continue // every case below needs v to start as n does
					}
					use := optionUse{name: n, kind: o.kind, word: args[i]}
					k := -1
					if len(n) == 2 && n[0] == '-' {
						k = shortInCluster(words[0].Value, v, n[1])
					}
					switch {
					case o.kind == runsArgv && v == n:
						use.rest = args[i+1:]
					case o.kind == runsArgv && strings.HasPrefix(n, "--") && hasValuePrefix(v, n):
						// fd --exec=rm ARGS: the value is the command's name.
						use.rest = append([]Word{{Value: v[len(n)+1:], Dynamic: args[i].Dynamic}}, args[i+1:]...)
					case o.kind == runsArgv && len(n) == 2 && n[0] == '-' && len(v) > 2 && v[1] != '-' && strings.HasPrefix(v, n):
						// fd -xrm ARGS
						use.rest = append([]Word{{Value: v[2:], Dynamic: args[i].Dynamic}}, args[i+1:]...)
					case v == n && !strings.HasPrefix(n, "-"):
						// a subcommand-style word (git bundle create FILE)
						if i+1 < len(args) {
							use.value, use.word = args[i+1].Value, args[i+1]
						}
					case v == n && i+1 < len(args):
						use.value, use.word = args[i+1].Value, args[i+1]
					case hasValuePrefix(v, n):
						use.value = v[len(n)+1:]
					case len(n) == 2 && n[0] == '-' && strings.HasPrefix(v, n) && len(v) > 2 && v[1] != '-':
						use.value = v[2:] // attached short value
					case v == n:
						use.value = ""
					case k > 0 && o.kind == runsArgv && k+1 < len(v):
						// fd -Hxrm ARGS
						use.rest = append([]Word{{Value: v[k+1:], Dynamic: args[i].Dynamic}}, args[i+1:]...)
					case k > 0 && o.kind == runsArgv:
						use.rest = args[i+1:] // fd -Hx rm ARGS
					case k > 0 && k+1 < len(v):
						use.value = v[k+1:] // curl -sT.env
					case k > 0 && i+1 < len(args):
						use.value, use.word = args[i+1].Value, args[i+1] // tar -tvI sh
					case k > 0:
						use.value = ""
					default:
						continue
					}
					if !strings.HasPrefix(n, "-") && v == n && o.kind != writesFile && o.kind != runsArgv {
						continue // NAME= only as an assignment word
					}
					out = append(out, use)
				}
			}
		}
	}
	return out
}

// outsideWorkingDir approximates "a file outside the working directories"
// without the file system: absolute, home-relative, parent-relative or not
// static. Inside paths stay relative to the cwd.
func outsideWorkingDir(w Word, p string) bool {
	if !w.Static() || p == "" {
		return true
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return true
	}
	for _, seg := range strings.Split(path.Clean(p), "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

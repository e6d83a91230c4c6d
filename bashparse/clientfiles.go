package bashparse

import "strings"

// Three utilities a team approves by prefix open local files their
// operands name although no operand table lists them, so a file outside
// the working directories went unchecked (spec §6: shell file operands
// outside them ask):
//   - scp copies between local paths as cp does (scp /etc/passwd /tmp/x
//     reads the one and writes the other); an operand HOST:PATH or
//     scp://… is remote, and a colon after a slash is part of a local
//     name (./a:b);
//   - man formats and prints a file: every operand of -l/--local-file,
//     and without it every operand with a slash (man-db reads "./x.1" and
//     "/etc/x" as files, not page names);
//   - sqlite3 opens its database operand (a file: URI too), reading it
//     and creating or writing it with the SQL after it.

// scpValueOpts are scp's short options that take a value (scp(1)).
const scpValueOpts = "cDFiJloPSX"

// scpFiles lists the local files an scp command reads (sources) and
// writes (the last operand).
func scpFiles(args []Word) []File {
	ops := shortOptOperands(args, scpValueOpts, "")
	var out []File
	for i, o := range ops {
		if scpRemote(o.Value) {
			continue
		}
		acc := Read
		if i == len(ops)-1 && len(ops) > 1 {
			acc = Write
		}
		out = append(out, fileOf(o, o.Value, acc, "scp"))
	}
	return out
}

// scpRemote reports an scp operand that names a remote file: scp://…, or
// a colon before any slash ([user@]host:path).
func scpRemote(v string) bool {
	if strings.HasPrefix(v, "scp://") {
		return true
	}
	c := strings.IndexByte(v, ':')
	s := strings.IndexByte(v, '/')
	return c > 0 && (s < 0 || c < s)
}

// manValueOpts are man-db's short options that take a value; -T, -H and
// -X take an optional attached one (man(1)).
const manValueOpts = "CMPrELmSsepR"

// manFiles lists the files a man command formats and prints.
func manFiles(args []Word) []File {
	local := false
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if v == "--local-file" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && shortInClusterOf(v, 'l', manValueOpts) {
			local = true
		}
	}
	var out []File
	for _, o := range shortOptOperands(args, manValueOpts, "--config-file --manpath --pager --prompt --encoding --locale --systems --sections --extension --preprocessor --recode") {
		if local || strings.Contains(o.Value, "/") {
			out = append(out, fileOf(o, o.Value, Read, "man"))
		}
	}
	return out
}

// sqliteDatabaseFile lists the database file of a sqlite3 command: its
// first operand (sqliteValueOpts' values skipped), a file: URI's path.
func sqliteDatabaseFile(args []Word) []File {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			if i+1 < len(args) {
				return sqliteDBFile(args[i+1])
			}
			return nil
		}
		if strings.HasPrefix(v, "-") && v != "-" {
			if sqliteValueOpts[strings.TrimLeft(v, "-")] {
				i++
			}
			continue
		}
		return sqliteDBFile(args[i])
	}
	return nil
}

// sqliteDBFile is the file of one database operand: none for an
// in-memory database, the path of a file: URI.
func sqliteDBFile(w Word) []File {
	p := w.Value
	if p == "" || p == ":memory:" {
		return nil
	}
	if rest, ok := strings.CutPrefix(p, "file:"); ok {
		rest, _, _ = strings.Cut(rest, "?")
		rest, _, _ = strings.Cut(rest, "#")
		if h, ok := strings.CutPrefix(rest, "//"); ok {
			// file://HOST/path: only an empty host or localhost is local.
			host, path, _ := strings.Cut(h, "/")
			if host != "" && host != "localhost" {
				return nil
			}
			rest = "/" + path
		}
		if rest == "" || rest == ":memory:" {
			return nil
		}
		p = rest
	}
	return []File{fileOf(w, p, Read, "sqlite3 database")}
}

// shortOptOperands returns the operands of args under a getopt grammar:
// valueOpts are the short options that take a value (attached or the
// next word), longValue the long options that take one (as --opt=V or
// --opt V); "--" ends the options.
func shortOptOperands(args []Word, valueOpts, longValue string) []Word {
	longs := strings.Fields(longValue)
	var ops []Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return append(ops, args[i+1:]...)
		case v == "-" || !strings.HasPrefix(v, "-"):
			ops = append(ops, args[i])
		case strings.HasPrefix(v, "--"):
			for _, l := range longs {
				if v == l {
					i++
					break
				}
			}
		default:
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(valueOpts, v[j]) >= 0 {
					if j == len(v)-1 {
						i++
					}
					break
				}
			}
		}
	}
	return ops
}

// shortInClusterOf reports whether the short option c is set in the
// cluster v, before any option that takes a value ends the cluster.
func shortInClusterOf(v string, c byte, valueOpts string) bool {
	for j := 1; j < len(v); j++ {
		if v[j] == c {
			return true
		}
		if strings.IndexByte(valueOpts, v[j]) >= 0 {
			return false
		}
	}
	return false
}

// yqFiles lists the files a yq command reads: its operands after the
// expression (none skipped when -f/--from-file gives it, the subcommand
// word of yq eval/eval-all skipped too). yq is not in the operand table,
// whose entry would make its -i rewrites reads: this adds reads only.
func yqFiles(args []Word) []File {
	fromFile := false
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if v == "--from-file" || strings.HasPrefix(v, "--from-file=") || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && shortInClusterOf(v, 'f', "LIops") {
			fromFile = true
		}
	}
	ops := shortOptOperands(args, "fLIops", "--from-file --indent --output-format --input-format --arg --argjson --slurpfile --rawfile --expression")
	if len(ops) > 0 && !fromFile {
		switch ops[0].Value {
		case "e", "eval", "ea", "eval-all":
			ops = ops[1:]
		}
		if len(ops) > 0 {
			ops = ops[1:]
		}
	}
	var out []File
	for _, o := range ops {
		if o.Value != "-" {
			out = append(out, fileOf(o, o.Value, Read, "yq"))
		}
	}
	return out
}

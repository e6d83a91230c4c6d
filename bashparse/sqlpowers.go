package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// The SQL and meta-commands a database client is given on its command
// line reach beyond the database: psql's \copy … program, \g |cmd, \o F,
// \w F, \i F, \e, \setenv and backquoted arguments run programs, write or
// read local files; COPY … PROGRAM runs one on the server; sqlite3's
// writefile(), readfile(), load_extension(), edit() and ATTACH write, read,
// load code or create files. A prefix rule (Bash(psql *), Bash(sqlite3 *))
// approves the queries, not these (spec §3).

// psqlPlainMeta matches the psql meta-commands that only describe, print
// or set display options: \d…, \l, \conninfo, \x, \a, \t, \timing, \echo,
// \q, \z, \sf, \sv, \encoding, \dconfig.
var psqlPlainMeta = lazyre.New(`^\\(d[a-zA-Z]*\+?|l\+?|list\+?|conninfo|x|a|t|timing|echo|q|quit|z|sf\+?|sv\+?|encoding|copyright|errverbose)$`)

// psqlMeta matches one meta-command name in a -c value.
var psqlMeta = lazyre.New(`\\[a-zA-Z!?][a-zA-Z_+!]*`)

// psqlServerProgram matches SQL that runs a program on the server.
var psqlServerProgram = lazyre.New(`(?i)\bprogram\b`)

// psqlCommandPayloads: the -c/--command values of psql whose
// meta-commands or SQL run programs or touch local files.
func psqlCommandPayloads(args []Word) []payload {
	var out []payload
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		var c Word
		switch {
		case v == "--":
			return out
		case v == "-c" || v == "--command":
			if i+1 >= len(args) {
				continue
			}
			i++
			c = args[i]
		case strings.HasPrefix(v, "--command="):
			c = args[i]
			c.Value = strings.TrimPrefix(v, "--command=")
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			c = args[i]
			c.Value = v[2:]
		default:
			continue
		}
		if why := psqlCommandPower(c.Value); why != "" {
			out = append(out, readerUnresolved("psql -c "+why))
		}
	}
	return out
}

// psqlCommandPower says why one -c value reaches beyond the database, or
// "" when it does not.
func psqlCommandPower(sql string) string {
	if strings.Contains(sql, "`") {
		return "runs the backquoted shell command of a meta-command argument"
	}
	for _, m := range psqlMeta.FindAllString(sql, -1) {
		if !psqlPlainMeta.MatchString(m) {
			return m + " runs a program, reads or writes a local file, or changes the session"
		}
	}
	if psqlServerProgram.MatchString(sql) {
		return "COPY … PROGRAM runs a program on the server"
	}
	return ""
}

// sqliteSQLPower matches SQL of sqlite3's shell that writes, reads or
// loads files: writefile(), readfile(), load_extension(), edit() (runs
// an editor), fts3_tokenizer() and ATTACH (opens or creates a file).
var sqliteSQLPower = lazyre.New(`(?i)\b(writefile|readfile|load_extension|edit|fts3_tokenizer)\s*\(|\battach\b`)

// sqliteSQLPayloads: the SQL arguments of sqlite3 (and an archive mode,
// -A with c/u/x, which writes files) that reach beyond the database.
func sqliteSQLPayloads(args []Word) []payload {
	var out []payload
	for _, a := range args {
		v := a.Value
		if strings.HasPrefix(v, "-A") || v == "--archive" || v == "-archive" {
			out = append(out, readerUnresolved("sqlite3 "+v+" runs an archive command that writes files"))
			continue
		}
		if m := sqliteSQLPower.FindString(v); m != "" {
			out = append(out, readerUnresolved("sqlite3 SQL "+m+" reads, writes or loads a file"))
		}
	}
	return out
}

// mysqlClientCommand matches, in a mysql -e value, the client commands that
// run a program (pager, \P, edit, system, \!), write a file (tee, \T) or
// read commands from one (source, \.), and the SQL that reads a local file
// to send it (LOAD DATA LOCAL INFILE) or writes one (INTO OUTFILE/DUMPFILE).
var mysqlClientCommand = lazyre.New(`(?i)((^|;)\s*(pager|tee|source|edit|system)\b|\\[PTe.!]|\blocal\s+infile\b|\binto\s+(outfile|dumpfile)\b)`)

// mysqlCommandPayloads: the -e/--execute values of mysql and mariadb that
// reach beyond the database.
func mysqlCommandPayloads(name string, args []Word) []payload {
	var out []payload
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		var sql string
		switch {
		case v == "--":
			return out
		case v == "-e" || v == "--execute":
			if i+1 >= len(args) {
				continue
			}
			i++
			sql = args[i].Value
		case strings.HasPrefix(v, "--execute="):
			sql = strings.TrimPrefix(v, "--execute=")
		case strings.HasPrefix(v, "-e") && len(v) > 2:
			sql = v[2:]
		default:
			continue
		}
		if m := mysqlClientCommand.FindString(sql); m != "" {
			out = append(out, readerUnresolved(name+" -e "+strings.TrimSpace(m)+" runs a program or reads or writes a local file"))
		}
	}
	return out
}

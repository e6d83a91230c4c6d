package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// sqlite3's shell takes any prefix of a dot command's name: ".onc F" is
// ".once F" (writes F), ".imp .env t" is ".import .env t" (reads .env and
// prints its first line as column names in the error), ".lo X" loads an
// extension. Exact names only let every abbreviation past the file checks
// and the table's refusals.

// sqliteFileDots are the dot commands whose file argument is read or
// written; an abbreviation reads as each of them it could be.
var sqliteFileDots = map[string]Access{"read": Read, "open": Read, "restore": Read, "import": Read,
	"output": Write, "once": Write, "backup": Write, "save": Write, "log": Write, "trace": Write,
	"clone": Write, "testcase": Write, "iotrace": Write}

// sqliteRunDots are the dot commands that load or start a program, change
// the directory other commands resolve files in, or write archives: never
// read-only, whatever their arguments.
var sqliteRunDots = []string{"load", "excel", "cd", "archive", "ar", "www", "dbconfig", "filectrl", "testctrl",
	"imposter", "recover", "expert", "session"}

// sqliteDotNames lists every name of names that verb abbreviates.
func sqliteDotNames(verb string, names []string) []string {
	var out []string
	if verb == "" {
		return nil
	}
	for _, n := range names {
		if strings.HasPrefix(n, verb) {
			out = append(out, n)
		}
	}
	return out
}

var sqliteFileDotNames = func() []string {
	var out []string
	for n := range sqliteFileDots {
		out = append(out, n)
	}
	return out
}()

// sqliteRunPayloads: a dot command that abbreviates one of sqliteRunDots
// is a power agentctl does not follow.
func sqliteRunPayloads(verb string) []payload {
	if names := sqliteDotNames(verb, sqliteRunDots); len(names) > 0 {
		return []payload{readerUnresolved("sqlite3 ." + verb + " (." + strings.Join(names, ", .") + ") loads, runs or writes outside the checks")}
	}
	return nil
}

// sqliteVacuumInto matches SQL that writes a copy of the database to a file.
var sqliteVacuumInto = lazyre.New(`(?is)\bvacuum\b[^;]*?\binto\s+(?:'((?:[^']|'')*)'|"([^"]*)"|(\S+))`)

// sqliteSQLWrites: the files SQL in one argument writes (VACUUM INTO F,
// allowed on a read-only database).
func sqliteSQLWrites(w Word) []File {
	var out []File
	for _, m := range sqliteVacuumInto.FindAllStringSubmatch(w.Value, -1) {
		p := m[1] + m[2] + m[3]
		p = strings.ReplaceAll(p, "''", "'")
		out = append(out, fileOf(w, strings.TrimRight(p, ";"), Write, "sqlite3 vacuum into"))
	}
	return out
}

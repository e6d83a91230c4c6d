package bashparse

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
)

var (
	extendedOnce  sync.Once
	extendedTable *Table
	extendedErr   error
)

// extended compiles the embedded tables (read from the repository: the
// rego package embeds them for the engine; bashparse does not import it).
func extended(t testing.TB) *Table {
	extendedOnce.Do(func() {
		names, _ := filepath.Glob("../rego/commands/*.yaml")
		sort.Strings(names)
		var files []TableFile
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				extendedErr = err
				return
			}
			files = append(files, TableFile{Name: "commands/" + filepath.Base(n), Data: b})
		}
		extendedTable, extendedErr = CompileTable(files...)
	})
	if extendedErr != nil {
		t.Fatal(extendedErr)
	}
	return extendedTable
}

// approved: the command runs without asking under the table (every part
// read-only, nothing unresolved, no write, no power).
func approved(tb *Table, src string) bool {
	a := ParseWith(src, Options{Commands: tb})
	if len(a.Commands) == 0 || !a.ReadOnly() {
		return false
	}
	for _, c := range a.Commands {
		if len(c.Powers) > 0 || c.ExecWrapper {
			return false
		}
	}
	return true
}

package engine

import "testing"

// Round-16 bypass rows found by the tenth reference sweep
// (reference_sweep10_test.go), over the modes and the working directories.
//
// fold, column and cmp are read-only commands that print what they read
// (cmp -l prints every differing byte), but only the read-only table knew
// them: no operand table did, so their operands were not files at all, and
// fold ~/x, column -t ../proj_evil/x and cmp -l a ~/x ran without asking in
// default mode, printing files outside the working directories (checked in
// a real bash, and with the reference CLI, which asks for each:
// "blocked_path"). Now they are in bashparse's operand table as readers,
// with the short options that take a value (fold -w, cmp -i -n, column's),
// so an operand outside asks as cat's does and one inside stays allowed.
// rev is the same kind of reader (the reference asks for rev ../x too) but
// stays out here: many rows elsewhere use it as the program whose operands
// are only mentions, and as a reader two of their denies become asks.

// red16orcFiles is the layout of the rows: a project with a sibling
// proj_evil, a file in its parent, and a home.
var red16orcFiles = map[string]string{
	"<cwd>/a.txt":        "a\n",
	"<cwd>/x":            "x\n",
	"<cwd>/.env":         "SECRET=dummy\n",
	"<cwd>/src/index.ts": "export const a = 1;\n",
	"<cwd>/sub/k":        "k\n",
	"<cwd>_evil/x.txt":   "x\n",
	"<cwd>/../p.txt":     "p\n",
	"<home>/h.txt":       "h\n",
}

var red16orcRows = map[string][]bashModeRow{
	"printing reader of a file outside": {
		{`{}`, "fold -s ../p.txt", "default", "ask"},                     // was allow
		{`{}`, "fold ../p.txt", "default", "ask"},                        // was allow; ref ask
		{`{}`, "column ../p.txt", "default", "ask"},                      // was allow; ref ask
		{`{}`, "cmp -l a.txt ../p.txt", "default", "ask"},                // was allow; ref ask
		{`{}`, "cmp a.txt ../p.txt", "default", "ask"},                   // was allow; ref ask
		{`{}`, "fold ~/h.txt", "default", "ask"},                         // was allow
		{`{}`, "fold -w 5 ../proj_evil/x.txt", "default", "ask"},         // was allow; ref ask
		{`{}`, "column -t ~/h.txt", "default", "ask"},                    // was allow; ref ask
		{`{}`, "fold -- ../p.txt", "default", "ask"},                     // was allow
		{`{}`, "fold -bs -w3 ../p.txt", "default", "ask"},                // was allow
		{`{}`, "fold --width 5 ../p.txt", "default", "ask"},              // was allow
		{`{}`, "column -s : -t ../p.txt", "default", "ask"},              // was allow
		{`{}`, "column -x -c 40 <cwd>_evil/x.txt", "default", "ask"},     // was allow
		{`{}`, "cmp -bl -n 10 a.txt ~/h.txt", "default", "ask"},          // was allow
		{`{}`, "cmp --verbose a.txt ../p.txt", "default", "ask"},         // was allow
		{`{}`, "cmp -i 0 a.txt ../p.txt", "default", "ask"},              // was allow; ref ask
		{`{}`, "fold a.txt ../p.txt", "default", "ask"},                  // was allow
		{`{}`, "cd sub && column ../../p.txt", "default", "ask"},         // was allow
		{`{}`, "cat a.txt && fold ../p.txt | head -1", "default", "ask"}, // was allow
		{`{}`, "fold ./../p.txt", "default", "ask"},                      // was allow
		{`{}`, "fold sub/../../p.txt", "default", "ask"},                 // was allow
		{`{}`, "fold ../p.txt", "dontAsk", "deny"},                       // was allow
		{`{}`, "column ~/h.txt", "plan", "ask"},                          // was allow
		{`{}`, "fold ../p.txt", "acceptEdits", "ask"},                    // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Read(.env)"]}}`, "fold .env", "default", "deny"},
		{`{"permissions":{"allow":["Bash"],"deny":["Read(.env)"]}}`, "cmp -l a.txt .env", "default", "deny"},
		{`{"permissions":{"additionalDirectories":["../proj_evil"]}}`, "fold ../proj_evil/x.txt", "default", "allow"},
	},
	"printing reader of a file inside (neighbours)": {
		{`{}`, "rev a.txt", "default", "allow"},          // ref allow
		{`{}`, "fold a.txt", "default", "allow"},         // ref allow
		{`{}`, "column a.txt", "default", "allow"},       // ref allow
		{`{}`, "cmp a.txt x", "default", "allow"},        // ref allow
		{`{}`, "cmp a.txt x 1 2", "default", "allow"},    // skip counts, not files
		{`{}`, "cmp -i 3:4 a.txt x", "default", "allow"}, // -i takes a value
		{`{}`, "fold -w 5 a.txt", "default", "allow"},
		{`{}`, "fold --width 5 src/index.ts", "default", "allow"},
		{`{}`, "column -s , -t a.txt", "default", "allow"},
		{`{}`, "column -c 80 src/index.ts", "default", "allow"},
		{`{}`, "cat a.txt | rev", "default", "allow"},
		{`{}`, "rev < a.txt", "default", "allow"},
		{`{}`, "cd sub && rev k", "default", "allow"},
		{`{}`, "rev a.txt", "dontAsk", "allow"},
		{`{}`, "rev a.txt", "plan", "allow"},
		{`{}`, "echo ../*", "default", "allow"}, // ref allow: names, not contents
	},
}

func TestBypassRed16orc(t *testing.T) {
	checkBashRows(t, red16orcFiles, red16orcRows)
}

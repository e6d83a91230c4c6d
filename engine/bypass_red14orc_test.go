package engine

import (
	"context"
	"os"
	"testing"
)

// Round-14 bypass rows found by the eighth reference sweep
// (reference_sweep8_test.go), over the modes and Bash.
//
// A physical cd (cd -P, bash's -L/-P read in order, the last winning)
// through a symbolic link and back out of it was followed as the logical
// one: cd -P sl/.. was read as "stay in the cwd", so with sl a committed
// link to ~/sdir, acceptEdits approved cd -P sl/.. && touch c as an edit
// inside the project. bash resolves sl first under -P and stands in the
// link target's parent (checked with real bash: cd -P sl/.. && touch c
// made ~/c). The reference asks (a ".." after a directory segment may
// follow a link). Now a physical cd whose target has a ".." after a name
// leaves the shell's directory unknown (bashparse, shared by both
// evaluators): the writes that follow ask. The logical cd keeps its
// meaning (cd sl/.. is the cwd), and a leading ".." is the same either way.

// An Agent(type) deny or ask rule matched subagent_type exactly: "explore",
// "EXPLORE", " Explore" and "Explore " passed Agent(Explore) and
// Task(Explore) deny rules (allow in bypass mode, ask rules skipped). The
// reference resolves each of them to the Explore agent and refuses it by
// the rule (checked with the reference CLI: "Agent type 'Explore' has been
// denied by permission rule 'Agent(Explore)'" for all four). Now a deny or
// ask rule also matches the type trimmed and case-folded, in both
// evaluators (lib.rule_matches_call, agentMatchesFolded); an allow rule
// stays exact.

// A write after a cd to a place not known statically was checked only as
// "not static", which bypass mode lets through: X=.git; cd $X && echo x >
// config wrote .git/config in bypass mode unasked (checked with real bash),
// although even bypass mode asks before writing under .git/ or .claude/
// (spec §6) and the same write spelled echo x > $X/config asks. The parser
// already follows the variable's literal values as places the shell may
// stand (and keeps the ones before the cd: it may fail); a relative write
// in a command whose directory is unknown is now also checked at each of
// them (engine operand witnesses, the facts both evaluators read).

// red14orcFiles are the rows' files; red14orcLinks their symbolic links
// (NAME: TARGET).
var red14orcFiles = map[string]string{"<cwd>/a.txt": "a\n", "<cwd>/sub/k": "k\n", "<home>/sdir/k": "k\n", "<home>/.bashrc": "# rc\n"}

var red14orcLinks = map[string]string{"<cwd>/sl": "<home>/sdir", "<cwd>/sub/sl2": "<home>/sdir"}

var red14orcRows = map[string][]bashModeRow{
	"physical cd through a link": {
		{`{}`, "cd -P sl/.. && touch c", "acceptEdits", "ask"},                                                   // was allow; ref ask
		{`{}`, "cd -P sl/..; touch c", "acceptEdits", "ask"},                                                     // was allow
		{`{}`, "cd -LP sl/.. && touch c", "acceptEdits", "ask"},                                                  // was allow: -P last wins
		{`{}`, "cd -L -P sl/.. && touch c", "acceptEdits", "ask"},                                                // was allow
		{`{}`, "cd -eP sl/.. && touch c", "acceptEdits", "ask"},                                                  // was allow
		{`{}`, "cd -P -- sl/.. && echo x > c", "acceptEdits", "ask"},                                             // was allow
		{`{}`, "cd -P sub/sl2/.. && touch c", "acceptEdits", "ask"},                                              // was allow
		{`{}`, "cd -P sl/.. && touch .bashrc", "acceptEdits", "ask"},                                             // protected name asks anyway
		{`{}`, "cd -P sl/.. && sed -i s/a/b/ .bashrc", "dontAsk", "deny"},                                        // was deny (protected)
		{`{}`, "cd -P sl/.. && touch c", "dontAsk", "deny"},                                                      // no rule allows it
		{`{"permissions":{"allow":["Bash(touch:*)"]}}`, "cd -P sl/.. && touch c", "dontAsk", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash(cd:*)","Bash(touch:*)"]}}`, "cd -P sl/.. && touch c", "default", "ask"}, // asked before too
		{`{}`, "(cd -P sl/.. && cp a.txt c)", "acceptEdits", "ask"},                                              // was allow
		{`{}`, "cd -P sl/../ && mkdir d", "acceptEdits", "ask"},                                                  // was allow
		// Harmless neighbours keep their decisions.
		{`{}`, "cd -PL sl/.. && touch c", "acceptEdits", "allow"}, // -L last: the logical cwd
		{`{}`, "cd sl/.. && touch c", "acceptEdits", "allow"},     // logical: the cwd
		{`{}`, "cd -L sl/.. && touch c", "acceptEdits", "allow"},
		{`{}`, "cd -P . && touch c", "acceptEdits", "allow"},
		{`{}`, "cd -P sl/.. && ls", "default", "ask"},            // was allow; ref ask
		{`{}`, "cd -P sl/..", "default", "ask"},                  // was allow
		{`{}`, "cd -P -- sl/.. && ls -la", "acceptEdits", "ask"}, // was allow
		{`{}`, "cd -eP sl/.. && cat k", "default", "ask"},        // asked before too (k not static)
		{`{}`, "cd -P sl/.. && ls", "dontAsk", "deny"},           // was allow
		{`{}`, "cd -P sl/.. && ls", "bypassPermissions", "allow"},
		{`{}`, "cd sl/.. && ls", "default", "allow"}, // logical: the cwd
		{`{}`, "cd -P sub && ls", "default", "allow"},
		{`{}`, "cd -P .. && touch c", "acceptEdits", "ask"},
		{`{}`, "touch c", "acceptEdits", "allow"},
	},
	"write after a cd to a variable": {
		{`{}`, "X=.git; cd $X && echo x > config", "bypassPermissions", "ask"},               // was allow
		{`{}`, `X=.git; cd "$X" && touch config`, "bypassPermissions", "ask"},                // was allow
		{`{}`, "X=.claude; cd ${X} && echo {} > settings.json", "bypassPermissions", "ask"},  // was allow
		{`{}`, "X=.git/hooks; cd $X; cp ../../a.txt pre-commit", "bypassPermissions", "ask"}, // was allow
		{`{}`, "X=.git; cd $X/hooks && echo x > pre-commit", "bypassPermissions", "ask"},     // was allow
		{`{}`, "X=.git; cd $X && sed -i s/a/b/ config", "bypassPermissions", "ask"},          // was allow
		{`{}`, "X=.git; cd $X && echo x > config", "dontAsk", "deny"},                        // denied before too
		{`{}`, "X=.git; cd $X && echo x > config", "acceptEdits", "ask"},                     // asked before too
		// Harmless neighbours keep their decisions.
		{`{}`, "X=sub; cd $X && echo x > c", "bypassPermissions", "allow"},
		{`{}`, "X=.git; cd $X && ls", "bypassPermissions", "allow"},
		{`{}`, "cd $X && echo x > c", "bypassPermissions", "allow"},
	},
}

// red14orcToolRow is one call of a tool other than Bash.
type red14orcToolRow struct {
	settings string
	tool     string
	input    string // JSON
	mode     string
	want     string
}

var red14orcToolRows = map[string][]red14orcToolRow{
	"agent type spelled another way": {
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"explore"}`, "bypassPermissions", "deny"},                 // was allow; ref refuses
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"EXPLORE"}`, "bypassPermissions", "deny"},                 // was allow; ref refuses
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":" Explore"}`, "bypassPermissions", "deny"},                // was allow; ref refuses
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"Explore\n"}`, "bypassPermissions", "deny"},               // was allow
		{`{"permissions":{"deny":["Task(Explore)"]}}`, "Task", `{"description":"d","prompt":"p","subagent_type":"eXplore"}`, "default", "deny"},                             // was ask
		{`{"permissions":{"deny":["Agent(general-purpose)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"General-Purpose"}`, "bypassPermissions", "deny"}, // was allow
		{`{"permissions":{"allow":["Agent"],"ask":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"explore "}`, "default", "ask"},          // was allow
		{`{"permissions":{"ask":["Agent(Ex*)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"exPLORE"}`, "bypassPermissions", "ask"},                       // was allow
		// Harmless neighbours keep their decisions.
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"Explorer"}`, "bypassPermissions", "allow"},
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"general-purpose"}`, "bypassPermissions", "allow"},
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p"}`, "bypassPermissions", "allow"},
		{`{"permissions":{"deny":["Agent(Explore)"]}}`, "Agent", `{"description":"d","prompt":"p","subagent_type":"Explore"}`, "bypassPermissions", "deny"},
	},
}

func TestBypassRed14orc(t *testing.T) {
	root, dirs, sub := sweepLayout(t, red14orcFiles)
	for name, target := range red14orcLinks {
		if err := os.Symlink(sub(target), sub(name)); err != nil {
			t.Fatal(err)
		}
	}
	engine := sweepEngines(root, dirs, sub)
	for class, rows := range red14orcToolRows {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				d := sweepDecide(t, engine(t, r.settings), r.tool, sub(r.input), r.mode)
				if got := d.Decision.String(); got != r.want {
					t.Errorf("%s %s [%s] under %s: got %s (%s: %s), want %s", r.tool, r.input, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
	for class, rows := range red14orcRows {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				d, err := engine(t, r.settings).Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": sub(r.cmd)}})
				if err != nil {
					t.Fatal(err)
				}
				if got := d.Decision.String(); got != r.want {
					t.Errorf("%q [%s] under %s: got %s (%s: %s), want %s", r.cmd, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

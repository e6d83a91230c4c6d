package engine

import "testing"

// Options and operands of read-only commands that open a file they name
// and print it, or print the processes' environments: each ran without
// asking in every mode (spec §3), past a Read deny rule and outside the
// working directories. Each was shown with the real program on a file
// outside the project holding TOKEN=abc:
//   - cmp -l SECRET a.txt printed every byte of SECRET in octal; rev,
//     fold and column print their files' lines; none was a reader;
//   - strings @SECRET printed "strings: 'TOKEN=abc': No such file"
//     (binutils reads its arguments from @FILE);
//   - tree 2.1 -H . --hintro=SECRET (and --houtro) printed SECRET
//     verbatim; --gitfile and --infofile read their file too;
//   - git 2.39 blame --ignore-revs-file SECRET printed "invalid object
//     name: TOKEN=abc"; git config --get --file ~/.aws/credentials
//     default.key printed the key (INI is git's config format);
//   - sort --random-source=SECRET -R orders by SECRET's bytes;
//   - ps e / ps axeww printed SECRETENV=hunter2 from another process's
//     environment (the reference CLI asks for ps e and ps axeww);
//   - hostname --fi=F and -FF set the host name from F (as root).
// Each is now a read (outside the working directories it asks, under
// Read(.env) it is denied) or, for ps's e, not read-only.

const (
	red16roDeny = `{"permissions":{"deny":["Read(.env)","Edit(src/**)","Bash(rm:*)"]}}`
	red16roNone = `{}`
	// red16roExt has the extended command tables.
	red16roExt = `{"agentctl":{"commands":"extended"},"permissions":{"deny":["Read(.env)"]}}`
	// red16roOut is a file outside the working directories.
	red16roOut = `../outside/secret`
)

// red16roEveryMode expands one command into rows under the deny policy
// and under no rules in default, plan and dontAsk modes: want is the
// default-mode decision under no rules, deny the decision under the deny
// policy. A read outside the working directories asks in plan mode too; a
// command that is not read-only (notRO) is denied there.
func red16roEveryMode(cmd, want, deny string, notRO bool) []bashModeRow {
	dontAsk := want
	if want == "ask" {
		dontAsk = "deny"
	}
	plan := want
	if notRO {
		plan = dontAsk
	}
	return []bashModeRow{
		{red16roDeny, cmd, "default", deny},
		{red16roNone, cmd, "default", want},
		{red16roNone, cmd, "plan", plan},
		{red16roNone, cmd, "dontAsk", dontAsk},
	}
}

// red16roRows builds the class table: each entry is a command, its
// decision under no rules (default mode) and under the deny policy.
func red16roRows(rows ...[3]string) []bashModeRow {
	var out []bashModeRow
	for _, r := range rows {
		out = append(out, red16roEveryMode(r[0], r[1], r[2], false)...)
	}
	return out
}

// red16roNotRO builds rows for commands that asking makes not read-only.
func red16roNotRO(rows ...[3]string) []bashModeRow {
	var out []bashModeRow
	for _, r := range rows {
		out = append(out, red16roEveryMode(r[0], r[1], r[2], true)...)
	}
	return out
}

var red16roClasses = map[string][]bashModeRow{
	"readers that were not readers": red16roRows(
		[3]string{`cmp -l ` + red16roOut + ` a.txt`, "ask", "ask"}, // was allow
		[3]string{`cmp a.txt ` + red16roOut, "ask", "ask"},         // was allow
		[3]string{`cmp -b -n 9 ` + red16roOut + ` a.txt`, "ask", "ask"},
		[3]string{`cmp -l .env a.txt`, "allow", "deny"},
		[3]string{`rev ` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`rev < a.txt`, "allow", "allow"},
		[3]string{`fold -w 5 ` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`fold -w5 ` + red16roOut, "ask", "ask"},
		[3]string{`column -t ` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`column -s , -t ` + red16roOut, "ask", "ask"},
		[3]string{`cat a.txt | column -t`, "allow", "allow"},
		// Neighbours: their own files stay read-only; a write rule on
		// src does not stop a reader.
		[3]string{`cmp a.txt b.txt`, "allow", "allow"},
		[3]string{`cmp -n 5 a.txt b.txt 1 1`, "allow", "allow"},
		[3]string{`rev a.txt`, "allow", "allow"},
		[3]string{`fold src/a.c`, "allow", "allow"},
		[3]string{`column -s , -t a.txt`, "allow", "allow"},
	),
	"strings reads its arguments from @FILE": red16roRows(
		[3]string{`strings @` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`strings -n 3 @` + red16roOut + ` a.txt`, "ask", "ask"},
		[3]string{`strings @.env`, "allow", "deny"},
		[3]string{`strings a.txt`, "allow", "allow"},
		[3]string{`strings -n 3 a.txt`, "allow", "allow"},
	),
	"option values that are files read": red16roRows(
		[3]string{`tree -H . --hintro=` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`tree -H . --hintro=.env`, "allow", "deny"},       // was allow under the deny
		[3]string{`tree -H . --houtro=` + red16roOut, "ask", "ask"},
		[3]string{`tree --gitfile=` + red16roOut, "ask", "ask"},  // was allow
		[3]string{`tree --infofile=` + red16roOut, "ask", "ask"}, // was allow
		[3]string{`tree --info .`, "allow", "allow"},
		[3]string{`tree -H . --hintro=a.txt`, "allow", "allow"},
		[3]string{`git blame --ignore-revs-file ` + red16roOut + ` a.txt`, "ask", "ask"}, // was allow
		[3]string{`git blame --ignore-revs-file=` + red16roOut + ` a.txt`, "ask", "ask"},
		[3]string{`git blame --ignore-revs-file=.env a.txt`, "allow", "deny"},
		[3]string{`git blame --ignore-rev HEAD a.txt`, "allow", "allow"},
		[3]string{`git config --get --file ` + red16roOut + ` a.b`, "ask", "ask"}, // was allow
		[3]string{`git config --get -f` + red16roOut + ` a.b`, "ask", "ask"},
		[3]string{`git config --get --fil=` + red16roOut + ` a.b`, "ask", "ask"},
		[3]string{`git config --get-all --file=~/.aws/credentials default.key`, "ask", "ask"},
		[3]string{`git config --get core.bare`, "allow", "allow"},
		[3]string{`git config --get -f .gitmodules submodule.x.url`, "allow", "allow"},
		[3]string{`sort --random-source=` + red16roOut + ` -R a.txt`, "ask", "ask"}, // was allow
		[3]string{`sort --random-source .env -R a.txt`, "allow", "deny"},
		[3]string{`sort --random-sou=` + red16roOut + ` -R a.txt`, "ask", "ask"}, // an abbreviation
		[3]string{`git blame --ignore-revs-f=` + red16roOut + ` a.txt`, "ask", "ask"},
		[3]string{`tree -H . --houtro ` + red16roOut, "ask", "ask"},
		[3]string{`sort -R a.txt`, "allow", "allow"},
		[3]string{`sort --random-sort a.txt`, "allow", "allow"},
	),
	// net-tools hostname, run as root (as here), set the host name from
	// the file: --fi=F (an abbreviation of --file), -FF and -sFF (an
	// attached value in a cluster), --bo (--boot).
	"hostname setting the host name by another spelling": red16roNotRO(
		[3]string{`hostname --fi=hn`, "ask", "ask"}, // was allow
		[3]string{`hostname -Fhn`, "ask", "ask"},    // was allow
		[3]string{`hostname -sFhn`, "ask", "ask"},   // was allow
		[3]string{`hostname --bo`, "ask", "ask"},    // was allow
		[3]string{`hostname -b`, "ask", "ask"},
		[3]string{`hostname`, "allow", "allow"},
		[3]string{`hostname -f`, "allow", "allow"},
		[3]string{`hostname --fq`, "allow", "allow"},
		[3]string{`hostname -I`, "allow", "allow"},
		[3]string{`hostname --short`, "allow", "allow"},
	),
	// The extended tables' yq refused env( and strenv but not $ENV (jq
	// syntax: python yq printed FOO's value) nor mikefarah's envsubst.
	"yq reading the environment under the extended tables": {
		{red16roExt, `yq -n '$ENV'`, "default", "ask"},                // was allow
		{red16roExt, `yq -n '$ENV.FOO'`, "default", "ask"},            // was allow
		{red16roExt, `yq -n '"${FOO}" | envsubst'`, "default", "ask"}, // was allow
		{red16roExt, `yq -n '$ENV'`, "dontAsk", "deny"},
		{red16roExt, `yq '.spec.env' a.txt`, "default", "allow"},
		{red16roExt, `yq '.a' a.txt`, "default", "allow"},
	},
	// The extended tables' git log family took any --format value: %G?
	// ran the gpg.program of the repository's config (git 2.39 log and
	// show created a marker file through it); the core check refuses it.
	"git signature formats under the extended tables": {
		{red16roExt, `git log --format=%G? -1`, "default", "ask"},            // was allow
		{red16roExt, `git show --pretty=tformat:%GS -s`, "default", "ask"},   // was allow
		{red16roExt, `git diff-tree --format=%GK -s HEAD`, "default", "ask"}, // was allow
		{red16roExt, `git whatchanged --format=%G? -1`, "dontAsk", "deny"},   // was allow
		{red16roExt, `git log --format=%H -1`, "default", "allow"},
		{red16roExt, `git log --oneline -3`, "default", "allow"},
		{red16roExt, `git show -s --format=%an`, "default", "allow"},
	},
	"ps printing the processes' environments": red16roNotRO(
		[3]string{`ps e`, "ask", "ask"},     // was allow
		[3]string{`ps axeww`, "ask", "ask"}, // was allow
		[3]string{`ps auxe`, "ask", "ask"},  // was allow
		[3]string{`ps -ef e`, "ask", "ask"}, // was allow
		[3]string{`ps ewwax`, "ask", "ask"}, // was allow
		[3]string{`ps --sort=user e`, "ask", "ask"},
		[3]string{`ps -eo pid,args e`, "ask", "ask"},
		[3]string{`ps -e`, "allow", "allow"},
		[3]string{`ps -ef`, "allow", "allow"},
		[3]string{`ps aux`, "allow", "allow"},
		[3]string{`ps -o pid,user`, "allow", "allow"},
		[3]string{`ps axo pid,user`, "allow", "allow"},
		[3]string{`ps O user`, "allow", "allow"},
		[3]string{`ps -C sleep`, "allow", "allow"},
		[3]string{`ps --format pid,user`, "allow", "allow"},
		[3]string{`ps -e --forest`, "allow", "allow"},
	),
}

func TestRed16roReadOnlyOptions(t *testing.T) {
	checkBashRows(t, map[string]string{"<cwd>/a.txt": "a\n", "<cwd>/b.txt": "b\n", "<cwd>/src/a.c": "int x;\n",
		"<cwd>/.env": "TOKEN=abc\n", "<cwd>/../outside/secret": "TOKEN=abc\n"}, red16roClasses)
}

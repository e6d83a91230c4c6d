package bashparse

import "testing"

// red19shellRows are commands in which bash runs something the parser's
// view did not show, round 19: a here-document ended by a line joined
// with a backslash newline or inside a substitution, a $"…" string
// translated from a message catalog the script chooses, and a startup file
// an interactive bash runs. An attack row leaves a part with the reason
// unresolved and, where bash runs rm, lists rm among the commands; a
// neighbour row does neither.
var red19shellRows = []struct {
	src    string
	reason Reason // "" for a neighbour: no part unresolved for these reasons
	rm     bool   // rm is among the commands
}{
	// A here-document's delimiter spelt across lines joined by a
	// backslash newline (each run in bash 5.2: the command after it ran).
	{"cat <<EOF\nEO\\\nF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"cat <<EOF\nE\\\nO\\\nF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"cat <<EOF\n\\\nEOF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"cat <<EOF\nEOF\\\n\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"cat <<-EOF\n\tEO\\\nF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"x=$(cat <<EOF\nEO\\\nF\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"f() { cat <<EOF\nEO\\\nF\nrm x\nEOF\n}; f\n", ReasonHeredocEnd, true},
	{"cat <<A <<EOF\nA\nEO\\\nF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	{"bash -c \"cat <<EOF\nEO\\\\\nF\nrm x\nEOF\n\"\n", ReasonHeredocEnd, true},
	{"eval \"cat <<EOF\nEO\\\\\nF\nrm x\nEOF\n\"\n", ReasonHeredocEnd, true},
	{"cat <<EOF > out.txt\nEO\\\nF\nrm x\nEOF\n", ReasonHeredocEnd, true},
	// Neighbours: a quoted delimiter never joins; an escaped backslash
	// does not join; a joined line that is not the delimiter; <<- strips
	// only the joined line's leading tabs; continuation in plain text.
	{"cat <<'EOF'\nEO\\\nF\nrm x\nEOF\n", "", false},
	{"cat <<\"EOF\"\nEO\\\nF\nrm x\nEOF\n", "", false},
	{"cat <<\\EOF\nEO\\\nF\nrm x\nEOF\n", "", false},
	{"cat <<EOF\nx\\\\\nEOF\necho after\n", "", false},
	{"cat <<EOF\nhello \\\nEOF\nrm x\nEOF\n", "", false},
	{"cat <<-EOF\n\tEO\\\n\tF\nrm x\nEOF\n", "", false},
	{"cat <<EOF\nline one \\\nline two\nEOF\n", "", false},
	{"echo a \\\n  b <<EOF\nbody\nEOF\n", "", false},
	// Inside $( ), <( ) and >( ), a line starting with the delimiter and
	// holding ")" ends the document; bash reads the rest of the line and
	// the lines after as script (each run in bash 5.2).
	{"echo $(cat <<'EOF'\nbody\nEOF)\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"echo $(cat <<EOF\nbody\nEOF)\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"x=$(cat <<'EOF'\nbody\nEOF)\nrm x\nEOF\n)\necho \"$x\"\n", ReasonHeredocEnd, true},
	{"cat <(cat <<'EOF'\nbody\nEOF)\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"tee >(cat <<EOF\nEOF) </dev/null\nrm x\nEOF\n) </dev/null\n", ReasonHeredocEnd, true},
	{"echo \"$(cat <<'EOF'\nEOF)\"\nrm x\nEOF\n)\"\n", ReasonHeredocEnd, true},
	{"echo $(cat <<EOF\nL1\nEOF ) ; echo q\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"echo $(cat <<EOF\nL1\nEOF)x\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"echo $(cat <<EOF\nL1\nEO\\\nF)\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"echo $(cat <<-EOF\n\tEOF)\nrm x\nEOF\n)\n", ReasonHeredocEnd, true},
	{"echo $(cat <<\"\"\nbody\n)\nrm x\n\n)\n", ReasonHeredocEnd, true},
	// A script the parser rejects (the document never ends) that bash
	// runs: the delimiter line closes the substitution.
	{"echo $(cat <<EOF\nbody\nEOF)\nrm x\n", ReasonHeredocEnd, true},
	{"x=\"$(cat <<'EOF'\nbody\nEOF)\"; rm x\n", ReasonHeredocEnd, true},
	{"echo $(cat <<\"\"\nbody\n)\nrm x\n", ReasonHeredocEnd, true},
	{"cat <<EOF\nbody\n", "", false},
	// Neighbours: a subshell is no substitution; a line not starting
	// with the delimiter; a document closed on its own line.
	{"(cat <<'EOF'\nbody\nEOF)\nrm x\nEOF\n)\n", "", false},
	{"echo $(cat <<EOF\nL1\nxEOF)\nrm x\nEOF\n)\n", "", false},
	{"echo $(cat <<EOF\nL1\n EOF)\nrm x\nEOF\n)\n", "", false},
	{"echo \"$(cat <<'EOF'\nbody (x)\nEOF\n)\"\n", "", false},
	{"git commit -m \"$(cat <<'EOF'\nfix: parser (heredoc)\n\nSee EOF (end of file).\nEOF\n)\"\n", "", false},
	{"git commit -m \"$(cat <<'EOF'\nfix: parser (heredoc)\n\nEOF is read as the end (bash runs \"is\")\nEOF\n)\"\n", ReasonHeredocEnd, false},
	// bash's startup file options: an interactive shell runs the file
	// (bash --rcfile ./x -ic true ran ./x's touch in bash 5.2).
	{"bash --rcfile ./x -ic ls", ReasonSource, false},
	{"bash --init-file ./x -ic ls", ReasonSource, false},
	{"env bash --rcfile ./x -ic ls", ReasonSource, false},
	{"bash --norc -ic ls", "", false},
	{"bash --noprofile --norc -c ls", "", false},
	// The message catalog of $"…": TEXTDOMAIN and TEXTDOMAINDIR, set by
	// any setter, choose a file whose translation bash expands again.
	{"TEXTDOMAINDIR=./l\nTEXTDOMAIN=x\necho $\"hi\"", ReasonProgramConfig, false},
	{"export TEXTDOMAINDIR=./l TEXTDOMAIN=x\necho $\"hi\"", ReasonProgramConfig, false},
	{"declare TEXTDOMAIN=x", ReasonProgramConfig, false},
	{"for TEXTDOMAINDIR in ./l; do :; done\necho $\"hi\"", ReasonProgramConfig, false},
	{"read TEXTDOMAINDIR TEXTDOMAIN <<< './l x'\necho $\"hi\"", ReasonProgramConfig, false},
	{"printf -v TEXTDOMAIN x\necho $\"hi\"", ReasonProgramConfig, false},
	{"getopts a TEXTDOMAIN", ReasonProgramConfig, false},
	{"declare -n r=TEXTDOMAINDIR; r=./l", ReasonProgramConfig, false},
	{"TEXTDOMAINDIR=./l TEXTDOMAIN=x bash -c 'echo $\"hi\"'", ReasonProgramConfig, false},
	{"env TEXTDOMAIN=x TEXTDOMAINDIR=./l bash -c 'echo $\"hi\"'", ReasonProgramConfig, false},
	// Neighbours: reading the variables, a $"…" string alone.
	{"echo $\"hi\"", "", false},
	{"echo \"$TEXTDOMAIN\" $TEXTDOMAINDIR", "", false},
}

// TestRed19shellFacts checks each row's unresolved parts and commands.
func TestRed19shellFacts(t *testing.T) {
	for _, r := range red19shellRows {
		a := Parse(r.src)
		got := Reason("")
		for _, u := range a.Unresolved {
			if u.Reason == ReasonHeredocEnd || u.Reason == ReasonProgramConfig || u.Reason == ReasonSource {
				got = u.Reason
			}
		}
		if got != r.reason {
			t.Errorf("Parse(%q): unresolved %q, want %q (%v)", r.src, got, r.reason, a.Unresolved)
		}
		rm := false
		for _, c := range a.Commands {
			if c.Wide.Name == "rm" {
				rm = true
			}
		}
		if rm != r.rm {
			t.Errorf("Parse(%q): rm among the commands = %v, want %v", r.src, rm, r.rm)
		}
	}
}

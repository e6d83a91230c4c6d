package bashparse

import (
	"strings"
)

// pytest imports what its path operands name: the test modules and every
// conftest.py from the rootdir down to them run as Python code. pytest 7.2
// run from a project with the operand ../elsewhere ran
// ../elsewhere/conftest.py (it created a file), so a path operand outside
// the working directories is code from elsewhere, not an argument a
// Bash(pytest *) rule approves (spec §3). Each path operand is a read of
// that path: checked like cat's operands, it asks outside the working
// directories and is denied under a Read deny rule. A node id
// (tests/test_a.py::test_x) reads its file.

// pytestValueOpts are pytest's options (and its common plugins') whose
// value is the next word, not an operand.
var pytestValueOpts = map[string]bool{"-k": true, "-m": true, "-p": true, "-c": true, "-o": true, "-W": true,
	"-r": true, "-n": true, "--rootdir": true, "--basetemp": true, "--junitxml": true, "--junit-xml": true,
	"--tb": true, "--maxfail": true, "--deselect": true, "--ignore": true, "--ignore-glob": true,
	"--durations": true, "--durations-min": true, "--cov": true, "--cov-report": true, "--cov-config": true,
	"--cov-fail-under": true, "--log-level": true, "--log-file": true, "--log-file-level": true,
	"--log-cli-level": true, "--log-format": true, "--log-date-format": true, "--import-mode": true,
	"--confcutdir": true, "--pdbcls": true, "--capture": true, "--color": true, "--code-highlight": true,
	"--show-capture": true, "--report-log": true, "--html": true, "--timeout": true, "--config-file": true,
	"--override-ini": true, "--pythonwarnings": true, "--doctest-glob": true, "--doctest-report": true,
	"--numprocesses": true, "--dist": true, "--maxprocesses": true, "--reruns": true, "--verbosity": true,
	"--assert": true, "--lfnf": true, "--last-failed-no-failures": true, "--deselect-glob": true,
	"--randomly-seed": true, "--json-report-file": true, "--alluredir": true, "--ds": true, "--dc": true,
	"--splits": true, "--group": true, "--benchmark-json": true, "--benchmark-save": true}

// pytestPathReads returns a read of each path operand of a pytest command
// line (args after the program's name).
func pytestPathReads(args []Word) []File {
	var out []File
	operands := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		v := w.Value
		switch {
		case operands:
		case v == "--":
			operands = true
			continue
		case pytestValueOpts[v]:
			i++
			continue
		case strings.HasPrefix(v, "-") && len(v) > 1:
			continue
		}
		p, _, _ := strings.Cut(v, "::")
		if p == "" {
			continue
		}
		out = append(out, fileOf(w, p, Read, "pytest imports"))
	}
	return out
}

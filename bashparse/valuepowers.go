package bashparse

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Some powers are not an option's name but what a value or an operand
// says: pytest -o addopts=-pX loads plugin X, -o pythonpath=/elsewhere
// imports from there; an mvn goal written plugin:goal (exec:exec,
// antrun:run) runs that plugin; a yq expression calling load() reads the
// file it names, and yq -i rewrites its operands. Each is a power no prefix
// rule approves (spec §3) and makes a read-only command not read-only.

// pytestSafeIni are the ini keys pytest -o may set without loading code,
// changing where tests are imported from, or writing files. Any other key,
// a plugin's own included (pytest-django's DJANGO_SETTINGS_MODULE imports
// a module, pytest-env's env sets the environment), is a power.
var pytestSafeIni = map[string]bool{"log_cli": true, "log_cli_level": true, "log_level": true, "log_format": true,
	"log_date_format": true, "log_cli_format": true, "log_cli_date_format": true, "console_output_style": true,
	"xfail_strict": true, "filterwarnings": true, "markers": true, "python_files": true, "python_classes": true,
	"python_functions": true, "norecursedirs": true, "junit_family": true, "junit_suite_name": true,
	"empty_parameter_set_mark": true, "faulthandler_timeout": true, "timeout": true, "asyncio_mode": true,
	"verbosity_assertions": true, "verbosity_test_cases": true, "truncation_limit_lines": true,
	"truncation_limit_chars": true, "strict_markers": true, "minversion": true}

// mvnValueOpts are mvn's options that take the next word as their value
// (so it is not a goal).
var mvnValueOpts = map[string]bool{"-f": true, "--file": true, "-s": true, "--settings": true, "-gs": true,
	"--global-settings": true, "-t": true, "--toolchains": true, "-l": true, "--log-file": true, "-pl": true,
	"--projects": true, "-rf": true, "--resume-from": true, "-P": true, "--activate-profiles": true, "-T": true,
	"--threads": true, "-b": true, "--builder": true, "-D": true, "--define": true, "-gt": true,
	"--global-toolchains": true}

// yqLoad matches a yq expression that reads a file: load, load_str,
// load_xml, load_props, load_base64 (called or piped into).
var yqLoad = lazyre.New(`(^|[^.\w])load(_[a-z0-9]+)?\b`)

// valuePowers returns the powers written in the values and operands of
// words (a command's wide view): each is an unresolved payload (what it
// loads or runs is not read here) and a power.
func valuePowers(words []Word) (pays []payload, powers []string) {
	if len(words) == 0 || !words[0].Static() {
		return nil, nil
	}
	name := path.Base(words[0].Value)
	var found []string
	switch name {
	case "pytest", "py.test":
		found = pytestIniPowers(words[1:])
	case "mvn", "mvnw":
		found = mvnGoalPowers(words[1:])
	case "yq":
		found = yqPowers(words[1:])
	case "cargo":
		found = cargoHarnessPowers(words[1:])
	}
	if name == "pytest" || name == "py.test" {
		found = append(found, pytestCovReportPowers(words[1:])...)
		found = append(found, pytestWarningPowers(words[1:])...)
		found = append(found, pytestPastebinPowers(words[1:])...)
	}
	found = append(found, credentialHostPowers(name, words[1:])...)
	if name == "cmake" {
		// cmakePayloads hands the program to deny and ask rules; that it
		// runs one at all is a power.
		return nil, cmakeProgramPowers(words[1:])
	}
	for _, f := range found {
		powers = append(powers, f)
		pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: name, script: f})
	}
	return pays, powers
}

// pytestIniPowers: the -o/--override-ini values that set a key outside
// pytestSafeIni (or that cannot be read).
func pytestIniPowers(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		var val string
		var w Word
		switch {
		case v == "-o" || v == "--override-ini" || v == "--override" || v == "--overr":
			if i+1 >= len(args) {
				continue
			}
			i++
			val, w = args[i].Value, args[i]
		case strings.HasPrefix(v, "--override-ini="):
			val, w = strings.TrimPrefix(v, "--override-ini="), args[i]
		case strings.HasPrefix(v, "-o") && !strings.HasPrefix(v, "--"):
			val, w = v[2:], args[i]
		default:
			continue
		}
		key, _, _ := strings.Cut(val, "=")
		if !w.Static() || !pytestSafeIni[strings.TrimSpace(key)] {
			out = append(out, "pytest -o "+val+" sets a configuration key that can load code, import from elsewhere or write files")
		}
	}
	return out
}

// mvnGoalPowers: the operands of mvn written plugin:goal (or
// group:plugin:version:goal), which run that plugin's code; a lifecycle
// phase (test, package, verify) runs only what the POM binds.
func mvnGoalPowers(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if mvnValueOpts[v] {
			i++
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		if strings.Contains(v, ":") || !args[i].Static() {
			out = append(out, "mvn "+v+" runs a plugin goal")
		}
	}
	return out
}

// yqPowers: a yq expression that loads a file, and -i/--inplace, which
// rewrites the files it is given.
func yqPowers(args []Word) []string {
	var out []string
	for _, a := range args {
		v := a.Value
		switch {
		case v == "--":
			return out
		case v == "-i" || v == "--inplace" || v == "--in-place" || strings.HasPrefix(v, "--inplace=") ||
			len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v[1:], 'i') && !strings.ContainsAny(v, "=./"):
			out = append(out, "yq "+v+" rewrites the files it is given")
		case !strings.HasPrefix(v, "-") && yqLoad.MatchString(v):
			out = append(out, "yq expression reads a file it names: "+v)
		}
	}
	return out
}

// cargoHarnessPowers: what cargo test and cargo bench pass after "--" to
// the test harness, whose --logfile F writes F (cargo 1.95: cargo test --
// --logfile F created F).
func cargoHarnessPowers(args []Word) []string {
	var out []string
	harness := false
	for _, a := range args {
		v := a.Value
		if v == "--" {
			harness = true
			continue
		}
		if harness && (v == "--logfile" || strings.HasPrefix(v, "--logfile=") || !a.Static() && strings.HasPrefix(v, "-")) {
			out = append(out, "cargo test harness "+v+" writes a file it names")
		}
	}
	return out
}

// pytestCovReportPowers: pytest-cov's --cov-report TYPE:DEST writes DEST.
func pytestCovReportPowers(args []Word) []string {
	var out []string
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		val := ""
		switch {
		case v == "--cov-report" && i+1 < len(args):
			val = args[i+1].Value
		case strings.HasPrefix(v, "--cov-report="):
			val = strings.TrimPrefix(v, "--cov-report=")
		default:
			continue
		}
		if strings.Contains(val, ":") && !strings.HasPrefix(val, "term") { // term:skip-covered prints
			out = append(out, "pytest --cov-report "+val+" writes the report where it names")
		}
	}
	return out
}

// cmakeProgramPowers: the -D cache variables that name a program cmake or
// its generated build runs (a compiler, a launcher, an emulator).
func cmakeProgramPowers(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if !strings.HasPrefix(v, "-D") {
			continue
		}
		def := v[2:]
		if def == "" && i+1 < len(args) {
			i++
			def = args[i].Value
		}
		name, value, _ := strings.Cut(def, "=")
		name, _, _ = strings.Cut(name, ":")
		if cmakeProgramVar.MatchString(name) && strings.TrimSpace(value) != "" {
			out = append(out, "cmake -D"+name+" runs the program "+value)
		}
	}
	return out
}

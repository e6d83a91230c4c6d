package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// make's command-line variable assignments override the makefile's: a
// recipe that runs $(CC) runs whatever CC=… names (make test CC=rm), and
// SHELL=… or MAKEFLAGS=… change how every recipe runs. A variable that
// conventionally names a program is a power no prefix rule approves, and
// its value is read as a command so deny and ask rules see it; SHELL and
// its kin are unresolved; VAR!=cmd runs cmd while make reads its arguments.

// makeAssign matches a command-line variable assignment of make.
var makeAssign = lazyre.New(`^([A-Za-z_.][A-Za-z0-9_.-]*)\s*(:::=|::=|:=|\?=|\+=|!=|=)(.*)$`)

// makeConfigVars change how make runs every recipe or reads its options.
var makeConfigVars = map[string]bool{"SHELL": true, ".SHELLFLAGS": true, "MAKESHELL": true, "MAKEFLAGS": true,
	"MFLAGS": true, "MAKEFILES": true, "MAKE": true, "MAKEOVERRIDES": true, "GNUMAKEFLAGS": true, "MAKEFILE_LIST": true}

// makeProgramVars are variables that conventionally name a program a
// recipe runs; names ending in makeProgramSuffixes are too.
var makeProgramVars = map[string]bool{"CC": true, "CXX": true, "CPP": true, "LD": true, "AR": true, "AS": true,
	"FC": true, "NM": true, "OBJCOPY": true, "OBJDUMP": true, "RANLIB": true, "STRIP": true, "YACC": true, "LEX": true,
	"M4": true, "INSTALL": true, "RM": true, "MKDIR": true, "CP": true, "MV": true, "LN": true, "SED": true, "AWK": true,
	"GREP": true, "TAR": true, "ECHO": true, "PYTHON": true, "PYTHON3": true, "PERL": true, "RUBY": true, "NODE": true,
	"NPM": true, "YARN": true, "GO": true, "CARGO": true, "RUSTC": true, "JAVA": true, "JAVAC": true, "MVN": true,
	"GRADLE": true, "DOCKER": true, "KUBECTL": true, "HELM": true, "BASH": true, "SH": true, "CMAKE": true,
	"NINJA": true, "PROTOC": true, "GCC": true, "CLANG": true, "PKG_CONFIG": true, "EDITOR": true, "PAGER": true,
	"CTAGS": true, "ETAGS": true, "GIT": true, "CURL": true, "WGET": true, "TOUCH": true, "CHMOD": true,
	"HOSTCC": true, "HOSTCXX": true, "CROSS_COMPILE": true, "LINKER": true, "COMPILER": true, "RUNNER": true}

var makeProgramSuffixes = []string{"_CMD", "_COMMAND", "_BIN", "_PROG", "_PROGRAM", "_EXE", "_TOOL", "_CC", "_CXX", "_LD"}

// makeVarPowers reads make's variable-assignment arguments.
func makeVarPowers(args []Word) (pays []payload, powers []string) {
	for _, a := range args {
		if a.Value == "--" {
			continue
		}
		m := makeAssign.FindStringSubmatch(a.Value)
		if m == nil || strings.HasPrefix(a.Value, "-") {
			continue
		}
		name, op, value := m[1], m[2], m[3]
		desc := "make " + name + op
		switch {
		case op == "!=":
			pays = append(pays, payload{script: value, dynamic: !a.Static(), origin: desc, reason: ReasonDynamicShell})
			powers = append(powers, desc+" runs "+value)
		case makeConfigVars[strings.ToUpper(name)]:
			pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: desc,
				script: desc + " changes how make runs its recipes: " + value})
			powers = append(powers, desc+" changes how make runs its recipes")
		case makeProgramVar(name) && strings.TrimSpace(value) != "":
			pays = append(pays, payload{script: value, dynamic: !a.Static(), origin: desc, reason: ReasonDynamicShell, lenient: true})
			powers = append(powers, desc+" names a program recipes run: "+value)
		}
	}
	return pays, powers
}

func makeProgramVar(name string) bool {
	u := strings.ToUpper(name)
	if makeProgramVars[u] {
		return true
	}
	for _, s := range makeProgramSuffixes {
		if strings.HasSuffix(u, s) {
			return true
		}
	}
	return false
}

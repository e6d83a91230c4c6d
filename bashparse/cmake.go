package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// cmake -E is a portable command set: env, time and chdir run the command
// that follows (cmake -E env rm x), and rm/remove/remove_directory delete
// files as rm does. -D sets cache variables that name programs cmake's
// generated build runs (a compiler launcher, the make program) or scripts
// it includes (a toolchain file, a project include).

// cmakeProgramVar matches cache variables whose value is a program.
var cmakeProgramVar = lazyre.New(`(?i)^CMAKE_([A-Z]+_)?(COMPILER_LAUNCHER|LINKER_LAUNCHER|COMPILER|LINKER|MAKE_PROGRAM|CROSSCOMPILING_EMULATOR)$|_(LAUNCHER|EMULATOR)$`)

// cmakeScriptVar matches cache variables whose value is a script cmake runs.
var cmakeScriptVar = lazyre.New(`(?i)(TOOLCHAIN_FILE|_INCLUDE|_INCLUDE_BEFORE|_PROJECT_TOP_LEVEL_INCLUDES)$`)

// cmakePayloads reads cmake -E commands and -D program variables.
func cmakePayloads(args []Word) []payload {
	var out []payload
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-E" && i+1 < len(args):
			return append(out, cmakeTool(args[i+1:])...)
		case strings.HasPrefix(v, "-D"):
			def := v[2:]
			w := args[i]
			if def == "" && i+1 < len(args) {
				i++
				w = args[i]
				def = w.Value
			}
			name, value, _ := strings.Cut(def, "=")
			name, _, _ = strings.Cut(name, ":")
			desc := "cmake -D" + name
			switch {
			case cmakeProgramVar.MatchString(name) && strings.TrimSpace(value) != "":
				out = append(out, payload{script: strings.ReplaceAll(value, ";", " "), dynamic: !w.Static(), origin: desc,
					reason: ReasonDynamicShell, lenient: true})
			case cmakeScriptVar.MatchString(name):
				out = append(out, payload{unresolved: true, reason: ReasonProgramConfig, origin: desc,
					script: desc + " makes cmake run the script " + value})
			}
		}
	}
	return out
}

// cmakeTool: the argv a cmake -E command runs.
func cmakeTool(args []Word) []payload {
	tool, rest := args[0].Value, args[1:]
	switch tool {
	case "env":
		for len(rest) > 0 {
			v := rest[0].Value
			if v == "--" {
				rest = rest[1:]
				break
			}
			if strings.HasPrefix(v, "-") || strings.Contains(v, "=") {
				rest = rest[1:]
				continue
			}
			break
		}
	case "time":
	case "chdir":
		if len(rest) == 0 {
			return nil
		}
		rest = rest[1:]
	case "rm", "remove", "remove_directory":
		return []payload{{argv: append([]Word{{Value: "rm"}}, rest...), origin: "cmake -E " + tool}}
	default:
		return nil
	}
	if len(rest) == 0 {
		return nil
	}
	return []payload{{argv: rest, origin: "cmake -E " + tool}}
}

package engine

import "testing"

// make -f - reads its makefile from stdin: make -f - <<< 'all:;npm publish'
// ran npm publish (GNU make 4.3) under a bare Bash allow with
// Bash(npm publish *) denied, since the recipe is in no word of the call.
// Every spelling of the option with "-" is an unresolved part (ask; deny
// under dontAsk); a makefile named in the working directory is not.
const makeStdinPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish *)"]}}`

var makeStdinClasses = map[string][]shellRow{
	"make reads its makefile from stdin": {
		{makeStdinPolicy, "default", `make -f - <<< 'all:;npm publish'`, "ask"},
		{makeStdinPolicy, "dontAsk", `make -f - <<< 'all:;npm publish'`, "deny"},
		{makeStdinPolicy, "default", `make -f- <<< 'all:;npm publish'`, "ask"},
		{makeStdinPolicy, "default", `make --file=- <<< 'all:;npm publish'`, "ask"},
		{makeStdinPolicy, "default", `make --makefile - < Makefile`, "ask"},
		{makeStdinPolicy, "default", `echo 'all:;npm publish' | make -f -`, "ask"},
		{makeStdinPolicy, "default", `printf 'all:\n\tnpm publish\n' | gmake -f -`, "ask"},
		{makeStdinPolicy, "default", `make -f /dev/stdin < Makefile`, "ask"},
		// Neighbours: a makefile in the working directory.
		{makeStdinPolicy, "default", `make -f Makefile test`, "allow"},
		{makeStdinPolicy, "default", `make test`, "allow"},
		{makeStdinPolicy, "default", `make -j4 -f build.mk`, "allow"},
	},
}

func TestMakeReadsMakefileFromStdin(t *testing.T) {
	runShellRows(t, map[string]string{"Makefile": "test:\n\ttrue\n", "build.mk": "all:\n\ttrue\n"}, makeStdinClasses)
}

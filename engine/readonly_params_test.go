package engine

import "testing"

// A read-only command that expands a shell parameter other than HOME asks,
// as the reference asks (each row's reference answer was taken with
// ../shared/oracle/run-case.sh): its output carries the value — a token in
// the environment. $HOME, ~ and arithmetic of numbers stay read-only, and
// a rule that allows the command still allows it.
func TestReadOnlyParameterExpansions(t *testing.T) {
	const none = `{}`
	const echoAllowed = `{"permissions":{"allow":["Bash(echo *)"]}}`
	checkBashRows(t, map[string]string{"<cwd>/a.txt": "a\n"}, map[string][]bashModeRow{
		"the reference asks": {
			{none, "echo $PATH", "default", "ask"},
			{none, "echo $USER", "default", "ask"},
			{none, "echo $AWS_SECRET_ACCESS_KEY", "default", "ask"},
			{none, `echo "$GITHUB_TOKEN"`, "default", "ask"},
			{none, "echo ${PATH}", "default", "ask"},
			{none, `printf "%s\n" "$PATH"`, "default", "ask"},
			{none, "echo $PWD", "default", "ask"},
			{none, "echo $1", "default", "ask"},
			{none, "echo $?", "default", "ask"},
			{none, "echo $$", "default", "ask"},
			{none, "echo $RANDOM", "default", "ask"},
			{none, "echo $TMPDIR", "default", "ask"},
			{none, "for f in a b; do echo $f; done", "default", "ask"},
			{none, "X=1 && echo $X", "default", "ask"},
			{none, "echo $PATH", "dontAsk", "deny"},
			{none, "echo $PATH", "plan", "deny"},
		},
		"disguises": {
			{none, "echo ${HOME:-$SECRET}", "default", "ask"},
			{none, "echo $HOMEX", "default", "ask"},
			{none, "echo ${#SECRET}", "default", "ask"},
			{none, "echo ${!SECRET}", "default", "ask"},
			{none, "echo $((SECRET))", "default", "ask"},
			{none, "echo $((1 + SECRET))", "default", "ask"},
			{none, `echo "x${SECRET}y"`, "default", "ask"},
			{none, "echo $HOME$SECRET", "default", "ask"},
			{none, "cat a.txt | head -1 $SECRET", "default", "ask"},
			{none, "wc -l a.txt $SECRET", "default", "ask"},
			{none, "echo $@", "default", "ask"},
			{none, "echo ${PATH:0:5}", "default", "ask"},
		},
		"the reference runs these": {
			{none, "echo $HOME", "default", "allow"},
			{none, "echo ${HOME}", "default", "allow"},
			{none, "echo $HOME/x", "default", "allow"},
			{none, `echo "${HOME}"`, "default", "allow"},
			{none, "echo ~", "default", "allow"},
			{none, "echo $((1 + 2))", "default", "allow"},
			{none, "echo '$PATH'", "default", "allow"},
			{none, `echo \$PATH`, "default", "allow"},
			{none, `echo "costs 5$"`, "default", "allow"},
			{none, "echo $'a\\tb'", "default", "allow"},
			{echoAllowed, "echo $PATH", "default", "allow"},
			{none, "echo $PATH", "bypassPermissions", "allow"},
		},
	})
}

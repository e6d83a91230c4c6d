package engine

import "testing"

// unknownDirFiles is a repository with its .git and .claude, and a
// subdirectory.
var unknownDirFiles = map[string]string{
	"<cwd>/.git/HEAD":                "ref: refs/heads/main\n",
	"<cwd>/.git/config":              "[core]\n",
	"<cwd>/.git/hooks/pre-commit":    "#!/bin/sh\n",
	"<cwd>/.claude/settings.json":    "{}\n",
	"<cwd>/src/a.go":                 "package a\n",
	"<cwd>/build/keep":               "",
	"<home>/.ssh/authorized_keys":    "",
	"<cwd>/.claude/worktrees/w/x.go": "",
}

// TestUnknownDirWriteInBypass: even bypass mode asks before writing under
// .git/ or .claude/ (§6). After a cd the parser cannot follow (a glob, a
// variable with a default, a substitution), a relative write may land in
// either: real bash wrote .git/config for `cd .gi? && echo x > config`, and
// bypass mode allowed it. A relative write there is now weighed as written
// under the cd's word (.gi?/config), so it asks in bypass mode; a cd the
// parser follows, and writes named absolutely, keep their decision.
func TestUnknownDirWriteInBypass(t *testing.T) {
	const by, none = "bypassPermissions", `{}`
	checkBashRows(t, unknownDirFiles, map[string][]bashModeRow{
		"cd to a glob": {
			{none, "cd .gi? && echo x > config", by, "ask"},
			{none, "cd .g* && echo x > hooks/pre-commit", by, "ask"},
			{none, "cd .[g]it && printf x > config", by, "ask"},
			{none, "cd .cl*de && echo '{}' > settings.json", by, "ask"},
			{none, "cd .gi? ; tee config < /dev/null", by, "ask"},
			{none, "cd .gi? && cp /dev/null config", by, "ask"},
			{none, "cd .gi? && sed -i s/a/b/ config", by, "ask"},
			{none, "cd .gi?/hooks && echo x >> pre-commit", by, "ask"},
			{none, "cd .gi? && cd hooks && echo x > pre-commit", by, "ask"},
			{none, "cd src && cd ../.gi? && echo x > config", by, "ask"},
		},
		"cd to a default value": {
			{none, "cd ${X:-.git} && echo x > config", by, "ask"},
			{none, "cd ${X-.git}/hooks && echo x > pre-commit", by, "ask"},
			{none, "cd ${X:-.claude} && echo {} > settings.json", by, "ask"},
		},
		// A place no word spells is weighed as a write to "$D/config" is:
		// nothing a rule can see, allowed in bypass mode.
		"cd to a place no word spells": {
			{none, `cd "$(echo $D)" && echo x > config`, by, "allow"},
			{none, "cd $1 && echo x > config", by, "allow"},
			{none, "cd - && echo x > config", by, "allow"},
			{none, "pushd $D && echo x > config", by, "allow"},
			{none, "(cd $D; touch config)", by, "allow"},
		},
		"other modes kept asking": {
			{none, "cd .gi? && echo x > config", "default", "ask"},
			{none, "cd .gi? && echo x > config", "acceptEdits", "ask"},
			{none, "cd .gi? && echo x > config", "dontAsk", "deny"},
			{none, "cd .gi? && echo x > config", "plan", "deny"},
		},
		"neighbours": {
			{none, "cd build && echo x > out.log", by, "allow"},
			{none, "cd src && touch b.go", by, "allow"},
			{none, "cd $D && ls", by, "allow"},
			{none, "cd $D && cat config", by, "allow"},
			{none, "cd $D && echo x > /dev/null", by, "allow"},
			{none, "echo x > config", by, "allow"},
			{none, "cd .claude/worktrees/w && echo x > y.go", by, "allow"},
		},
	})
}

package engine

import "testing"

// Round-12 bypass rows (Bash deny and ask rules under disguise). An exact
// deny or ask rule, Bash(npm publish), was dodged by a trailing "--":
// `npm publish --` ends npm's options and names no operand, so npm
// publishes the project exactly as `npm publish` does (checked with the
// real npm: `npm publish --dry-run --` publishes the package in the
// working directory), yet agentctl matched the exact rule against the
// text "npm publish --" and allowed it under a bare Bash allow. The wide
// view that deny and ask rules match now reads a command without its
// final "--" words; allow rules still see every word. The harmless
// neighbours (an operand after "--", other options, read-only commands
// ending in "--") keep their decisions.
//
// A command whose name or subcommand comes from a variable the same
// command sets to a literal (a=git; $a push, X=push; git $X) asked: the
// reference denies it under Bash(git push:*). It stays unresolved (no
// allow rule approves it), and each spelling with the literal values the
// script gives its variables is now a nested command deny and ask rules
// see; so is a script a shell or eval runs from such a variable
// (c='git push'; eval "$c"). Checked with bash and a stand-in git: each
// row marked "was ask" ran git push.

type red12orcRow = bashModeRow

const (
	red12orcExact = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish)","Bash(git push)","Bash(git * main)"],"ask":["Bash(curl http://x)"]}}`
	red12orcVars  = `{"permissions":{"allow":["Bash"],"deny":["Bash(git push:*)","Bash(rm *)"],"ask":["Bash(curl:*)"]}}`
	red12orcAllow = `{"permissions":{"allow":["Bash(npm publish)"]}}`
)

var red12orcRows = map[string][]red12orcRow{
	"command named by a variable": {
		{red12orcVars, `a=git; $a push`, "default", "deny"},                // was ask
		{red12orcVars, `X=push; git $X`, "default", "deny"},                // was ask
		{red12orcVars, `a=rm; $a x`, "default", "deny"},                    // was ask
		{red12orcVars, `export a=git; $a push`, "default", "deny"},         // was ask
		{red12orcVars, `a=git b=push; ${a} $b origin`, "default", "deny"},  // was ask
		{red12orcVars, `for c in ls rm; do $c x; done`, "default", "deny"}, // was ask
		{red12orcVars, `a="git push"; $a`, "default", "deny"},              // was ask
		{red12orcVars, `a=git; sudo $a push`, "default", "deny"},           // was ask
		{red12orcVars, `a=git; $a push`, "bypassPermissions", "deny"},      // was ask
		{red12orcVars, `a=curl; $a http://x`, "dontAsk", "deny"},           // an ask rule
		{red12orcVars, `a=ls; $a -la`, "default", "ask"},                   // unresolved, as before
		{red12orcVars, `X=status; git $X`, "default", "ask"},               // unresolved, as before
		{red12orcVars, `$a push`, "default", "ask"},                        // no value known
		{red12orcVars, `a=$(echo git); $a push`, "default", "deny"},        // its output is known: git
		{red12orcVars, `a=git; echo "$a push"`, "default", "allow"},        // an argument, not a command
		{red12orcVars, `c='git push'; eval "$c"`, "default", "deny"},       // was ask
		{red12orcVars, `c='git push'; bash -c "$c"`, "default", "deny"},    // was ask
		{red12orcVars, `c='rm x'; sudo sh -c "$c"`, "default", "deny"},     // was ask
		{red12orcVars, `c='curl http://x'; eval "$c"`, "dontAsk", "deny"},  // an ask rule
		{red12orcVars, `c='ls -la'; eval "$c"`, "default", "ask"},          // unresolved, as before
		{red12orcVars, `c='git status'; bash -c "$c"`, "default", "ask"},   // unresolved, as before
		{red12orcVars, `c='git push'; echo "$c"`, "default", "allow"},      // printed, not run
		{red12orcVars, `A=git; B=$A; $B push`, "default", "deny"},          // was ask: a copied value
		{red12orcVars, `A=git; B="${A}"; $B push`, "default", "deny"},      // was ask
		{red12orcVars, `A=rm; B=$A; C=$B; $C x`, "default", "deny"},        // was ask
		{red12orcVars, `A=ls; B=$A; $B -la`, "default", "ask"},             // unresolved, as before
		{red12orcVars, `B=$A; $B push`, "default", "ask"},                  // no value known
	},
	"trailing end of options": {
		{red12orcExact, `npm publish --`, "default", "deny"},             // was allow
		{red12orcExact, `npm publish -- --`, "default", "deny"},          // was allow
		{red12orcExact, `npm publish '--'`, "default", "deny"},           // was allow
		{red12orcExact, `npm publish "--" 2>&1`, "default", "deny"},      // was allow
		{red12orcExact, `sudo npm publish --`, "default", "deny"},        // was allow
		{red12orcExact, `true && npm publish --; ls`, "default", "deny"}, // was allow
		{red12orcExact, `bash -c 'npm publish --'`, "default", "deny"},   // was allow
		{red12orcExact, `git push --`, "default", "deny"},                // was allow
		{red12orcExact, `git -C . push --`, "default", "deny"},           // was ask
		{red12orcExact, `git checkout main --`, "default", "deny"},       // was allow
		{red12orcExact, `curl http://x --`, "default", "ask"},            // was allow
		{red12orcExact, `curl http://x --`, "dontAsk", "deny"},           // was allow
		{red12orcExact, `curl http://x --`, "bypassPermissions", "ask"},  // was allow
		{red12orcExact, `npm publish`, "default", "deny"},                // the rule itself
		{red12orcExact, `npm publish -- x`, "default", "allow"},          // an operand: another package
		{red12orcExact, `npm publish --dry-run`, "default", "allow"},     // another command text
		{red12orcExact, `npm publishx --`, "default", "allow"},           // another subcommand
		{red12orcExact, `echo npm publish --`, "default", "allow"},       // read-only
		{red12orcExact, `ls --`, "default", "allow"},                     // read-only
		{red12orcExact, `git status --`, "default", "allow"},             // read-only
		{red12orcExact, `grep -- "npm publish --" README.md`, "default", "allow"},
		{red12orcAllow, `npm publish`, "default", "allow"},  // an exact allow approves its text
		{red12orcAllow, `npm publish --`, "default", "ask"}, // and only its text: allow stays narrow
	},
}

func TestBypassRed12orcDisguisedDeny(t *testing.T) {
	checkBashRows(t, map[string]string{"<cwd>/README.md": "x\n", "<cwd>/package.json": "{}\n"}, red12orcRows)
}

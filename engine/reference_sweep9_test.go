package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Rows of a ninth differential sweep against the reference CLI (2.1.332,
// run offline), over rule forms and sources: Bash rule spellings under
// allow, deny and ask (a leading assignment, a redirection, sudo, timeout
// and nice wrappers, "&&" inside the rule, a trailing blank, an escaped
// star, a "*" mid-pattern, no blank before the "*", ":*", quotes, doubled
// blanks and tabs) against commands that match the spelling and add a
// second command, a redirection, a subshell or group, an assignment, a
// wrapper, a newline, a comment, a line continuation or a substitution;
// path rules anchored every way (//abs, ~/, /, ./, bare, **/, dir/**) for
// Read and Edit from flag, project and user settings, with ".." in the call
// and shell reads of the same files; ask, deny and allow meeting across
// sources and specificity (a narrow allow and a wide ask, an ask and a deny
// on one call, Tool, Tool(*) and Tool()); and tools the sweeps had left out
// (Glob, Grep, LS, NotebookEdit, MultiEdit, TodoWrite, WebSearch, Skill,
// SlashCommand, KillShell, BashOutput, TaskStop, TaskOutput). Each row
// keeps the reference's answer (ref; "error" when the reference refused the
// call before deciding — no such tool, invalid input); a row whose want
// differs says why in note, and agentctl is never looser than the reference
// without one. The rows that were looser before round 15 are the
// regression tests of its fixes (bypass_red15orc_test.go).

// red15orcSweepRow is one swept call: source is where the settings were
// written ("" for --settings, "project", "user").
type red15orcSweepRow struct {
	id, source, settings, tool, input, mode, want, ref, note string
}

// red15orcSweepFiles are the reference run's fixture files (its defaults
// and the sweep's own).
var red15orcSweepFiles = map[string]string{
	"<cwd>/package.json":        "{\"name\": \"oracle-fixture\"}\n",
	"<cwd>/.env":                "SECRET=oracle-dummy\n",
	"<cwd>/README.md":           "# fixture\n",
	"<cwd>/x":                   "x\n",
	"<cwd>/src/index.ts":        "export const a = 1;\n",
	"<cwd>/src/nested/deep.ts":  "export const b = 2;\n",
	"<cwd>/lib/util.ts":         "export const c = 3;\n",
	"<cwd>/secret.txt":          "s\n",
	"<cwd>/sub/secret.txt":      "s\n",
	"<cwd>/sub/x":               "x\n",
	"<cwd>/log.txt":             "l\n",
	"<cwd>/n.ipynb":             `{"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "source": "x", "outputs": [], "execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`,
	"<home>/hs.txt":             "h\n",
	"<home>/.claude/secret.txt": "h\n",
}

var red15orcSweep = []red15orcSweepRow{
	{"a-env-0", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 npm test\"}", "default", "ask", "allow", "stricter, spec §3: an allow rule is matched after the stripped wrappers and unsafe assignments are removed; a rule spelled with them names no command"},
	{"a-env-1", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 npm test; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-env-2", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=2 npm test\"}", "default", "ask", "ask", ""},
	{"a-env-3", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"a-env-4", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 LD_PRELOAD=/tmp/x.so npm test\"}", "default", "ask", "ask", ""},
	{"a-env-5", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"LD_PRELOAD=/tmp/x.so FOO=1 npm test\"}", "default", "ask", "ask", ""},
	{"a-env-6", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 npm test > .bashrc\"}", "default", "ask", "ask", ""},
	{"a-env-7", "", "{\"permissions\":{\"allow\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 npm test\\nrm -rf src\"}", "default", "ask", "ask", ""},
	{"a-redir-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test > log.txt\"}", "default", "ask", "ask", ""},
	{"a-redir-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test > log.txt; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-redir-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "allow", "ask", "spec §3: a rule's redirection is not part of the command it names; the command without it writes nothing (a redirection is checked as a write of its own)"},
	{"a-redir-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test >log.txt\"}", "default", "ask", "ask", ""},
	{"a-redir-4", "", "{\"permissions\":{\"allow\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test > log.txt 2>~/.bashrc\"}", "default", "ask", "ask", ""},
	{"a-sudo-0", "", "{\"permissions\":{\"allow\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo npm test\"}", "default", "allow", "allow", ""},
	{"a-sudo-1", "", "{\"permissions\":{\"allow\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo npm test && rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-sudo-2", "", "{\"permissions\":{\"allow\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo -u root npm test\"}", "default", "ask", "ask", ""},
	{"a-sudo-3", "", "{\"permissions\":{\"allow\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"a-sudo-4", "", "{\"permissions\":{\"allow\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo npm test; sudo rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-timeout-0", "", "{\"permissions\":{\"allow\":[\"Bash(timeout 5 npm test)\"]}}", "Bash", "{\"command\":\"timeout 5 npm test\"}", "default", "ask", "allow", "stricter, spec §3: an allow rule is matched after the stripped wrappers and unsafe assignments are removed; a rule spelled with them names no command"},
	{"a-timeout-1", "", "{\"permissions\":{\"allow\":[\"Bash(timeout 5 npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"a-timeout-2", "", "{\"permissions\":{\"allow\":[\"Bash(timeout 5 npm test)\"]}}", "Bash", "{\"command\":\"timeout 5 npm test; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-timeout-3", "", "{\"permissions\":{\"allow\":[\"Bash(timeout 5 npm test)\"]}}", "Bash", "{\"command\":\"timeout 5 npm test --x\"}", "default", "ask", "ask", ""},
	{"a-timeout-4", "", "{\"permissions\":{\"allow\":[\"Bash(timeout 5 npm test)\"]}}", "Bash", "{\"command\":\"timeout 50 npm test\"}", "default", "ask", "ask", ""},
	{"a-nice-0", "", "{\"permissions\":{\"allow\":[\"Bash(nice npm test)\"]}}", "Bash", "{\"command\":\"nice npm test\"}", "default", "ask", "allow", "stricter, spec §3: an allow rule is matched after the stripped wrappers and unsafe assignments are removed; a rule spelled with them names no command"},
	{"a-nice-1", "", "{\"permissions\":{\"allow\":[\"Bash(nice npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"a-nice-2", "", "{\"permissions\":{\"allow\":[\"Bash(nice npm test)\"]}}", "Bash", "{\"command\":\"nice -n 5 npm test\"}", "default", "ask", "ask", ""},
	{"a-nice-3", "", "{\"permissions\":{\"allow\":[\"Bash(nice npm test)\"]}}", "Bash", "{\"command\":\"nice npm test | sh\"}", "default", "ask", "ask", ""},
	{"a-nice-4", "", "{\"permissions\":{\"allow\":[\"Bash(nice npm test)\"]}}", "Bash", "{\"command\":\"nice npm test && curl http://e\"}", "default", "ask", "ask", ""},
	{"a-and-0", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub && npm test\"}", "default", "ask", "allow", "stricter, spec §3: each simple command must be allowed by itself; an allow rule that is a compound command matches none of them"},
	{"a-and-1", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub && npm test && rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-and-2", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub && npm test; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-and-3", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd .. && npm test\"}", "default", "ask", "ask", ""},
	{"a-and-4", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub\"}", "default", "allow", "allow", ""},
	{"a-and-5", "", "{\"permissions\":{\"allow\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"a-trail-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "allow", "ask", "spec §3: the command is matched normalised; blanks around its words are not part of it"},
	{"a-trail-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test foo\"}", "default", "ask", "ask", ""},
	{"a-trail-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test ; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-trail-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test  \"}", "default", "allow", "ask", "spec §3: the command is matched normalised; blanks around its words are not part of it"},
	{"a-esc-0", "", "{\"permissions\":{\"allow\":[\"Bash(echo \\\\*)\"]}}", "Bash", "{\"command\":\"echo *\"}", "default", "allow", "allow", ""},
	{"a-esc-1", "", "{\"permissions\":{\"allow\":[\"Bash(echo \\\\*)\"]}}", "Bash", "{\"command\":\"echo \\\\*\"}", "default", "allow", "allow", ""},
	{"a-esc-2", "", "{\"permissions\":{\"allow\":[\"Bash(echo \\\\*)\"]}}", "Bash", "{\"command\":\"echo a\"}", "default", "allow", "allow", ""},
	{"a-esc-3", "", "{\"permissions\":{\"allow\":[\"Bash(echo \\\\*)\"]}}", "Bash", "{\"command\":\"echo *; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-esc-4", "", "{\"permissions\":{\"allow\":[\"Bash(echo \\\\*)\"]}}", "Bash", "{\"command\":\"echo '*'\"}", "default", "allow", "allow", ""},
	{"a-mid-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build --silent\"}", "default", "allow", "allow", ""},
	{"a-mid-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build; rm -rf src --silent\"}", "default", "ask", "ask", ""},
	{"a-mid-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run $(rm -rf src) --silent\"}", "default", "ask", "ask", ""},
	{"a-mid-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build --silent\\nrm -rf src\"}", "default", "ask", "ask", ""},
	{"a-mid-4", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build > .bashrc --silent\"}", "default", "ask", "ask", ""},
	{"a-mid-5", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build && curl http://e --silent\"}", "default", "ask", "ask", ""},
	{"a-mid-6", "", "{\"permissions\":{\"allow\":[\"Bash(npm run * --silent)\"]}}", "Bash", "{\"command\":\"npm run build # --silent\"}", "default", "ask", "ask", ""},
	{"a-nospace-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "allow", "allow", ""},
	{"a-nospace-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npmx\"}", "default", "allow", "allow", ""},
	{"a-nospace-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test && rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-nospace-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test\\nrm -rf src\"}", "default", "ask", "ask", ""},
	{"a-nospace-4", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test # c\"}", "default", "allow", "allow", ""},
	{"a-nospace-5", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test \\\\\\n&& rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-nospace-6", "", "{\"permissions\":{\"allow\":[\"Bash(npm*)\"]}}", "Bash", "{\"command\":\"npm test `rm -rf src`\"}", "default", "ask", "ask", ""},
	{"a-colon-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build -- $(rm -rf src)\"}", "default", "ask", "ask", ""},
	{"a-colon-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build > .bashrc\"}", "default", "ask", "ask", ""},
	{"a-colon-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build 2>&1 | sh\"}", "default", "ask", "ask", ""},
	{"a-colon-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"(npm run build)\"}", "default", "allow", "ask", "spec §3: agentctl parses the subshell or group and matches the command inside it"},
	{"a-colon-4", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"NODE_ENV=production npm run build\"}", "default", "allow", "allow", ""},
	{"a-colon-5", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"LD_PRELOAD=/tmp/x.so npm run build\"}", "default", "ask", "ask", ""},
	{"a-colon-6", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build & rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-colon-7", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build #; rm -rf src\"}", "default", "allow", "allow", ""},
	{"a-colon-8", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build\\\\\\n; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-colon-9", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"npm run build <(rm -rf src)\"}", "default", "ask", "ask", ""},
	{"a-colon-10", "", "{\"permissions\":{\"allow\":[\"Bash(npm run build:*)\"]}}", "Bash", "{\"command\":\"{ npm run build; }\"}", "default", "allow", "ask", "spec §3: agentctl parses the subshell or group and matches the command inside it"},
	{"a-quote-0", "", "{\"permissions\":{\"allow\":[\"Bash(git commit -m \\\"wip\\\")\"]}}", "Bash", "{\"command\":\"git commit -m wip\"}", "default", "allow", "ask", "spec §3: quotes are removed before matching; the words are the rule's"},
	{"a-quote-1", "", "{\"permissions\":{\"allow\":[\"Bash(git commit -m \\\"wip\\\")\"]}}", "Bash", "{\"command\":\"git commit -m 'wip'\"}", "default", "allow", "ask", "spec §3: quotes are removed before matching; the words are the rule's"},
	{"a-quote-2", "", "{\"permissions\":{\"allow\":[\"Bash(git commit -m \\\"wip\\\")\"]}}", "Bash", "{\"command\":\"git commit -m \\\"wip\\\"\"}", "default", "allow", "allow", ""},
	{"a-quote-3", "", "{\"permissions\":{\"allow\":[\"Bash(git commit -m \\\"wip\\\")\"]}}", "Bash", "{\"command\":\"git commit -m \\\"wip\\\" && rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-quote-4", "", "{\"permissions\":{\"allow\":[\"Bash(git commit -m \\\"wip\\\")\"]}}", "Bash", "{\"command\":\"git commit -m \\\"wip\\\"; git push\"}", "default", "ask", "ask", ""},
	{"a-star_sp-0", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test --x; rm -rf src\"}", "default", "ask", "ask", ""},
	{"a-star_sp-1", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test $(rm -rf src)\"}", "default", "ask", "ask", ""},
	{"a-star_sp-2", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test > .bashrc\"}", "default", "ask", "ask", ""},
	{"a-star_sp-3", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test\\trm\"}", "default", "allow", "allow", ""},
	{"a-star_sp-4", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test --x 2>/dev/null\"}", "default", "allow", "allow", ""},
	{"a-star_sp-5", "", "{\"permissions\":{\"allow\":[\"Bash(npm test *)\"]}}", "Bash", "{\"command\":\"npm test | tee .npmrc\"}", "default", "ask", "ask", ""},
	{"d-colon-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"FOO=1 npm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"sudo npm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"timeout 5 npm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"nice -n 5 npm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm  publish\"}", "default", "deny", "deny", ""},
	{"d-colon-5", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm pub\\\\\\nlish\"}", "default", "deny", "allow", "stricter, spec §9: a line continuation inside a word is joined before matching"},
	{"d-colon-6", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish # x\"}", "default", "deny", "deny", ""},
	{"d-colon-7", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"x=1; npm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-8", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish\\n\"}", "default", "deny", "deny", ""},
	{"d-colon-9", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"echo ok\\nnpm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-10", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish >/dev/null\"}", "default", "deny", "deny", ""},
	{"d-colon-11", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"(npm publish)\"}", "default", "deny", "deny", ""},
	{"d-colon-12", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm 'publish'\"}", "default", "deny", "deny", ""},
	{"d-colon-13", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"n\\\\pm publish\"}", "default", "deny", "deny", ""},
	{"d-colon-14", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish&\"}", "default", "deny", "deny", ""},
	{"d-colon-15", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish --tag x\"}", "default", "deny", "deny", ""},
	{"d-colon-16", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publishx\"}", "default", "allow", "allow", ""},
	{"d-colon-17", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish:*)\"]}}", "Bash", "{\"command\":\"npm run publish\"}", "default", "allow", "allow", ""},
	{"d-redir-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test > log.txt\"}", "default", "deny", "deny", ""},
	{"d-redir-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test >log.txt\"}", "default", "deny", "allow", "stricter, spec §3: a deny rule's redirection is not part of the command it names, so it catches the command however its output goes"},
	{"d-redir-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test > ./log.txt\"}", "default", "deny", "allow", "stricter, spec §3: a deny rule's redirection is not part of the command it names, so it catches the command however its output goes"},
	{"d-redir-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test 1> log.txt\"}", "default", "deny", "allow", "stricter, spec §3: a deny rule's redirection is not part of the command it names, so it catches the command however its output goes"},
	{"d-redir-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test > log.txt)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "allow", "stricter, spec §3: a deny rule's redirection is not part of the command it names, so it catches the command however its output goes"},
	{"d-env-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=1 npm test\"}", "default", "deny", "deny", ""},
	{"d-env-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"d-env-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"FOO=2 npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"d-env-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"BAR=1 FOO=1 npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"d-and-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub && npm test\"}", "default", "deny", "deny", ""},
	{"d-and-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub; npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a compound deny rule matches a call holding each of its parts, whatever operator joins them"},
	{"d-and-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "allow", "allow", ""},
	{"d-sudo-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo npm test\"}", "default", "deny", "deny", ""},
	{"d-sudo-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"sudo -E npm test\"}", "default", "allow", "allow", ""},
	{"d-sudo-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(sudo npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "allow", "allow", ""},
	{"d-trail-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "allow", "stricter, spec §3: a deny pattern is read as a command is read; its trailing blank is not part of it"},
	{"d-trail-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm test )\"]}}", "Bash", "{\"command\":\"npm test foo\"}", "default", "allow", "allow", ""},
	{"d-esc-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(rm \\\\*)\"]}}", "Bash", "{\"command\":\"rm *\"}", "default", "deny", "ask", "stricter (bypass_red15orc_test.go): Bash(rm \\*) names the command rm *, which the glob spells too"},
	{"d-esc-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(rm \\\\*)\"]}}", "Bash", "{\"command\":\"rm \\\\*\"}", "default", "deny", "deny", ""},
	{"d-esc-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(rm \\\\*)\"]}}", "Bash", "{\"command\":\"rm a\"}", "default", "allow", "allow", ""},
	{"d-mid-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(git * --force)\"]}}", "Bash", "{\"command\":\"git push origin main --force\"}", "default", "deny", "deny", ""},
	{"d-mid-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(git * --force)\"]}}", "Bash", "{\"command\":\"git push --force origin main\"}", "default", "allow", "allow", ""},
	{"d-mid-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(git * --force)\"]}}", "Bash", "{\"command\":\"git -C . push x --force\"}", "default", "deny", "deny", ""},
	{"d-mid-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(git * --force)\"]}}", "Bash", "{\"command\":\"git push origin main --force # ok\"}", "default", "deny", "deny", ""},
	{"d-mid-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(git * --force)\"]}}", "Bash", "{\"command\":\"git push origin main --forc\\\\\\ne\"}", "default", "deny", "allow", "stricter, spec §9: a line continuation inside a word is joined before matching"},
	{"k-star-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"FOO=1 npm publish\"}", "default", "ask", "ask", ""},
	{"k-star-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"sudo npm publish\"}", "default", "ask", "ask", ""},
	{"k-star-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"timeout 5 npm publish\"}", "default", "ask", "ask", ""},
	{"k-star-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"npm publish\\n#x\"}", "default", "ask", "ask", ""},
	{"k-star-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"echo a && npm publish\"}", "default", "ask", "ask", ""},
	{"k-star-5", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish *)\"]}}", "Bash", "{\"command\":\"npm publish 2>&1\"}", "default", "ask", "ask", ""},
	{"k-nospace-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish*)\"]}}", "Bash", "{\"command\":\"npm publishx\"}", "default", "ask", "ask", ""},
	{"k-nospace-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish*)\"]}}", "Bash", "{\"command\":\"npm  publish\"}", "default", "ask", "ask", ""},
	{"k-nospace-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish*)\"]}}", "Bash", "{\"command\":\"command npm publish\"}", "default", "ask", "ask", ""},
	{"k-exact-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish)\"]}}", "Bash", "{\"command\":\"npm publish\"}", "default", "ask", "ask", ""},
	{"k-exact-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish)\"]}}", "Bash", "{\"command\":\"npm publish \"}", "default", "ask", "ask", ""},
	{"k-exact-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish)\"]}}", "Bash", "{\"command\":\"npm publish # c\"}", "default", "ask", "ask", ""},
	{"k-exact-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish)\"]}}", "Bash", "{\"command\":\"nohup npm publish\"}", "default", "ask", "ask", ""},
	{"k-exact-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(npm publish)\"]}}", "Bash", "{\"command\":\"npm publish > log.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-0-top", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-0-sub", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-0-dd", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-0-hc", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-0-hs", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-1-top", "", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-1-sub", "", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-1-dd", "", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-1-hc", "", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-1-hs", "", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-2-top", "", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-2-sub", "", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-2-dd", "", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-2-hc", "", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-2-hs", "", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-3-top", "", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-3-sub", "", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-3-dd", "", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-3-hc", "", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-3-hs", "", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-flag-4-top", "", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-4-sub", "", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-4-dd", "", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-5-hs", "", "{\"permissions\":{\"deny\":[\"Read(~/hs.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-6-top", "", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-flag-6-sub", "", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-flag-6-dd", "", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-project-0-top", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-0-sub", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-project-0-dd", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-0-hc", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-project-0-hs", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-project-1-top", "project", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-1-sub", "project", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-1-dd", "project", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-1-hc", "project", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-project-1-hs", "project", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-project-2-top", "project", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-2-sub", "project", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-2-dd", "project", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-2-hc", "project", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-project-2-hs", "project", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-project-3-top", "project", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-3-sub", "project", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-3-dd", "project", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-3-hc", "project", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-project-3-hs", "project", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-project-4-top", "project", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-project-4-sub", "project", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-4-dd", "project", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-project-5-hs", "project", "{\"permissions\":{\"deny\":[\"Read(~/hs.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "deny", "deny", ""},
	{"p-project-6-top", "project", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-project-6-sub", "project", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-project-6-dd", "project", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-0-top", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-0-sub", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-0-dd", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-0-hc", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-0-hs", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-user-1-top", "user", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-1-sub", "user", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-1-dd", "user", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-1-hc", "user", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-user-1-hs", "user", "{\"permissions\":{\"deny\":[\"Read(./secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-user-2-top", "user", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-2-sub", "user", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-2-dd", "user", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-2-hc", "user", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-user-2-hs", "user", "{\"permissions\":{\"deny\":[\"Read(secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-user-3-top", "user", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-3-sub", "user", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-3-dd", "user", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-3-hc", "user", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/.claude/secret.txt\"}", "default", "ask", "ask", ""},
	{"p-user-3-hs", "user", "{\"permissions\":{\"deny\":[\"Read(**/secret.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "ask", "ask", ""},
	{"p-user-4-top", "user", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-4-sub", "user", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-4-dd", "user", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-5-hs", "user", "{\"permissions\":{\"deny\":[\"Read(~/hs.txt)\"]}}", "Read", "{\"file_path\":\"<home>/hs.txt\"}", "default", "deny", "deny", ""},
	{"p-user-6-top", "user", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "allow", "allow", ""},
	{"p-user-6-sub", "user", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/secret.txt\"}", "default", "deny", "deny", ""},
	{"p-user-6-dd", "user", "{\"permissions\":{\"deny\":[\"Read(//<cwd>/sub/**)\"]}}", "Read", "{\"file_path\":\"<cwd>/sub/../secret.txt\"}", "default", "allow", "allow", ""},
	{"e-flag-_secret.txt-top", "", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-flag-_secret.txt-sub", "", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-flag-_secret.txt-dd", "", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-flag-secret.txt-top", "", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-flag-secret.txt-sub", "", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-flag-secret.txt-dd", "", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-flag-sub_**-top", "", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-flag-sub_**-sub", "", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-flag-sub_**-dd", "", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-project-_secret.txt-top", "project", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-_secret.txt-sub", "project", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-project-_secret.txt-dd", "project", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-secret.txt-top", "project", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-secret.txt-sub", "project", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-secret.txt-dd", "project", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-sub_**-top", "project", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-project-sub_**-sub", "project", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-project-sub_**-dd", "project", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-user-_secret.txt-top", "user", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-user-_secret.txt-sub", "user", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-user-_secret.txt-dd", "user", "{\"permissions\":{\"deny\":[\"Edit(/secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-user-secret.txt-top", "user", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-user-secret.txt-sub", "user", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-user-secret.txt-dd", "user", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-user-sub_**-top", "user", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"e-user-sub_**-sub", "user", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"e-user-sub_**-dd", "user", "{\"permissions\":{\"deny\":[\"Edit(sub/**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/sub/../secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"pb-flag-cat_secret.txt", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat secret.txt\"}", "default", "allow", "allow", ""},
	{"pb-flag-cat_sub_.._secret.txt", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat sub/../secret.txt\"}", "default", "allow", "ask", "spec §4: the path is cleaned before matching; <cwd>/secret.txt lies in the working directory and the rule anchors at the settings file's folder (flag) or ~/.claude (user), not the cwd"},
	{"pb-flag-cat_._sub_secret.txt", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat ./sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"pb-flag-head_-1_<home>_.claude_secret.txt", "", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"head -1 <home>/.claude/secret.txt\"}", "default", "ask", "error", ""},
	{"pb-project-cat_secret.txt", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat secret.txt\"}", "default", "deny", "deny", ""},
	{"pb-project-cat_sub_.._secret.txt", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat sub/../secret.txt\"}", "default", "deny", "deny", ""},
	{"pb-project-cat_._sub_secret.txt", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat ./sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"pb-project-head_-1_<home>_.claude_secret.txt", "project", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"head -1 <home>/.claude/secret.txt\"}", "default", "ask", "error", ""},
	{"pb-user-cat_secret.txt", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat secret.txt\"}", "default", "allow", "allow", ""},
	{"pb-user-cat_sub_.._secret.txt", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat sub/../secret.txt\"}", "default", "allow", "ask", "spec §4: the path is cleaned before matching; <cwd>/secret.txt lies in the working directory and the rule anchors at the settings file's folder (flag) or ~/.claude (user), not the cwd"},
	{"pb-user-cat_._sub_secret.txt", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"cat ./sub/secret.txt\"}", "default", "allow", "allow", ""},
	{"pb-user-head_-1_<home>_.claude_secret.txt", "user", "{\"permissions\":{\"deny\":[\"Read(/secret.txt)\"]}}", "Bash", "{\"command\":\"head -1 <home>/.claude/secret.txt\"}", "default", "deny", "error", ""},
	{"q-narrow-allow-wide-ask", "", "{\"permissions\":{\"allow\":[\"Bash(npm test)\"],\"ask\":[\"Bash\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"q-narrow-allow-wide-ask-star", "", "{\"permissions\":{\"allow\":[\"Bash(npm test)\"],\"ask\":[\"Bash(*)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"q-narrow-allow-ask-empty", "", "{\"permissions\":{\"allow\":[\"Bash(npm test)\"],\"ask\":[\"Bash()\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "allow", "stricter, spec §2: Tool() is read as Tool(*), the whole tool (the reference ignores the empty specifier)"},
	{"q-allow-deny-empty", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash()\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "allow", "stricter, spec §2: Tool() is read as Tool(*), the whole tool (the reference ignores the empty specifier)"},
	{"q-ask-deny-same", "", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"],\"deny\":[\"Bash(npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "deny", ""},
	{"q-ask-deny-wide", "", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"],\"deny\":[\"Bash(npm:*)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "deny", "ask", "stricter, spec §2: deny is checked before ask; a deny anywhere wins"},
	{"q-read-allow-ask-star", "", "{\"permissions\":{\"allow\":[\"Read(/secret.txt)\"],\"ask\":[\"Read(*)\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "ask", "ask", ""},
	{"q-read-allow-ask-empty", "", "{\"permissions\":{\"allow\":[\"Read\"],\"ask\":[\"Read()\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "ask", "allow", "stricter, spec §2: Tool() is read as Tool(*), the whole tool (the reference ignores the empty specifier)"},
	{"q-read-deny-empty", "", "{\"permissions\":{\"deny\":[\"Read()\"]}}", "Read", "{\"file_path\":\"<cwd>/secret.txt\"}", "default", "deny", "allow", "stricter, spec §2: Tool() is read as Tool(*), the whole tool (the reference ignores the empty specifier)"},
	{"q-edit-allow-ask-dir", "", "{\"permissions\":{\"allow\":[\"Edit(secret.txt)\"],\"ask\":[\"Edit(**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"q-edit-ask-bare-allow-narrow", "", "{\"permissions\":{\"allow\":[\"Edit(/secret.txt)\"],\"ask\":[\"Edit\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"q-write-ask-edit", "", "{\"permissions\":{\"allow\":[\"Write\"],\"ask\":[\"Edit(secret.txt)\"]}}", "Write", "{\"file_path\":\"<cwd>/secret.txt\",\"content\":\"t\"}", "default", "ask", "ask", ""},
	{"q-write-deny-edit-acc", "", "{\"permissions\":{\"deny\":[\"Edit(secret.txt)\"]}}", "Write", "{\"file_path\":\"<cwd>/sub/secret.txt\",\"content\":\"t\"}", "default", "deny", "deny", ""},
	{"q-read-deny-blocks-edit", "", "{\"permissions\":{\"allow\":[\"Edit\"],\"deny\":[\"Read(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"q-src-ask-project", "project", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"q-src-ask-bypass-project", "project", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "bypassPermissions", "ask", "ask", ""},
	{"q-src-ask-user", "user", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "default", "ask", "ask", ""},
	{"q-src-ask-bypass-user", "user", "{\"permissions\":{\"ask\":[\"Bash(npm test)\"]}}", "Bash", "{\"command\":\"npm test\"}", "bypassPermissions", "ask", "ask", ""},
	{"t-glob-deny", "", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Glob", "{\"pattern\":\"*\",\"path\":\"<cwd>/sub\"}", "default", "deny", "error", ""},
	{"t-glob-outside", "", "{}", "Glob", "{\"pattern\":\"*\",\"path\":\"<home>\"}", "default", "ask", "error", ""},
	{"t-grep-deny", "", "{\"permissions\":{\"deny\":[\"Read(sub/**)\"]}}", "Grep", "{\"pattern\":\"s\",\"path\":\"<cwd>/sub\"}", "default", "deny", "error", ""},
	{"t-grep-outside", "", "{}", "Grep", "{\"pattern\":\"s\",\"path\":\"<home>\"}", "default", "ask", "error", ""},
	{"t-ls-outside", "", "{}", "LS", "{\"path\":\"<home>\"}", "default", "deny", "error", ""},
	{"t-nb-deny-edit", "", "{\"permissions\":{\"deny\":[\"Edit(*.ipynb)\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "deny", "error", ""},
	{"t-nb-ask-nbrule", "", "{\"permissions\":{\"allow\":[\"Edit\"],\"ask\":[\"NotebookEdit\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "ask", "error", ""},
	{"t-nb-allow-edit", "", "{\"permissions\":{\"allow\":[\"Edit(*.ipynb)\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "allow", "error", ""},
	{"t-multiedit", "", "{\"permissions\":{\"allow\":[\"Edit\"]}}", "MultiEdit", "{\"file_path\":\"<cwd>/x\",\"edits\":[{\"old_string\":\"x\",\"new_string\":\"y\"}]}", "default", "allow", "error", ""},
	{"t-todo-default", "", "{}", "TodoWrite", "{\"todos\":[{\"content\":\"a\",\"status\":\"pending\",\"activeForm\":\"a\"}]}", "default", "allow", "deny", "spec §8: TodoWrite changes only the session's own state; the reference had the tool disabled (tool_use_error), not a permission decision"},
	{"t-todo-deny", "", "{\"permissions\":{\"deny\":[\"TodoWrite\"]}}", "TodoWrite", "{\"todos\":[{\"content\":\"a\",\"status\":\"pending\",\"activeForm\":\"a\"}]}", "default", "deny", "deny", ""},
	{"t-todo-plan", "", "{}", "TodoWrite", "{\"todos\":[{\"content\":\"a\",\"status\":\"pending\",\"activeForm\":\"a\"}]}", "plan", "allow", "deny", "spec §8: TodoWrite changes only the session's own state; the reference had the tool disabled (tool_use_error), not a permission decision"},
	{"t-ws-default", "", "{}", "WebSearch", "{\"query\":\"x\"}", "default", "deny", "error", ""},
	{"t-ws-allow", "", "{\"permissions\":{\"allow\":[\"WebSearch\"]}}", "WebSearch", "{\"query\":\"x\"}", "default", "deny", "error", ""},
	{"t-ws-dontask", "", "{}", "WebSearch", "{\"query\":\"x\"}", "dontAsk", "deny", "error", ""},
	{"t-ws-ask", "", "{\"permissions\":{\"allow\":[\"WebSearch\"],\"ask\":[\"WebSearch\"]}}", "WebSearch", "{\"query\":\"x\"}", "default", "deny", "error", ""},
	{"t-skill-default", "", "{}", "Skill", "{\"skill\":\"foo\"}", "default", "ask", "error", ""},
	{"t-skill-deny", "", "{\"permissions\":{\"deny\":[\"Skill(foo)\"]}}", "Skill", "{\"skill\":\"foo\"}", "default", "deny", "error", ""},
	{"t-slash-default", "", "{}", "SlashCommand", "{\"command\":\"/x\"}", "default", "ask", "error", ""},
	{"t-slash-deny", "", "{\"permissions\":{\"deny\":[\"SlashCommand(/x)\"]}}", "SlashCommand", "{\"command\":\"/x\"}", "default", "deny", "error", ""},
	{"t-kill-default", "", "{}", "KillShell", "{\"shell_id\":\"abc\"}", "default", "ask", "error", ""},
	{"t-bashout-default", "", "{}", "BashOutput", "{\"bash_id\":\"abc\"}", "default", "ask", "error", ""},
	{"t-taskstop-default", "", "{}", "TaskStop", "{\"task_id\":\"abc\"}", "default", "deny", "error", ""},
	{"t-taskout-default", "", "{}", "TaskOutput", "{\"task_id\":\"abc\"}", "default", "deny", "error", ""},
	{"x-to-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(timeout 5 npm publish)\"]}}", "Bash", "{\"command\":\"timeout 5 npm publish\"}", "default", "deny", "deny", ""},
	{"x-to-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(timeout 5 npm publish)\"]}}", "Bash", "{\"command\":\"npm publish\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-to-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(timeout 5 npm publish)\"]}}", "Bash", "{\"command\":\"timeout 9 npm publish\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-nice-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(nice npm publish:*)\"]}}", "Bash", "{\"command\":\"nice npm publish --x\"}", "default", "deny", "deny", ""},
	{"x-nice-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(nice npm publish:*)\"]}}", "Bash", "{\"command\":\"npm publish --x\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-rails-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(RAILS_ENV=production rails db:drop)\"]}}", "Bash", "{\"command\":\"RAILS_ENV=production rails db:drop\"}", "default", "ask", "ask", ""},
	{"x-rails-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(RAILS_ENV=production rails db:drop)\"]}}", "Bash", "{\"command\":\"rails db:drop\"}", "default", "ask", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-cmd-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(command rm -rf *)\"]}}", "Bash", "{\"command\":\"command rm -rf build\"}", "default", "deny", "deny", ""},
	{"x-cmd-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(command rm -rf *)\"]}}", "Bash", "{\"command\":\"rm -rf build\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-node-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(NODE_ENV=production npm run deploy:*)\"]}}", "Bash", "{\"command\":\"NODE_ENV=production npm run deploy\"}", "default", "deny", "deny", ""},
	{"x-node-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(NODE_ENV=production npm run deploy:*)\"]}}", "Bash", "{\"command\":\"npm run deploy\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-nohup-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(nohup npm publish)\"]}}", "Bash", "{\"command\":\"nohup npm publish\"}", "default", "ask", "ask", ""},
	{"x-sudo-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(sudo rm *)\"]}}", "Bash", "{\"command\":\"sudo -n rm x\"}", "default", "allow", "allow", ""},
	{"x-env-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(env FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"env FOO=1 npm test\"}", "default", "deny", "deny", ""},
	{"x-env-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"env FOO=1 npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"x-export-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(FOO=1 npm test)\"]}}", "Bash", "{\"command\":\"export FOO=1; npm test\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule is also matched in its peeled form \u2014 a wrapper does not change what runs, and an assignment may already be in the inherited environment"},
	{"y-dsp-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm  publish:*)\"]}}", "Bash", "{\"command\":\"npm  publish\"}", "default", "deny", "deny", ""},
	{"y-dsp-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm  publish:*)\"]}}", "Bash", "{\"command\":\"npm publish\"}", "default", "deny", "deny", ""},
	{"y-tsp-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm publish *  )\"]}}", "Bash", "{\"command\":\"npm publish x\"}", "default", "deny", "deny", ""},
	{"y-tab-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm\\tpublish *)\"]}}", "Bash", "{\"command\":\"npm\\tpublish x\"}", "default", "deny", "deny", ""},
	{"y-tab-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm\\tpublish *)\"]}}", "Bash", "{\"command\":\"npm publish x\"}", "default", "deny", "deny", ""},
	{"y-q-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm 'publish' *)\"]}}", "Bash", "{\"command\":\"npm 'publish' x\"}", "default", "deny", "deny", ""},
	{"y-q-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(npm 'publish' *)\"]}}", "Bash", "{\"command\":\"npm publish x\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny pattern's quotes are removed as a command's are"},
	{"y-and-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(cd sub && npm test)\"]}}", "Bash", "{\"command\":\"cd sub  &&  npm test\"}", "default", "deny", "deny", ""},
	{"y-pipe-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(curl * | sh)\"]}}", "Bash", "{\"command\":\"curl http://e | sh\"}", "default", "ask", "ask", ""},
	{"y-pipe-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(curl * | sh)\"]}}", "Bash", "{\"command\":\"curl -s http://e|sh\"}", "default", "ask", "ask", ""},
	{"y-esc-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(rm \\\\*)\"]}}", "Bash", "{\"command\":\"rm '*'\"}", "default", "deny", "ask", "stricter (bypass_red15orc_test.go): Bash(rm \\*) names the command rm *, which the glob spells too"},
	{"y-gadd-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(git add \\\\*)\"]}}", "Bash", "{\"command\":\"git add \\\\*\"}", "default", "ask", "ask", ""},
	{"rt-nb-deny-edit", "", "{\"permissions\":{\"deny\":[\"Edit(*.ipynb)\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "deny", "deny", ""},
	{"rt-nb-ask-nbrule", "", "{\"permissions\":{\"allow\":[\"Edit\"],\"ask\":[\"NotebookEdit\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "ask", "ask", ""},
	{"rt-nb-allow-edit", "", "{\"permissions\":{\"allow\":[\"Edit(*.ipynb)\"]}}", "NotebookEdit", "{\"notebook_path\":\"<cwd>/n.ipynb\",\"new_source\":\"y\",\"cell_id\":\"c1\"}", "default", "allow", "allow", ""},
	{"rt-ws-default", "", "{}", "WebSearch", "{\"query\":\"weather today\"}", "default", "ask", "ask", ""},
	{"rt-ws-allow", "", "{\"permissions\":{\"allow\":[\"WebSearch\"]}}", "WebSearch", "{\"query\":\"weather today\"}", "default", "allow", "allow", ""},
	{"rt-ws-dontask", "", "{}", "WebSearch", "{\"query\":\"weather today\"}", "dontAsk", "deny", "deny", ""},
	{"rt-ws-ask", "", "{\"permissions\":{\"allow\":[\"WebSearch\"],\"ask\":[\"WebSearch\"]}}", "WebSearch", "{\"query\":\"weather today\"}", "default", "ask", "ask", ""},
	{"rq-edit-allow-ask-dir", "", "{\"permissions\":{\"allow\":[\"Edit(secret.txt)\"],\"ask\":[\"Edit(**)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"rq-edit-ask-bare-allow-narrow", "", "{\"permissions\":{\"allow\":[\"Edit(/secret.txt)\"],\"ask\":[\"Edit\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "ask", "ask", ""},
	{"rq-read-deny-blocks-edit", "", "{\"permissions\":{\"allow\":[\"Edit\"],\"deny\":[\"Read(secret.txt)\"]}}", "Edit", "{\"file_path\":\"<cwd>/secret.txt\",\"old_string\":\"s\",\"new_string\":\"t\"}", "default", "deny", "deny", ""},
	{"z-path-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(./scripts/deploy.sh:*)\"]}}", "Bash", "{\"command\":\"./scripts/deploy.sh prod\"}", "default", "deny", "deny", ""},
	{"z-path-1", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(./scripts/deploy.sh:*)\"]}}", "Bash", "{\"command\":\"scripts/deploy.sh prod\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule naming its program by a path also matches the program's base name — the same script runs by any path"},
	{"z-path-2", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(./scripts/deploy.sh:*)\"]}}", "Bash", "{\"command\":\"cd scripts && ./deploy.sh\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule naming its program by a path also matches the program's base name — the same script runs by any path"},
	{"z-path-3", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(./scripts/deploy.sh:*)\"]}}", "Bash", "{\"command\":\"./scripts/../scripts/deploy.sh\"}", "default", "deny", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule naming its program by a path also matches the program's base name — the same script runs by any path"},
	{"z-path-4", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"ask\":[\"Bash(/usr/bin/npm publish)\"]}}", "Bash", "{\"command\":\"npm publish\"}", "default", "ask", "allow", "stricter (bypass_red15orc_test.go): a deny or ask rule naming its program by a path also matches the program's base name — the same script runs by any path"},
	{"w-nohup-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(nohup:*)\"]}}", "Bash", "{\"command\":\"nohup ls\"}", "default", "deny", "deny", ""},
	{"w-sudo-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(sudo:*)\"]}}", "Bash", "{\"command\":\"/usr/bin/sudo ls\"}", "default", "deny", "allow", "stricter, spec §3: deny and ask rules see path-qualified names by basename; /usr/bin/sudo is sudo"},
	{"w-timeout-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(timeout *)\"]}}", "Bash", "{\"command\":\"timeout 5 npm test\"}", "default", "deny", "deny", ""},
	{"w-xargs-0", "", "{\"permissions\":{\"allow\":[\"Bash\"],\"deny\":[\"Bash(xargs:*)\"]}}", "Bash", "{\"command\":\"echo a | xargs rm\"}", "default", "deny", "deny", ""},
}

func TestReferenceSweep9(t *testing.T) {
	type built struct {
		e   *Engine
		sub func(string) string
	}
	engines := map[string]built{}
	for _, r := range red15orcSweep {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
		if r.note == "" && r.ref != "error" && r.want != r.ref {
			t.Errorf("%s: want %s differs from the reference's %s with no note", r.id, r.want, r.ref)
		}
		key := r.source + "\x00" + r.settings
		b, ok := engines[key]
		if !ok {
			b.e, b.sub = red15orcSweepEngine(t, r.source, r.settings)
			engines[key] = b
		}
		d := sweepDecide(t, b.e, r.tool, b.sub(r.input), r.mode)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %s %s [%s] under %s (%s): got %s (%s: %s), want %s (reference: %s)", r.id, r.tool, r.input, r.mode,
				r.settings, r.source, got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

// red15orcSweepEngine lays out one settings source's directories as the
// reference run had them and loads the settings from where that source
// keeps them (--settings in the layout's root, the project's or the
// home's .claude/settings.json).
func red15orcSweepEngine(t *testing.T, source, flagOrFile string) (*Engine, func(string) string) {
	t.Helper()
	root, dirs, sub := sweepLayout(t, red15orcSweepFiles)
	file := map[string]string{"": filepath.Join(root, "settings.json"), "project": filepath.Join(dirs["<cwd>"], ".claude", "settings.json"),
		"user": filepath.Join(dirs["<home>"], ".claude", "settings.json")}[source]
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(sub(flagOrFile)), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := settings.Options{Cwd: dirs["<cwd>"], Home: dirs["<home>"], ManagedFile: filepath.Join(root, "none.json"), TrustWorkspace: true}
	if source == "" {
		opts.FlagSettings = file
	}
	s, err := settings.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, sub
}

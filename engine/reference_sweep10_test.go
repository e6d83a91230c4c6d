package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Rows of a tenth differential sweep against the reference CLI (2.1.332,
// run offline), over the modes and the working directories: acceptEdits
// against the shell's mkdir, touch, rm, rmdir, mv, cp and sed (plain, -i,
// -i.bak, -e … -i, the w command) on paths inside and outside the working
// directories — the sibling proj_evil, the parent, home, $HOME, ${HOME},
// $TMPDIR, /tmp — through "..", globs, symbolic links and every protected
// name (with case variants and the .claude/worktrees exception and its
// escapes); rm -rf of critical paths (/, ~, .., ., $HOME, /usr, /etc, /opt,
// the cwd by absolute path, its parent, "$VAR"/*, /*, ~/*, ./*, $PWD,
// src/.., cd .. then rm) under bypassPermissions, acceptEdits and an allow
// rule; plan mode (with useAutoModeDuringPlan false, the person-asks plan
// mode) against read-only and writing Bash, the file tools, WebFetch, MCP,
// Task, Agent, TodoWrite, Glob and Grep, with and without allow rules;
// dontAsk; bypassPermissions against deny and ask rules, .git, .claude and
// the other protected paths; additionalDirectories from flag, project,
// local and user settings (absolute, relative and "~" spellings) and
// --add-dir; and reads and writes just outside the cwd by Read, Write,
// Edit, NotebookEdit, Glob, Grep and the shell (operands, redirections,
// tee, cd into a subdirectory and back, cd .. then a relative write,
// pushd, a subshell) and the read-only printers rev, fold, column and cmp
// on files outside. Each row keeps the reference's answer (ref; "error"
// when the reference refused the call before deciding); a row whose want
// differs says why in note, and agentctl is never looser than the
// reference without one. Every case ran with PATH set to a missing
// directory, so no program it allowed ran. The reference's session has no
// Glob, Grep or TodoWrite tool (its rows are "error").

// red16orcSweepRow is one swept call: source is where the settings were
// written ("" for --settings, "project", "local", "user"), addDir the
// --add-dir argument ("" for none), links whether the case made
// red16orcSweepLinks first.
type red16orcSweepRow struct {
	id, source, settings, addDir, tool, input, mode string
	links                                           bool
	want, ref, note                                 string
}

// red16orcSweepFiles are the reference run's fixture files (its defaults
// and the sweep's own).
var red16orcSweepFiles = map[string]string{
	"<cwd>/package.json":              "{\"name\": \"oracle-fixture\"}\n",
	"<cwd>/.env":                      "SECRET=oracle-dummy\n",
	"<cwd>/README.md":                 "# fixture\n",
	"<cwd>/x":                         "x\n",
	"<cwd>/src/index.ts":              "export const a = 1;\n",
	"<cwd>/src/nested/deep.ts":        "export const b = 2;\n",
	"<cwd>/lib/util.ts":               "export const c = 3;\n",
	"<cwd>/a.txt":                     "a\n",
	"<cwd>/sub/k":                     "k\n",
	"<cwd>/sub/.git/HEAD":             "ref\n",
	"<cwd>/.git/config":               "[core]\n",
	"<cwd>/.git/hooks/.keep":          "",
	"<cwd>/.claude/commands/x.md":     "x\n",
	"<cwd>/.claude/worktrees/w/f.txt": "f\n",
	"<cwd>/.vscode/settings.json":     "{}\n",
	"<cwd>/n.ipynb":                   red16orcNotebook,
	"<cwd>_evil/x.txt":                "x\n",
	"<cwd>_evil/n.ipynb":              red16orcNotebook,
	"<cwd>/../p.txt":                  "p\n",
	"<home>/h.txt":                    "h\n",
	"<home>/sdir/k":                   "k\n",
	"<tmp>/t.txt":                     "t\n",
	"<tmp>/extra/e.txt":               "e\n",
}

// red16orcNotebook is the fixture notebook: one code cell, c1.
const red16orcNotebook = `{"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "source": "x", "outputs": [], "execution_count": null}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`

// red16orcSweepLinks are the symbolic links the links rows' cases made (an
// approved ln -s before the judged call).
var red16orcSweepLinks = map[string]string{"<cwd>/ln_evil": "<cwd>_evil", "<cwd>/ln_home": "<home>/sdir", "<cwd>/ln_git": "<cwd>/.git"}

var red16orcSweep = []red16orcSweepRow{
	{`ae-mk-in`, ``, `{}`, ``, `Bash`, `{"command":"mkdir newdir"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-mk-p`, ``, `{}`, ``, `Bash`, `{"command":"mkdir -p src/a/b"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-mk-sib`, ``, `{}`, ``, `Bash`, `{"command":"mkdir ../proj_evil/d"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mk-home`, ``, `{}`, ``, `Bash`, `{"command":"mkdir ~/d"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mk-tmpdir`, ``, `{}`, ``, `Bash`, `{"command":"mkdir $TMPDIR/d"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mk-slash-tmp`, ``, `{}`, ``, `Bash`, `{"command":"mkdir /tmp/r16d"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-in`, ``, `{}`, ``, `Bash`, `{"command":"touch a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-to-sib`, ``, `{}`, ``, `Bash`, `{"command":"touch ../proj_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-par`, ``, `{}`, ``, `Bash`, `{"command":"touch ../p.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-home`, ``, `{}`, ``, `Bash`, `{"command":"touch ~/h.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-HOME`, ``, `{}`, ``, `Bash`, `{"command":"touch $HOME/h.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-brace`, ``, `{}`, ``, `Bash`, `{"command":"touch ${HOME}/h.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-dd-in`, ``, `{}`, ``, `Bash`, `{"command":"touch sub/../a.txt"}`, `acceptEdits`, false, `allow`, `ask`, `spec §6: agentctl resolves the path on the file system (sub is a directory, not a link), so sub/../a.txt is a.txt in the cwd; a link before the '..' is followed (wd-ae-touch-lnk, bypass_red16orc_test.go)`},
	{`ae-to-dd-out`, ``, `{}`, ``, `Bash`, `{"command":"touch sub/../../p.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-abs-sib`, ``, `{}`, ``, `Bash`, `{"command":"touch <cwd>_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-abs-in`, ``, `{}`, ``, `Bash`, `{"command":"touch <cwd>/a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-rm-in`, ``, `{}`, ``, `Bash`, `{"command":"rm a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-rm-sib`, ``, `{}`, ``, `Bash`, `{"command":"rm ../proj_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-rm-home`, ``, `{}`, ``, `Bash`, `{"command":"rm -f ~/h.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-rmd-in`, ``, `{}`, ``, `Bash`, `{"command":"rmdir sub"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-rmd-sib`, ``, `{}`, ``, `Bash`, `{"command":"rmdir ../proj_evil"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mv-in`, ``, `{}`, ``, `Bash`, `{"command":"mv a.txt b.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-mv-out`, ``, `{}`, ``, `Bash`, `{"command":"mv a.txt ../proj_evil/"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mv-from-out`, ``, `{}`, ``, `Bash`, `{"command":"mv ../proj_evil/x.txt ."}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cp-out`, ``, `{}`, ``, `Bash`, `{"command":"cp a.txt ../proj_evil/"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cp-from-out`, ``, `{}`, ``, `Bash`, `{"command":"cp ../proj_evil/x.txt ./y.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cpr-out`, ``, `{}`, ``, `Bash`, `{"command":"cp -r src ../proj_evil/src2"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cpr-git`, ``, `{}`, ``, `Bash`, `{"command":"cp -r src .git/"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mv-claude`, ``, `{}`, ``, `Bash`, `{"command":"mv a.txt .claude/"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cp-wt`, ``, `{}`, ``, `Bash`, `{"command":"cp a.txt .claude/worktrees/w/"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-cpr-vscode`, ``, `{}`, ``, `Bash`, `{"command":"cp -r src .vscode"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mv-Git`, ``, `{}`, ``, `Bash`, `{"command":"mv a.txt .Git/hooks/pre-commit"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cp-home-rc`, ``, `{}`, ``, `Bash`, `{"command":"cp a.txt ~/.bashrc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-cpr-dotclaude-home`, ``, `{}`, ``, `Bash`, `{"command":"cp -r src ~/.claude"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-i-in`, ``, `{}`, ``, `Bash`, `{"command":"sed -i s/a/b/ a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-sed-i-sib`, ``, `{}`, ``, `Bash`, `{"command":"sed -i s/a/b/ ../proj_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-sib`, ``, `{}`, ``, `Bash`, `{"command":"sed s/a/b/ ../proj_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-in`, ``, `{}`, ``, `Bash`, `{"command":"sed s/a/b/ a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-sed-n`, ``, `{}`, ``, `Bash`, `{"command":"sed -n 1p a.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-sed-i-git`, ``, `{}`, ``, `Bash`, `{"command":"sed -i s/x/y/ .git/config"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-ibak`, ``, `{}`, ``, `Bash`, `{"command":"sed -i.bak s/a/b/ a.txt"}`, `acceptEdits`, false, `allow`, `ask`, `spec §6: acceptEdits allows sed on files inside the working directories; agentctl parses the script and options (no w/W/e/r/R command, no e flag, the backup inside) where the reference asks for any form off its short list`},
	{`ae-sed-e-i`, ``, `{}`, ``, `Bash`, `{"command":"sed -e s/a/b/ -i a.txt"}`, `acceptEdits`, false, `allow`, `ask`, `spec §6: acceptEdits allows sed on files inside the working directories; agentctl parses the script and options (no w/W/e/r/R command, no e flag, the backup inside) where the reference asks for any form off its short list`},
	{`ae-sed-i-home`, ``, `{}`, ``, `Bash`, `{"command":"sed -i s/a/b/ ~/h.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-w`, ``, `{}`, ``, `Bash`, `{"command":"sed -n 'w ../proj_evil/out' a.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-sed-W`, ``, `{}`, ``, `Bash`, `{"command":"sed 's/a/b/w ../proj_evil/o2' a.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-g-rm-txt`, ``, `{}`, ``, `Bash`, `{"command":"rm *.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-g-rm-sib`, ``, `{}`, ``, `Bash`, `{"command":"rm ../proj_evil/*"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-g-to-sib`, ``, `{}`, ``, `Bash`, `{"command":"touch ../proj_*/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-g-rmr-src`, ``, `{}`, ``, `Bash`, `{"command":"rm -r src/*"}`, `acceptEdits`, false, `allow`, `ask`, `spec §6: agentctl expands the glob on the file system and checks every match (a link among them is resolved), all inside the cwd; the reference asks for any glob in a write`},
	{`ae-g-cp-sib`, ``, `{}`, ``, `Bash`, `{"command":"cp * ../proj_evil/"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-g-rm-q`, ``, `{}`, ``, `Bash`, `{"command":"rm ../proj_?vil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-mk-git`, ``, `{}`, ``, `Bash`, `{"command":"mkdir .git/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-wt`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude/worktrees/w/new"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae-to-CLAUDE`, ``, `{}`, ``, `Bash`, `{"command":"touch .CLAUDE/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-Husky`, ``, `{}`, ``, `Bash`, `{"command":"touch .Husky/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-cfg-git`, ``, `{}`, ``, `Bash`, `{"command":"touch .config/git/ignore"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-idea`, ``, `{}`, ``, `Bash`, `{"command":"touch .idea/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-cargo`, ``, `{}`, ``, `Bash`, `{"command":"touch .cargo/config.toml"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-devc`, ``, `{}`, ``, `Bash`, `{"command":"touch .devcontainer/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-yarn`, ``, `{}`, ``, `Bash`, `{"command":"touch .yarn/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-mvn`, ``, `{}`, ``, `Bash`, `{"command":"touch .mvn/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-bashrc`, ``, `{}`, ``, `Bash`, `{"command":"touch .bashrc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-bprof`, ``, `{}`, ``, `Bash`, `{"command":"touch .bash_profile"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-blogin`, ``, `{}`, ``, `Bash`, `{"command":"touch .bash_login"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-profile`, ``, `{}`, ``, `Bash`, `{"command":"touch .profile"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-zshrc`, ``, `{}`, ``, `Bash`, `{"command":"touch .zshrc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-zprofile`, ``, `{}`, ``, `Bash`, `{"command":"touch .zprofile"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-zshenv`, ``, `{}`, ``, `Bash`, `{"command":"touch .zshenv"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-zlogin`, ``, `{}`, ``, `Bash`, `{"command":"touch .zlogin"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-envrc`, ``, `{}`, ``, `Bash`, `{"command":"touch .envrc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-gitconfig`, ``, `{}`, ``, `Bash`, `{"command":"touch .gitconfig"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-gitmod`, ``, `{}`, ``, `Bash`, `{"command":"touch .gitmodules"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-npmrc`, ``, `{}`, ``, `Bash`, `{"command":"touch .npmrc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-mcp`, ``, `{}`, ``, `Bash`, `{"command":"touch .mcp.json"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-cj`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude.json"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-ZSHRC`, ``, `{}`, ``, `Bash`, `{"command":"touch .ZshRc"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-sub-git`, ``, `{}`, ``, `Bash`, `{"command":"touch sub/.git/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-wt-esc`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude/worktrees/../settings.json"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae-to-ws-dd`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude/worktrees/w/../../x.md"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-by-root`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-tilde`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-tilde-sl`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~/"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .."}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dd-sl`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ../"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dot`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ."}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dot-sl`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ./"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-HOME`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf $HOME"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-qHOME`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf \"$HOME\""}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-usr`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /usr"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-cwd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf <cwd>"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-cwd-sl`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf <cwd>/"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-var-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf \"$VAR\"/*"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-root-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /*"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-parent-abs`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf <cwd>/.."}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-etc`, ``, `{}`, ``, `Bash`, `{"command":"rm -fr /etc"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-r-f`, ``, `{}`, ``, `Bash`, `{"command":"rm -r -f /"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dashdash`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf -- /"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-cd-dd`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && rm -rf proj"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: rm of the cwd or one of its parents asks in every mode, bypassPermissions included`},
	{`cr-by-src-dd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf src/.."}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-PWD`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf $PWD"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: rm of the cwd or one of its parents asks in every mode; $PWD is not static`},
	{`cr-by-rmdir-dd`, ``, `{}`, ``, `Bash`, `{"command":"rmdir .."}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-home-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~/*"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-dot-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ./*"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-opt`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /opt"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-tmpdir`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf $TMPDIR"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: a critical-path rm whose operand is an unresolved parameter ($TMPDIR) asks in every mode`},
	{`cr-by-dq-tilde`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf \"~\""}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr-by-sudo-root`, ``, `{}`, ``, `Bash`, `{"command":"sudo rm -rf /"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: critical-path rm asks in every mode, through the sudo wrapper too`},
	{`cr-ae-root`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-tilde`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-dd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .."}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-dot`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ."}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-HOME`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf $HOME"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-usr`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /usr"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-cwd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf <cwd>"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-var-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf \"$VAR\"/*"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-root-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /*"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-parent-abs`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf <cwd>/.."}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-src-dd`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf src/.."}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-PWD`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf $PWD"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-dot-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ./*"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-ae-home-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~/*"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr-allow-root`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf /"}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-tilde`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf ~"}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-dd`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf .."}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-dot`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf ."}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-cwd`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf <cwd>"}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-var-star`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf \"$VAR\"/*"}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-dot-star`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf ./*"}`, `default`, false, `ask`, `ask`, ``},
	{`cr-allow-PWD`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf $PWD"}`, `default`, false, `ask`, `ask`, ``},
	{`pl-ls`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"ls"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-cat`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"cat a.txt"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-git`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"git status"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-touch`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"touch x"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies anything that writes`},
	{`pl-rm`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"rm a.txt"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies anything that writes`},
	{`pl-npm-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash(npm test)"]}}`, ``, `Bash`, `{"command":"npm test"}`, `plan`, false, `deny`, `allow`, `stricter, spec §6: plan mode denies what writes or executes even with an allow rule`},
	{`pl-rm-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm a.txt"}`, `plan`, false, `deny`, `allow`, `stricter, spec §6: plan mode denies what writes or executes even with an allow rule`},
	{`pl-redir-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash(echo:*)"]}}`, ``, `Bash`, `{"command":"echo hi > a.txt"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes or executes even with an allow rule`},
	{`pl-cat-sib`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"cat ../proj_evil/x.txt"}`, `plan`, false, `ask`, `ask`, ``},
	{`pl-write`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<cwd>/new.txt","content":"x"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies anything that writes`},
	{`pl-write-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Write"]}}`, ``, `Write`, `{"file_path":"<cwd>/new.txt","content":"x"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes even with an allow rule`},
	{`pl-edit-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Edit"]}}`, ``, `Edit`, `{"file_path":"<cwd>/a.txt","old_string":"a","new_string":"b"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes even with an allow rule`},
	{`pl-read`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"<cwd>/a.txt"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-read-sib`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `plan`, false, `ask`, `ask`, ``},
	{`pl-wf`, ``, `{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `plan`, false, `ask`, `ask`, ``},
	{`pl-wf-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-mcp-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["mcp__srv"]}}`, ``, `mcp__srv__tool`, `{}`, `plan`, false, `deny`, `error`, ``},
	{`pl-task`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Task`, `{"description":"d","prompt":"p","subagent_type":"general-purpose"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-agent-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Agent"]}}`, ``, `Agent`, `{"description":"d","prompt":"p","subagent_type":"general-purpose"}`, `plan`, false, `allow`, `allow`, ``},
	{`pl-todo`, ``, `{"useAutoModeDuringPlan":false}`, ``, `TodoWrite`, `{"todos":[{"content":"a","status":"pending","activeForm":"a"}]}`, `plan`, false, `allow`, `error`, ``},
	{`pl-glob`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Glob`, `{"pattern":"*.txt"}`, `plan`, false, `allow`, `error`, ``},
	{`pl-grep`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Grep`, `{"pattern":"a"}`, `plan`, false, `allow`, `error`, ``},
	{`pl-nb-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["NotebookEdit"]}}`, ``, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"y","cell_id":"c1"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes even with an allow rule`},
	{`pl-bash-allow-all`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash"]}}`, ``, `Bash`, `{"command":"touch x"}`, `plan`, false, `deny`, `allow`, `stricter, spec §6: plan mode denies what writes or executes even with an allow rule`},
	{`pl-cd-touch`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"cd sub && touch y"}`, `plan`, false, `deny`, `ask`, `stricter, spec §6: plan mode denies anything that writes`},
	{`da-touch-in`, ``, `{}`, ``, `Bash`, `{"command":"touch a.txt"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-touch-sib`, ``, `{}`, ``, `Bash`, `{"command":"touch ../proj_evil/x.txt"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-cat-sib`, ``, `{}`, ``, `Bash`, `{"command":"cat ../proj_evil/x.txt"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-npm`, ``, `{}`, ``, `Bash`, `{"command":"npm test"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-rm-root`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-cd-dd-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && touch p.txt"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-ls`, ``, `{}`, ``, `Bash`, `{"command":"ls"}`, `dontAsk`, false, `allow`, `allow`, ``},
	{`da-cat-in`, ``, `{}`, ``, `Bash`, `{"command":"cat a.txt"}`, `dontAsk`, false, `allow`, `allow`, ``},
	{`da-rm-allow-dd`, ``, `{"permissions":{"allow":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm -rf .."}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-read-sib`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-write-in`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/new.txt","content":"x"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-wf`, ``, `{}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `dontAsk`, false, `deny`, `deny`, ``},
	{`da-glob-sib`, ``, `{}`, ``, `Glob`, `{"pattern":"*","path":"<cwd>_evil"}`, `dontAsk`, false, `deny`, `error`, ``},
	{`by-deny-rm`, ``, `{"permissions":{"deny":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"rm a.txt"}`, `bypassPermissions`, false, `deny`, `deny`, ``},
	{`by-deny-rm-cd`, ``, `{"permissions":{"deny":["Bash(rm:*)"]}}`, ``, `Bash`, `{"command":"cd sub && rm k"}`, `bypassPermissions`, false, `deny`, `deny`, ``},
	{`by-ask-push`, ``, `{"permissions":{"ask":["Bash(git push:*)"]}}`, ``, `Bash`, `{"command":"git push origin main"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`by-deny-edit`, ``, `{"permissions":{"deny":["Edit(src/**)"]}}`, ``, `Write`, `{"file_path":"<cwd>/src/new.ts","content":"x"}`, `bypassPermissions`, false, `deny`, `deny`, ``},
	{`by-ask-write`, ``, `{"permissions":{"ask":["Write"]}}`, ``, `Write`, `{"file_path":"<cwd>/new.txt","content":"x"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`by-git-write`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-claude-write`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/.claude/settings.json","content":"{}"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-wt-write`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/g.txt","content":"x"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`by-vscode-write`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"{}"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`by-touch-git`, ``, `{}`, ``, `Bash`, `{"command":"touch .git/hooks/post-checkout"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-redir-claude`, ``, `{}`, ``, `Bash`, `{"command":"echo x > .claude/settings.local.json"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-touch-gitconfig`, ``, `{}`, ``, `Bash`, `{"command":"touch ~/.gitconfig"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`by-touch-sib`, ``, `{}`, ``, `Bash`, `{"command":"touch ../proj_evil/y"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`by-read-deny`, ``, `{"permissions":{"deny":["Read(.env)"]}}`, ``, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, false, `deny`, `deny`, ``},
	{`by-cat-deny`, ``, `{"permissions":{"deny":["Read(.env)"]}}`, ``, `Bash`, `{"command":"cat .env"}`, `bypassPermissions`, false, `deny`, `deny`, ``},
	{`ad-flag-read`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Read`, `{"file_path":"<tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-flag-write-ae`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Write`, `{"file_path":"<tmp>/extra/n.txt","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-flag-cat`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"cat <tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-flag-touch-ae`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"touch <tmp>/extra/m"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-project-read`, `project`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Read`, `{"file_path":"<tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-project-write-ae`, `project`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Write`, `{"file_path":"<tmp>/extra/n.txt","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-project-cat`, `project`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"cat <tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-project-touch-ae`, `project`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"touch <tmp>/extra/m"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-local-read`, `local`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Read`, `{"file_path":"<tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-local-write-ae`, `local`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Write`, `{"file_path":"<tmp>/extra/n.txt","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-local-cat`, `local`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"cat <tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-local-touch-ae`, `local`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"touch <tmp>/extra/m"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-user-read`, `user`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Read`, `{"file_path":"<tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-user-write-ae`, `user`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Write`, `{"file_path":"<tmp>/extra/n.txt","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-user-cat`, `user`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"cat <tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-user-touch-ae`, `user`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"touch <tmp>/extra/m"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-arg-read`, ``, `{}`, `<tmp>/extra`, `Read`, `{"file_path":"<tmp>/extra/e.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`ad-arg-write-ae`, ``, `{}`, `<tmp>/extra`, `Write`, `{"file_path":"<tmp>/extra/n.txt","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-arg-touch-ae`, ``, `{}`, `<tmp>/extra`, `Bash`, `{"command":"touch <tmp>/extra/m"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-arg-touch-other`, ``, `{}`, `<tmp>/extra`, `Bash`, `{"command":"touch <tmp>/t.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`adrel-flag-read`, ``, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`adrel-flag-touch-ae`, ``, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Bash`, `{"command":"touch ../proj_evil/y"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`adrel-project-read`, `project`, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`adrel-project-touch-ae`, `project`, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Bash`, `{"command":"touch ../proj_evil/y"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`adrel-user-read`, `user`, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`adrel-user-touch-ae`, `user`, `{"permissions":{"additionalDirectories":["../proj_evil"]}}`, ``, `Bash`, `{"command":"touch ../proj_evil/y"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`adtil-read`, ``, `{"permissions":{"additionalDirectories":["~/sdir"]}}`, ``, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, false, `allow`, `allow`, ``},
	{`adtil-touch-ae`, ``, `{"permissions":{"additionalDirectories":["~/sdir"]}}`, ``, `Bash`, `{"command":"touch ~/sdir/n"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ad-extra-dd`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Bash`, `{"command":"touch <tmp>/extra/../t.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ad-extra-prefix`, ``, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, ``, `Read`, `{"file_path":"<tmp>/extra2/z.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-read-sib`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-read-sibdd`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>/../proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-read-par`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>/../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-read-tmpd`, ``, `{}`, ``, `Read`, `{"file_path":"<tmp>/t.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-read-lnk`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>/ln_evil/x.txt"}`, `default`, true, `ask`, `ask`, ``},
	{`wd-read-lnk-home`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>/ln_home/k"}`, `default`, true, `ask`, `ask`, ``},
	{`wd-write-sib`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>_evil/x2.txt","content":"x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-write-sibdd`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/../proj_evil/x2.txt","content":"x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-write-par`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/../p2.txt","content":"x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-write-tmpd`, ``, `{}`, ``, `Write`, `{"file_path":"<tmp>/t2.txt","content":"x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-write-lnk`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/ln_evil/x2.txt","content":"x"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-write-lnk-home`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/ln_home/k2","content":"x"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-edit-lnk`, ``, `{}`, ``, `Edit`, `{"file_path":"<cwd>/ln_evil/x.txt","old_string":"x","new_string":"y"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-edit-sib`, ``, `{}`, ``, `Edit`, `{"file_path":"<cwd>_evil/x.txt","old_string":"x","new_string":"y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-write-lngit`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/ln_git/hooks/pre-commit","content":"x"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-read-lngit`, ``, `{}`, ``, `Read`, `{"file_path":"<cwd>/ln_git/config"}`, `default`, true, `allow`, `allow`, ``},
	{`wd-nb-sib`, ``, `{}`, ``, `NotebookEdit`, `{"notebook_path":"<cwd>_evil/n.ipynb","new_source":"y","cell_id":"c1"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-nb-lnk`, ``, `{}`, ``, `NotebookEdit`, `{"notebook_path":"<cwd>/ln_evil/n.ipynb","new_source":"y","cell_id":"c1"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-glob-sib`, ``, `{}`, ``, `Glob`, `{"pattern":"*","path":"<cwd>_evil"}`, `default`, false, `ask`, `error`, ``},
	{`wd-glob-dd`, ``, `{}`, ``, `Glob`, `{"pattern":"../proj_evil/*"}`, `default`, false, `ask`, `error`, ``},
	{`wd-glob-par`, ``, `{}`, ``, `Glob`, `{"pattern":"*","path":".."}`, `default`, false, `ask`, `error`, ``},
	{`wd-glob-lnk`, ``, `{}`, ``, `Glob`, `{"pattern":"*","path":"<cwd>/ln_evil"}`, `default`, true, `ask`, `error`, ``},
	{`wd-glob-abs`, ``, `{}`, ``, `Glob`, `{"pattern":"<cwd>_evil/*"}`, `default`, false, `ask`, `error`, ``},
	{`wd-grep-sib`, ``, `{}`, ``, `Grep`, `{"pattern":"x","path":"<cwd>_evil"}`, `default`, false, `ask`, `error`, ``},
	{`wd-grep-par`, ``, `{}`, ``, `Grep`, `{"pattern":"x","path":".."}`, `default`, false, `ask`, `error`, ``},
	{`wd-grep-lnk`, ``, `{}`, ``, `Grep`, `{"pattern":"x","path":"<cwd>/ln_evil"}`, `default`, true, `ask`, `error`, ``},
	{`wd-grep-glob`, ``, `{}`, ``, `Grep`, `{"pattern":"x","glob":"../proj_evil/*"}`, `default`, false, `allow`, `error`, ``},
	{`wd-grep-in`, ``, `{}`, ``, `Grep`, `{"pattern":"x","path":"src"}`, `default`, false, `allow`, `error`, ``},
	{`wd-sh-cat-sib`, ``, `{}`, ``, `Bash`, `{"command":"cat ../proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cat-lnk`, ``, `{}`, ``, `Bash`, `{"command":"cat ln_evil/x.txt"}`, `default`, true, `ask`, `ask`, ``},
	{`wd-sh-ls-par`, ``, `{}`, ``, `Bash`, `{"command":"ls .."}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-head-par`, ``, `{}`, ``, `Bash`, `{"command":"head ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cat-tmpd`, ``, `{}`, ``, `Bash`, `{"command":"cat $TMPDIR/t.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cat-slash-tmp`, ``, `{}`, ``, `Bash`, `{"command":"cat /tmp/x"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cd-sub-cat`, ``, `{}`, ``, `Bash`, `{"command":"cd sub && cat k"}`, `default`, false, `allow`, `allow`, ``},
	{`wd-sh-cd-sub-back`, ``, `{}`, ``, `Bash`, `{"command":"cd sub && cd .. && cat a.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cd-dd-cat`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && cat proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cd-dd-ls`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && ls"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cat-lnkhome`, ``, `{}`, ``, `Bash`, `{"command":"cat ln_home/k"}`, `default`, true, `ask`, `ask`, ``},
	{`wd-sh-wc-sib`, ``, `{}`, ``, `Bash`, `{"command":"wc -l ../proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-grep-sib`, ``, `{}`, ``, `Bash`, `{"command":"grep -r x ../proj_evil"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-find-par`, ``, `{}`, ``, `Bash`, `{"command":"find .. -name x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-diff-sib`, ``, `{}`, ``, `Bash`, `{"command":"diff a.txt ../proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-sh-cat-in-redir`, ``, `{}`, ``, `Bash`, `{"command":"cat a.txt > ../proj_evil/o"}`, `default`, false, `ask`, `ask`, ``},
	{`wd-ae-redir-sib`, ``, `{}`, ``, `Bash`, `{"command":"echo a > ../proj_evil/x.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-redir-par`, ``, `{}`, ``, `Bash`, `{"command":"echo a >> ../p.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-redir-in`, ``, `{}`, ``, `Bash`, `{"command":"echo a > o.txt"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`wd-ae-cd-dd-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && touch proj_evil/y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-sib-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd ../proj_evil && touch y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-sub-touch-up`, ``, `{}`, ``, `Bash`, `{"command":"cd sub && touch ../z"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-sub-touch-up2`, ``, `{}`, ``, `Bash`, `{"command":"cd sub && touch ../../p2"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-pushd-touch`, ``, `{}`, ``, `Bash`, `{"command":"pushd .. && touch q"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-sub-back-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd sub && cd .. && touch w"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-touch-lnk`, ``, `{}`, ``, `Bash`, `{"command":"touch ln_evil/y"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-ae-rm-lnk`, ``, `{}`, ``, `Bash`, `{"command":"rm ln_evil/x.txt"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-ae-redir-lnk`, ``, `{}`, ``, `Bash`, `{"command":"echo a > ln_evil/z"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-ae-cd-lnk-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd ln_evil && touch y"}`, `acceptEdits`, true, `ask`, `ask`, ``},
	{`wd-ae-cd-dd-redir`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && echo a > p.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-tilde-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd ~ && touch y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-var-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd $HOME && touch y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-subsh-cd`, ``, `{}`, ``, `Bash`, `{"command":"(cd ..; touch p3)"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-dd-sed`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && sed -i s/p/q/ p.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-cd-dd-mkdir`, ``, `{}`, ``, `Bash`, `{"command":"cd .. && mkdir proj_evil2"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`wd-ae-tee-sib`, ``, `{}`, ``, `Bash`, `{"command":"echo a | tee ../proj_evil/t"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`cr2-by-usrlocal`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /usr/local"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`cr2-by-vartmp`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /var/tmp"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`cr2-by-usrbin`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /usr/bin"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`cr2-by-home-all`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf /home"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr2-by-tplus`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~+"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: critical-path rm asks in every mode; ~+ is the cwd`},
	{`cr2-by-star`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf *"}`, `bypassPermissions`, false, `ask`, `ask`, ``},
	{`cr2-by-wt`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .claude/worktrees"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`cr2-by-claude`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .claude"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`cr2-by-home-docs`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ~/Documents"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`cr2-by-sib`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf ../proj_evil"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`ae2-wt-rm`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .claude/worktrees"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae2-Wt-case`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude/Worktrees/x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae2-sed-star`, ``, `{}`, ``, `Bash`, `{"command":"sed -i'*.orig' s/a/b/ a.txt"}`, `acceptEdits`, false, `allow`, `ask`, `spec §6: acceptEdits allows sed on files inside the working directories; agentctl parses the script and options (no w/W/e/r/R command, no e flag, the backup inside) where the reference asks for any form off its short list`},
	{`ae2-sed-bak-dir`, ``, `{}`, ``, `Bash`, `{"command":"sed -i'../proj_evil/*' s/a/b/ a.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae2-tplus-in`, ``, `{}`, ``, `Bash`, `{"command":"touch ~+/a.txt"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae2-touch-two`, ``, `{}`, ``, `Bash`, `{"command":"touch a.txt ../proj_evil/x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae2-sub-claude-Wt`, ``, `{}`, ``, `Bash`, `{"command":"touch sub/.Claude/worktrees/x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae2-wt-git`, ``, `{}`, ``, `Bash`, `{"command":"touch .claude/worktrees/w/.git"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae2-cd-wt-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd .claude/worktrees/w && touch y"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`ae2-cd-claude-touch`, ``, `{}`, ``, `Bash`, `{"command":"cd .claude && touch agents.md"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`by2-rm-wt`, ``, `{}`, ``, `Bash`, `{"command":"rm -rf .claude/worktrees/w"}`, `bypassPermissions`, false, `allow`, `allow`, ``},
	{`by2-git-clean`, ``, `{}`, ``, `Bash`, `{"command":"git clean -fdx"}`, `bypassPermissions`, false, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .claude/ (git clean -x removes .claude/settings.local.json, which git ignores)`},
	{`ae2-write-Wt`, ``, `{}`, ``, `Write`, `{"file_path":"<cwd>/.claude/Worktrees/x","content":"x"}`, `acceptEdits`, false, `allow`, `allow`, ``},
	{`ae2-write-tmpd`, ``, `{}`, ``, `Write`, `{"file_path":"<tmp>/w.txt","content":"x"}`, `acceptEdits`, false, `ask`, `ask`, ``},
	{`de2-read-tmpd`, ``, `{}`, ``, `Read`, `{"file_path":"<tmp>/t.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`de2-cat-etc`, ``, `{}`, ``, `Bash`, `{"command":"cat /etc/hostname"}`, `default`, false, `ask`, `ask`, ``},
	{`pl2-exit`, ``, `{"useAutoModeDuringPlan":false}`, ``, `ExitPlanMode`, `{"plan":"p"}`, `plan`, false, `ask`, `ask`, ``},
	{`pl2-read-out`, ``, `{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"<home>/h.txt"}`, `plan`, false, `ask`, `ask`, ``},
	{`pl2-git-push-allow`, ``, `{"useAutoModeDuringPlan":false,"permissions":{"allow":["Bash(git push:*)"]}}`, ``, `Bash`, `{"command":"git push"}`, `plan`, false, `deny`, `allow`, `stricter, spec §6: plan mode denies what writes or executes even with an allow rule`},
	{`rd-rev-par`, ``, `{}`, ``, `Bash`, `{"command":"rev ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-fold-par`, ``, `{}`, ``, `Bash`, `{"command":"fold ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-column-par`, ``, `{}`, ``, `Bash`, `{"command":"column ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-cmp-l-par`, ``, `{}`, ``, `Bash`, `{"command":"cmp -l a.txt ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-cmp-par`, ``, `{}`, ``, `Bash`, `{"command":"cmp a.txt ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-rev-home`, ``, `{}`, ``, `Bash`, `{"command":"rev ~/h.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-fold-w-sib`, ``, `{}`, ``, `Bash`, `{"command":"fold -w 5 ../proj_evil/x.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-column-t-home`, ``, `{}`, ``, `Bash`, `{"command":"column -t ~/h.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-echo-glob-par`, ``, `{}`, ``, `Bash`, `{"command":"echo ../*"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-printf-glob-home`, ``, `{}`, ``, `Bash`, `{"command":"printf '%s\\n' ~/*"}`, `default`, false, `allow`, `ask`, `looser, not fixed: a glob's expansion prints names, not contents (the reference allows echo ../*, rd-echo-glob-par); it asks for this printf`},
	{`rd-rev-in`, ``, `{}`, ``, `Bash`, `{"command":"rev a.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-fold-in`, ``, `{}`, ``, `Bash`, `{"command":"fold a.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-column-in`, ``, `{}`, ``, `Bash`, `{"command":"column a.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-cmp-in`, ``, `{}`, ``, `Bash`, `{"command":"cmp a.txt x"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-echo-glob-in`, ``, `{}`, ``, `Bash`, `{"command":"echo *.txt"}`, `default`, false, `allow`, `allow`, ``},
	{`rd-cmp-i-par`, ``, `{}`, ``, `Bash`, `{"command":"cmp -i 0 a.txt ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-rev-stdin-par`, ``, `{}`, ``, `Bash`, `{"command":"rev < ../p.txt"}`, `default`, false, `ask`, `ask`, ``},
	{`rd-fold-cat-pipe`, ``, `{}`, ``, `Bash`, `{"command":"cat a.txt | fold"}`, `default`, false, `allow`, `allow`, ``},
}

func TestReferenceSweep10(t *testing.T) {
	type built struct {
		e   *Engine
		sub func(string) string
	}
	engines := map[string]built{}
	for _, r := range red16orcSweep {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
		if r.note == "" && r.ref != "error" && r.want != r.ref {
			t.Errorf("%s: want %s differs from the reference's %s with no note", r.id, r.want, r.ref)
		}
		key := r.source + "\x00" + r.settings + "\x00" + r.addDir
		if r.links {
			key += "\x00links"
		}
		b, ok := engines[key]
		if !ok {
			b.e, b.sub = red16orcSweepEngine(t, r)
			engines[key] = b
		}
		d := sweepDecide(t, b.e, r.tool, b.sub(r.input), r.mode)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %s %s [%s] under %s (%s, add-dir %q): got %s (%s: %s), want %s (reference: %s)", r.id, r.tool, r.input, r.mode,
				r.settings, r.source, r.addDir, got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

// red16orcSweepEngine lays out a row's directories as the reference run had
// them (with the links when the row made them), writes its settings where
// its source keeps them and loads them with its --add-dir.
func red16orcSweepEngine(t *testing.T, r red16orcSweepRow) (*Engine, func(string) string) {
	t.Helper()
	root, dirs, sub := sweepLayout(t, red16orcSweepFiles)
	if r.links {
		for link, target := range red16orcSweepLinks {
			if err := os.Symlink(sub(target), sub(link)); err != nil {
				t.Fatal(err)
			}
		}
	}
	file := map[string]string{"": filepath.Join(root, "settings.json"), "project": filepath.Join(dirs["<cwd>"], ".claude", "settings.json"),
		"local": filepath.Join(dirs["<cwd>"], ".claude", "settings.local.json"), "user": filepath.Join(dirs["<home>"], ".claude", "settings.json")}[r.source]
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(sub(r.settings)), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := settings.Options{Cwd: dirs["<cwd>"], Home: dirs["<home>"], ManagedFile: filepath.Join(root, "none.json"), TrustWorkspace: true}
	if r.source == "" {
		opts.FlagSettings = file
	}
	if r.addDir != "" {
		opts.AddDirs = []string{sub(r.addDir)}
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

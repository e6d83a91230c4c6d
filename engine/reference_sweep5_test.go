package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// Rows of a fifth differential sweep against the reference CLI (2.1.332,
// run offline), over spec §6: each mode (default, acceptEdits, plan,
// dontAsk, bypassPermissions) against the protected paths (.git, .claude
// and its worktrees exception, .vscode, .idea, .husky, .cargo, .yarn,
// .mvn, .devcontainer, .config/git, the shell rc files, .gitconfig,
// .gitmodules, .npmrc, .envrc, .mcp.json, .claude.json) and their
// unprotected neighbours, written by Write, Edit and NotebookEdit and by
// the shell's writers (redirects, cp, mv, tee, sed -i, ln, touch, mkdir,
// rm), inside the project, in an additional directory, outside every
// working directory, through "..", symbolic links and case variants; and
// allow, ask and deny rules meeting the modes. Each row keeps the
// reference's answer (ref); a row whose want differs says why in note, and
// agentctl is never looser than the reference without one. Rows the
// reference refused as invalid input (a file not read before it is
// written, MultiEdit, which 2.1.332 no longer has) are left out.

type sweep5Row struct {
	id       string
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the case's directories
	tool     string
	input    string // JSON
	mode     string
	want     string
	ref      string
	note     string
}

// sweep5Files are the reference run's fixture files; sweep5Links its
// symbolic links (made by an approved call before the judged one).
var sweep5Files = map[string]string{
	"<cwd>/.env":                  "SECRET=x\n",
	"<cwd>/.git/config":           "[core]\n",
	"<cwd>/.vscode/settings.json": "{}\n",
	"<home>/.bashrc":              "# rc\n",
	"<tmp>/extra/.git/config":     "[core]\n",
	"<tmp>/extra/a.txt":           "a\n",
	"<cwd>/README.md":             "# x\n",
	"<cwd>/a.txt":                 "a\n",
	"<cwd>/e/.keep":               "",
	"<cwd>/n.ipynb":               "{\"cells\": [{\"cell_type\": \"code\", \"id\": \"c1\", \"metadata\": {}, \"source\": \"x\", \"outputs\": [], \"execution_count\": null}], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}",
	"<cwd>/package.json":          "{}\n",
	"<cwd>/src/b.txt":             "b\n",
	"<cwd>/src/sub/c.txt":         "c\n",
	"<cwd>/x":                     "x\n",
}

var sweep5Links = map[string]string{"lnk": ".git", "src/l": "../.git"}

var referenceSweep5 = []sweep5Row{
	{`ae-w-.git_hooks_pre-commit`, `{}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.claude_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.claude_worktrees_w_a.txt`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/a.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.claude_commands_x.md`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/commands/x.md","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.vscode_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.idea_workspace.xml`, `{}`, `Write`, `{"file_path":"<cwd>/.idea/workspace.xml","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.bashrc`, `{}`, `Write`, `{"file_path":"<cwd>/.bashrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.gitconfig`, `{}`, `Write`, `{"file_path":"<cwd>/.gitconfig","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.mcp.json`, `{}`, `Write`, `{"file_path":"<cwd>/.mcp.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.envrc`, `{}`, `Write`, `{"file_path":"<cwd>/.envrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.husky_pre-commit`, `{}`, `Write`, `{"file_path":"<cwd>/.husky/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.config_git_config`, `{}`, `Write`, `{"file_path":"<cwd>/.config/git/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.claude.json`, `{}`, `Write`, `{"file_path":"<cwd>/.claude.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.npmrc`, `{}`, `Write`, `{"file_path":"<cwd>/.npmrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.gitmodules`, `{}`, `Write`, `{"file_path":"<cwd>/.gitmodules","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.cargo_config.toml`, `{}`, `Write`, `{"file_path":"<cwd>/.cargo/config.toml","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.devcontainer_devcontainer.json`, `{}`, `Write`, `{"file_path":"<cwd>/.devcontainer/devcontainer.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.yarn_x.js`, `{}`, `Write`, `{"file_path":"<cwd>/.yarn/x.js","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.mvn_jvm.config`, `{}`, `Write`, `{"file_path":"<cwd>/.mvn/jvm.config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.zshenv`, `{}`, `Write`, `{"file_path":"<cwd>/.zshenv","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.profile`, `{}`, `Write`, `{"file_path":"<cwd>/.profile","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.bash_login`, `{}`, `Write`, `{"file_path":"<cwd>/.bash_login","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.zlogin`, `{}`, `Write`, `{"file_path":"<cwd>/.zlogin","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.zprofile`, `{}`, `Write`, `{"file_path":"<cwd>/.zprofile","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-sub_.git_config`, `{}`, `Write`, `{"file_path":"<cwd>/sub/.git/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-sub_.vscode_tasks.json`, `{}`, `Write`, `{"file_path":"<cwd>/sub/.vscode/tasks.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.GIT_config`, `{}`, `Write`, `{"file_path":"<cwd>/.GIT/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.Claude_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.Claude/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.VSCode_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.VSCode/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.BashRC`, `{}`, `Write`, `{"file_path":"<cwd>/.BashRC","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.gitignore`, `{}`, `Write`, `{"file_path":"<cwd>/.gitignore","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.github_workflows_ci.yml`, `{}`, `Write`, `{"file_path":"<cwd>/.github/workflows/ci.yml","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.zshrc.bak`, `{}`, `Write`, `{"file_path":"<cwd>/.zshrc.bak","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.git-blame-ignore-revs`, `{}`, `Write`, `{"file_path":"<cwd>/.git-blame-ignore-revs","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.env`, `{}`, `Write`, `{"file_path":"<cwd>/.env","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-src_.idea_x.xml`, `{}`, `Write`, `{"file_path":"<cwd>/src/.idea/x.xml","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.ssh_authorized_keys`, `{}`, `Write`, `{"file_path":"<cwd>/.ssh/authorized_keys","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.gnupg_x`, `{}`, `Write`, `{"file_path":"<cwd>/.gnupg/x","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.docker_config.json`, `{}`, `Write`, `{"file_path":"<cwd>/.docker/config.json","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.kube_config`, `{}`, `Write`, `{"file_path":"<cwd>/.kube/config","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.aws_credentials`, `{}`, `Write`, `{"file_path":"<cwd>/.aws/credentials","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.terraformrc`, `{}`, `Write`, `{"file_path":"<cwd>/.terraformrc","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.pypirc`, `{}`, `Write`, `{"file_path":"<cwd>/.pypirc","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.netrc`, `{}`, `Write`, `{"file_path":"<cwd>/.netrc","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.gitattributes`, `{}`, `Write`, `{"file_path":"<cwd>/.gitattributes","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.editorconfig`, `{}`, `Write`, `{"file_path":"<cwd>/.editorconfig","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.tool-versions`, `{}`, `Write`, `{"file_path":"<cwd>/.tool-versions","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-.pre-commit-config.yaml`, `{}`, `Write`, `{"file_path":"<cwd>/.pre-commit-config.yaml","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-.nvmrc`, `{}`, `Write`, `{"file_path":"<cwd>/.nvmrc","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-dotdot-git`, `{}`, `Write`, `{"file_path":"<cwd>/src/../.git/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-dotdot-out`, `{}`, `Write`, `{"file_path":"<cwd>/../escape.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-add-plain`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Write`, `{"file_path":"<tmp>/extra/b.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-w-add-git`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Write`, `{"file_path":"<tmp>/extra/.git/hooks/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-add-vscode`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Write`, `{"file_path":"<tmp>/extra/.vscode/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-add-sibling`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Write`, `{"file_path":"<tmp>/extrab/a.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-add-dotdot`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Write`, `{"file_path":"<tmp>/extra/../c.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-w-tmp-noadd`, `{}`, `Write`, `{"file_path":"<tmp>/q.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`by-w-.git_hooks_pre-commit`, `{}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-w-.claude_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/settings.json","content":"x\n"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-w-.vscode_settings.json`, `{}`, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-.bashrc`, `{}`, `Write`, `{"file_path":"<cwd>/.bashrc","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-.mcp.json`, `{}`, `Write`, `{"file_path":"<cwd>/.mcp.json","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-.husky_pre-commit`, `{}`, `Write`, `{"file_path":"<cwd>/.husky/pre-commit","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-.claude_worktrees_w_a.txt`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/a.txt","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-.GIT_config`, `{}`, `Write`, `{"file_path":"<cwd>/.GIT/config","content":"x\n"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-w-home-bashrc`, `{}`, `Write`, `{"file_path":"<home>/.bashrc","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-outside`, `{}`, `Write`, `{"file_path":"<tmp>/q.txt","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-w-deny`, `{"permissions":{"deny":["Edit(.vscode/**)"]}}`, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`by-w-ask`, `{"permissions":{"ask":["Edit(a.txt)"]}}`, `Write`, `{"file_path":"<cwd>/a.txt","content":"x\n"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`default-allowall-git`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`default-allowall-bashrc`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.bashrc","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`acceptEdits-allowall-git`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`acceptEdits-allowall-bashrc`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.bashrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`dontAsk-allowall-git`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `dontAsk`, `deny`, `deny`, ``},
	{`dontAsk-allowall-bashrc`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/.bashrc","content":"x\n"}`, `dontAsk`, `deny`, `deny`, ``},
	{`default-allowall-plain`, `{"permissions":{"allow":["Edit(**)"]}}`, `Write`, `{"file_path":"<cwd>/a.txt","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`default-allow-exact-vscode`, `{"permissions":{"allow":["Edit(.vscode/settings.json)"]}}`, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`default-allow-write-tool-git`, `{"permissions":{"allow":["Write"]}}`, `Write`, `{"file_path":"<cwd>/.git/config","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ae-allow-claude`, `{"permissions":{"allow":["Edit(.claude/**)"]}}`, `Write`, `{"file_path":"<cwd>/.claude/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`da-w-plain`, `{}`, `Write`, `{"file_path":"<cwd>/a.txt","content":"x\n"}`, `dontAsk`, `deny`, `deny`, ``},
	{`pl-w-plain`, `{"useAutoModeDuringPlan":false}`, `Write`, `{"file_path":"<cwd>/a.txt","content":"x\n"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan denies what is not read-only, even with an allow rule`},
	{`pl-w-allow`, `{"permissions":{"allow":["Edit(**)"]},"useAutoModeDuringPlan":false}`, `Write`, `{"file_path":"<cwd>/a.txt","content":"x\n"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan denies what is not read-only, even with an allow rule`},
	{`ae-e-vscode`, `{}`, `Edit`, `{"file_path":"<cwd>/.vscode/settings.json","old_string":"{}","new_string":"{ }"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-e-plain`, `{}`, `Edit`, `{"file_path":"<cwd>/a.txt","old_string":"a","new_string":"b"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-ne-plain`, `{}`, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","cell_id":"c1","new_source":"y"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`by-e-vscode`, `{}`, `Edit`, `{"file_path":"<cwd>/.vscode/settings.json","old_string":"{}","new_string":"{ }"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`ae-b-redir-git`, `{}`, `Bash`, `{"command":"echo x > .git/hooks/pre-commit"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-redir-vscode`, `{}`, `Bash`, `{"command":"echo x > .vscode/settings.json"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-append-mcp`, `{}`, `Bash`, `{"command":"echo x >> .mcp.json"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-git`, `{}`, `Bash`, `{"command":"cp a.txt .git/hooks/pre-commit"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-t-git`, `{}`, `Bash`, `{"command":"cp -t .git/hooks a.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mv-claude`, `{}`, `Bash`, `{"command":"mv a.txt .claude/settings.json"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-tee-vscode`, `{}`, `Bash`, `{"command":"echo x | tee .vscode/settings.json"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-sed-bashrc`, `{}`, `Bash`, `{"command":"sed -i s/a/b/ .bashrc"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-ln-git`, `{}`, `Bash`, `{"command":"ln -s ../../a.txt .git/hooks/pre-commit"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-touch-idea`, `{}`, `Bash`, `{"command":"touch .idea/x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mkdir-husky`, `{}`, `Bash`, `{"command":"mkdir .husky"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mkdir-p-git`, `{}`, `Bash`, `{"command":"mkdir -p .git/hooks"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-case`, `{}`, `Bash`, `{"command":"cp a.txt .GIT/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-dotdot`, `{}`, `Bash`, `{"command":"cp a.txt src/../.git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-touch-case-vscode`, `{}`, `Bash`, `{"command":"touch .VSCode/settings.json"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-dir-target`, `{}`, `Bash`, `{"command":"cp a.txt .git"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mv-dir-target`, `{}`, `Bash`, `{"command":"mv a.txt .vscode"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-rm-git`, `{}`, `Bash`, `{"command":"rm -rf .git"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-rm-gitconfig`, `{}`, `Bash`, `{"command":"rm .git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mv-git-away`, `{}`, `Bash`, `{"command":"mv .git g2"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cp-plain`, `{}`, `Bash`, `{"command":"cp a.txt c.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-touch-plain`, `{}`, `Bash`, `{"command":"touch new.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-sed-plain`, `{}`, `Bash`, `{"command":"sed -i s/a/b/ a.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-redir-plain`, `{}`, `Bash`, `{"command":"echo x > c.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-mkdir-plain`, `{}`, `Bash`, `{"command":"mkdir newdir"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-cp-add`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Bash`, `{"command":"cp a.txt <tmp>/extra/c.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-cp-add-git`, `{"permissions":{"additionalDirectories":["<tmp>/extra"]}}`, `Bash`, `{"command":"cp a.txt <tmp>/extra/.git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-touch-home-bashrc`, `{}`, `Bash`, `{"command":"touch <home>/.bashrc"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-redir-sub-git`, `{}`, `Bash`, `{"command":"echo x > sub/.git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cd-redir`, `{}`, `Bash`, `{"command":"cd .git && echo x > config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-cd-cp`, `{}`, `Bash`, `{"command":"cd .git/hooks && cp ../../a.txt pre-commit"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-rmdir-vscode`, `{}`, `Bash`, `{"command":"rmdir .vscode"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-touch-worktrees`, `{}`, `Bash`, `{"command":"touch .claude/worktrees/x"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ae-b-cp-r-into-git`, `{}`, `Bash`, `{"command":"cp -r src .git/hooks"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-b-mv-into-claude-dir`, `{}`, `Bash`, `{"command":"mv a.txt .claude/"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`by-b-redir-git`, `{}`, `Bash`, `{"command":"echo x > .git/hooks/pre-commit"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-redir-vscode`, `{}`, `Bash`, `{"command":"echo x > .vscode/settings.json"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-b-sed-bashrc`, `{}`, `Bash`, `{"command":"sed -i s/a/b/ .bashrc"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`by-b-mv-git-away`, `{}`, `Bash`, `{"command":"mv .git g2"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-rm-git`, `{}`, `Bash`, `{"command":"rm -rf .git"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-cp-dir-target`, `{}`, `Bash`, `{"command":"cp a.txt .git"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-mv-claude-away`, `{}`, `Bash`, `{"command":"mv .claude c2"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-cd-redir`, `{}`, `Bash`, `{"command":"cd .git && echo x > config"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-cp-case`, `{}`, `Bash`, `{"command":"cp a.txt .GIT/config"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-b-deny-redir`, `{"permissions":{"deny":["Edit(.vscode/**)"]}}`, `Bash`, `{"command":"echo x > .vscode/settings.json"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`da-b-allow-cp-git`, `{"permissions":{"allow":["Bash(cp:*)","Edit(**)"]}}`, `Bash`, `{"command":"cp a.txt .git/config"}`, `dontAsk`, `deny`, `deny`, ``},
	{`de-b-allow-cp-git`, `{"permissions":{"allow":["Bash(cp:*)","Edit(**)"]}}`, `Bash`, `{"command":"cp a.txt .git/config"}`, `default`, `ask`, `ask`, ``},
	{`de-b-allow-cp-plain`, `{"permissions":{"allow":["Bash(cp:*)","Edit(**)"]}}`, `Bash`, `{"command":"cp a.txt c.txt"}`, `default`, `allow`, `allow`, ``},
	{`de-b-allow-bash-redir-git`, `{"permissions":{"allow":["Bash"]}}`, `Bash`, `{"command":"echo x > .git/config"}`, `default`, `ask`, `ask`, ``},
	{`cl-cpP-write`, `{}`, `Bash`, `{"command":"cp -P lnk g && echo x > g/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-cpa-only`, `{}`, `Bash`, `{"command":"cp -a lnk g"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-cpr-write`, `{}`, `Bash`, `{"command":"cp -r src d && echo x > d/l/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-mv-write`, `{}`, `Bash`, `{"command":"mv src d && echo x > d/l/config"}`, `acceptEdits`, `ask`, `allow`, `stricter, spec §6: a moved or copied link to .git makes a second name for it, a protected write (the reference misses the alias: bypass_red11orc_test.go)`},
	{`cl-cpP-plainlink`, `{}`, `Bash`, `{"command":"cp -P a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-rsync-allow`, `{"permissions":{"allow":["Bash(rsync:*)","Bash(echo:*)","Edit(**)","Bash(cp:*)","Bash(mv:*)"]}}`, `Bash`, `{"command":"rsync -a lnk g && echo x > g/config"}`, `default`, `ask`, `allow`, `stricter, spec §6: a moved or copied link to .git makes a second name for it, a protected write (the reference misses the alias: bypass_red11orc_test.go)`},
	{`cl-rsync-plain-allow`, `{"permissions":{"allow":["Bash(rsync:*)","Bash(echo:*)","Edit(**)","Bash(cp:*)","Bash(mv:*)"]}}`, `Bash`, `{"command":"rsync -r src/ d/"}`, `default`, `allow`, `allow`, ``},
	{`cl-cpr-allow`, `{"permissions":{"allow":["Bash(rsync:*)","Bash(echo:*)","Edit(**)","Bash(cp:*)","Bash(mv:*)"]}}`, `Bash`, `{"command":"cp -r src d && echo x > d/l/config"}`, `default`, `ask`, `ask`, ``},
	{`cl-direct-link-write`, `{}`, `Bash`, `{"command":"echo x > lnk/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-write-through-link`, `{}`, `Write`, `{"file_path":"<cwd>/lnk/hooks/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`cl-bypass-cpP`, `{}`, `Bash`, `{"command":"cp -P lnk g && echo x > g/config"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`wt-case`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/Worktrees/a.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`wt-nested-claude`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/.claude/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`wt-nested-vscode`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/.vscode/settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`wt-nested-git`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/w/.git/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`wt-dotdot`, `{}`, `Write`, `{"file_path":"<cwd>/.claude/worktrees/../settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`add-home-rc`, `{"permissions":{"additionalDirectories":["<home>"]}}`, `Write`, `{"file_path":"<home>/.zshrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`add-git-hooks`, `{"permissions":{"additionalDirectories":["<cwd>/.git/hooks"]}}`, `Write`, `{"file_path":"<cwd>/.git/hooks/pre-commit","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-sub-dotgit-file`, `{}`, `Bash`, `{"command":"echo 'gitdir: /tmp' > sub/.git"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-cp-s`, `{}`, `Bash`, `{"command":"cp -s <cwd>/.git/config c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-rm-dotglob`, `{}`, `Bash`, `{"command":"rm -rf .[a-z]*"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-brace`, `{}`, `Bash`, `{"command":"touch {.git,x}/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`by-mv-git`, `{}`, `Bash`, `{"command":"mv .git g2"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`by-git-config`, `{}`, `Bash`, `{"command":"git config core.hooksPath /tmp/x"}`, `bypassPermissions`, `ask`, `allow`, `stricter, spec §6: even bypass mode asks before writing under .git/ or .claude/`},
	{`ae-rw-redir`, `{}`, `Bash`, `{"command":"echo x 1<>.git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ae-sed-i-suffix`, `{}`, `Bash`, `{"command":"sed -i.bak s/a/b/ .git/config"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-r`, `{}`, `Bash`, `{"command":"cp -r src d"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-R`, `{}`, `Bash`, `{"command":"cp -R src d"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-a`, `{}`, `Bash`, `{"command":"cp -a a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-p`, `{}`, `Bash`, `{"command":"cp -p a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-f`, `{}`, `Bash`, `{"command":"cp -f a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-n`, `{}`, `Bash`, `{"command":"cp -n a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-v`, `{}`, `Bash`, `{"command":"cp -v a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-dd`, `{}`, `Bash`, `{"command":"cp -- a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-P`, `{}`, `Bash`, `{"command":"cp -P a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-plain`, `{}`, `Bash`, `{"command":"cp a.txt c"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-mv-f`, `{}`, `Bash`, `{"command":"mv -f a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-mv-v`, `{}`, `Bash`, `{"command":"mv -v a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-mv-n`, `{}`, `Bash`, `{"command":"mv -n a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-rm-f`, `{}`, `Bash`, `{"command":"rm -f a.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-rm-r`, `{}`, `Bash`, `{"command":"rm -r src"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-rm-rf`, `{}`, `Bash`, `{"command":"rm -rf src"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-mkdir-p`, `{}`, `Bash`, `{"command":"mkdir -p q/r"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-touch-a`, `{}`, `Bash`, `{"command":"touch -a a.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-touch-c`, `{}`, `Bash`, `{"command":"touch -c a.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-sed-i`, `{}`, `Bash`, `{"command":"sed -i s/a/b/ a.txt"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-rmdir-p`, `{}`, `Bash`, `{"command":"rmdir -p e"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`fl-cp-r-slash`, `{}`, `Bash`, `{"command":"cp -r src/ d/"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-t`, `{}`, `Bash`, `{"command":"cp -t src a.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-mv-t`, `{}`, `Bash`, `{"command":"mv -t src a.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-rf`, `{}`, `Bash`, `{"command":"cp -rf src d"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-u`, `{}`, `Bash`, `{"command":"cp -u a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-i`, `{}`, `Bash`, `{"command":"cp -i a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-b`, `{}`, `Bash`, `{"command":"cp -b a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-long`, `{}`, `Bash`, `{"command":"cp --recursive src d"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`fl-cp-s-plain`, `{}`, `Bash`, `{"command":"cp -s a.txt c"}`, `acceptEdits`, `ask`, `ask`, ``},
}

func TestReferenceSweep5(t *testing.T) {
	for _, r := range referenceSweep5 {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
	}
	root, dirs, sub := sweepLayout(t, sweep5Files)
	for name, target := range sweep5Links {
		if err := os.Symlink(target, filepath.Join(dirs["<cwd>"], name)); err != nil {
			t.Fatal(err)
		}
	}
	engine := sweepEngines(root, dirs, sub)
	for _, r := range referenceSweep5 {
		e := engine(t, r.settings)
		d := sweepDecide(t, e, r.tool, sub(r.input), r.mode)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %s %s [%s] under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.tool, r.input, r.mode, r.settings,
				got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Rows of a seventh differential sweep against the reference CLI (2.1.332,
// run offline), over the tools other than Bash: Read, Write, Edit and
// NotebookEdit against path rule forms (bare directory names, directory
// rules ending "/", "~", "~/", "//abs", "/rel-to-settings", "*", "**",
// character classes, "?", braces, escapes, case, Unicode) and path
// spellings ("/./", "//", "..", trailing "/", "\", "~" in the input,
// very long paths, symbolic links to files, directories and chains),
// under deny, ask and allow rules and the modes; WebFetch domain rules
// (ports, userinfo, "*." and mid-label wildcards, trailing dots, case,
// IP spellings, percent-escapes, URL-shaped and empty specifiers),
// WebSearch rules, and MCP rules against real MCP servers (mcp__server,
// mcp__server__*, prefix and suffix globs, unanchored globs, case, "(*)"
// and param specifiers, blanks, dots and dashes in names, a name two
// servers can own: server a's b__tool and server a__b's tool). Each row
// keeps the reference's answer (ref; "error" when the reference refused
// the call before deciding, "deny" when a deny rule removed the tool);
// want "error" means agentctl rejects the settings. A row whose want
// differs says why in note, and agentctl is never looser than the
// reference without one.

type red13orcSweepRow struct {
	id       string
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the case's directories
	links    bool   // the case made red13orcSweepLinks first
	tool     string
	input    string // JSON
	mode     string
	want     string
	ref      string
	note     string
}

// red13orcSweepFiles are the reference run's fixture files (its defaults
// and the sweep's own).
var red13orcSweepFiles = map[string]string{
	"<cwd>/.env":               "SECRET=oracle-dummy\n",
	"<cwd>/.env.local":         "L=1\n",
	"<cwd>/README.md":          "# fixture\n",
	"<cwd>/Secret.TXT":         "s\n",
	"<cwd>/a.pem":              "pem\n",
	"<cwd>/café.txt":           "c\n",
	"<cwd>/config/prod.env":    "P=1\n",
	"<cwd>/docs/a.md":          "a\n",
	"<cwd>/lib/util.ts":        "export const c = 3;\n",
	"<cwd>/n.ipynb":            "{\"cells\":[{\"cell_type\":\"code\",\"id\":\"a\",\"metadata\":{},\"source\":\"y\",\"outputs\":[],\"execution_count\":null}],\"metadata\":{},\"nbformat\":4,\"nbformat_minor\":5}",
	"<cwd>/package.json":       "{\"name\": \"oracle-fixture\", \"version\": \"1.0.0\", \"scripts\": {\"test\": \"echo TEST-RAN\", \"testing\": \"echo TESTING-RAN\", \"build\": \"echo BUILD-RAN\"}}",
	"<cwd>/secrets/k":          "s\n",
	"<cwd>/src/index.ts":       "export const a = 1;\n",
	"<cwd>/src/nested/deep.ts": "export const b = 2;\n",
	"<cwd>/sub/secrets/k":      "s\n",
	"<cwd>/x":                  "x\n",
	"<home>/.aws/credentials":  "c\n",
	"<home>/.ssh/id_rsa":       "k\n",
	"<home>/h.ipynb":           "{\"cells\":[{\"cell_type\":\"code\",\"id\":\"a\",\"metadata\":{},\"source\":\"y\",\"outputs\":[],\"execution_count\":null}],\"metadata\":{},\"nbformat\":4,\"nbformat_minor\":5}",
	"<home>/sdir/k":            "s\n",
	"<home>/secret.txt":        "s\n",
	"<tmp>/t.txt":              "t\n",
}

// red13orcSweepLinks are the symbolic links the linked rows' cases made
// (ln -s TARGET NAME) before the judged call.
var red13orcSweepLinks = map[string]string{"<cwd>/ld": "<home>/sdir", "<cwd>/lf": "<home>/.ssh/id_rsa", "<cwd>/l2": "ld",
	"<cwd>/lsec": "secrets", "<cwd>/laws": "<home>/.aws"}

var red13orcSweep = []red13orcSweepRow{
	{`rd-bare-dir`, `{"permissions":{"deny":["Read(secrets)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-bare-dir-deep`, `{"permissions":{"deny":["Read(secrets)"]}}`, false, `Read`, `{"file_path":"<cwd>/sub/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dir-slash`, `{"permissions":{"deny":["Read(secrets/)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dir-slash-deep`, `{"permissions":{"deny":["Read(secrets/)"]}}`, false, `Read`, `{"file_path":"<cwd>/sub/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dot-dir`, `{"permissions":{"deny":["Read(./secrets)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dot-dir-slash`, `{"permissions":{"deny":["Read(./secrets/)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dir-star-deep`, `{"permissions":{"deny":["Read(secrets/*)"]}}`, false, `Read`, `{"file_path":"<cwd>/sub/secrets/k"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §4: a relative directory pattern in a deny rule matches that directory at any depth`},
	{`rd-star-ext-deep`, `{"permissions":{"deny":["Read(*.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/config/prod.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-prefix-star`, `{"permissions":{"deny":["Read(.env*)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env.local"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dot-star`, `{"permissions":{"deny":["Read(.env.*)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env.local"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-star`, `{"permissions":{"deny":["Read(*)"]}}`, false, `Read`, `{"file_path":"<cwd>/README.md"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-star-outside`, `{"permissions":{"deny":["Read(*)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-starstar-outside`, `{"permissions":{"deny":["Read(**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`rd-class`, `{"permissions":{"deny":["Read([.]env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-qmark`, `{"permissions":{"deny":["Read(.e?v)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-brace`, `{"permissions":{"deny":["Read({.env,.npmrc})"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `allow`, `stricter: deny patterns expand {a,b} alternatives as the shell and gitignore tools do`},
	{`rd-escaped-dot`, `{"permissions":{"deny":["Read(\\.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-upper-rule`, `{"permissions":{"deny":["Read(.ENV)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-case-input`, `{"permissions":{"deny":["Read(secret.txt)"]}}`, false, `Read`, `{"file_path":"<cwd>/Secret.TXT"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-starstar-pem`, `{"permissions":{"deny":["Read(**/*.pem)"]}}`, false, `Read`, `{"file_path":"<cwd>/a.pem"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-star-pem`, `{"permissions":{"deny":["Read(*.pem)"]}}`, false, `Read`, `{"file_path":"<cwd>/a.pem"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-tilde-bare`, `{"permissions":{"deny":["Read(~)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `bypassPermissions`, `deny`, `allow`, `stricter: Read(~) names the home directory, and a directory rule covers what is under it`},
	{`rd-tilde-slash`, `{"permissions":{"deny":["Read(~/)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `bypassPermissions`, `deny`, `allow`, `stricter: Read(~/) names the home directory, and a directory rule covers what is under it`},
	{`rd-tilde-starstar`, `{"permissions":{"deny":["Read(~/**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-tilde-star-deep`, `{"permissions":{"deny":["Read(~/*)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-tilde-dir`, `{"permissions":{"deny":["Read(~/sdir)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-tilde-dir-slash`, `{"permissions":{"deny":["Read(~/sdir/)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-tilde-ssh`, `{"permissions":{"deny":["Read(~/.ssh/**)"]}}`, false, `Read`, `{"file_path":"<home>/.ssh/id_rsa"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-abs-dir`, `{"permissions":{"deny":["Read(//<home>/sdir)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-abs-dir-slash`, `{"permissions":{"deny":["Read(//<home>/sdir/)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-abs-starstar`, `{"permissions":{"deny":["Read(//<home>/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-single-slash-abs`, `{"permissions":{"deny":["Read(<home>/sdir/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §4: a deny's /path that lies in the home or a working directory is also read as that absolute path`},
	{`rd-root-rel-flag`, `{"permissions":{"deny":["Read(/secrets/**)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §4: inline --settings JSON has no folder, so /path anchors at the cwd (the reference's file sat one level up)`},
	{`rd-star-dirname`, `{"permissions":{"deny":["Read(sec*)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-ss-dir-ss`, `{"permissions":{"deny":["Read(**/secrets/**)"]}}`, false, `Read`, `{"file_path":"<cwd>/sub/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-sub-ss`, `{"permissions":{"deny":["Read(sub/**)"]}}`, false, `Read`, `{"file_path":"<cwd>/sub/secrets/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-docs-md`, `{"permissions":{"deny":["Read(docs/*.md)"]}}`, false, `Read`, `{"file_path":"<cwd>/docs/a.md"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-unicode`, `{"permissions":{"deny":["Read(café.txt)"]}}`, false, `Read`, `{"file_path":"<cwd>/café.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-trailing-space`, `{"permissions":{"deny":["Read(.env )"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-dot-env`, `{"permissions":{"deny":["Read(./.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-trailing-slash`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env/"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-dot`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/./.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-dslash`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>//.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-slashdot`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env/."}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-dotdot`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/src/../.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-backslash`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>\\.env"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`rd-input-tilde-rel`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"~/../proj/.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-input-tilde`, `{"permissions":{"deny":["Read(~/secret.txt)"]}}`, false, `Read`, `{"file_path":"~/secret.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-home-dslash`, `{"permissions":{"deny":["Read(~/secret.txt)"]}}`, false, `Read`, `{"file_path":"<home>//secret.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-home-dotdot`, `{"permissions":{"deny":["Read(~/secret.txt)"]}}`, false, `Read`, `{"file_path":"<cwd>/../home/secret.txt"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`rd-long-dotdot`, `{"permissions":{"deny":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../a/../.env"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-dir-link`, `{"permissions":{"deny":["Read(~/sdir/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-chain`, `{"permissions":{"deny":["Read(~/sdir/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/l2/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-file`, `{"permissions":{"deny":["Read(~/.ssh/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/lf"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-aws`, `{"permissions":{"deny":["Read(~/.aws/credentials)"]}}`, true, `Read`, `{"file_path":"<cwd>/laws/credentials"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-inner-dir`, `{"permissions":{"deny":["Read(secrets/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/lsec/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-inner-bare`, `{"permissions":{"deny":["Read(secrets)"]}}`, true, `Read`, `{"file_path":"<cwd>/lsec/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-rule-link-target`, `{"permissions":{"deny":["Read(ld/**)"]}}`, true, `Read`, `{"file_path":"<home>/sdir/k"}`, `bypassPermissions`, `deny`, `allow`, `stricter: the rule's own directory ld is a link to this directory, so this is the same file`},
	{`ln-rule-link`, `{"permissions":{"deny":["Read(./ld/k)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-dotdot`, `{"permissions":{"deny":["Read(~/sdir/k)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/../ld/k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ln-abs-dot`, `{"permissions":{"deny":["Read(//<home>/sdir/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/./k"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ra-tilde`, `{"permissions":{"allow":["Read(~/sdir/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `allow`, `allow`, ``},
	{`ra-tilde-dotdot`, `{"permissions":{"allow":["Read(~/sdir/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/../secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`ra-tilde-dir`, `{"permissions":{"allow":["Read(~/sdir)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `allow`, `allow`, ``},
	{`ra-tilde-dir-slash`, `{"permissions":{"allow":["Read(~/sdir/)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `allow`, `allow`, ``},
	{`ra-tilde-star`, `{"permissions":{"allow":["Read(~/s*)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `allow`, `allow`, ``},
	{`ra-tilde-star-file`, `{"permissions":{"allow":["Read(~/s*)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `allow`, `allow`, ``},
	{`ra-abs`, `{"permissions":{"allow":["Read(//<home>/sdir/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `ask`, `allow`, `stricter: an allow pattern with three leading slashes is not read as //abs`},
	{`ra-abs-sibling`, `{"permissions":{"allow":["Read(//<home>/sdir/**)"]}}`, false, `Read`, `{"file_path":"<home>/sdirx/k"}`, `default`, `ask`, `ask`, ``},
	{`ra-star-outside`, `{"permissions":{"allow":["Read(*)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`ra-ss-outside`, `{"permissions":{"allow":["Read(**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`ra-parent`, `{"permissions":{"allow":["Read(../**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`ra-root-ss`, `{"permissions":{"allow":["Read(//**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `allow`, `allow`, ``},
	{`ra-flag-root-ss`, `{"permissions":{"allow":["Read(/**)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `ask`, `allow`, `stricter, spec §4: inline --settings JSON has no folder, so /** anchors at the cwd (the reference's file sat one level up)`},
	{`ra-bare-outside`, `{"permissions":{"allow":["Read(secret.txt)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`ra-tilde-onestar-deep`, `{"permissions":{"allow":["Read(~/*)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `allow`, `allow`, ``},
	{`ra-via-link`, `{"permissions":{"allow":["Read(~/sdir/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/k"}`, `default`, `ask`, `ask`, ``},
	{`ra-link-only`, `{"permissions":{"allow":["Read(./ld/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/ld/k"}`, `default`, `ask`, `ask`, ``},
	{`ra-file-link`, `{"permissions":{"allow":["Read(~/.ssh/**)"]}}`, true, `Read`, `{"file_path":"<cwd>/lf"}`, `default`, `ask`, `ask`, ``},
	{`ed-bare-dir`, `{"permissions":{"deny":["Edit(secrets)"]}}`, false, `Write`, `{"file_path":"<cwd>/secrets/new","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ed-dir-slash`, `{"permissions":{"deny":["Edit(secrets/)"]}}`, false, `Write`, `{"file_path":"<cwd>/secrets/new","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ed-dir-slash-deep`, `{"permissions":{"deny":["Edit(secrets/)"]}}`, false, `Write`, `{"file_path":"<cwd>/sub/secrets/new","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ed-star-deep`, `{"permissions":{"deny":["Edit(*.pem)"]}}`, false, `Write`, `{"file_path":"<cwd>/sub/b.pem","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ed-tilde`, `{"permissions":{"deny":["Edit(~/**)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-tilde-bare`, `{"permissions":{"deny":["Edit(~)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `bypassPermissions`, `deny`, `allow`, `stricter: Edit(~) names the home directory, and a directory rule covers what is under it`},
	{`ed-abs`, `{"permissions":{"deny":["Edit(//<tmp>/**)"]}}`, false, `Write`, `{"file_path":"<tmp>/new.txt","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-abs-dir`, `{"permissions":{"deny":["Edit(//<tmp>)"]}}`, false, `Write`, `{"file_path":"<tmp>/new.txt","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-abs-dir-slash`, `{"permissions":{"deny":["Edit(//<tmp>/)"]}}`, false, `Write`, `{"file_path":"<tmp>/new.txt","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-src-bare`, `{"permissions":{"deny":["Edit(src)"]}}`, false, `Write`, `{"file_path":"<cwd>/src/new.ts","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ed-via-link`, `{"permissions":{"deny":["Edit(~/sdir/**)"]}}`, true, `Write`, `{"file_path":"<cwd>/ld/new","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-via-inner-link`, `{"permissions":{"deny":["Edit(secrets/**)"]}}`, true, `Write`, `{"file_path":"<cwd>/lsec/new","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ed-readdeny-link`, `{"permissions":{"deny":["Read(~/sdir/**)"]}}`, true, `Write`, `{"file_path":"<cwd>/ld/new","content":"x\n"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ea-bare-dir`, `{"permissions":{"ask":["Edit(secrets)"]}}`, false, `Write`, `{"file_path":"<cwd>/secrets/new","content":"x\n"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`ea-dir-slash`, `{"permissions":{"ask":["Edit(secrets/)"]}}`, false, `Write`, `{"file_path":"<cwd>/secrets/new","content":"x\n"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`ra-ask-bypass`, `{"permissions":{"ask":["Read(.env)"]}}`, false, `Read`, `{"file_path":"<cwd>/.env"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`ra-ask-bare-dir`, `{"permissions":{"ask":["Read(secrets)"]}}`, false, `Read`, `{"file_path":"<cwd>/secrets/k"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`ew-allow-tilde`, `{"permissions":{"allow":["Edit(~/sdir/**)"]}}`, false, `Write`, `{"file_path":"<home>/sdir/new","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-bashrc`, `{"permissions":{"allow":["Edit(~/**)"]}}`, false, `Write`, `{"file_path":"<home>/.bashrc","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-ssh`, `{"permissions":{"allow":["Edit(~/**)"]}}`, false, `Write`, `{"file_path":"<home>/.ssh/authorized_keys","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-tilde-dir`, `{"permissions":{"allow":["Edit(~/sdir)"]}}`, false, `Write`, `{"file_path":"<home>/sdir/new","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-tilde-dir-slash`, `{"permissions":{"allow":["Edit(~/sdir/)"]}}`, false, `Write`, `{"file_path":"<home>/sdir/new","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-star-outside`, `{"permissions":{"allow":["Edit(*)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-ss-outside`, `{"permissions":{"allow":["Edit(**)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-parent`, `{"permissions":{"allow":["Edit(../**)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-root`, `{"permissions":{"allow":["Edit(//**)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-src-bare`, `{"permissions":{"allow":["Edit(src)"]}}`, false, `Write`, `{"file_path":"<cwd>/src/new.ts","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-src-slash`, `{"permissions":{"allow":["Edit(src/)"]}}`, false, `Write`, `{"file_path":"<cwd>/src/new.ts","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`ew-allow-src-dotdot`, `{"permissions":{"allow":["Edit(src/**)"]}}`, false, `Write`, `{"file_path":"<cwd>/src/../x2","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-src-git`, `{"permissions":{"allow":["Edit(src/**)"]}}`, false, `Write`, `{"file_path":"<cwd>/src/.git/config","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-link`, `{"permissions":{"allow":["Edit(./ld/**)"]}}`, true, `Write`, `{"file_path":"<cwd>/ld/new","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-ss-link`, `{"permissions":{"allow":["Edit(**)"]}}`, true, `Write`, `{"file_path":"<cwd>/ld/new","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-ss-git`, `{"permissions":{"allow":["Edit(**)"]}}`, false, `Write`, `{"file_path":"<cwd>/.git/hooks/x","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-allow-git-outside`, `{"permissions":{"allow":["Edit(~/sdir/**)"]}}`, false, `Write`, `{"file_path":"<home>/sdir/.git/hooks/x","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`ew-accept-link-out`, `{"permissions":{}}`, true, `Write`, `{"file_path":"<cwd>/ld/new","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-chain-out`, `{"permissions":{}}`, true, `Write`, `{"file_path":"<cwd>/l2/new","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-link-in`, `{"permissions":{}}`, true, `Write`, `{"file_path":"<cwd>/lsec/new","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ew-accept-dotdot-out`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/sub/../../home/x","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-git-upper`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.GIT/x","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-git-dot`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.git./x","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-git-slash`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.git/","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-backslash-git`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-fullwidth-git`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.ｇit/config","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ew-accept-bashrc-slash`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.bashrc/","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-worktrees-dotdot`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.claude/worktrees/../settings.json","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-worktrees-bare`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/.claude/worktrees","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ew-accept-tmp`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<tmp>/x.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ew-accept-long`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/f","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`edt-dot`, `{"permissions":{"deny":["Edit(README.md)"]}}`, false, `Edit`, `{"file_path":"<cwd>/./README.md","old_string":"fixture","new_string":"f2"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`edt-flag-root`, `{"permissions":{"deny":["Edit(/README.md)"]}}`, false, `Edit`, `{"file_path":"<cwd>/README.md","old_string":"fixture","new_string":"f2"}`, `acceptEdits`, `deny`, `allow`, `stricter, spec §4: inline --settings JSON has no folder, so /path anchors at the cwd (the reference's file sat one level up)`},
	{`edt-abs-dslash`, `{"permissions":{"deny":["Edit(//<cwd>/README.md)"]}}`, false, `Edit`, `{"file_path":"<cwd>//README.md","old_string":"fixture","new_string":"f2"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`edt-case`, `{"permissions":{"deny":["Edit(readme.md)"]}}`, false, `Edit`, `{"file_path":"<cwd>/README.md","old_string":"fixture","new_string":"f2"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`edt-allow-home`, `{"permissions":{"allow":["Edit(~/secret.txt)"]}}`, false, `Edit`, `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, `default`, `allow`, `allow`, ``},
	{`edt-accept-home`, `{"permissions":{}}`, false, `Edit`, `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`wf-port-rule`, `{"permissions":{"allow":["WebFetch(domain:example.com:8080)"]}}`, false, `WebFetch`, `{"url":"http://example.com:8080/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-port-url`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"http://example.com:8080/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-userinfo`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://user:pw@example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-userinfo-evil`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com@evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-suffix-evil`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com.evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-prefix-evil`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://evilexample.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-sub`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://sub.example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-upper`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://EXAMPLE.COM/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-trailing-dot`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com./","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-rule-trailing-dot`, `{"permissions":{"allow":["WebFetch(domain:example.com.)"]}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-star-apex`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-star-deep`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://a.b.example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-star-path`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com/.example.com","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-star-query`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com?x=.example.com","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-star-frag`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com#.example.com","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-star-backslash`, `{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com\\.example.com","prompt":"x"}`, `default`, `deny`, `ask`, `stricter: a URL only a repairing parser reads (backslash, leading blank) is invalid input`},
	{`wf-dot-rule`, `{"permissions":{"allow":["WebFetch(domain:.example.com)"]}}`, false, `WebFetch`, `{"url":"https://a.example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-mid-star`, `{"permissions":{"allow":["WebFetch(domain:ex*.com)"]}}`, false, `WebFetch`, `{"url":"https://exa.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-mid-star-label`, `{"permissions":{"allow":["WebFetch(domain:ex*.com)"]}}`, false, `WebFetch`, `{"url":"https://ex.evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-tld-star`, `{"permissions":{"allow":["WebFetch(domain:example.*)"]}}`, false, `WebFetch`, `{"url":"https://example.evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-localhost`, `{"permissions":{"allow":["WebFetch(domain:localhost)"]}}`, false, `WebFetch`, `{"url":"http://localhost:3000/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-localhost-ip`, `{"permissions":{"allow":["WebFetch(domain:localhost)"]}}`, false, `WebFetch`, `{"url":"http://127.0.0.1/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-ip-localhost`, `{"permissions":{"allow":["WebFetch(domain:127.0.0.1)"]}}`, false, `WebFetch`, `{"url":"http://localhost/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-ip-int-allow`, `{"permissions":{"allow":["WebFetch(domain:127.0.0.1)"]}}`, false, `WebFetch`, `{"url":"http://2130706433/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-pct-slash`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com%2f@evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-pct-hash`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com%23.example.com/","prompt":"x"}`, `default`, `deny`, `error`, `reference: invalid input too (agentctl's invalid input is deny)`},
	{`wf-backslash-at`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com\\@example.com/","prompt":"x"}`, `default`, `deny`, `ask`, `stricter: a URL only a repairing parser reads (backslash, leading blank) is invalid input`},
	{`wf-port-at`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com:443@example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-upper-scheme`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"HTTPS://example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-empty-port`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com:/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wf-lead-space`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":" https://evil.com/","prompt":"x"}`, `default`, `deny`, `ask`, `stricter: a URL only a repairing parser reads (backslash, leading blank) is invalid input`},
	{`wf-soft-hyphen`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, "{\"url\":\"https://exa\u00admple.com/\",\"prompt\":\"x\"}", `default`, `allow`, `allow`, ``},
	{`wf-umlaut`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"https://exämple.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-url-rule`, `{"permissions":{"allow":["WebFetch(https://example.com/*)"]}}`, false, `WebFetch`, `{"url":"https://example.com/x","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-bare-rule`, `{"permissions":{"allow":["WebFetch(example.com)"]}}`, false, `WebFetch`, `{"url":"https://example.com/x","prompt":"x"}`, `default`, `error`, `ask`, `stricter: a WebFetch rule without domain: is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`wf-empty-domain`, `{"permissions":{"allow":["WebFetch(domain:)"]}}`, false, `WebFetch`, `{"url":"https://example.com/x","prompt":"x"}`, `default`, `error`, `ask`, `stricter: an empty domain: is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`wf-star-dontask`, `{"permissions":{"allow":["WebFetch(domain:*)"]}}`, false, `WebFetch`, `{"url":"https://evil.com/","prompt":"x"}`, `dontAsk`, `allow`, `allow`, ``},
	{`wfd-upper-port`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://EVIL.com:443/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-sub`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://a.evil.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wfd-dot-port`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com.:8443/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-userinfo`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://x:y@evil.com/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-puny-bogus`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://xn--evil-.com/","prompt":"x"}`, `default`, `allow`, `error`, `reference: invalid input (its URL parser rejects the label); xn--evil-.com is another DNS name than evil.com`},
	{`wfd-bypass`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"http://evil.com/","prompt":"x"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`wfd-star-apex`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:*.evil.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wfd-localhost-upper-dot`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:localhost)"]}}`, false, `WebFetch`, `{"url":"http://LOCALHOST./","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-sub-localhost`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:localhost)"]}}`, false, `WebFetch`, `{"url":"http://a.localhost/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`wfd-mapped-v6`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:127.0.0.1)"]}}`, false, `WebFetch`, `{"url":"http://[::ffff:127.0.0.1]/","prompt":"x"}`, `default`, `deny`, `allow`, `stricter: an IPv4-mapped IPv6 address names the IPv4 host`},
	{`wfd-octal`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:127.0.0.1)"]}}`, false, `WebFetch`, `{"url":"http://0177.0.0.1/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-ip-dot`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:127.0.0.1)"]}}`, false, `WebFetch`, `{"url":"http://127.0.0.1.:80/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfd-metadata-hex`, `{"permissions":{"allow":["WebFetch"],"deny":["WebFetch(domain:169.254.169.254)"]}}`, false, `WebFetch`, `{"url":"http://0xa9fea9fe/","prompt":"x"}`, `default`, `deny`, `deny`, ``},
	{`wfa-bypass`, `{"permissions":{"allow":["WebFetch"],"ask":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://evil.com/","prompt":"x"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`wfa-dontask`, `{"permissions":{"allow":["WebFetch"],"ask":["WebFetch(domain:evil.com)"]}}`, false, `WebFetch`, `{"url":"https://EVIL.COM./","prompt":"x"}`, `dontAsk`, `deny`, `deny`, ``},
	{`wf-none`, `{"permissions":{}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`wf-none-accept`, `{"permissions":{}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`wf-none-plan`, `{"permissions":{}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `plan`, `ask`, `deny`, `reference: plan mode sent the call to the auto-mode classifier the offline run lacks (deny); with useAutoModeDuringPlan false it asks (wf-none-plan-person)`},
	{`wf-none-dontask`, `{"permissions":{}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `dontAsk`, `deny`, `deny`, ``},
	{`wf-none-bypass`, `{"permissions":{}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`wf-deny-bare-bypass`, `{"permissions":{"deny":["WebFetch"]}}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`wf-allow-plan`, `{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, false, `WebFetch`, `{"url":"http://example.com/","prompt":"x"}`, `plan`, `allow`, `allow`, ``},
	{`ws-allow`, `{"permissions":{"allow":["WebSearch"]}}`, false, `WebSearch`, `{"query":"hello world"}`, `default`, `allow`, `allow`, ``},
	{`ws-allow-spec`, `{"permissions":{"allow":["WebSearch(hello)"]}}`, false, `WebSearch`, `{"query":"hello world"}`, `default`, `ask`, `ask`, ``},
	{`ws-allow-domain`, `{"permissions":{"allow":["WebSearch(domain:example.com)"]}}`, false, `WebSearch`, `{"query":"hello world","allowed_domains":["example.com"]}`, `default`, `ask`, `ask`, ``},
	{`ws-deny-param`, `{"permissions":{"allow":["WebSearch"],"deny":["WebSearch(query:*secret*)"]}}`, false, `WebSearch`, `{"query":"my secret here"}`, `default`, `deny`, `allow`, `stricter, spec §2: Tool(param:value) in deny matches one input field`},
	{`ws-ask-bare`, `{"permissions":{"allow":["WebSearch"],"ask":["WebSearch"]}}`, false, `WebSearch`, `{"query":"hello world"}`, `default`, `ask`, `ask`, ``},
	{`ws-deny-bypass`, `{"permissions":{"deny":["WebSearch"]}}`, false, `WebSearch`, `{"query":"hello world"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`ws-dontask`, `{"permissions":{}}`, false, `WebSearch`, `{"query":"hello world"}`, `dontAsk`, `deny`, `deny`, ``},
	{`ws-bypass`, `{"permissions":{}}`, false, `WebSearch`, `{"query":"hello world"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`ws-plan`, `{"permissions":{}}`, false, `WebSearch`, `{"query":"hello world"}`, `plan`, `ask`, `deny`, `reference: plan mode sent the call to the auto-mode classifier the offline run lacks (deny); with useAutoModeDuringPlan false it asks (ws-plan-person)`},
	{`ws-accept`, `{"permissions":{}}`, false, `WebSearch`, `{"query":"hello world"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ws-allow-blocked`, `{"permissions":{"allow":["WebSearch"]}}`, false, `WebSearch`, `{"query":"hello world","blocked_domains":["a.com"]}`, `dontAsk`, `allow`, `allow`, ``},
	{`ws-allow-glob`, `{"permissions":{"allow":["Web*"]}}`, false, `WebSearch`, `{"query":"hello world"}`, `default`, `ask`, `ask`, ``},
	{`nb-deny-star`, `{"permissions":{"deny":["Edit(*.ipynb)"]}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"z","cell_id":"a"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`nb-deny-dot`, `{"permissions":{"deny":["Edit(n.ipynb)"]}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/./n.ipynb","new_source":"z","cell_id":"a"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`nb-deny-own-rule`, `{"permissions":{"deny":["NotebookEdit(n.ipynb)"]}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"z","cell_id":"a"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`nb-accept-outside`, `{"permissions":{}}`, false, `NotebookEdit`, `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`nb-allow-home`, `{"permissions":{"allow":["Edit(~/h.ipynb)"]}}`, false, `NotebookEdit`, `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, `default`, `allow`, `allow`, ``},
	{`nb-default`, `{"permissions":{}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"z","cell_id":"a"}`, `default`, `ask`, `ask`, ``},
	{`nb-plan`, `{"permissions":{}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"z","cell_id":"a"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes, even where the reference asks`},
	{`nb-ask-bypass`, `{"permissions":{"ask":["Edit(n.ipynb)"]}}`, false, `NotebookEdit`, `{"notebook_path":"<cwd>/n.ipynb","new_source":"z","cell_id":"a"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`b-edit-bare-out`, `{"permissions":{"allow":["Edit"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`b-read-bare-out`, `{"permissions":{"allow":["Read"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `default`, `allow`, `allow`, ``},
	{`b-write-bare-out`, `{"permissions":{"allow":["Write"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`b-write-star-out`, `{"permissions":{"allow":["Write(*)"]}}`, false, `Write`, `{"file_path":"<home>/new.txt","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`b-edit-star-in`, `{"permissions":{"allow":["Edit(*)"]}}`, false, `Write`, `{"file_path":"<cwd>/sub/new.txt","content":"x\n"}`, `default`, `allow`, `ask`, `spec §2 and §4: Edit(*) is Edit, and Edit rules cover Write inside the working directories (outside them it asks, as here)`},
	{`b-read-star-deep-out`, `{"permissions":{"allow":["Read(*)"]}}`, false, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `ask`, `ask`, ``},
	{`b-read-star-dontask`, `{"permissions":{"allow":["Read(*)"]}}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `dontAsk`, `deny`, `deny`, ``},
	{`b-edit-star-tmp`, `{"permissions":{"allow":["Edit(*)"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `dontAsk`, `deny`, `deny`, ``},
	{`b-bs-read-default`, `{"permissions":{}}`, false, `Read`, `{"file_path":"<cwd>\\..\\home\\secret.txt"}`, `default`, `ask`, `ask`, ``},
	{`b-bs-write-plain`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/a\\b.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`b-bs-write-bypass`, `{"permissions":{}}`, false, `Write`, `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x\n"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`b-bs-write-allow`, `{"permissions":{"allow":["Edit(**)"]}}`, false, `Write`, `{"file_path":"<cwd>/x\\..\\.git\\config","content":"x\n"}`, `default`, `ask`, `allow`, `stricter: a path Windows reads as another file asks whatever the allow rules (bypass mode skips it)`},
	{`b-bs-read-in`, `{"permissions":{}}`, false, `Read`, `{"file_path":"<cwd>/a\\b.txt"}`, `default`, `allow`, `allow`, ``},
	{`e-bare-edit-out`, `{"permissions":{"allow":["Edit"]}}`, false, `Edit`, `{"file_path":"<home>/secret.txt","old_string":"s","new_string":"t"}`, `default`, `allow`, `allow`, ``},
	{`e-bare-edit-sub`, `{"permissions":{"allow":["Edit"]}}`, false, `Write`, `{"file_path":"<cwd>/sub/n.txt","content":"x\n"}`, `default`, `allow`, `ask`, `spec §4: Edit rules cover Write inside the working directories (outside them it asks, as here)`},
	{`e-star-edit-top`, `{"permissions":{"allow":["Edit(*)"]}}`, false, `Write`, `{"file_path":"<cwd>/n.txt","content":"x\n"}`, `default`, `allow`, `ask`, `spec §2 and §4: Edit(*) is Edit, and Edit rules cover Write inside the working directories (outside them it asks, as here)`},
	{`e-star-edit-edit`, `{"permissions":{"allow":["Edit(*)"]}}`, false, `Edit`, `{"file_path":"<cwd>/README.md","old_string":"fixture","new_string":"f"}`, `default`, `allow`, `allow`, ``},
	{`e-bare-edit-nb-out`, `{"permissions":{"allow":["Edit"]}}`, false, `NotebookEdit`, `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, `default`, `ask`, `ask`, ``},
	{`e-star-write-top`, `{"permissions":{"allow":["Write(*)"]}}`, false, `Write`, `{"file_path":"<cwd>/n.txt","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`e-ss-edit-sub`, `{"permissions":{"allow":["Edit(**)"]}}`, false, `Write`, `{"file_path":"<cwd>/sub/n.txt","content":"x\n"}`, `default`, `allow`, `allow`, ``},
	{`e-bare-nb-out`, `{"permissions":{"allow":["NotebookEdit"]}}`, false, `NotebookEdit`, `{"notebook_path":"<home>/h.ipynb","new_source":"z","cell_id":"a"}`, `default`, `allow`, `allow`, ``},
	{`e-bare-edit-ssh`, `{"permissions":{"allow":["Edit"]}}`, false, `Write`, `{"file_path":"<home>/.ssh/authorized_keys","content":"x\n"}`, `default`, `ask`, `ask`, ``},
	{`e-star-read-in`, `{"permissions":{"allow":["Read(*)"]}}`, false, `Read`, `{"file_path":"<tmp>/t.txt"}`, `dontAsk`, `deny`, `deny`, ``},
	{`wf-none-plan-person`, `{"permissions":{},"useAutoModeDuringPlan":false}`, false, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `plan`, `ask`, `ask`, ``},
	{`ws-plan-person`, `{"permissions":{},"useAutoModeDuringPlan":false}`, false, `WebSearch`, `{"query":"hello world"}`, `plan`, `ask`, `ask`, ``},
	{`rd-plan-outside-person`, `{"permissions":{},"useAutoModeDuringPlan":false}`, false, `Read`, `{"file_path":"<home>/secret.txt"}`, `plan`, `ask`, `ask`, ``},
	{`ew-allow-edit-plan-person`, `{"permissions":{"allow":["Edit"]},"useAutoModeDuringPlan":false}`, false, `Write`, `{"file_path":"<cwd>/n.txt","content":"x\n"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan mode denies what writes, even under an allow rule`},
	{`a-server`, `{"permissions":{"allow":["mcp__srv"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-server-other`, `{"permissions":{"allow":["mcp__srv"]}}`, false, `mcp__srv2__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-server-star`, `{"permissions":{"allow":["mcp__srv__*"]}}`, false, `mcp__srv__get_x`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-server-star-other`, `{"permissions":{"allow":["mcp__srv__*"]}}`, false, `mcp__srv2__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-prefix-glob`, `{"permissions":{"allow":["mcp__srv__get_*"]}}`, false, `mcp__srv__get_x`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-prefix-glob-miss`, `{"permissions":{"allow":["mcp__srv__get_*"]}}`, false, `mcp__srv__other`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-unanchored`, `{"permissions":{"allow":["mcp__srv*"]}}`, false, `mcp__srv2__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-mcp-star`, `{"permissions":{"allow":["mcp__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-star`, `{"permissions":{"allow":["*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-case-tool`, `{"permissions":{"allow":["mcp__srv__tool"]}}`, false, `mcp__srv__Tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-case-server`, `{"permissions":{"allow":["mcp__SRV__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-tool-star-spec`, `{"permissions":{"allow":["mcp__srv__tool(*)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `ask`, `spec §2: Tool(*) equals Tool (the reference matches no MCP rule with a specifier, allow or deny)`},
	{`a-server-star-spec`, `{"permissions":{"allow":["mcp__srv(*)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `ask`, `spec §2 and §5: mcp__server(*) equals mcp__server (the reference matches no MCP rule with a specifier, allow or deny)`},
	{`a-param`, `{"permissions":{"allow":["mcp__srv__tool(q:a)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-underscore`, `{"permissions":{"allow":["mcp__srv_"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-prefix-server`, `{"permissions":{"allow":["mcp__sr"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-trailing-sep`, `{"permissions":{"allow":["mcp__srv__"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-suffix-glob`, `{"permissions":{"allow":["mcp__srv__*l"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-qmark`, `{"permissions":{"allow":["mcp__srv__to?l"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `error`, `ask`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`a-dot-tool`, `{"permissions":{"allow":["mcp__srv__x.y"]}}`, false, `mcp__srv__x_y`, `{"q":"a"}`, `default`, `error`, `ask`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`a-dot-tool-norm`, `{"permissions":{"allow":["mcp__srv__x_y"]}}`, false, `mcp__srv__x_y`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-dot-server`, `{"permissions":{"allow":["mcp__my.srv"]}}`, false, `mcp__my_srv__t`, `{"q":"a"}`, `default`, `error`, `ask`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`a-dot-server-norm`, `{"permissions":{"allow":["mcp__my_srv"]}}`, false, `mcp__my_srv__t`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-dash-server`, `{"permissions":{"allow":["mcp__my-srv"]}}`, false, `mcp__my-srv__t`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-dash-prefix`, `{"permissions":{"allow":["mcp__my"]}}`, false, `mcp__my-srv__t`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-collide-a`, `{"permissions":{"allow":["mcp__a"]}}`, false, `mcp__a__b__tool`, `{"q":"a"}`, `default`, `ask`, `allow`, `stricter, spec §5: mcp__a__b__tool may be server a__b's tool, so no server-wide allow approves it`},
	{`a-collide-ab`, `{"permissions":{"allow":["mcp__a__b"]}}`, false, `mcp__a__b__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-collide-full`, `{"permissions":{"allow":["mcp__a__b__tool"]}}`, false, `mcp__a__b__tool`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-a-x`, `{"permissions":{"allow":["mcp__a"]}}`, false, `mcp__a__x`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-exact`, `{"permissions":{"allow":["mcp__srv__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`a-space`, `{"permissions":{"allow":["mcp__srv__ tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `error`, `ask`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`a-trail-space`, `{"permissions":{"allow":["mcp__srv__tool "]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-double-star`, `{"permissions":{"allow":["mcp__srv__*__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`a-starstar`, `{"permissions":{"allow":["mcp__srv__**"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `allow`, `allow`, ``},
	{`d-server`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-server-other`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv"]}}`, false, `mcp__srv2__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`d-server-star`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-mcp-star`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-unanchored`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv*"]}}`, false, `mcp__srv2__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-case`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__SRV__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`d-param-any`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__tool(q:*)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §2: Tool(param:value) in deny matches the input field (the reference matches no MCP rule with a specifier)`},
	{`d-param-miss`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__tool(q:b)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`d-tool-star-spec`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__tool(*)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §2: Tool(*) equals Tool (the reference matches no MCP rule with a specifier)`},
	{`d-server-star-spec`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv(*)"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §2 and §5: mcp__server(*) equals mcp__server (the reference matches no MCP rule with a specifier)`},
	{`d-mcp`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`d-mcp-sep`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`d-prefix-glob`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__get_*"]}}`, false, `mcp__srv__get_x`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-collide-ab`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__a__b"]}}`, false, `mcp__a__b__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `allow`, `stricter, spec §5: mcp__a__b__tool may be server a__b's tool, and a deny on either server matches`},
	{`d-collide-a`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__a"]}}`, false, `mcp__a__b__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-dot-server`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__my.srv"]}}`, false, `mcp__my_srv__t`, `{"q":"a"}`, `bypassPermissions`, `error`, `allow`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`d-dot-tool`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__x.y"]}}`, false, `mcp__srv__x_y`, `{"q":"a"}`, `bypassPermissions`, `error`, `allow`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`d-qmark`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__?ool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `error`, `allow`, `stricter: a tool name with a character no tool name has is a settings error with file:line:column, never a rule that silently matches nothing`},
	{`d-star-suffix`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["*__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `deny`, `deny`, ``},
	{`d-case-tool`, `{"permissions":{"allow":["mcp__srv__tool","mcp__srv2__tool","mcp__srv__get_x","mcp__a__b__tool","mcp__my_srv__t","mcp__srv__x_y","mcp__srv__Tool"],"deny":["mcp__srv__tool"]}}`, false, `mcp__srv__Tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`k-server-bypass`, `{"permissions":{"ask":["mcp__srv"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`k-tool-over-server`, `{"permissions":{"allow":["mcp__srv"],"ask":["mcp__srv__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`k-dontask`, `{"permissions":{"ask":["mcp__srv__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `dontAsk`, `deny`, `deny`, ``},
	{`k-mcp-star`, `{"permissions":{"allow":["mcp__srv__tool"],"ask":["mcp__*"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`m-default`, `{"permissions":{}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `ask`, `ask`, ``},
	{`m-accept`, `{"permissions":{}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`m-dontask`, `{"permissions":{}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `dontAsk`, `deny`, `deny`, ``},
	{`m-bypass`, `{"permissions":{}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`m-plan`, `{"permissions":{},"useAutoModeDuringPlan":false}`, false, `mcp__srv__tool`, `{"q":"a"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan mode denies what is not read-only (an MCP tool), where the reference asks`},
	{`m-plan-allow`, `{"permissions":{"allow":["mcp__srv__tool"]},"useAutoModeDuringPlan":false}`, false, `mcp__srv__tool`, `{"q":"a"}`, `plan`, `deny`, `ask`, `stricter, spec §6: plan mode denies what is not read-only even under an allow rule`},
	{`m-dontask-allow`, `{"permissions":{"allow":["mcp__srv__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `dontAsk`, `allow`, `allow`, ``},
	{`m-deny-over-server`, `{"permissions":{"allow":["mcp__srv"],"deny":["mcp__srv__tool"]}}`, false, `mcp__srv__tool`, `{"q":"a"}`, `default`, `deny`, `deny`, ``},
	{`ad-trailing-slash`, `{"permissions":{"additionalDirectories":["<tmp>/"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-dot`, `{"permissions":{"additionalDirectories":["<tmp>/."]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-dotdot`, `{"permissions":{"additionalDirectories":["<tmp>/../tmp"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-sibling`, `{"permissions":{"additionalDirectories":["<tmp>"]}}`, false, `Write`, `{"file_path":"<tmp>_evil/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-sibling-read`, `{"permissions":{"additionalDirectories":["<tmp>"]}}`, false, `Read`, `{"file_path":"<tmp>_evil/x"}`, `default`, `ask`, `ask`, ``},
	{`ad-link-write-link`, `{"permissions":{"additionalDirectories":["<cwd>/ld"]}}`, true, `Write`, `{"file_path":"<cwd>/ld/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-link-write-target`, `{"permissions":{"additionalDirectories":["<cwd>/ld"]}}`, true, `Write`, `{"file_path":"<home>/sdir/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-link-read-target`, `{"permissions":{"additionalDirectories":["<cwd>/ld"]}}`, true, `Read`, `{"file_path":"<home>/sdir/k"}`, `default`, `ask`, `ask`, ``},
	{`ad-tilde`, `{"permissions":{"additionalDirectories":["~/sdir"]}}`, false, `Write`, `{"file_path":"<home>/sdir/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-tilde-sibling`, `{"permissions":{"additionalDirectories":["~/sdir"]}}`, false, `Write`, `{"file_path":"<home>/sdirx/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-file`, `{"permissions":{"additionalDirectories":["<home>/sdir/k"]}}`, false, `Write`, `{"file_path":"<home>/sdir/k/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `error`, `reference: its write failed (ENOTDIR) after the permission check; the path is under the additional directory as spelled`},
	{`ad-parent`, `{"permissions":{"additionalDirectories":[".."]}}`, false, `Write`, `{"file_path":"<home>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-parent-bashrc`, `{"permissions":{"additionalDirectories":[".."]}}`, false, `Write`, `{"file_path":"<home>/.bashrc","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-empty`, `{"permissions":{"additionalDirectories":[""]}}`, false, `Write`, `{"file_path":"<home>/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-glob`, `{"permissions":{"additionalDirectories":["<t*>"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-glob2`, `{"permissions":{"additionalDirectories":["<home>/s*"]}}`, false, `Write`, `{"file_path":"<home>/sdir/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-root`, `{"permissions":{"additionalDirectories":["/"]}}`, false, `Write`, `{"file_path":"<home>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-home-ssh`, `{"permissions":{"additionalDirectories":["~"]}}`, false, `Write`, `{"file_path":"<home>/.ssh/authorized_keys","content":"x\n"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`ad-home-gitconfig`, `{"permissions":{"additionalDirectories":["~"]}}`, false, `Write`, `{"file_path":"<home>/.gitconfig","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-home-config-git`, `{"permissions":{"additionalDirectories":["~"]}}`, false, `Write`, `{"file_path":"<home>/.config/git/config","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-dslash`, `{"permissions":{"additionalDirectories":["//<tmp>"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `allow`, `ask`, `spec §6: an additional directory names a directory, and ///tmp/x is /tmp/x (the reference matches the spelling)`},
	{`ad-backslash`, `{"permissions":{"additionalDirectories":["<tmp>\\"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-upper`, `{"permissions":{"additionalDirectories":["<TMP>"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`ad-deny-wins`, `{"permissions":{"additionalDirectories":["<tmp>"],"deny":["Edit(//<tmp>/**)"]}}`, false, `Write`, `{"file_path":"<tmp>/n.txt","content":"x\n"}`, `acceptEdits`, `deny`, `deny`, ``},
	{`ad-read-default`, `{"permissions":{"additionalDirectories":["<tmp>"]}}`, false, `Read`, `{"file_path":"<tmp>/t.txt"}`, `dontAsk`, `allow`, `allow`, ``},
	{`ad-link-chain-in-add`, `{"permissions":{"additionalDirectories":["<tmp>"]}}`, false, `Write`, `{"file_path":"<tmp>/../home/n.txt","content":"x\n"}`, `acceptEdits`, `ask`, `ask`, ``},
}

func TestReferenceSweep7(t *testing.T) {
	for _, r := range red13orcSweep {
		sweepNotLooser(t, r.id, r.want, r.ref, r.note)
		if r.note == "" && r.ref != "error" && r.want != r.ref {
			t.Errorf("%s: want %s differs from the reference's %s with no note", r.id, r.want, r.ref)
		}
	}
	engine := map[bool]func(t *testing.T, flagSettings string) *Engine{}
	subs := map[bool]func(string) string{}
	for _, linked := range []bool{false, true} {
		root, dirs, sub := sweepLayout(t, red13orcSweepFiles)
		if linked {
			for name, target := range red13orcSweepLinks {
				if err := os.Symlink(sub(target), sub(name)); err != nil {
					t.Fatal(err)
				}
			}
		}
		engine[linked], subs[linked] = sweepEngines(root, dirs, sub), sub
	}
	for _, r := range red13orcSweep {
		sub := subs[r.links]
		if r.want == "error" {
			red13orcSweepLoadFails(t, r, sub)
			continue
		}
		e := engine[r.links](t, r.settings)
		d := sweepDecide(t, e, r.tool, sub(r.input), r.mode)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s: %s %s [%s] under %s: got %s (%s: %s), want %s (reference: %s)", r.id, r.tool, r.input, r.mode,
				r.settings, got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

// red13orcSweepLoadFails checks that a row's settings do not load: agentctl
// rejects a rule the reference silently reads another way.
func red13orcSweepLoadFails(t *testing.T, r red13orcSweepRow, sub func(string) string) {
	t.Helper()
	root := t.TempDir()
	_, err := settings.Load(settings.Options{Cwd: root, Home: root, ManagedFile: filepath.Join(root, "none.json"),
		TrustWorkspace: true, FlagSettings: sub(r.settings)})
	if err == nil {
		t.Errorf("%s: settings %s loaded, want an error", r.id, r.settings)
	}
}

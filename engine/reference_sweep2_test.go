package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// Rows of a second differential sweep against the reference CLI (2.1.332,
// run offline): rule grammar (Tool(*), tool-name globs, :* and several *,
// escapes, quotes and blanks between rule and command), sources through
// command-line rules, modes across Read, Write, Edit, Bash and WebFetch,
// WebFetch domain forms, and everyday developer commands under a typical
// allow list. The settings are flag settings, as the reference got them.
// Each row keeps the reference's answer (ref). agentctl is never looser
// than the reference, except where note says which part of the spec
// decides otherwise; the rows that once were looser are the regression
// tests of the fixes (see bypass_red7orc_test.go).

type sweep2Row struct {
	settings string // flag settings; <cwd>, <home>, <tmp> stand for the case's directories
	flags    string // ";"-separated allow=RULE, deny=RULE, add-dir=DIR command-line flags
	tool     string
	input    string // JSON
	mode     string
	want     string
	ref      string // the reference's decision
	note     string // why agentctl is looser than ref (spec section), when it is
}

var referenceSweep2 = []sweep2Row{
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin main"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git  push origin main"}`, `default`, `allow`, `ask`, `spec §3: the words are the same; only blanks between them differ`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push 'origin' main"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push \"origin\" main"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin main "}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin main # c"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"g\\it push origin main"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin\\\n main"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(touch a b)"]}}`, ``, `Bash`, `{"command":"touch a  b"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch 'a b')"]}}`, ``, `Bash`, `{"command":"touch a\\ b"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch \"a b\")"]}}`, ``, `Bash`, `{"command":"touch 'a b'"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test:unit"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run testing"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm  run test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run 'test'"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test\t-x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test *)"]}}`, ``, `Bash`, `{"command":"npm run test:unit"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test *)"]}}`, ``, `Bash`, `{"command":"npm run testing"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test *)"]}}`, ``, `Bash`, `{"command":"npm  run test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test *)"]}}`, ``, `Bash`, `{"command":"npm run 'test'"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run test *)"]}}`, ``, `Bash`, `{"command":"npm run test\t-x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test*)"]}}`, ``, `Bash`, `{"command":"npm run test:unit"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test*)"]}}`, ``, `Bash`, `{"command":"npm run testing"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test*)"]}}`, ``, `Bash`, `{"command":"npm  run test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test*)"]}}`, ``, `Bash`, `{"command":"npm run 'test'"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run test*)"]}}`, ``, `Bash`, `{"command":"npm run test\t-x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git:* push)"]}}`, ``, `Bash`, `{"command":"git foo push"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(git:* push)"]}}`, ``, `Bash`, `{"command":"git: push"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git * main)"]}}`, ``, `Bash`, `{"command":"git main"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(git * main)"]}}`, ``, `Bash`, `{"command":"git push origin main2"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(git * push * main)"]}}`, ``, `Bash`, `{"command":"git -C x push -f origin main"}`, `default`, `ask`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(touch \\*)"]}}`, ``, `Bash`, `{"command":"touch abc"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch \\*)"]}}`, ``, `Bash`, `{"command":"touch '*'"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch *.txt)"]}}`, ``, `Bash`, `{"command":"touch a.txt; touch b"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch *.txt)"]}}`, ``, `Bash`, `{"command":"touch a.txt b.sh"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(* --version)"]}}`, ``, `Bash`, `{"command":"node --version"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(* --version)"]}}`, ``, `Bash`, `{"command":"touch q --version"}`, `default`, `ask`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(*)"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(:*)"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash( touch:*)"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch:* )"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch :*)"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch::*)"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch::*)"]}}`, ``, `Bash`, `{"command":"touch :q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(python3 -c \"print(1)\")"]}}`, ``, `Bash`, `{"command":"python3 -c \"print(1)\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"deny":["B*"]}}`, ``, `Bash`, `{"command":"ls"}`, `default`, `deny`, `deny`, ``},
	{`{"permissions":{"ask":["Bash(*)"]}}`, ``, `Bash`, `{"command":"ls"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"ask":["*"]}}`, ``, `Bash`, `{"command":"ls"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["*"]}}`, ``, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(*)","B*"]}}`, ``, `Write`, `{"file_path":"<cwd>/q.txt","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"deny":["Read(*)"]}}`, ``, `Read`, `{"file_path":"<cwd>/README.md"}`, `default`, `deny`, `deny`, ``},
	{`{"permissions":{"ask":["Read(*)"]}}`, ``, `Read`, `{"file_path":"<cwd>/README.md"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Write"]}}`, ``, `Write`, `{"file_path":"<cwd>/q.txt","content":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Write(*)"]}}`, ``, `Write`, `{"file_path":"<cwd>/q.txt","content":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit(*)"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit(*.ts)"]}}`, ``, `Write`, `{"file_path":"<cwd>/lib/q.ts","content":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Edit(*.ts)"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.ts","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit(src/**)"]}}`, ``, `Write`, `{"file_path":"<cwd>/lib/src/q.ts","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit(**)"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.ts","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit(**)"]}}`, ``, `Write`, `{"file_path":"<cwd>/.vscode/settings.json","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Read"]}}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Read(*)"]}}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Read(**)"]}}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Read(//etc/*)"]}}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Read(~/**)"]}}`, ``, `Read`, `{"file_path":"<home>/.bashrc"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"deny":["Bash(touch:*)"]}}`, `allow=Bash(touch q)`, `Bash`, `{"command":"touch q"}`, `default`, `deny`, `deny`, ``},
	{`{"permissions":{"ask":["Bash(touch:*)"]}}`, `allow=Bash(touch q)`, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch:*)"]}}`, `deny=Bash(touch)`, `Bash`, `{"command":"touch q"}`, `default`, `ask`, `allow`, ``},
	{`{"permissions":{"allow":["Bash"]}}`, `deny=Bash(touch q)`, `Bash`, `{"command":"touch q"}`, `default`, `deny`, `deny`, ``},
	{`{"permissions":{"allow":["Read"]}}`, `deny=Read(.env)`, `Read`, `{"file_path":"<cwd>/.env"}`, `default`, `deny`, `deny`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `default`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `dontAsk`, `deny`, `deny`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `dontAsk`, `deny`, `deny`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `dontAsk`, `deny`, `deny`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `plan`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Read`, `{"file_path":"/etc/hosts"}`, `plan`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `plan`, `deny`, `ask`, ``},
	{`{"permissions":{"ask":["Bash(git push:*)"]}}`, ``, `Bash`, `{"command":"git push origin main"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`{"permissions":{"ask":["Read"]}}`, ``, `Read`, `{"file_path":"<cwd>/README.md"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`{"permissions":{"ask":["Edit"]}}`, ``, `Write`, `{"file_path":"<cwd>/q.txt","content":"x"}`, `acceptEdits`, `ask`, `allow`, ``},
	{`{"permissions":{"ask":["WebFetch"]}}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `bypassPermissions`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch"],"ask":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://EXAMPLE.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"chmod +x x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"ln -s x y"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"cp x ~/y"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"touch .bashrc"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"echo hi | tee out.txt"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"rmdir src/nested"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`{}`, ``, `Bash`, `{"command":"mv x src/"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`{}`, ``, `Bash`, `{"command":"sed -i.bak s/x/y/ x"}`, `acceptEdits`, `allow`, `ask`, `spec §6: acceptEdits runs sed inside the working directories; its backup is a checked write`},
	{`{}`, ``, `Bash`, `{"command":"install -m 644 x y"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"truncate -s 0 x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Write`, `{"file_path":"<cwd>/q.txt","content":"x"}`, `default`, `allow`, `ask`, `spec §4: Edit rules cover Write`},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Edit`, `{"file_path":"<cwd>/x","old_string":"x","new_string":"y"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Edit`, `{"file_path":"<tmp>/f","old_string":"x","new_string":"y"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Write"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Edit(/<tmp>/**)"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Edit(*)"]}}`, ``, `Write`, `{"file_path":"<cwd>/src/q.txt","content":"x"}`, `default`, `allow`, `ask`, `spec §2 and §4: Edit(*) is Edit, which covers Write`},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Write`, `{"file_path":"<home>/q.txt","content":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit"]}}`, ``, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Edit"]}}`, `add-dir=<tmp>`, `Write`, `{"file_path":"<tmp>/q.txt","content":"x"}`, `default`, `allow`, `ask`, `spec §4: Edit rules cover Write`},
	{`{"permissions":{"allow":["Read(*)"]}}`, ``, `Read`, `{"file_path":"<home>/f"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Read(**)"]}}`, ``, `Read`, `{"file_path":"<home>/f"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Read(~/**)"]}}`, ``, `Read`, `{"file_path":"<home>/f"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(cp:*)","Edit"]}}`, ``, `Bash`, `{"command":"cp x <tmp>/y"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(cp:*)","Edit(/<tmp>/**)"]}}`, ``, `Bash`, `{"command":"cp x <tmp>/y"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(cat:*)","Read"]}}`, ``, `Bash`, `{"command":"cat /etc/hosts"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(cat:*)","Read(*)"]}}`, ``, `Bash`, `{"command":"cat /etc/hosts"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch:*)","Edit"]}}`, ``, `Bash`, `{"command":"touch <tmp>/q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(touch:*)"]}}`, ``, `Bash`, `{"command":"touch <tmp>/q"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin  main"}`, `default`, `allow`, `ask`, `spec §3: the words are the same; only blanks between them differ`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git\tpush origin main"}`, `default`, `allow`, `ask`, `spec §3: the words are the same; only blanks between them differ`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push origin ma''in"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git push origin main)"]}}`, ``, `Bash`, `{"command":"git push 'origin main'"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test  -x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run te\\st"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run \"test\" -x"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"n\\pm run test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test 'a b'"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test -- --grep \"a b\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git commit:*)"]}}`, ``, `Bash`, `{"command":"git commit -m \"fix: a b\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git commit -m \"wip\")"]}}`, ``, `Bash`, `{"command":"git commit -m \"wip\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(git commit -m \"wip\")"]}}`, ``, `Bash`, `{"command":"git commit -m 'wip'"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git commit -m \"wip\")"]}}`, ``, `Bash`, `{"command":"git commit -m wip"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git commit -m wip)"]}}`, ``, `Bash`, `{"command":"git commit -m \"wip\""}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(git commit -m *)"]}}`, ``, `Bash`, `{"command":"git commit -m \"a\" --amend"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run build *)"]}}`, ``, `Bash`, `{"command":"npm run \"build\" -- --watch"}`, `default`, `allow`, `ask`, `spec §3: the same words, quoted or escaped differently (the normalised command; fixtures/decisions/spec.json allow-narrow)`},
	{`{"permissions":{"allow":["Bash(npm run build)"]}}`, ``, `Bash`, `{"command":"timeout 60 npm run build"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run build)"]}}`, ``, `Bash`, `{"command":"NODE_ENV=production npm run build"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run build:*)"]}}`, ``, `Bash`, `{"command":"NODE_ENV=production  npm run build"}`, `default`, `allow`, `allow`, ``},
	{`{}`, ``, `Bash`, `{"command":"ls \\\n -la"}`, `default`, `allow`, `allow`, ``},
	{`{}`, ``, `Bash`, `{"command":"cat README\\ x.md"}`, `default`, `ask`, `ask`, ``},
	{`{}`, ``, `Bash`, `{"command":"git log \\\n --oneline"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test \\\n --x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, ``, `Bash`, `{"command":"npm run test\\ x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://sub.example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://example.com.evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://evil.com/example.com","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://example.com:8443/x","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"http://example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://example.com@evil.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com)"]}}`, ``, `WebFetch`, `{"url":"https://EXAMPLE.com./","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, ``, `WebFetch`, `{"url":"https://example.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:*.example.com)"]}}`, ``, `WebFetch`, `{"url":"https://a.b.example.com/","prompt":"x"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:exa*.com)"]}}`, ``, `WebFetch`, `{"url":"https://exa.mple.com/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(https://example.com/*)"]}}`, ``, `WebFetch`, `{"url":"https://example.com/x","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["WebFetch(domain:example.com:8443)"]}}`, ``, `WebFetch`, `{"url":"https://example.com:8443/","prompt":"x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm test -- --coverage"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm install lodash"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm install --save-dev jest"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm run build && npm test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm run lint -- --fix; npm publish"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"git add -A && git commit -m \"feat: x\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"git commit --amend --no-edit"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"git add . && git push"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"go test ./... -run TestX -v 2>&1 | tail -50"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"go build -o bin/app ./cmd/app"}`, `default`, `ask`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"cargo test -- --nocapture"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"cargo build --release 2>&1 | head -20"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"make -j4 test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"make -C sub test"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"pytest -x -k \"a or b\""}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"pytest tests/ -q > out.txt"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"docker compose up -d"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"docker compose up --build"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"kubectl get pods -A -o wide"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"kubectl get pods && kubectl delete pod x"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"kubectl get secret db -o yaml"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"gh pr view 12 --json title"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"pnpm test --filter web"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npx jest"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"DEBUG=1 npm run build"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"CI=true pytest"}`, `default`, `allow`, `allow`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"FOO=bar npm run build"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm run build > build.log 2>&1"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"npm run build &"}`, `default`, `ask`, `ask`, ``},
	{`{"permissions":{"allow":["Bash(npm run *)","Bash(npm test)","Bash(npm install)","Bash(git add:*)","Bash(git commit:*)","Bash(go test:*)","Bash(go build:*)","Bash(cargo test:*)","Bash(cargo build:*)","Bash(make:*)","Bash(pytest:*)","Bash(docker ps)","Bash(docker compose up:*)","Bash(kubectl get:*)","Bash(gh pr view:*)","Bash(gh pr list:*)","Bash(pnpm test:*)","Bash(yarn test:*)"]}}`, ``, `Bash`, `{"command":"cd sub && make test"}`, `default`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"git status"}`, `dontAsk`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"ls -la"}`, `dontAsk`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"git log --oneline -5"}`, `plan`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"mkdir -p <tmp>/x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"git add ."}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"rm -rf src"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"cp -r src lib/"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{"useAutoModeDuringPlan":false}`, ``, `Bash`, `{"command":"rm -rf src"}`, `bypassPermissions`, `allow`, `allow`, ``},
	{`{}`, ``, `Write`, `{"file_path":"<cwd>/.claude/settings.json","content":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Write`, `{"file_path":"<cwd>/.gitignore","content":"x"}`, `acceptEdits`, `allow`, `allow`, ``},
	{`{}`, ``, `Write`, `{"file_path":"<cwd>/.husky/pre-commit","content":"x"}`, `acceptEdits`, `ask`, `ask`, ``},
	{`{}`, ``, `Write`, `{"file_path":"<cwd>/.env","content":"x"}`, `acceptEdits`, `allow`, `allow`, ``},
}

var sweep2Rank = map[string]int{"allow": 0, "ask": 1, "deny": 2}

func TestReferenceSweep2(t *testing.T) {
	for i, r := range referenceSweep2 {
		if sweep2Rank[r.want] < sweep2Rank[r.ref] && r.note == "" {
			t.Errorf("row %d (%s %s): want %s is looser than the reference's %s with no note", i, r.tool, r.input, r.want, r.ref)
		}
	}
	files := map[string]string{"<cwd>/package.json": `{"scripts":{"test":"x","build":"x"}}`, "<cwd>/.env": "SECRET=x\n",
		"<cwd>/README.md": "# x\n", "<cwd>/x": "x\n", "<cwd>/src/index.ts": "x\n", "<cwd>/src/nested/deep.ts": "x\n",
		"<cwd>/lib/util.ts": "x\n", "<cwd>/sub/k": "x\n", "<home>/.bashrc": "x\n", "<home>/f": "x\n", "<tmp>/f": "x\n"}
	root, dirs, sub := sweepLayout(t, files)
	engines := map[string]*Engine{}
	for _, r := range referenceSweep2 {
		key := r.settings + "\x00" + r.flags
		e := engines[key]
		if e == nil {
			opts := settings.Options{Cwd: dirs["<cwd>"], Home: dirs["<home>"], ManagedFile: filepath.Join(root, "none.json"),
				TrustWorkspace: true, FlagSettings: sub(r.settings)}
			for _, f := range strings.Split(r.flags, ";") {
				switch k, v, _ := strings.Cut(f, "="); k {
				case "allow":
					opts.AllowedTools = append(opts.AllowedTools, v)
				case "deny":
					opts.DisallowedTools = append(opts.DisallowedTools, v)
				case "add-dir":
					opts.AddDirs = append(opts.AddDirs, sub(v))
				}
			}
			s, err := settings.Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if e, err = New(context.Background(), s, WithEvaluator(EvalBoth)); err != nil {
				t.Fatal(err)
			}
			engines[key] = e
		}
		d := sweepDecide(t, e, r.tool, sub(r.input), r.mode)
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s %s [%s] under %s %s: got %s (%s: %s), want %s (reference: %s)", r.tool, r.input, r.mode, r.settings, r.flags,
				got, d.Stage, d.Reason, r.want, r.ref)
		}
	}
}

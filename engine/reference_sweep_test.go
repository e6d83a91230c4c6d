package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// Rows of a differential sweep against the reference CLI (2.1.332, run
// offline on the same settings and call). Each row keeps the reference's
// answer in a comment; where the row's want differs, the spec says
// agentctl is stricter on purpose. The rows that once differed (agentctl
// looser) are the regression tests of the fixes.

type sweepRow struct {
	settings string // project settings JSON
	tool     string
	input    string // JSON; <cwd> stands for the project directory
	mode     string
	want     string
}

var referenceSweep = []sweepRow{
	// A directory change combined with a file write asks outside bypass
	// mode. Before: allow (acceptEdits).
	{`{}`, "Bash", `{"command":"cd sub && touch x"}`, "acceptEdits", "ask"},                                                    // ref: ask
	{`{}`, "Bash", `{"command":"cd sub && mkdir x"}`, "acceptEdits", "ask"},                                                    // ref: ask
	{`{}`, "Bash", `{"command":"cd sub && echo x > f"}`, "acceptEdits", "ask"},                                                 // ref: ask
	{`{}`, "Bash", `{"command":"cd sub; touch x"}`, "acceptEdits", "ask"},                                                      // ref: ask
	{`{}`, "Bash", `{"command":"touch x && cd sub"}`, "acceptEdits", "ask"},                                                    // ref: ask
	{`{}`, "Bash", `{"command":"cd sub && rm k"}`, "acceptEdits", "ask"},                                                       // ref: ask
	{`{}`, "Bash", `{"command":"cd sub && ls > out"}`, "acceptEdits", "ask"},                                                   // ref: ask
	{`{}`, "Bash", `{"command":"cd sub && sed -i s/x/y/ k"}`, "acceptEdits", "ask"},                                            // ref: ask
	{`{}`, "Bash", `{"command":"(cd sub && touch x)"}`, "acceptEdits", "ask"},                                                  // ref: ask
	{`{}`, "Bash", `{"command":"cd sub\ntouch x"}`, "acceptEdits", "ask"},                                                      // ref: ask
	{`{}`, "Bash", `{"command":"pushd sub && touch x"}`, "acceptEdits", "ask"},                                                 // ref: ask
	{`{"permissions":{"allow":["Bash(cd:*)","Bash(touch:*)"]}}`, "Bash", `{"command":"cd sub && touch x"}`, "default", "ask"},  // ref: ask
	{`{"permissions":{"allow":["Bash(touch:*)"]}}`, "Bash", `{"command":"cd sub && touch x"}`, "dontAsk", "deny"},              // ref: deny
	{`{}`, "Bash", `{"command":"cd <cwd>/sub && touch x"}`, "acceptEdits", "ask"},                                              // ref: allow (stricter: an absolute cd is a cd too)
	{`{}`, "Bash", `{"command":"cd . && touch x"}`, "acceptEdits", "allow"},                                                    // ref: allow
	{`{}`, "Bash", `{"command":"cd sub && touch x"}`, "bypassPermissions", "allow"},                                            // ref: allow
	{`{}`, "Bash", `{"command":"cd sub && cat k"}`, "default", "allow"},                                                        // ref: allow
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"cd sub && npm run test"}`, "default", "allow"}, // ref: allow
	// jq options that read a file its operands do not name are not
	// read-only. Before: allow.
	{`{}`, "Bash", `{"command":"jq -n 1 --rawfile a a.txt"}`, "default", "ask"}, // ref: ask
	{`{}`, "Bash", `{"command":"jq --slurpfile=a a.txt -n 1"}`, "default", "ask"},
	{`{}`, "Bash", `{"command":"jq -rf prog.jq a.txt"}`, "default", "ask"},
	{`{}`, "Bash", `{"command":"jq -r .a a.txt"}`, "default", "allow"},
	// A command substitution asks even when every part is read-only or
	// allowed: its output becomes words of the command. Before: allow.
	{`{}`, "Bash", `{"command":"echo $(cat a.txt)"}`, "default", "ask"},                                                       // ref: ask
	{`{}`, "Bash", `{"command":"echo ` + "`pwd`" + `"}`, "default", "ask"},                                                    // ref: ask
	{`{}`, "Bash", `{"command":"echo \"$(ls)\""}`, "default", "ask"},                                                          // ref: ask
	{`{}`, "Bash", `{"command":"echo $(echo hi)"}`, "default", "ask"},                                                         // ref: ask
	{`{}`, "Bash", `{"command":"echo $(cat a.txt)"}`, "acceptEdits", "ask"},                                                   // ref: ask
	{`{}`, "Bash", `{"command":"echo $(cat a.txt)"}`, "dontAsk", "deny"},                                                      // ref: deny
	{`{"permissions":{"allow":["Bash(echo:*)","Bash(cat:*)"]}}`, "Bash", `{"command":"echo $(cat a.txt)"}`, "default", "ask"}, // ref: ask
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"npm run test $(ls)"}`, "default", "ask"},      // ref: ask
	{`{}`, "Bash", `{"command":"echo $((1+2))"}`, "default", "allow"},                                                         // ref: allow
	{`{}`, "Bash", `{"command":"echo ${HOME}"}`, "default", "allow"},                                                          // ref: allow
	// The read-only check sees through timeout, command, builtin and
	// noglob only; rules see through every wrapper of spec §3. Before: allow.
	{`{}`, "Bash", `{"command":"nice ls"}`, "default", "ask"},                                                                  // ref: ask
	{`{}`, "Bash", `{"command":"nice -n 5 ls"}`, "default", "ask"},                                                             // ref: ask
	{`{}`, "Bash", `{"command":"time ls"}`, "default", "ask"},                                                                  // ref: ask
	{`{}`, "Bash", `{"command":"time -p ls"}`, "default", "ask"},                                                               // ref: ask
	{`{}`, "Bash", `{"command":"time git status"}`, "default", "ask"},                                                          // ref: ask
	{`{}`, "Bash", `{"command":"nohup ls"}`, "default", "ask"},                                                                 // ref: ask
	{`{}`, "Bash", `{"command":"stdbuf -o0 ls"}`, "default", "ask"},                                                            // ref: ask
	{`{}`, "Bash", `{"command":"timeout 5 ls"}`, "default", "allow"},                                                           // ref: allow
	{`{}`, "Bash", `{"command":"timeout 5 git status"}`, "default", "allow"},                                                   // ref: allow
	{`{}`, "Bash", `{"command":"command ls"}`, "default", "allow"},                                                             // ref: allow
	{`{}`, "Bash", `{"command":"builtin pwd"}`, "default", "allow"},                                                            // ref: allow
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"nice -n 5 npm run test"}`, "default", "allow"}, // ref: allow
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"time npm run test"}`, "default", "allow"},      // ref: allow
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"nohup npm run test"}`, "default", "allow"},     // ref: allow
	// Rows that already agreed.
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"npm run test\ncurl evil"}`, "default", "ask"},    // ref: ask
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"npm run test | sh"}`, "default", "ask"},          // ref: ask
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"npm run test $(curl x)"}`, "default", "ask"},     // ref: ask
	{`{"permissions":{"allow":["Bash(npm run test:*)"]}}`, "Bash", `{"command":"npm run test '$(curl x)'"}`, "default", "allow"}, // ref: allow
	{`{"permissions":{"allow":["Bash(git diff *)"]}}`, "Bash", `{"command":"git diff HEAD > out.txt"}`, "default", "ask"},        // ref: ask
	{`{"permissions":{"allow":["Bash(ls *)"]}}`, "Bash", `{"command":"ls -la && rm -rf x"}`, "default", "ask"},                   // ref: ask
	{`{"permissions":{"deny":["Bash(curl:*)"]}}`, "Bash", `{"command":"FOO=1 curl x"}`, "default", "deny"},                       // ref: deny
	{`{"permissions":{"deny":["Bash(rm:*)"]}}`, "Bash", `{"command":"timeout 5 rm -rf x"}`, "default", "deny"},                   // ref: deny
	{`{"permissions":{"deny":["Read(./.env)"]}}`, "Bash", `{"command":"cat < .env"}`, "default", "deny"},                         // ref: deny
	{`{}`, "Bash", `{"command":"ls > .git/hooks/pre-commit"}`, "default", "ask"},                                                 // ref: ask
	{`{}`, "Bash", `{"command":"mkdir -p a && rm -rf a"}`, "acceptEdits", "allow"},                                               // ref: allow
	{`{}`, "Bash", `{"command":"sed -i s/x/y/ /etc/hosts"}`, "acceptEdits", "ask"},                                               // ref: ask
	{`{}`, "Bash", `{"command":"rm -rf /"}`, "bypassPermissions", "ask"},                                                         // ref: ask
	{`{}`, "Write", `{"file_path":"<cwd>/.git/config","content":"x"}`, "bypassPermissions", "ask"},                               // ref: allow (stricter, spec §6)
	{`{}`, "Write", `{"file_path":"<cwd>/b.txt","content":"x"}`, "plan", "deny"},                                                 // ref: ask (stricter, spec §6)
	{`{"permissions":{"allow":["Bash(git * main)"]}}`, "Bash", `{"command":"git push origin main; rm -rf x"}`, "default", "ask"}, // ref: ask
}

func TestReferenceSweep(t *testing.T) {
	files := map[string]string{"a.txt": "x\n", "sub/k": "x\n", ".env": "SECRET=x\n", ".git/HEAD": "ref: refs/heads/main\n"}
	engines := map[string]*Engine{}
	for _, r := range referenceSweep {
		e := engines[r.settings]
		if e == nil {
			fs := map[string]string{}
			for k, v := range files {
				fs[k] = v
			}
			var err error
			if e, err = New(context.Background(), project(t, r.settings, fs)); err != nil {
				t.Fatal(err)
			}
			engines[r.settings] = e
		}
		var in map[string]any
		if err := json.Unmarshal([]byte(strings.ReplaceAll(r.input, "<cwd>", e.settings.Cwd)), &in); err != nil {
			t.Fatal(err)
		}
		d, err := e.Decide(context.Background(), Call{Tool: r.tool, Mode: r.mode, Input: in})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Decision.String(); got != r.want {
			t.Errorf("%s %s [%s] under %s: got %s (%s: %s), want %s", r.tool, r.input, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
		}
	}
}

package engine

import "testing"

// Round-15 bypass rows found by the ninth reference sweep
// (reference_sweep9_test.go), over Bash rule spellings.
//
// A deny or ask Bash rule written with a leading assignment or a harmless
// wrapper — Bash(timeout 5 npm publish), Bash(nice npm publish:*),
// Bash(command rm -rf *), Bash(RAILS_ENV=production rails db:drop),
// Bash(NODE_ENV=production npm run deploy:*) — was filed under its first
// word ("timeout", "RAILS_ENV=production"), while a command is looked up by
// the name left after those are peeled ("npm", "rails"): the rule was never
// consulted, and under a bare Bash allow the very command it spells ran
// (checked with the reference CLI: it denies or asks each of them as
// written). Now such a rule is also filed under, and also matches, its
// peeled form (engine/bashrulehead.go, in the compiled rules both
// evaluators read), so it catches the command with the prefix, with
// another prefix, and without one: the wrapper does not change what runs,
// and an assignment may already be in the inherited environment. An allow
// rule keeps its narrow meaning.
//
// A deny or ask rule with an escaped star, Bash(rm \*), was compiled with
// the backslash as a character and the star as a wildcard, while commands
// are matched with the shell's quoting removed: rm \* (and rm '*', rm "*")
// read "rm *", which the rule's regular expression, "rm \\.*", never
// matched (the reference denies rm \* by it). Now such a rule also matches
// the literal star (escapedStarRule); an allow rule keeps its own form, so
// Bash(touch \*) does not approve the glob touch *.
//
// A deny or ask rule that is a compound command itself, Bash(cd sub && npm
// test) or Bash(curl * | sh), was matched against each simple command of
// the call, none of which is the compound: the rule never matched, and cd
// sub && npm test ran under a bare Bash allow (the reference denies it).
// Now such a rule matches a call holding a command that matches each of its
// parts, in any order and joined by any operator (engine/bashcompound.go;
// lib.compound_pairs and partsMatch read the rule's parts the same way).
//
// A deny or ask rule naming the program by a path, Bash(./scripts/deploy.sh:*),
// was filed under that path, while the same script also runs as
// scripts/deploy.sh, by its absolute path, through "..", with a doubled
// slash, or as ./deploy.sh after cd scripts (checked with real bash: each
// ran the script): the rule caught only its own spelling. A command's path
// is not part of what deny and ask rules see (spec §3), so such a rule is
// now also filed under, and matched in, its base-name form
// (peeledBashForms): deploy.sh and its arguments.
//
// A deny or ask prefix rule on a wrapper itself, Bash(nohup:*),
// Bash(timeout *), Bash(xargs:*), matched no command: a command is matched
// with its wrappers peeled off (nohup ls is "ls"), so under a bare Bash
// allow nohup ls ran, and /usr/bin/sudo ls passed Bash(sudo:*). Now such a
// rule matches a command peeled of that wrapper, in either view
// (engine/bashwrapperrule.go; lib.wrapper_pairs and wrapperMatches read
// the facts' peeled lists the same way).

var red15orcFiles = map[string]string{"<cwd>/a.txt": "a\n", "<cwd>/scripts/deploy.sh": "#!/bin/sh\necho deploy\n", "<cwd>/scripts/build.sh": "#!/bin/sh\n"}

var red15orcRows = map[string][]bashModeRow{
	"deny rule with a wrapper": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "timeout 5 npm publish", "default", "deny"},           // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "timeout 9 npm publish", "default", "deny"},           // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "npm publish", "default", "deny"},                     // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "(timeout 5 npm publish)", "default", "deny"},         // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "bash -c 'timeout 5 npm publish'", "default", "deny"}, // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "true && timeout 5 npm publish", "default", "deny"},   // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "sudo timeout 5 npm publish", "default", "deny"},      // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "npm publish --tag x", "default", "allow"},            // exact rule: other arguments
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout 5 npm publish)"]}}`, "echo timeout 5 npm publish", "default", "allow"},     // neighbour: words of echo
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "nice npm publish --x", "default", "deny"},               // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "nice -n 5 npm publish", "default", "deny"},              // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "nohup nice npm publish &", "default", "deny"},           // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "stdbuf -oL npm publish", "default", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "npm publishx", "default", "allow"},                      // neighbour: word boundary
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nice npm publish:*)"]}}`, "nice npm run build", "default", "allow"},                // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(command rm -rf *)"]}}`, "command rm -rf build", "default", "deny"},                 // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(command rm -rf *)"]}}`, "rm -rf build", "default", "deny"},                         // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(command rm -rf *)"]}}`, "time rm -rf build", "default", "deny"},                    // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(command rm -rf *)"]}}`, "rm a.txt", "default", "allow"},                            // neighbour
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(nohup npm publish)"]}}`, "nohup npm publish", "default", "ask"},                     // was allow; ref ask
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(nohup npm publish)"]}}`, "nohup npm publish", "dontAsk", "deny"},                    // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(builtin cd /)"]}}`, "cd /", "default", "ask"},                                       // was allow
	},
	"deny rule with a leading assignment": {
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(RAILS_ENV=production rails db:drop)"]}}`, "RAILS_ENV=production rails db:drop", "default", "ask"},               // was allow; ref ask
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(RAILS_ENV=production rails db:drop)"]}}`, "rails db:drop", "default", "ask"},                                    // was allow; ref allow (inherited env)
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(RAILS_ENV=production rails db:drop)"]}}`, "export RAILS_ENV=production; rails db:drop", "default", "ask"},       // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(RAILS_ENV=production rails db:drop)"]}}`, "env RAILS_ENV=production rails db:drop", "default", "ask"},           // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(RAILS_ENV=production rails db:drop)"]}}`, "rails db:migrate", "default", "allow"},                               // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(NODE_ENV=production npm run deploy:*)"]}}`, "NODE_ENV=production npm run deploy", "default", "deny"},           // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(NODE_ENV=production npm run deploy:*)"]}}`, "NODE_ENV=production npm run deploy -- --prod", "default", "deny"}, // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(NODE_ENV=production npm run deploy:*)"]}}`, "CI=1 NODE_ENV=production  npm run deploy", "default", "deny"},     // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(NODE_ENV=production npm run deploy:*)"]}}`, "npm run build", "default", "allow"},                               // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(FOO=1 npm test)"]}}`, "FOO=1 npm test", "default", "deny"},                                                     // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(FOO=1 npm test)"]}}`, "BAR=1 FOO=1 npm test", "default", "deny"},                                               // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(FOO=1 npm test)"]}}`, "FOO=1 npm test; ls", "default", "deny"},                                                 // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(FOO=1 npm test)"]}}`, "npm test --x", "default", "allow"},                                                      // exact rule: other arguments
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(FOO=1 npm *)"]}}`, "FOO=1 npm ci", "default", "deny"},                                                          // was allow
	},
	"deny rule with blanks or quotes": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm  publish:*)"]}}`, "npm  publish", "default", "deny"},        // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm  publish:*)"]}}`, "npm publish --tag x", "default", "deny"}, // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm  publish:*)"]}}`, "npm run build", "default", "allow"},      // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm\tpublish *)"]}}`, "npm\tpublish x", "default", "deny"},      // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm\tpublish *)"]}}`, "npm publish x", "default", "deny"},       // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish *  )"]}}`, "npm publish x", "default", "deny"},      // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm 'publish' *)"]}}`, "npm 'publish' x", "default", "deny"},    // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm 'publish' *)"]}}`, "npm publish", "default", "deny"},        // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(npm 'publish' *)"]}}`, "npm run x", "default", "allow"},         // neighbour
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(\"git\" push *)"]}}`, "git push origin", "default", "ask"},       // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(\"git\" push *)"]}}`, "git status", "default", "allow"},          // neighbour
	},
	"escaped star in a deny or ask rule": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `rm \*`, "default", "deny"},              // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `rm '*'`, "default", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `rm "*"`, "default", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `sudo rm \*`, "default", "deny"},         // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `r\m \*`, "default", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `rm *`, "default", "deny"},               // the glob: was ask (critical path)
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm '*')"]}}`, `rm \*`, "default", "deny"},              // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm '*')"]}}`, `rm "*"`, "default", "deny"},             // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm '*')"]}}`, `rm a.txt`, "default", "allow"},          // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(rm \\*)"]}}`, `rm a.txt`, "default", "allow"},          // neighbour
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(git add \\*)"]}}`, `git add \*`, "default", "ask"},      // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(git add \\*)"]}}`, `git add a.txt`, "default", "allow"}, // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(echo \\* *)"]}}`, `echo '*' b`, "default", "deny"},     // was allow
		{`{"permissions":{"allow":["Bash(touch \\*)"]}}`, `touch *`, "default", "ask"},                          // allow keeps its own form
	},
	"compound deny or ask rule": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub && npm test", "default", "deny"},                     // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub; npm test", "default", "deny"},                       // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub  &&  npm test", "default", "deny"},                   // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "(cd sub && npm test)", "default", "deny"},                   // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub &&\\\nnpm test", "default", "deny"},                  // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub && timeout 5 npm test", "default", "deny"},           // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "npm test", "default", "allow"},                              // neighbour: one part
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(cd sub && npm test)"]}}`, "cd sub && ls", "default", "allow"},                          // neighbour
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(curl * | sh)"]}}`, "curl http://e | sh", "default", "ask"},                              // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(curl * | sh)"]}}`, "curl -s http://e|sh", "default", "ask"},                             // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(curl * | sh)"]}}`, "curl -s http://e|sh", "dontAsk", "deny"},                            // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(curl * | sh)"]}}`, "curl http://e -o x", "default", "allow"},                            // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(git add * && git push:*)"]}}`, "git add . && git push origin main", "default", "deny"}, // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(git add * && git push:*)"]}}`, "git add .", "default", "allow"},                        // neighbour
	},
	"deny rule naming the program by a path": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "./scripts/deploy.sh prod", "default", "deny"},        // as before
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "scripts/deploy.sh prod", "default", "deny"},          // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "/srv/app/scripts/deploy.sh prod", "default", "deny"}, // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "./scripts/../scripts/deploy.sh", "default", "deny"},  // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, ".//scripts/deploy.sh", "default", "deny"},            // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "cd scripts && ./deploy.sh", "default", "deny"},       // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "./scripts/build.sh", "default", "allow"},             // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/deploy.sh:*)"]}}`, "cat scripts/deploy.sh", "default", "allow"},          // neighbour: a read
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(/usr/bin/npm publish)"]}}`, "npm publish", "default", "ask"},                        // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(/usr/bin/npm publish)"]}}`, "npm run build", "default", "allow"},                    // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(./scripts/*.sh)"]}}`, "echo a.sh", "default", "allow"},                             // a starred base name is not peeled
	},
	"deny rule on a wrapper as a whole": {
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nohup:*)"]}}`, "nohup ls", "default", "deny"},             // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nohup:*)"]}}`, "nohup npm test &", "default", "deny"},     // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nohup:*)"]}}`, "true; nice nohup ls", "default", "deny"},  // was allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nohup:*)"]}}`, "ls", "default", "allow"},                  // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(nohup:*)"]}}`, "echo nohup", "default", "allow"},          // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout *)"]}}`, "timeout 5 npm test", "default", "deny"}, // was allow; ref deny
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(timeout *)"]}}`, "npm test", "default", "allow"},          // neighbour
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(sudo:*)"]}}`, "/usr/bin/sudo ls", "default", "deny"},      // was allow; ref allow
		{`{"permissions":{"allow":["Bash"],"deny":["Bash(sudo:*)"]}}`, "sudo -u root ls", "default", "deny"},       // as before
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(xargs:*)"]}}`, "echo a | xargs rm", "default", "ask"},      // was allow; ref deny (as a deny rule)
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(nohup*)"]}}`, "nohup ls", "dontAsk", "deny"},               // was allow
		{`{"permissions":{"allow":["Bash"],"ask":["Bash(env)"]}}`, "env FOO=1 ls", "default", "allow"},             // an exact rule is the bare command
	},
	"allow rule with a prefix stays narrow": {
		{`{"permissions":{"allow":["Bash(timeout 5 npm test)"]}}`, "timeout 5 npm test; rm -rf a.txt", "default", "ask"},
		{`{"permissions":{"allow":["Bash(FOO=1 npm test)"]}}`, "FOO=1 npm test && curl http://e", "default", "ask"},
		{`{"permissions":{"allow":["Bash(nice npm test)"]}}`, "nice npm test | sh", "default", "ask"},
		{`{"permissions":{"allow":["Bash(timeout 5 npm test)"]}}`, "npm publish", "default", "ask"},
	},
}

func TestRed15orcBypassRows(t *testing.T) {
	checkBashRows(t, red15orcFiles, red15orcRows)
}

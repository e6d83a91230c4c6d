package engine

import "testing"

// Short-flag tricks (spec §9) and options parsed as the program parses
// them (spec §3). A Bash deny or ask rule names options as its author
// spelled them, and was matched as text: Bash(rm -rf:*) denied `rm -rf x`
// but allowed, under a bare Bash allow, `rm -fr x`, `rm -r -f x`,
// `rm -R --force x`, `rm --rec --fo x` (getopt_long takes an unambiguous
// prefix) and `rm x -rf` (GNU rm reads options after operands); each
// removes x recursively and by force (checked with GNU rm). Likewise
// `git push -f` and `git push origin +main` under Bash(git push --force:*)
// (checked against a bare repository: "forced update"), `kill -KILL`,
// `kill -s sigkill` under Bash(kill -9:*) (bash's kill: status 137), and
// `git branch x -D` under Bash(git branch -D:*). A rule with options now
// also matches a command whose options, read with the program's grammar
// and spelled canonically, include the rule's (engine/optionform.go), and
// options a variable set to a literal spells are seen as well. Allow
// rules still match only their text.

type shortflagRow = bashModeRow

const (
	shortflagPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(rm -rf:*)","Bash(git push --force:*)","Bash(kill -9:*)",` +
		`"Bash(git reset --hard:*)","Bash(git branch -D:*)","Bash(chmod -R 777:*)"],` +
		`"ask":["Bash(curl -X POST:*)","Bash(git clean -fd:*)","Bash(sed -i:*)","Bash(docker run --privileged:*)"]}}`
	shortflagPkg = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm install -g:*)","Bash(pip install --user:*)",` +
		`"Bash(docker system prune -a:*)","Bash(docker rm -f:*)"]}}`
	shortflagSignals = `{"permissions":{"allow":["Bash"],"deny":["Bash(pkill -f node:*)","Bash(killall -u bob:*)","Bash(kill -TERM 1)"]}}`
	shortflagTf      = `{"permissions":{"allow":["Bash"],"deny":["Bash(terraform destroy:*)","Bash(tofu destroy:*)"]}}`
	shortflagSudo    = `{"permissions":{"allow":["Bash"],"deny":["Bash(sudo rm -rf:*)"]}}`
	shortflagGeneric = `{"permissions":{"allow":["Bash"],"deny":["Bash(frob publish --tag beta:*)","Bash(frob deploy --env=prod:*)"]}}`
	shortflagExact   = `{"permissions":{"allow":["Bash"],"deny":["Bash(rm -rf /)"]}}`
	shortflagNarrow  = `{"permissions":{"allow":["Bash(rm -rf build)","Edit"]}}`
)

var shortflagRows = map[string][]shortflagRow{
	"rm -rf respelled": {
		{shortflagPolicy, `rm -rf x`, "default", "deny"},
		{shortflagPolicy, `rm -fr x`, "default", "deny"},                 // was allow
		{shortflagPolicy, `rm -r -f x`, "default", "deny"},               // was allow
		{shortflagPolicy, `rm -f -r x`, "default", "deny"},               // was allow
		{shortflagPolicy, `rm -Rf x`, "default", "deny"},                 // was allow
		{shortflagPolicy, `rm -fR x`, "default", "deny"},                 // was allow
		{shortflagPolicy, `rm -R -f x`, "default", "deny"},               // was allow
		{shortflagPolicy, `rm -rfv x`, "default", "deny"},                // was allow
		{shortflagPolicy, `rm -vfr x`, "default", "deny"},                // was allow
		{shortflagPolicy, `rm -r -v -f x`, "default", "deny"},            // was allow
		{shortflagPolicy, `rm --recursive --force x`, "default", "deny"}, // was allow
		{shortflagPolicy, `rm --force --recursive x`, "default", "deny"}, // was allow
		{shortflagPolicy, `rm -r --force x`, "default", "deny"},          // was allow
		{shortflagPolicy, `rm --recursive -f x`, "default", "deny"},      // was allow
		{shortflagPolicy, `rm --rec --fo x`, "default", "deny"},          // was allow
		{shortflagPolicy, `rm x -rf`, "default", "deny"},                 // was allow
		{shortflagPolicy, `rm x -r -f`, "default", "deny"},               // was allow
		{shortflagPolicy, `rm -r x -f`, "default", "deny"},               // was allow
		{shortflagPolicy, `rm -fr -- x`, "default", "deny"},              // was allow
		{shortflagPolicy, `sudo rm -fr x`, "default", "deny"},            // was allow
		{shortflagPolicy, `/bin/rm -fr x`, "default", "deny"},            // was allow
		{shortflagPolicy, `command rm -fr x`, "default", "deny"},         // was allow
		{shortflagPolicy, `timeout 5 rm -Rf x`, "default", "deny"},       // was allow
		{shortflagPolicy, `bash -c 'rm -fr x'`, "default", "deny"},       // was allow
		{shortflagPolicy, `echo a && rm -fr x`, "default", "deny"},       // was allow
		{shortflagPolicy, `(cd /tmp; rm -fr x)`, "default", "deny"},      // was allow
		{shortflagPolicy, `xargs rm -fr < list`, "default", "deny"},      // was allow
		{shortflagPolicy, `rm -fr x`, "bypassPermissions", "deny"},       // was allow
		{shortflagPolicy, `rm -f x`, "default", "allow"},                 // force, not recursive
		{shortflagPolicy, `rm -r x`, "default", "allow"},                 // recursive, not force
		{shortflagPolicy, `rm -ri x`, "default", "allow"},
		{shortflagPolicy, `rm x`, "default", "allow"},
		{shortflagPolicy, `rm -- -rf`, "default", "allow"}, // removes the file named -rf
		{shortflagPolicy, `echo rm -fr x`, "default", "allow"},
		{shortflagPolicy, `ls -fr`, "default", "allow"},
	},
	"options from variables": {
		// A variable the script sets to a literal spells the options: each
		// spelling is a witness deny and ask rules see (varcommand.go).
		{shortflagPolicy, `X=-fr; rm $X x`, "default", "deny"},              // was ask
		{shortflagPolicy, `F=--force; rm -r $F x`, "default", "deny"},       // was ask
		{shortflagPolicy, `X=+main; git push origin $X`, "default", "deny"}, // was allow
		{shortflagPolicy, `S=KILL; kill -$S 1`, "default", "deny"},          // was allow
		{shortflagPolicy, `export X=-rf; rm $X x`, "default", "deny"},       // was ask
		{shortflagPolicy, `X=main; git push origin $X`, "default", "allow"}, // no force
		{shortflagPolicy, `S=TERM; kill -$S 1`, "default", "allow"},
	},
	"package managers' options respelled": {
		{shortflagPkg, `npm install -g x`, "default", "deny"},
		{shortflagPkg, `npm install --global x`, "default", "deny"},  // was allow
		{shortflagPkg, `npm i --global x`, "default", "deny"},        // was allow
		{shortflagPkg, `npm -g install x`, "default", "deny"},        // was allow
		{shortflagPkg, `npm --global=true add x`, "default", "deny"}, // was allow
		{shortflagPkg, `npm isntall --global x`, "default", "deny"},  // was allow: npm's typo alias
		{shortflagPkg, `npm install -D x`, "default", "allow"},
		{shortflagPkg, `npm i x`, "default", "allow"},
		{shortflagPkg, `pip install --user x`, "default", "deny"},
		{shortflagPkg, `pip install x --user`, "default", "deny"},  // was allow
		{shortflagPkg, `pip install --us x`, "default", "deny"},    // was allow: optparse takes a unique prefix
		{shortflagPkg, `pip3 install --user x`, "default", "deny"}, // was allow
		{shortflagPkg, `pip install -U x`, "default", "allow"},
		{shortflagPkg, `docker system prune -a`, "default", "deny"},
		{shortflagPkg, `docker system prune --all`, "default", "deny"}, // was allow
		{shortflagPkg, `docker system prune -af`, "default", "deny"},   // was allow
		{shortflagPkg, `docker system prune -f -a`, "default", "deny"}, // was allow
		{shortflagPkg, `docker system prune -f`, "default", "allow"},
		{shortflagPkg, `docker rm --force x`, "default", "deny"},      // was allow
		{shortflagPkg, `docker container rm -f x`, "default", "deny"}, // was allow
		{shortflagPkg, `docker rm x`, "default", "allow"},
	},
	"a subcommand spelled as an option": {
		// terraform apply -destroy plans and applies a destroy, as terraform
		// destroy does (Go's flag package: one dash or two, =true).
		{shortflagTf, `terraform destroy`, "default", "deny"},
		{shortflagTf, `terraform apply -destroy`, "default", "deny"},                   // was allow
		{shortflagTf, `terraform apply --destroy -auto-approve`, "default", "deny"},    // was allow
		{shortflagTf, `terraform -chdir=infra apply -destroy=true`, "default", "deny"}, // was allow
		{shortflagTf, `tofu apply -destroy`, "default", "deny"},                        // was allow
		{shortflagTf, `terraform apply`, "default", "allow"},
		{shortflagTf, `terraform apply -destroy=false`, "default", "allow"},
		{shortflagTf, `terraform plan -destroy`, "default", "allow"}, // a plan changes nothing
	},
	"a rule naming a wrapper keeps it": {
		{shortflagSudo, `sudo rm -rf x`, "default", "deny"},
		{shortflagSudo, `sudo rm -fr x`, "default", "deny"},        // was allow
		{shortflagSudo, `sudo -u bob rm x -Rf`, "default", "deny"}, // was allow
		{shortflagSudo, `rm -fr x`, "default", "allow"},            // the rule asks for sudo
		{shortflagSudo, `rm -rf x`, "default", "allow"},
	},
	"a value attached or apart, for a program without a grammar": {
		{shortflagGeneric, `frob publish --tag beta`, "default", "deny"},
		{shortflagGeneric, `frob publish --tag=beta`, "default", "deny"},     // was allow
		{shortflagGeneric, `frob --tag=beta publish`, "default", "deny"},     // was allow
		{shortflagGeneric, `frob publish -v --tag=beta`, "default", "deny"},  // was allow
		{shortflagGeneric, `frob deploy --env prod`, "default", "deny"},      // was allow
		{shortflagGeneric, `frob deploy -q --env prod x`, "default", "deny"}, // was allow
		{shortflagGeneric, `frob publish --tag=alpha`, "default", "allow"},
		{shortflagGeneric, `frob publish --tag alpha`, "default", "allow"},
		{shortflagGeneric, `frob deploy --env=dev`, "default", "allow"},
	},
	"exact rule respelled": {
		{shortflagExact, `rm -rf /`, "default", "deny"},
		{shortflagExact, `rm -fr /`, "default", "deny"},   // was allow
		{shortflagExact, `rm -r -f /`, "default", "deny"}, // was allow
		{shortflagExact, `rm / -rf`, "default", "deny"},   // was allow
		{shortflagExact, `rm -rfv /`, "default", "deny"},  // was allow
		{shortflagExact, `rm -rf build`, "default", "allow"},
		{shortflagExact, `rm -fr build`, "default", "allow"},
		{shortflagExact, `rm -rf / build`, "default", "ask"}, // not the exact rule: the critical path asks
	},
	"allow stays as written": {
		{shortflagNarrow, `rm -rf build`, "default", "allow"},
		{shortflagNarrow, `rm -fr build`, "default", "ask"},
		{shortflagNarrow, `rm -r -f build`, "default", "ask"},
	},
	"git force push respelled": {
		{shortflagPolicy, `git push --force`, "default", "deny"},
		{shortflagPolicy, `git push -f`, "default", "deny"},                  // was allow
		{shortflagPolicy, `git push -f origin main`, "default", "deny"},      // was allow
		{shortflagPolicy, `git push origin -f`, "default", "deny"},           // was allow
		{shortflagPolicy, `git push origin main --force`, "default", "deny"}, // was allow
		{shortflagPolicy, `git push -uf origin main`, "default", "deny"},     // was allow
		{shortflagPolicy, `git push -vf`, "default", "deny"},                 // was allow
		{shortflagPolicy, `git push origin +main`, "default", "deny"},        // was allow: +ref forces
		{shortflagPolicy, `git push origin +HEAD:main`, "default", "deny"},   // was allow
		{shortflagPolicy, `git -c x.y=z push -f`, "default", "deny"},         // was allow
		{shortflagPolicy, `git --no-pager push -f`, "default", "deny"},       // was allow
		{shortflagPolicy, `git push origin main`, "default", "allow"},
		{shortflagPolicy, `git push -u origin main`, "default", "allow"},
		{shortflagPolicy, `git push --force-with-lease`, "default", "allow"}, // another option
		{shortflagPolicy, `git push -n origin main`, "default", "allow"},
		{shortflagPolicy, `git pull -f`, "default", "allow"},
	},
	"kill -9 respelled": {
		{shortflagPolicy, `kill -9 1234`, "default", "deny"},
		{shortflagPolicy, `kill -KILL 1234`, "default", "deny"},         // was allow
		{shortflagPolicy, `kill -SIGKILL 1234`, "default", "deny"},      // was allow
		{shortflagPolicy, `kill -kill 1234`, "default", "deny"},         // was allow
		{shortflagPolicy, `kill -s KILL 1234`, "default", "deny"},       // was allow
		{shortflagPolicy, `kill -s sigkill 1234`, "default", "deny"},    // was allow
		{shortflagPolicy, `kill -s 9 1234`, "default", "deny"},          // was allow
		{shortflagPolicy, `kill -n 9 1234`, "default", "deny"},          // was allow
		{shortflagPolicy, `kill -s9 1234`, "default", "deny"},           // was allow
		{shortflagPolicy, `kill --signal=KILL 1234`, "default", "deny"}, // was allow
		{shortflagPolicy, `kill 1234`, "default", "allow"},
		{shortflagPolicy, `kill -15 1234`, "default", "allow"},
		{shortflagPolicy, `kill -TERM 1234`, "default", "allow"},
		{shortflagPolicy, `kill -s HUP 1234`, "default", "allow"},
		{shortflagPolicy, `kill -l`, "default", "allow"},
	},
	"a rule naming no signal meets any signal": {
		// kill's default signal (TERM) is derived, as curl -d's POST is: a
		// rule that names none is not a rule on TERM.
		{shortflagSignals, `pkill -f node`, "default", "deny"},
		{shortflagSignals, `pkill -9 -f node`, "default", "deny"},           // was allow
		{shortflagSignals, `pkill -f -KILL node`, "default", "deny"},        // was allow
		{shortflagSignals, `pkill --signal HUP -f node`, "default", "deny"}, // was allow
		{shortflagSignals, `killall -KILL -u bob`, "default", "deny"},       // was allow
		{shortflagSignals, `pkill -f other`, "default", "allow"},
		{shortflagSignals, `killall -u alice`, "default", "allow"},
		{shortflagSignals, `kill 1`, "default", "deny"}, // TERM by default
		{shortflagSignals, `kill -15 1`, "default", "deny"},
		{shortflagSignals, `kill -HUP 1`, "default", "allow"},
	},
	"other programs' options respelled": {
		{shortflagPolicy, `git reset --hard HEAD~1`, "default", "deny"},
		{shortflagPolicy, `git reset --har HEAD~1`, "default", "deny"},  // was allow: an abbreviation
		{shortflagPolicy, `git reset HEAD~1 --hard`, "default", "deny"}, // was allow
		{shortflagPolicy, `git reset -q --hard`, "default", "deny"},     // was allow
		{shortflagPolicy, `git reset --soft HEAD~1`, "default", "allow"},
		{shortflagPolicy, `git branch -D x`, "default", "deny"},
		{shortflagPolicy, `git branch x -D`, "default", "deny"},               // was allow
		{shortflagPolicy, `git branch --delete --force x`, "default", "deny"}, // was allow
		{shortflagPolicy, `git branch -d -f x`, "default", "deny"},            // was allow
		{shortflagPolicy, `git branch -df x`, "default", "deny"},              // was allow
		{shortflagPolicy, `git branch -d x`, "default", "allow"},
		{shortflagPolicy, `git branch -f x`, "default", "allow"},
		{shortflagPolicy, `chmod -R 777 x`, "default", "deny"},
		{shortflagPolicy, `chmod 777 -R x`, "default", "deny"},          // was allow
		{shortflagPolicy, `chmod --recursive 777 x`, "default", "deny"}, // was allow
		{shortflagPolicy, `chmod -vR 777 x`, "default", "deny"},         // was allow
		{shortflagPolicy, `chmod -R 755 x`, "default", "allow"},
		{shortflagPolicy, `chmod 777 x`, "default", "allow"},
	},
	"ask rules respelled": {
		{shortflagPolicy, `curl -X POST http://x`, "default", "ask"},
		{shortflagPolicy, `curl -XPOST http://x`, "default", "ask"},         // was allow
		{shortflagPolicy, `curl --request POST http://x`, "default", "ask"}, // was allow
		{shortflagPolicy, `curl --request=POST http://x`, "default", "ask"}, // was allow
		{shortflagPolicy, `curl -sX POST http://x`, "default", "ask"},       // was allow
		{shortflagPolicy, `curl http://x -X POST`, "default", "ask"},        // was allow
		{shortflagPolicy, `curl -sSLXPOST http://x`, "default", "ask"},      // was allow
		{shortflagPolicy, `curl -X POST http://x`, "dontAsk", "deny"},
		{shortflagPolicy, `curl -XPOST http://x`, "dontAsk", "deny"}, // was allow
		{shortflagPolicy, `curl -X GET http://x`, "default", "allow"},
		{shortflagPolicy, `curl -s http://x`, "default", "allow"},
		{shortflagPolicy, `git clean -fd`, "default", "ask"},
		{shortflagPolicy, `git clean -df`, "default", "ask"},        // was allow
		{shortflagPolicy, `git clean -f -d`, "default", "ask"},      // was allow
		{shortflagPolicy, `git clean -d --force`, "default", "ask"}, // was allow
		{shortflagPolicy, `git clean -fdx`, "default", "ask"},       // was allow
		{shortflagPolicy, `git clean -n`, "default", "allow"},
		{shortflagPolicy, `sed -i s/a/b/ f`, "default", "ask"},
		{shortflagPolicy, `sed -i.bak s/a/b/ f`, "default", "ask"},          // was allow
		{shortflagPolicy, `sed --in-place s/a/b/ f`, "default", "ask"},      // was allow
		{shortflagPolicy, `sed --in-place=.bak s/a/b/ f`, "default", "ask"}, // was allow
		{shortflagPolicy, `sed -ni s/a/b/ f`, "default", "ask"},             // was allow
		{shortflagPolicy, `sed -e s/a/b/ -i f`, "default", "ask"},           // was allow
		{shortflagPolicy, `sed -n p f`, "default", "allow"},
		{shortflagPolicy, `sed -e s/a/b/ f`, "default", "allow"},
		{shortflagPolicy, `docker run --privileged img`, "default", "ask"},
		{shortflagPolicy, `docker run -it --privileged img`, "default", "ask"},       // was allow
		{shortflagPolicy, `docker run --rm --privileged=true img`, "default", "ask"}, // was allow
		{shortflagPolicy, `docker run img --privileged`, "default", "ask"},           // docker run asks; no rule matched
	},
}

func TestBypassShortFlagTricks(t *testing.T) {
	checkBashRows(t, map[string]string{"<cwd>/README.md": "x\n", "<cwd>/list": "x\n", "<cwd>/f": "a\n"}, shortflagRows)
}

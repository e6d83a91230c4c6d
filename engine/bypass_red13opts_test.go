package engine

import "testing"

// Respellings of a rule's options that the program runs as the rule's own
// spelling, and that the option form did not yet read so: a curl body
// makes a POST without -X (checked with curl 7.88 against a socket that
// printed each request line), -X post is the method upper-cased; git push
// --mirror force-updates and deletes (git 2.39: "forced update");
// rsync's --del and --delete-WHEN delete as --delete does (rsync emptied
// the destination of a stray file each time); truncate -s0 and --size=0
// (GNU truncate); git restore -S is --staged; terraform reads --x as -x
// (Go's flag package). A rule whose option value the parser also reads as
// a payload (docker run -v /:/host, ssh -o ProxyCommand=…) lost its option
// form, and met only its own spelling.

const (
	red13optsPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(curl -X POST:*)","Bash(curl -X PUT:*)",` +
		`"Bash(git push --force:*)","Bash(rsync --delete:*)","Bash(truncate -s 0:*)",` +
		`"Bash(terraform apply -auto-approve:*)","Bash(docker run -v /:/host:*)"],` +
		`"ask":["Bash(git restore --staged:*)","Bash(git push --delete:*)"]}}`
	red13optsData = `{"permissions":{"allow":["Bash"],"deny":["Bash(curl -d:*)","Bash(git push --mirror:*)"]}}`
)

// red13optsPkg: pnpm runs `pnpm i PKG` as `pnpm add PKG` (pnpm's install
// with packages is add); cargo install -f is --force (cargo-install(1));
// dd reads KEY=VALUE operands in any order (GNU dd).
const red13optsPkg = `{"permissions":{"allow":["Bash"],"deny":["Bash(pnpm add -g:*)","Bash(cargo install --force:*)",` +
	`"Bash(dd of=/dev/sda:*)"]}}`

// red13optsMode: chmod reads 0777 and a=rwx as 777 (GNU chmod left a file
// at 777 for each).
const red13optsMode = `{"permissions":{"allow":["Bash"],"deny":["Bash(chmod -R 777:*)"]}}`

// red13optsGeneric: programs read without a grammar. iptables --flush is
// -F (iptables(8), getopt_long: --flu too); gcloud -q is --quiet (a global
// flag); ssh reads -R's value attached and after other letters
// (-fNR80:x:80, ssh(1)), and a rule's -R with no value named meets any.
const red13optsGeneric = `{"permissions":{"allow":["Bash"],"deny":["Bash(iptables -F:*)",` +
	`"Bash(gcloud projects delete --quiet:*)","Bash(ssh -R:*)"]}}`

// red13optsValues: npm's --location=global is -g (npm config docs);
// kubectl reads --grace-period with strconv.ParseInt(v, 0, 64) (pflag), so
// 00, 0x0 and +0 are 0.
const red13optsValues = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm install -g:*)",` +
	`"Bash(kubectl delete --grace-period=0:*)"]}}`

var red13optsRows = map[string][]bashModeRow{
	"values spelled another way": {
		{red13optsValues, `npm install --location=global x`, "default", "deny"}, // was allow
		{red13optsValues, `npm install --location global x`, "default", "deny"}, // was allow
		{red13optsValues, `npm i --loc=global x`, "default", "deny"},            // was allow
		{red13optsValues, `npm install --location=user x`, "default", "allow"},
		{red13optsValues, `npm install --location=project x`, "default", "allow"},
		{red13optsValues, `kubectl delete po x --grace-period=0`, "default", "deny"},
		{red13optsValues, `kubectl delete po x --grace-period=00`, "default", "deny"},  // was allow
		{red13optsValues, `kubectl delete po x --grace-period 0x0`, "default", "deny"}, // was allow
		{red13optsValues, `kubectl delete po x --grace-period=+0`, "default", "deny"},  // was allow
		{red13optsValues, `kubectl delete po x --grace-period=10`, "default", "allow"},
		{red13optsValues, `kubectl delete po x --grace-period=010`, "default", "allow"}, // octal 8
	},
	"generic programs' aliases and clusters": {
		{red13optsGeneric, `iptables -F`, "default", "deny"},
		{red13optsGeneric, `iptables --flush`, "default", "deny"},        // was allow
		{red13optsGeneric, `iptables --flu`, "default", "deny"},          // was allow: an abbreviation
		{red13optsGeneric, `iptables -t nat --flush`, "default", "deny"}, // was allow
		{red13optsGeneric, `iptables --table=nat -F`, "default", "deny"},
		{red13optsGeneric, `iptables -L`, "default", "allow"},
		{red13optsGeneric, `iptables --list -n`, "default", "allow"},
		{red13optsGeneric, `gcloud projects delete x --quiet`, "default", "deny"},
		{red13optsGeneric, `gcloud projects delete x -q`, "default", "deny"}, // was allow
		{red13optsGeneric, `gcloud projects delete x`, "default", "allow"},
		{red13optsGeneric, `gcloud projects list -q`, "default", "allow"},
		{red13optsGeneric, `ssh -R 80:x:80 h`, "default", "deny"},
		{red13optsGeneric, `ssh -fNR 80:x:80 h`, "default", "deny"}, // was allow
		{red13optsGeneric, `ssh -R80:x:80 h`, "default", "deny"},    // was ask
		{red13optsGeneric, `ssh -NR80:x:80 h`, "default", "deny"},   // was ask
	},
	"chmod's mode respelled": {
		{red13optsMode, `chmod -R 777 x`, "default", "deny"},
		{red13optsMode, `chmod -R 0777 x`, "default", "deny"},           // was allow
		{red13optsMode, `chmod -R 00777 x`, "default", "deny"},          // was allow
		{red13optsMode, `chmod 0777 -R x`, "default", "deny"},           // was allow
		{red13optsMode, `chmod -R a=rwx x`, "default", "deny"},          // was allow
		{red13optsMode, `chmod -R ugo+rwx x`, "default", "deny"},        // was allow
		{red13optsMode, `chmod --recursive a+rwx x`, "default", "deny"}, // was allow
		{red13optsMode, `chmod -R 755 x`, "default", "allow"},
		{red13optsMode, `chmod -R 0755 x`, "default", "allow"},
		{red13optsMode, `chmod -R u+rwx x`, "default", "allow"},
		{red13optsMode, `chmod 0777 x`, "default", "allow"}, // not recursive
	},
	"pnpm's global add respelled": {
		{red13optsPkg, `pnpm add -g x`, "default", "deny"},
		{red13optsPkg, `pnpm add --global x`, "default", "deny"},     // was allow
		{red13optsPkg, `pnpm i -g x`, "default", "deny"},             // was allow
		{red13optsPkg, `pnpm install --global x`, "default", "deny"}, // was allow
		{red13optsPkg, `pnpm add x -g`, "default", "deny"},
		{red13optsPkg, `pnpm add -D x`, "default", "allow"},
		{red13optsPkg, `pnpm install -D x`, "default", "allow"},
		{red13optsPkg, `pnpm i`, "default", "allow"},
	},
	"cargo install -f": {
		{red13optsPkg, `cargo install --force x`, "default", "deny"},
		{red13optsPkg, `cargo install -f x`, "default", "deny"},  // was allow
		{red13optsPkg, `cargo install x -qf`, "default", "deny"}, // was allow
		{red13optsPkg, `cargo install x`, "default", "allow"},
		{red13optsPkg, `cargo install --locked x`, "default", "allow"},
	},
	"dd's operands in any order": {
		{red13optsPkg, `dd of=/dev/sda`, "default", "deny"},
		{red13optsPkg, `dd if=x of=/dev/sda`, "default", "deny"},                               // was allow
		{red13optsPkg, `dd bs=1M if=/dev/zero of=/dev/sda status=progress`, "default", "deny"}, // was allow
		{red13optsPkg, `sudo dd if=x of=/dev/sda`, "default", "deny"},                          // was allow
		{red13optsPkg, `dd if=/dev/sda of=x`, "default", "allow"},
		{red13optsPkg, `dd if=x of=y`, "default", "allow"},
		{red13optsPkg, `dd if=x of=/dev/sdb`, "default", "allow"},
	},
	"curl's method implied by a body": {
		{red13optsPolicy, `curl -X POST http://x`, "default", "deny"},
		{red13optsPolicy, `curl -d x http://x`, "default", "deny"},               // was allow
		{red13optsPolicy, `curl --data x http://x`, "default", "deny"},           // was allow
		{red13optsPolicy, `curl --data-raw x http://x`, "default", "deny"},       // was allow
		{red13optsPolicy, `curl --data-binary @f http://x`, "default", "deny"},   // was allow
		{red13optsPolicy, `curl --data-urlencode x http://x`, "default", "deny"}, // was allow
		{red13optsPolicy, `curl --json {} http://x`, "default", "deny"},          // was allow
		{red13optsPolicy, `curl -F a=@f http://x`, "default", "deny"},            // was allow
		{red13optsPolicy, `curl -sSd x http://x`, "default", "deny"},             // was allow
		{red13optsPolicy, `curl http://x --form-string a=b`, "default", "deny"},  // was allow
		{red13optsPolicy, `curl -T f http://x`, "default", "deny"},               // was allow: PUT
		{red13optsPolicy, `curl --upload-file f http://x`, "default", "deny"},    // was allow: PUT
		{red13optsPolicy, `curl -X post http://x`, "default", "deny"},            // was allow
		{red13optsPolicy, `curl -Xpost http://x`, "default", "deny"},             // was allow
		{red13optsPolicy, `curl --request Post http://x`, "default", "deny"},     // was allow
		{red13optsPolicy, `curl -X put -d x http://x`, "default", "deny"},        // was allow
		{red13optsPolicy, `curl -G -d q=1 http://x`, "default", "allow"},         // a GET with a query
		{red13optsPolicy, `curl -X GET -d x http://x`, "default", "allow"},       // -X wins
		{red13optsPolicy, `curl -I http://x`, "default", "allow"},                // HEAD
		{red13optsPolicy, `curl -s http://x`, "default", "allow"},
		{red13optsPolicy, `curl -o out http://x`, "default", "allow"},
		{red13optsPolicy, `curl -d x http://x`, "dontAsk", "deny"}, // was allow
	},
	"a rule's implied options are not asked of the command": {
		{red13optsData, `curl -d x http://x`, "default", "deny"},
		{red13optsData, `curl -G -d x http://x`, "default", "deny"},
		{red13optsData, `curl -X GET -d x http://x`, "default", "deny"},
		{red13optsData, `curl --data-raw x http://x`, "default", "deny"}, // was allow
		{red13optsData, `curl --json {} http://x`, "default", "deny"},    // was allow
		{red13optsData, `curl -X POST http://x`, "default", "allow"},     // no body
		{red13optsData, `git push --mirror origin`, "default", "deny"},
		{red13optsData, `git push -f origin`, "default", "allow"}, // not a mirror
	},
	"git push --mirror forces and deletes": {
		{red13optsPolicy, `git push --mirror`, "default", "deny"},           // was allow
		{red13optsPolicy, `git push --mirror origin`, "default", "deny"},    // was allow
		{red13optsPolicy, `git push origin --mirror`, "default", "deny"},    // was allow
		{red13optsPolicy, `git push --mirr origin`, "default", "deny"},      // was allow: an abbreviation
		{red13optsPolicy, `git -C . push --mirror`, "default", "deny"},      // was allow
		{red13optsPolicy, `git push --mirror`, "bypassPermissions", "deny"}, // was allow
		{red13optsPolicy, `git push origin main`, "default", "allow"},
		{red13optsPolicy, `git push --all origin`, "default", "allow"},
		{red13optsPolicy, `git push --tags origin`, "default", "allow"},
	},
	"rsync's deleting options": {
		{red13optsPolicy, `rsync -a --delete a/ b/`, "default", "deny"},
		{red13optsPolicy, `rsync -a --del a/ b/`, "default", "deny"},             // was allow
		{red13optsPolicy, `rsync -a --delete-after a/ b/`, "default", "deny"},    // was allow
		{red13optsPolicy, `rsync -a --delete-before a/ b/`, "default", "deny"},   // was allow
		{red13optsPolicy, `rsync -a --delete-during a/ b/`, "default", "deny"},   // was allow
		{red13optsPolicy, `rsync -a --delete-delay a/ b/`, "default", "deny"},    // was allow
		{red13optsPolicy, `rsync -a --delete-excluded a/ b/`, "default", "deny"}, // was allow
		{red13optsPolicy, `rsync a/ b/ -av --del`, "default", "deny"},            // was allow
		{red13optsPolicy, `rsync -a a/ b/`, "default", "allow"},
		{red13optsPolicy, `rsync -avz --exclude=.git a/ b/`, "default", "allow"},
		{red13optsPolicy, `rsync -a --max-delete=0 a/ b/`, "default", "allow"},
	},
	"truncate's size respelled": {
		{red13optsPolicy, `truncate -s 0 f`, "default", "deny"},
		{red13optsPolicy, `truncate -s0 f`, "default", "deny"},      // was allow
		{red13optsPolicy, `truncate --size=0 f`, "default", "deny"}, // was allow
		{red13optsPolicy, `truncate --size 0 f`, "default", "deny"}, // was allow
		{red13optsPolicy, `truncate --si 0 f`, "default", "deny"},   // was allow: an abbreviation
		{red13optsPolicy, `truncate f -s 0`, "default", "deny"},
		{red13optsPolicy, `truncate -c -s0 f`, "default", "deny"}, // was allow
		{red13optsPolicy, `truncate -s 10 f`, "default", "allow"},
		{red13optsPolicy, `truncate --size=+1K f`, "default", "allow"},
	},
	"terraform reads two dashes as one": {
		{red13optsPolicy, `terraform apply -auto-approve`, "default", "deny"},
		{red13optsPolicy, `terraform apply --auto-approve`, "default", "deny"},          // was allow
		{red13optsPolicy, `terraform apply --auto-approve=true`, "default", "deny"},     // was allow
		{red13optsPolicy, `terraform -chdir=x apply --auto-approve`, "default", "deny"}, // was allow
		{red13optsPolicy, `terraform apply`, "default", "allow"},
		{red13optsPolicy, `terraform plan --out=p`, "default", "allow"},
	},
	"git restore --staged respelled": {
		{red13optsPolicy, `git restore --staged x`, "default", "ask"},
		{red13optsPolicy, `git restore -S x`, "default", "ask"},     // was allow
		{red13optsPolicy, `git restore --stag x`, "default", "ask"}, // was allow: an abbreviation
		{red13optsPolicy, `git restore x --staged`, "default", "ask"},
		{red13optsPolicy, `git restore -SW x`, "default", "ask"}, // was allow
		{red13optsPolicy, `git restore -S x`, "dontAsk", "deny"}, // was allow
		{red13optsPolicy, `git restore -W x`, "default", "allow"},
		{red13optsPolicy, `git restore --source=HEAD x`, "default", "allow"},
	},
	"a rule's option value read as a payload": {
		{red13optsPolicy, `docker run -v /:/host img`, "default", "deny"},
		{red13optsPolicy, `docker run --volume /:/host img`, "default", "deny"},  // was ask
		{red13optsPolicy, `docker run --volume=/:/host img`, "default", "deny"},  // was ask
		{red13optsPolicy, `docker run -v/:/host img`, "default", "deny"},         // was ask
		{red13optsPolicy, `docker run --rm -v /:/host img`, "default", "deny"},   // was ask
		{red13optsPolicy, `docker run -it -v /:/host img sh`, "default", "deny"}, // was ask
	},
}

func TestRed13optsRespellings(t *testing.T) {
	checkBashRows(t, map[string]string{"<cwd>/README.md": "x\n", "<cwd>/f": "a\n"}, red13optsRows)
}

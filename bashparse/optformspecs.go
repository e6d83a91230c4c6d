package bashparse

import (
	"strconv"
	"strings"
	"sync"
)

// optionFormSpecs are the programs (and subcommands) whose option grammar
// OptionFormOf reads exactly: the ones deny and ask rules name options of
// most, where one option has several spellings. Every other program is
// read generically. Built on first use: most processes never need it.
var optionFormSpecs = sync.OnceValue(func() map[string]optionFormSpec {
	chAliases := map[string]string{"--recursive": "-R", "--silent": "-f", "--quiet": "-f", "--changes": "-c",
		"--verbose": "-v", "--no-dereference": "-h"}
	killAliases := map[string]string{"-n": "-s", "--signal": "-s"}
	npmAliases := map[string]string{"--global": "-g", "--save-dev": "-D", "--save": "-S", "--save-exact": "-E",
		"--save-optional": "-O", "--save-prod": "-P", "--save-bundle": "-B", "--force": "-f", "--yes": "-y",
		"--workspace": "-w", "--prefix": "-C"}
	dockerPruneAliases := map[string]string{"--all": "-a", "--force": "-f"}
	pnpmAliases := map[string]string{"--global": "-g", "--save-dev": "-D", "--save-prod": "-P",
		"--save-optional": "-O", "--save-exact": "-E", "--workspace-root": "-w", "--dir": "-C", "--filter": "-F",
		"--recursive": "-r"}
	dockerRunAliases := map[string]string{"--detach": "-d", "--interactive": "-i", "--tty": "-t",
		"--env": "-e", "--volume": "-v", "--publish": "-p", "--user": "-u", "--workdir": "-w",
		"--publish-all": "-P", "--net": "--network", "--quiet": "-q", "--attach": "-a", "--hostname": "-h",
		"--label": "-l", "--memory": "-m"}
	return map[string]optionFormSpec{
		"rm": {g: optGrammar{short: "dfirRvI", long: []string{"force", "interactive?", "one-file-system",
			"no-preserve-root", "preserve-root?", "recursive", "dir", "verbose", "help", "version"}, permute: true},
			alias: map[string]string{"-R": "-r", "--recursive": "-r", "--force": "-f", "--dir": "-d", "--verbose": "-v"}},
		"rmdir": {g: optGrammar{short: "pv", long: []string{"ignore-fail-on-non-empty", "parents", "verbose", "help", "version"}, permute: true},
			alias: map[string]string{"--parents": "-p", "--verbose": "-v"}},
		"shred": {g: optGrammar{short: "fn:s:uvxz", long: []string{"force", "iterations=", "random-source=", "size=",
			"remove?", "verbose", "exact", "zero", "help", "version"}, permute: true},
			alias: map[string]string{"--force": "-f", "--iterations": "-n", "--size": "-s", "--remove": "-u",
				"--verbose": "-v", "--exact": "-x", "--zero": "-z"}},
		"chmod": {g: optGrammar{short: "cfvR", long: chLongs, permute: true}, alias: chAliases, operand: chmodMode},
		"chown": {g: optGrammar{short: "cfhvRHLP", long: append([]string{"from="}, chLongs...), permute: true}, alias: chAliases},
		"chgrp": {g: optGrammar{short: "cfhvRHLP", long: chLongs, permute: true}, alias: chAliases},
		"cp": {g: optGrammar{short: "abdfHilLnPprsS:t:TuvxZ", long: []string{"archive", "attributes-only", "backup?",
			"copy-contents", "debug", "dereference", "force", "interactive", "link", "no-dereference", "no-clobber",
			"preserve?", "no-preserve=", "parents", "recursive", "reflink?", "remove-destination", "sparse=",
			"strip-trailing-slashes", "symbolic-link", "suffix=", "target-directory=", "no-target-directory",
			"update?", "verbose", "one-file-system", "context?", "help", "version"}, permute: true},
			alias: map[string]string{"-R": "-r", "--recursive": "-r", "--force": "-f", "-a": "-a -r",
				"--archive": "-a -r", "--interactive": "-i", "--no-clobber": "-n", "--link": "-l",
				"--symbolic-link": "-s", "--target-directory": "-t", "--verbose": "-v", "--update": "-u",
				"--dereference": "-L", "--no-dereference": "-P", "--one-file-system": "-x"}},
		"mv": {g: optGrammar{short: "bfinS:t:TuvZ", long: []string{"backup?", "exchange", "force", "interactive",
			"no-clobber", "no-copy", "strip-trailing-slashes", "suffix=", "target-directory=",
			"no-target-directory", "update?", "verbose", "context", "help", "version"}, permute: true},
			alias: map[string]string{"--force": "-f", "--interactive": "-i", "--no-clobber": "-n",
				"--target-directory": "-t", "--verbose": "-v", "--update": "-u", "--suffix": "-S"}},
		"ln": {g: optGrammar{short: "bdfFinLPrsS:t:Tv", long: []string{"backup?", "directory", "force", "interactive",
			"logical", "no-dereference", "physical", "relative", "symbolic", "suffix=", "target-directory=",
			"no-target-directory", "verbose", "help", "version"}, permute: true},
			alias: map[string]string{"--force": "-f", "--symbolic": "-s", "--relative": "-r", "--interactive": "-i",
				"--no-dereference": "-n", "--target-directory": "-t", "--verbose": "-v", "-F": "-d", "--directory": "-d"}},
		"sed": {g: optGrammar{short: "nrsuEzi::e:f:l:", long: append([]string(nil), sedLongNames...), permute: true},
			alias: map[string]string{"--quiet": "-n", "--silent": "-n", "--expression": "-e", "--file": "-f",
				"--in-place": "-i", "--regexp-extended": "-E", "-r": "-E", "--separate": "-s",
				"--null-data": "-z", "--zero-terminated": "-z", "--unbuffered": "-u", "--line-length": "-l"}},
		"curl": {g: optGrammar{short: "0123456aA:b:Bc:C:d:D:e:E:fF:gGh::H:iIjJkK:lLm:MnNo:OpP:qQ:r:RsSt:T:u:U:vVw:x:X:y:Y:z:Z#",
			long: curlLongs, permute: true}, alias: map[string]string{"--request": "-X", "--data": "-d", "--data-ascii": "-d", "--output": "-o",
			"--remote-name": "-O", "--insecure": "-k", "--location": "-L", "--silent": "-s", "--show-error": "-S",
			"--fail": "-f", "--upload-file": "-T", "--form": "-F", "--header": "-H", "--user": "-u", "--proxy": "-x",
			"--user-agent": "-A", "--referer": "-e", "--cookie": "-b", "--cookie-jar": "-c", "--head": "-I",
			"--include": "-i", "--verbose": "-v", "--config": "-K", "--get": "-G", "--write-out": "-w",
			"--continue-at": "-C", "--range": "-r", "--dump-header": "-D", "--quote": "-Q", "--globoff": "-g",
			"--progress-bar": "-#", "--manual": "-M",
			// Each sends a body as -d does, told apart only in how it
			// reads the value: a rule on -d meets them all.
			"--data-binary": "-d --data-binary", "--data-raw": "-d --data-raw",
			"--data-urlencode": "-d --data-urlencode", "--json": "-d --json",
			"--form-string": "-F --form-string"}, derive: curlMethod, normalize: curlNormalize},
		"wget": {g: optGrammar{short: "a:A:bB:cdD:e:EFhHi:kKl:LmnNo:O:pP:qQ:rR:St:T:U:vVw:xX:", long: wgetLongs, permute: true},
			alias: map[string]string{"--append-output": "-a", "--accept": "-A", "--background": "-b", "--base": "-B",
				"--continue": "-c", "--debug": "-d", "--domains": "-D", "--execute": "-e", "--adjust-extension": "-E",
				"--force-html": "-F", "--span-hosts": "-H", "--input-file": "-i", "--convert-links": "-k",
				"--backup-converted": "-K", "--level": "-l", "--relative": "-L", "--mirror": "-m", "--no-clobber": "-n -c",
				"--output-file": "-o", "--output-document": "-O", "--page-requisites": "-p", "--directory-prefix": "-P",
				"--quiet": "-q", "--quota": "-Q", "--recursive": "-r", "--reject": "-R", "--server-response": "-S",
				"--tries": "-t", "--timeout": "-T", "--user-agent": "-U", "--verbose": "-v", "--wait": "-w",
				"--exclude-directories": "-X"}},
		"kill": {g: optGrammar{short: "s:n:lL", long: []string{"signal=", "list?", "table"}, permute: true}, signals: true, alias: killAliases, normalize: normalizeSignal, fallback: "-s=TERM"},
		"pkill": {g: optGrammar{short: "s:ce:fg:G:ilnoOP:t:u:U:vwxF:", long: pkillLongs, permute: true}, signals: true, alias: map[string]string{"--signal": "-s", "--count": "-c", "--euid": "-u", "--full": "-f",
			"--pgroup": "-g", "--group": "-G", "--ignore-case": "-i", "--newest": "-n", "--oldest": "-o",
			"--parent": "-P", "--terminal": "-t", "--uid": "-U", "--exact": "-x", "--pidfile": "-F", "--echo": "-e"}, normalize: normalizeSignal, fallback: "-s=TERM"},
		"killall": {g: optGrammar{short: "eIgiqrs:u:vwyYoZ:n:", long: []string{"exact", "ignore-case", "process-group", "interactive", "quiet", "regexp", "signal=", "user=", "verbose", "wait", "younger-than=", "older-than=", "context=", "ns=", "help", "version"}, permute: true}, signals: true, alias: killAliases, normalize: normalizeSignal, fallback: "-s=TERM"},
		"git push": {g: optGrammar{short: "fnqvuo:d46", long: []string{"force", "force-with-lease?",
			"no-force-with-lease", "force-if-includes", "no-force-if-includes", "mirror", "all", "branches",
			"tags", "follow-tags", "no-follow-tags", "delete", "dry-run", "porcelain", "prune", "no-prune",
			"set-upstream", "repo=", "no-verify", "verify", "atomic", "no-atomic", "push-option=",
			"receive-pack=", "exec=", "signed?", "no-signed", "thin", "no-thin", "quiet", "verbose",
			"progress", "no-progress", "recurse-submodules=", "no-recurse-submodules", "ipv4", "ipv6"}, permute: true},
			alias: map[string]string{"--force": "-f", "--dry-run": "-n", "--quiet": "-q", "--verbose": "-v",
				"--set-upstream": "-u", "--push-option": "-o", "--delete": "-d", "--ipv4": "-4", "--ipv6": "-6"},
			implied: gitPushRefspec, derive: gitPushMirror},
		"git reset": {g: optGrammar{short: "qpN", long: []string{"hard", "soft", "mixed", "keep", "merge", "quiet",
			"patch", "no-refresh", "refresh", "intent-to-add", "recurse-submodules?", "no-recurse-submodules",
			"pathspec-from-file=", "pathspec-file-nul"}, permute: true},
			alias: map[string]string{"--quiet": "-q", "--patch": "-p", "--intent-to-add": "-N"}},
		"git clean": {g: optGrammar{short: "dfinqe:xX", long: []string{"dry-run", "force", "interactive", "quiet", "exclude="}, permute: true},
			alias: map[string]string{"--force": "-f", "--dry-run": "-n", "--quiet": "-q", "--interactive": "-i", "--exclude": "-e"}},
		"git checkout": {g: optGrammar{short: "qfb:B:t::lmpu", long: []string{"quiet", "progress", "no-progress", "force",
			"ours", "theirs", "track?", "no-track", "guess", "no-guess", "detach", "orphan=", "ignore-skip-worktree-bits",
			"merge", "conflict=", "patch", "ignore-other-worktrees", "overwrite-ignore", "no-overwrite-ignore",
			"recurse-submodules?", "no-recurse-submodules", "overlay", "no-overlay", "pathspec-from-file=",
			"pathspec-file-nul"}, permute: true},
			alias: map[string]string{"--force": "-f", "--quiet": "-q", "--track": "-t", "--merge": "-m", "--patch": "-p"}},
		"git branch": {g: optGrammar{short: "dDfmMcCrativlu:q", long: []string{"delete", "force", "move", "copy", "remotes",
			"all", "list", "verbose", "quiet", "track?", "no-track", "set-upstream-to=", "unset-upstream",
			"edit-description", "contains?", "no-contains?", "merged?", "no-merged?", "column?", "no-column",
			"sort=", "points-at=", "format=", "show-current", "create-reflog", "color?", "no-color",
			"ignore-case", "abbrev?", "no-abbrev", "omit-empty", "recurse-submodules"}, permute: true},
			alias: map[string]string{"--delete": "-d", "--force": "-f", "--move": "-m", "--copy": "-c",
				"-D": "-d -f", "-M": "-m -f", "-C": "-c -f", "--remotes": "-r", "--all": "-a", "--list": "-l",
				"--verbose": "-v", "--quiet": "-q", "--track": "-t", "--set-upstream-to": "-u"}},
		"git tag": {g: optGrammar{short: "afdvnlsu:m:F:ei", long: []string{"annotate", "force", "delete", "verify", "list",
			"sign", "no-sign", "local-user=", "message=", "file=", "edit", "no-edit", "ignore-case", "cleanup=",
			"create-reflog", "contains?", "no-contains?", "merged?", "no-merged?", "points-at=", "sort=",
			"format=", "column?", "no-column", "color?", "trailer=", "omit-empty"}, permute: true},
			alias: map[string]string{"--annotate": "-a", "--force": "-f", "--delete": "-d", "--verify": "-v",
				"--list": "-l", "--sign": "-s", "--local-user": "-u", "--message": "-m", "--file": "-F", "--edit": "-e",
				"--ignore-case": "-i"}},
		"git commit": {g: optGrammar{short: "ac:C:eF:im:noqpst:S::u::vz", long: []string{"all", "patch", "reuse-message=",
			"reedit-message=", "fixup=", "squash=", "reset-author", "short", "branch", "porcelain", "long", "null",
			"file=", "author=", "date=", "message=", "template=", "signoff", "no-signoff", "trailer=", "no-verify",
			"verify", "allow-empty", "allow-empty-message", "cleanup=", "edit", "no-edit", "amend", "no-post-rewrite",
			"include", "only", "pathspec-from-file=", "pathspec-file-nul", "untracked-files?", "verbose", "quiet",
			"dry-run", "status", "no-status", "gpg-sign?", "no-gpg-sign"}, permute: true},
			alias: map[string]string{"--all": "-a", "--no-verify": "-n", "--message": "-m", "--file": "-F",
				"--signoff": "-s", "--edit": "-e", "--quiet": "-q", "--verbose": "-v", "--patch": "-p",
				"--reuse-message": "-C", "--reedit-message": "-c", "--template": "-t", "--gpg-sign": "-S",
				"--include": "-i", "--only": "-o", "--null": "-z", "--untracked-files": "-u"}},
		"git add": {g: optGrammar{short: "nvfipeuAN", long: []string{"dry-run", "verbose", "force", "interactive", "patch",
			"edit", "update", "all", "no-all", "ignore-removal", "no-ignore-removal", "intent-to-add", "refresh",
			"ignore-errors", "ignore-missing", "no-warn-embedded-repo", "renormalize", "chmod=",
			"pathspec-from-file=", "pathspec-file-nul", "sparse"}, permute: true},
			alias: map[string]string{"--dry-run": "-n", "--verbose": "-v", "--force": "-f", "--interactive": "-i",
				"--patch": "-p", "--edit": "-e", "--update": "-u", "--all": "-A", "--intent-to-add": "-N"}},
		"git rebase": {g: optGrammar{short: "imqvnx:s:X:S::fC:r", long: []string{"interactive", "merge", "quiet", "verbose",
			"no-verify", "verify", "exec=", "strategy=", "strategy-option=", "gpg-sign?", "no-gpg-sign",
			"force-rebase", "no-ff", "onto=", "root", "autosquash", "no-autosquash", "autostash", "no-autostash",
			"continue", "abort", "skip", "quit", "edit-todo", "keep-base", "rebase-merges?", "update-refs",
			"committer-date-is-author-date", "reset-author-date", "ignore-date", "ignore-whitespace", "signoff",
			"stat", "no-stat", "apply", "empty=", "keep-empty", "no-keep-empty", "fork-point", "no-fork-point"}, permute: true},
			alias: map[string]string{"--interactive": "-i", "--merge": "-m", "--quiet": "-q", "--verbose": "-v",
				"--exec": "-x", "--strategy": "-s", "--strategy-option": "-X", "--gpg-sign": "-S",
				"--force-rebase": "-f", "--no-ff": "-f", "--rebase-merges": "-r"}},
		"docker run":    {g: dockerRunGrammar, alias: dockerRunAliases},
		"docker create": {g: dockerRunGrammar, alias: dockerRunAliases},
		"podman run":    {g: dockerRunGrammar, alias: dockerRunAliases},
		"kubectl delete": {g: optGrammar{short: "f:k:l:n:o:R", long: kubectlDeleteLongs, permute: true}, alias: map[string]string{"-A": "--all-namespaces", "--filename": "-f",
			"--kustomize": "-k", "--selector": "-l", "--namespace": "-n", "--output": "-o", "--recursive": "-R"},
			normalize: kubectlInt},
		"npm install":   {g: npmInstallGrammar, alias: npmAliases, derive: npmGlobalLocation},
		"npm uninstall": {g: npmInstallGrammar, alias: npmAliases, derive: npmGlobalLocation},
		"npm ci":        {g: npmInstallGrammar, alias: npmAliases, derive: npmGlobalLocation},
		"pip install": {g: optGrammar{short: "r:c:e:t:Ui:qvI", long: []string{"requirement=", "constraint=", "editable=",
			"target=", "upgrade", "index-url=", "extra-index-url=", "trusted-host=", "user", "break-system-packages",
			"force-reinstall", "no-deps", "pre", "root=", "prefix=", "ignore-installed", "no-cache-dir", "quiet",
			"verbose", "no-index", "find-links=", "upgrade-strategy=", "no-build-isolation", "require-hashes",
			"dry-run", "only-binary=", "no-binary=", "src=", "python=", "isolated"}, permute: true},
			alias: map[string]string{"--requirement": "-r", "--constraint": "-c", "--editable": "-e", "--target": "-t",
				"--upgrade": "-U", "--index-url": "-i", "--quiet": "-q", "--verbose": "-v", "--ignore-installed": "-I"}},
		"pip uninstall": {g: optGrammar{short: "r:yqv", long: []string{"requirement=", "yes", "break-system-packages",
			"root-user-action=", "quiet", "verbose", "python=", "isolated"}, permute: true},
			alias: map[string]string{"--requirement": "-r", "--yes": "-y", "--quiet": "-q", "--verbose": "-v"}},
		"docker rm": {g: optGrammar{short: "flv", long: []string{"force", "link", "volumes"}, permute: true},
			alias: map[string]string{"--force": "-f", "--link": "-l", "--volumes": "-v"}},
		"docker rmi": {g: optGrammar{short: "f", long: []string{"force", "no-prune", "platform="}, permute: true},
			alias: map[string]string{"--force": "-f"}},
		"docker system":    {g: dockerPruneGrammar, alias: dockerPruneAliases},
		"docker volume":    {g: dockerPruneGrammar, alias: dockerPruneAliases},
		"docker image":     {g: dockerPruneGrammar, alias: dockerPruneAliases},
		"docker container": {g: dockerPruneGrammar, alias: dockerPruneAliases},
		"docker network":   {g: dockerPruneGrammar, alias: dockerPruneAliases},
		// rsync(1): --del is --delete-during, and every --delete-WHEN
		// (and --delete-excluded) deletes as --delete does (checked with
		// rsync: each emptied the destination of a stray file). Only the
		// options that take a value matter here; unknown ones stay flags.
		"rsync": {g: optGrammar{short: "e:B:f:T:M:@:", long: rsyncLongs, permute: true},
			alias: map[string]string{"--del": "--delete --delete-during", "--delete-before": "--delete --delete-before",
				"--delete-during": "--delete --delete-during", "--delete-delay": "--delete --delete-delay",
				"--delete-after": "--delete --delete-after", "--delete-excluded": "--delete --delete-excluded",
				"--rsh": "-e", "--filter": "-f", "--temp-dir": "-T", "--block-size": "-B"}},
		// truncate(1): -s SIZE, --size=SIZE (an unambiguous prefix too).
		"truncate": {g: optGrammar{short: "cor:s:", long: []string{"no-create", "io-blocks", "reference=", "size=",
			"help", "version"}, permute: true},
			alias: map[string]string{"--no-create": "-c", "--io-blocks": "-o", "--reference": "-r", "--size": "-s"}},
		// git-restore(1): -S/--staged, -W/--worktree, -s/--source.
		"git restore": {g: optGrammar{short: "s:pWSqmU:", long: []string{"source=", "patch", "worktree", "staged",
			"quiet", "progress", "no-progress", "ours", "theirs", "merge", "conflict=", "ignore-unmerged",
			"ignore-skip-worktree-bits", "recurse-submodules", "no-recurse-submodules", "overlay", "no-overlay",
			"pathspec-from-file=", "pathspec-file-nul"}, permute: true},
			alias: map[string]string{"--source": "-s", "--patch": "-p", "--worktree": "-W", "--staged": "-S",
				"--quiet": "-q", "--merge": "-m"}},
		"pnpm add":    {g: pnpmAddGrammar, alias: pnpmAliases},
		"pnpm remove": {g: pnpmAddGrammar, alias: pnpmAliases},
		// cargo install: -f is --force (cargo-install(1)); clap takes no
		// abbreviation.
		"cargo install": {g: optGrammar{short: "fqvj:Z:", long: []string{"force", "git=", "branch=", "tag=",
			"rev=", "path=", "list", "root=", "registry=", "index=", "version=", "locked", "offline", "frozen",
			"features=", "all-features", "no-default-features", "target=", "profile=", "debug", "quiet",
			"verbose", "jobs=", "no-track", "bins", "bin=", "examples", "example="}, permute: true},
			alias: map[string]string{"--force": "-f", "--quiet": "-q", "--verbose": "-v", "--jobs": "-j"}},
		"npm publish": {g: optGrammar{short: "f", long: []string{"tag=", "access=", "dry-run", "otp=", "workspace=",
			"workspaces", "include-workspace-root", "provenance", "force", "registry="}, permute: true},
			alias: map[string]string{"--force": "-f"}},
	}
})

// wholeWordPrograms read a single-dash word as one option name ("find
// -delete", "terraform apply -auto-approve"), beyond nonClustering.
func wholeWordProgram(name string) bool {
	switch name {
	case "find", "java", "terraform", "tofu", "openssl", "ffmpeg", "xcodebuild", "gradle", "mvn", "dd":
		return true
	}
	return false
}

// genericOptionAliases are, for programs read without a grammar, the names
// that mean the same option: the short spelling of a long one. Built on
// first use.
var genericOptionAliases = sync.OnceValue(func() map[string]map[string]string {
	// iptables(8): each command and most parameters have a short and a
	// long name.
	ipt := map[string]string{"--append": "-A", "--check": "-C", "--delete": "-D", "--insert": "-I",
		"--replace": "-R", "--list": "-L", "--list-rules": "-S", "--flush": "-F", "--zero": "-Z",
		"--new-chain": "-N", "--delete-chain": "-X", "--policy": "-P", "--rename-chain": "-E",
		"--table": "-t", "--jump": "-j", "--goto": "-g", "--protocol": "-p", "--source": "-s",
		"--destination": "-d", "--in-interface": "-i", "--out-interface": "-o", "--wait": "-w",
		"--numeric": "-n", "--verbose": "-v", "--exact": "-x"}
	return map[string]map[string]string{
		"iptables": ipt, "ip6tables": ipt, "iptables-legacy": ipt, "iptables-nft": ipt,
		// gcloud's global flags: -q is --quiet, -h is --help
		// (gcloud topic flags-file / gcloud help).
		"gcloud": {"-q": "--quiet"},
	}
})

// goFlagProgram reports the programs whose options Go's flag package reads:
// one dash or two name the same option (terraform apply --auto-approve is
// -auto-approve; flag package documentation, "One or two dashes may be
// used").
func goFlagProgram(name string) bool {
	switch name {
	case "terraform", "tofu":
		return true
	}
	return false
}

// optionFormSub names, for option forms only, a subcommand as the one it
// runs: pnpm runs `pnpm install PKG` (and `pnpm i PKG`) as `pnpm add PKG`,
// so Bash(pnpm add -g:*) meets `pnpm i -g x`. Read so without packages
// too, which only lets a rule on pnpm add meet a bare pnpm install.
func optionFormSub(name, sub string) string {
	if name == "pnpm" && sub == "install" {
		return "add"
	}
	return sub
}

// pnpmAddGrammar is pnpm's for the commands that add or remove packages
// (pnpm add --help): -g/--global, -D/--save-dev, -O/--save-optional,
// -E/--save-exact, -C/--dir, -w/--workspace-root, -F/--filter.
var pnpmAddGrammar = optGrammar{short: "gDPOEwC:F:r", long: []string{"global", "save-dev", "save-prod",
	"save-optional", "save-exact", "save-peer", "workspace-root", "workspace", "dir=", "filter=", "recursive",
	"registry=", "ignore-scripts", "global-dir=", "prefer-offline", "offline", "frozen-lockfile", "force",
	"allow-build=", "config=", "loglevel=", "silent", "reporter="}, permute: true}

// keyValueProgram reports the programs that read KEY=VALUE operands as
// options, in any order (dd: `dd if=x of=/dev/sda` is `dd of=/dev/sda
// if=x`). Their option form spells each as "-KEY=VALUE".
func keyValueProgram(name string) bool {
	return name == "dd"
}

// KeyValueOption reports whether arg is a KEY=VALUE option of the program
// name (dd's of=/dev/sda), which OptionFormOf reads as an option.
func KeyValueOption(name, arg string) bool {
	return keyValueProgram(name) && arg != "" && arg[0] != '-' && strings.Contains(arg, "=")
}

var rsyncLongs = []string{"delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after",
	"delete-excluded", "delete-missing-args", "remove-source-files", "force", "rsh=", "filter=", "exclude=",
	"include=", "exclude-from=", "include-from=", "files-from=", "temp-dir=", "block-size=", "rsync-path=",
	"backup-dir=", "suffix=", "chmod=", "chown=", "max-delete=", "max-size=", "min-size=", "partial-dir=",
	"compare-dest=", "copy-dest=", "link-dest=", "log-file=", "password-file=", "port=", "timeout=",
	"bwlimit=", "archive", "recursive", "verbose", "quiet", "dry-run", "checksum", "update", "inplace",
	"compress", "progress", "partial", "backup", "ignore-existing", "existing", "ignore-errors"}

var chLongs = []string{"changes", "silent", "quiet", "verbose", "recursive", "reference=", "dereference",
	"no-dereference", "preserve-root", "no-preserve-root", "help", "version"}

var sedLongNames = []string{"quiet", "silent", "debug", "expression=", "file=", "follow-symlinks", "in-place?",
	"line-length=", "posix", "regexp-extended", "separate", "sandbox", "unbuffered", "null-data",
	"zero-terminated", "help", "version"}

var curlLongs = []string{"request=", "data=", "data-ascii=", "data-binary=", "data-raw=", "data-urlencode=",
	"output=", "remote-name", "remote-name-all", "insecure", "location", "location-trusted", "silent",
	"show-error", "fail", "fail-with-body", "upload-file=", "form=", "form-string=", "header=", "user=",
	"proxy=", "user-agent=", "referer=", "cookie=", "cookie-jar=", "head", "include", "verbose", "config=",
	"get", "write-out=", "url=", "output-dir=", "create-dirs", "json=", "max-time=", "connect-timeout=",
	"retry=", "compressed", "http1.1", "http2", "resolve=", "connect-to=", "cacert=", "cert=", "key=",
	"oauth2-bearer=", "netrc", "netrc-file=", "next", "globoff", "continue-at=", "range=", "dump-header=",
	"trace=", "trace-ascii=", "stderr=", "libcurl=", "unix-socket=", "interface=", "quote=", "ftp-create-dirs",
	"no-progress-meter", "progress-bar", "help", "version", "manual"}

var wgetLongs = []string{"append-output=", "accept=", "background", "base=", "continue", "debug", "domains=",
	"execute=", "adjust-extension", "force-html", "help", "span-hosts", "input-file=", "convert-links",
	"backup-converted", "level=", "relative", "mirror", "no-verbose", "no-clobber", "output-file=",
	"output-document=", "page-requisites", "directory-prefix=", "quiet", "quota=", "recursive", "reject=",
	"server-response", "tries=", "timeout=", "user-agent=", "verbose", "version", "wait=", "proxy",
	"exclude-directories=", "post-data=", "post-file=", "method=", "body-data=", "body-file=", "header=",
	"no-check-certificate", "user=", "password=", "config=", "no-config"}

var pkillLongs = []string{"signal=", "count", "euid=", "full", "pgroup=", "group=", "ignore-case", "list-name",
	"list-full", "newest", "oldest", "parent=", "session=", "terminal=", "uid=", "inverse", "lightweight",
	"exact", "pidfile=", "logpidfile", "echo", "ns=", "nslist=", "help", "version"}

// dockerRunGrammar is `docker run`'s: options stop at the image, whose own
// arguments follow.
var dockerRunGrammar = optGrammar{short: "a:c:de:h:il:m:p:Pqtu:v:w:", long: []string{"privileged", "rm",
	"detach", "interactive", "tty", "env=", "env-file=", "volume=", "volumes-from=", "publish=", "publish-all",
	"user=", "workdir=", "name=", "network=", "net=", "pid=", "ipc=", "uts=", "userns=", "cgroupns=",
	"cap-add=", "cap-drop=", "security-opt=", "device=", "mount=", "entrypoint=", "add-host=", "label=",
	"memory=", "cpus=", "gpus=", "hostname=", "platform=", "pull=", "restart=", "init", "read-only",
	"tmpfs=", "ulimit=", "group-add=", "runtime=", "sysctl=", "attach=", "quiet", "detach-keys="}}

// npmInstallGrammar is npm's (nopt) for the commands that install or
// remove packages: options anywhere, a unique prefix of a long name.
var npmInstallGrammar = optGrammar{short: "gDSEOPBfyw:C:sqd", long: []string{"global", "globalconfig=", "userconfig=", "save-dev", "save",
	"save-exact", "save-optional", "save-prod", "save-bundle", "no-save", "force", "yes", "workspace=",
	"workspaces", "prefix=", "ignore-scripts", "registry=", "legacy-peer-deps", "strict-peer-deps", "dry-run",
	"production", "omit=", "include=", "tag=", "foreground-scripts", "audit", "no-audit", "fund", "no-fund",
	"package-lock", "no-package-lock", "install-strategy=", "location=", "loglevel=", "silent", "quiet",
	"install-links", "no-bin-links", "global-style", "prefer-offline", "prefer-online", "offline"}, permute: true}

// dockerPruneGrammar reads docker's management commands (docker system
// prune, docker volume rm …): their verb is an operand here.
var dockerPruneGrammar = optGrammar{short: "afq", long: []string{"all", "force", "volumes", "filter=", "quiet", "format="}, permute: true}

var kubectlDeleteLongs = []string{"all", "all-namespaces", "force", "grace-period=", "now", "filename=",
	"kustomize=", "selector=", "namespace=", "output=", "recursive", "cascade?", "wait", "timeout=",
	"ignore-not-found", "dry-run?", "field-selector=", "raw=", "context=", "kubeconfig=", "interactive"}

// gitPushRefspec reads git push's refspecs: "+ref" forces that ref
// (--force for one ref) and ":ref" deletes it (--delete).
func gitPushRefspec(op string) []string {
	switch {
	case strings.HasPrefix(op, "+"):
		return []string{"-f"}
	case strings.HasPrefix(op, ":") && len(op) > 1:
		return []string{"-d"}
	}
	return nil
}

// signalNumbers names the signals by their Linux numbers.
var signalNumbers = [...]string{1: "HUP", 2: "INT", 3: "QUIT", 4: "ILL", 5: "TRAP", 6: "ABRT", 7: "BUS",
	8: "FPE", 9: "KILL", 10: "USR1", 11: "SEGV", 12: "USR2", 13: "PIPE", 14: "ALRM", 15: "TERM", 16: "STKFLT",
	17: "CHLD", 18: "CONT", 19: "STOP", 20: "TSTP", 21: "TTIN", 22: "TTOU", 23: "URG", 24: "XCPU", 25: "XFSZ",
	26: "VTALRM", 27: "PROF", 28: "WINCH", 29: "IO", 30: "PWR", 31: "SYS"}

// signalNames are the names kill reads after a dash, without "SIG".
var signalNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{"IOT": true, "POLL": true, "CLD": true, "RTMIN": true, "RTMAX": true}
	for _, n := range signalNumbers {
		m[n] = true
	}
	return m
})

// normalizeSignal spells a signal value as its name ("9", "sigkill",
// "KILL" → "KILL"); other values stay as given.
func normalizeSignal(name, v string) string {
	if name != "-s" {
		return v
	}
	u := strings.ToUpper(v)
	u = strings.TrimPrefix(u, "SIG")
	if n, err := strconv.Atoi(u); err == nil {
		if n > 0 && n < len(signalNumbers) {
			return signalNumbers[n]
		}
		return u
	}
	switch u {
	case "IOT":
		return "ABRT"
	case "CLD":
		return "CHLD"
	case "POLL":
		return "IO"
	}
	return u
}

// signalWord reads kill's "-9", "-KILL" or "-SIGKILL" as a signal.
func signalWord(w string) (string, bool) {
	if len(w) < 2 || w[0] != '-' || w[1] == '-' {
		return "", false
	}
	v := w[1:]
	if _, err := strconv.Atoi(v); err == nil {
		return normalizeSignal("-s", v), true
	}
	u := strings.TrimPrefix(strings.ToUpper(v), "SIG")
	if signalNames()[u] || strings.HasPrefix(u, "RTMIN+") || strings.HasPrefix(u, "RTMAX-") {
		return normalizeSignal("-s", v), true
	}
	return "", false
}

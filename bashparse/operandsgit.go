package bashparse

import (
	"path"
	"strings"
)

// tarArchive is the archive tar names with -f: written when it creates
// (c, r, u, A), read otherwise.
func tarArchive(args []Word) []File {
	if len(args) == 0 {
		return nil
	}
	first := args[0].Value
	oldStyle := !strings.HasPrefix(first, "-")
	modes := ""
	for _, a := range args {
		if v := a.Value; oldStyle && a.Value == first || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") {
			modes += strings.TrimPrefix(v, "-")
		}
	}
	acc := Read
	if strings.ContainsAny(modes, "cruA") || hasLong(args, "--create") || hasLong(args, "--append") || hasLong(args, "--update") {
		acc = Write
	}
	var out []File
	if oldStyle && strings.ContainsRune(first, 'f') {
		// old style: the letters' values follow in order; f's is the next word(s)
		i := 1
		for _, c := range first {
			if strings.ContainsRune("fbCTXgLNV", c) {
				if c == 'f' && i < len(args) {
					out = append(out, fileOf(args[i], args[i].Value, acc, "tar -f"))
				}
				i++
			}
		}
	}
	for i, a := range args {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "--file="):
			out = append(out, fileOf(a, v[len("--file="):], acc, "tar -f"))
		case v == "--file" && i+1 < len(args):
			out = append(out, fileOf(args[i+1], args[i+1].Value, acc, "tar -f"))
		case i > 0 || !oldStyle:
			if len(v) > 1 && v[0] == '-' && v[1] != '-' {
				if j := strings.IndexByte(v, 'f'); j > 0 {
					if j < len(v)-1 {
						out = append(out, fileOf(a, v[j+1:], acc, "tar -f"))
					} else if i+1 < len(args) {
						out = append(out, fileOf(args[i+1], args[i+1].Value, acc, "tar -f"))
					}
				}
			}
		}
	}
	var kept []File
	for _, f := range out {
		if f.Path != "-" {
			kept = append(kept, f)
		}
	}
	return kept
}

// gitFiles: the paths `git diff --no-index A B` reads, and the path of
// `git show REV:path` (read as stored, relative to the cwd).
func gitFiles(args []Word) []File {
	if len(args) == 0 {
		return nil
	}
	var out []File
	switch args[0].Value {
	case "diff":
		if !hasLong(args, "--no-index") {
			return nil
		}
		for _, o := range operandWords(args[1:], "") {
			if !exemptTargets[o.Value] {
				out = append(out, fileOf(o, o.Value, Read, "git diff --no-index"))
			}
		}
	case "show", "cat-file":
		for _, o := range operandWords(args[1:], "") {
			if rev, p, ok := strings.Cut(o.Value, ":"); ok && p != "" {
				if rev == "" && len(p) > 2 && p[0] >= '0' && p[0] <= '3' && p[1] == ':' {
					p = p[2:] // :STAGE:path, a path in the index
				}
				out = append(out, fileOf(o, strings.TrimPrefix(p, "./"), Read, "git "+args[0].Value))
			}
		}
		if args[0].Value == "cat-file" && (hasLong(args, "--batch") || hasLong(args, "--batch-command")) {
			// Object names (REV:path) come from stdin.
			out = append(out, File{Path: "<object names on stdin>", Access: Read, Via: "git cat-file --batch", Dynamic: true})
		}
	default:
		out = append(out, gitWrites(args)...)
	}
	return out
}

// gitWrites are the places git subcommands write that their words name:
// checkout-index --prefix=P writes the index's files under P (P=.git/hooks/
// installs hooks), worktree add, clone and init create a directory (with
// its .git) there.
func gitWrites(args []Word) []File {
	var out []File
	sub := args[0].Value
	switch sub {
	case "checkout-index":
		prefix := ""
		for _, a := range args[1:] {
			if p, ok := strings.CutPrefix(a.Value, "--prefix="); ok && p != "" {
				out = append(out, fileOf(a, p+"x", Write, "git checkout-index --prefix"))
				prefix = p
			}
		}
		// Each path operand is written from the index (under the prefix).
		for _, o := range operandWords(args[1:], "") {
			out = append(out, fileOf(o, prefix+o.Value, Write, "git checkout-index"))
		}
	case "worktree":
		if len(args) > 1 && args[1].Value == "add" {
			if ops := operandWords(args[2:], "bB"); len(ops) > 0 {
				out = append(out, fileOf(ops[0], ops[0].Value, Write, "git worktree add"))
			}
		}
	case "clean":
		// git clean -f removes the untracked files under its pathspecs
		// (with -x the ignored ones too: .claude/settings.local.json,
		// .env): a stand-in for what it removes under .claude, which
		// git never tracks for it; .git itself is left alone.
		for _, r := range gitCleanRoots(args) {
			out = append(out, File{Path: path.Join(r.Value, ".claude/settings.local.json"), Access: Write,
				Via: "git clean (the untracked files it removes)", Dynamic: !r.Static(), WalkRoot: r.Value})
		}
	case "checkout", "restore":
		paths, _ := gitPathspecs(args)
		for _, o := range paths {
			out = append(out, fileOf(o, o.Value, Write, "git "+sub))
		}
	case "clone", "init":
		ops := operandWords(args[1:], "obucj")
		if n := len(ops); sub == "init" && n > 0 || sub == "clone" && n > 1 {
			out = append(out, fileOf(ops[n-1], ops[n-1].Value, Write, "git "+sub))
		}
		if sub == "init" && hasLong(args[1:], "--template") {
			// Re-running init in a repository copies the template's
			// hooks into its .git/hooks (those not there yet).
			dir, w := ".", args[0]
			if n := len(ops); n > 0 {
				dir, w = ops[n-1].Value, ops[n-1]
			}
			out = append(out, fileOf(w, path.Join(dir, ".git/hooks/x"), Write, "git init --template"))
		}
	}
	return out
}

// gitCleanRoots are the directories git clean removes untracked files
// under (none without -f, or with -n): its pathspecs, else the cwd.
func gitCleanRoots(args []Word) []Word {
	rest := args[1:]
	if !(hasShort(rest, 'f') || hasLong(rest, "--force")) || hasShort(rest, 'n') || hasLong(rest, "--dry-run") {
		return nil
	}
	roots := operandWords(rest, "e")
	if len(roots) == 0 {
		roots = []Word{{Value: "."}}
	}
	return roots
}

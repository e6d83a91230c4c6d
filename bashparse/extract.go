package bashparse

import (
	"path"
	"strings"
)

// cpioGrammar is GNU cpio's option grammar.
var cpioGrammar = optGrammar{short: "0aBbcdfiLmnoprStuvVzJjyZ6A:C:D:E:F:H:I:M:O:R:W:", long: []string{"extract", "pass-through",
	"create", "directory=", "file=", "format=", "make-directories", "unconditional", "verbose", "quiet",
	"null", "append", "preserve-modification-time", "no-absolute-filenames", "absolute-filenames",
	"to-stdout", "list", "rename", "sparse", "dereference", "block-size=", "io-size=", "pattern-file=",
	"message=", "owner=", "rsh-command=", "reset-access-time", "swap", "swap-bytes", "swap-halfwords",
	"only-verify-crc", "device-independent", "reproducible", "help", "version", "usage"}, permute: true}

// extractTrees are the trees archivers write when they extract: the names
// written are the archive's, not the command's (cpio -i, pax -r, ar x,
// 7z x, unrar x, jar x).
func extractTrees(name string, args []Word) []Tree {
	tree := func(root string, w Word) []Tree {
		return []Tree{{Root: root, Access: Write, Via: name + " extract", Dynamic: !w.Static()}}
	}
	dot := Word{Value: "."}
	switch name {
	case "cpio", "bsdcpio":
		sc := cpioGrammar.scan(args)
		for _, o := range sc.values("-D", "--directory") {
			return tree(o.value, args[o.word])
		}
		if sc.has("-p", "--pass-through") && len(sc.operands) > 0 {
			w := args[sc.operands[len(sc.operands)-1]]
			return tree(w.Value, w)
		}
		if sc.has("-i", "--extract") || sc.unsure {
			return tree(".", dot)
		}
	case "pax":
		for _, a := range args {
			if strings.HasPrefix(a.Value, "-") && strings.ContainsRune(a.Value, 'r') {
				return tree(".", dot)
			}
		}
	case "ar":
		if len(args) > 0 && strings.ContainsRune(strings.TrimPrefix(args[0].Value, "-"), 'x') {
			return tree(".", dot)
		}
	case "7z", "7za", "7zr", "unrar", "unar", "jar":
		if len(args) == 0 {
			return nil
		}
		first := strings.TrimPrefix(args[0].Value, "-")
		if name == "unar" || first == "x" || first == "e" || name == "jar" && strings.ContainsRune(first, 'x') {
			for _, a := range args {
				if d, ok := strings.CutPrefix(a.Value, "-o"); ok && d != "" && strings.HasPrefix(name, "7z") {
					return tree(d, a)
				}
			}
			return tree(".", dot)
		}
	}
	return nil
}

// protectedWitnesses are the writes a tree write may make under a
// protected directory: what an archive, a patch or a tree copied from
// outside holds is not known, and it may hold .git/hooks/… or
// .claude/settings.json. They make the safety check ask (spec §6: writes
// to protected paths always ask).
func protectedWitnesses(trees []Tree) []File {
	outside := false
	for _, t := range trees {
		if t.Access == Read && (t.Dynamic || outsideWorkingDir(Word{Value: t.Root}, t.Root)) {
			outside = true
		}
	}
	var out []File
	for _, t := range trees {
		if t.Access != Write {
			continue
		}
		// A root through a descriptor (/dev/fd/3/) is the shell's: known
		// only at run time, it may hold anything.
		t.Dynamic = t.Dynamic || fdLink(t.Root)
		opaque := strings.HasSuffix(t.Via, " extract") || t.Via == "unzip" || t.Via == "patch" ||
			t.Via == "git apply" || t.Via == "git am" || t.Via == "tar x" || strings.HasSuffix(t.Via, " of a pathspec") ||
			strings.HasSuffix(t.Via, " of a revision") || t.Via == "wget download"
		copied := strings.HasSuffix(t.Via, " -r") && outside
		// A walk that changes what it visits (find -delete, find -exec
		// sed -i, fd -x sed -i, chmod -R) reaches the protected files below its root
		// unless its own name filters keep each of them out.
		walked := t.Via == "find" || t.Via == "find -exec" || t.Via == "fd -x" || strings.HasSuffix(t.Via, " -R") ||
			t.Via == "rsync --delete" || t.Via == "rsync --remove-source-files" || t.Via == "zip -m" ||
			strings.HasSuffix(t.Via, "tar --remove-files") || strings.HasSuffix(t.Via, " -r in place")
		if walked {
			// One witness is enough: the first the filters let through
			// (the ones that ask in bypassPermissions mode come first).
			for _, p := range walkWitnesses {
				if len(t.Include) == 0 || matchesAny(t.Include, path.Base(p)) {
					f := File{Path: path.Join(t.Root, p), Access: Write, Via: t.Via + " (the files it walks)",
						Dynamic: t.Dynamic}
					if !t.Follows {
						f.WalkRoot = t.Root
					}
					out = append(out, f)
					break
				}
			}
			continue
		}
		if strings.HasSuffix(t.Via, " -r") && !outside {
			// A tree copied from inside the working directories brings
			// what its sources hold at their top (a repository's
			// payload/.claude, the session's own .git for cp -r . x):
			// the engine keeps these stand-ins only for a source where
			// such a file can be (WalkRoot, as for a walk).
			out = append(out, copiedWitnesses(t, trees)...)
			continue
		}
		if !opaque && !copied {
			continue
		}
		for _, p := range []string{".git/hooks/x", ".claude/settings.json"} {
			out = append(out, File{Path: path.Join(t.Root, p), Access: Write, Via: t.Via + " (what it writes is not named)",
				Dynamic: t.Dynamic})
		}
	}
	return out
}

// copiedWitnesses stand for the protected files a recursive copy into
// dst may write from each of its sources: one under dst and one under
// dst/base(source), each kept by the engine only when the source may hold
// a protected file (WalkRoot).
func copiedWitnesses(dst Tree, trees []Tree) []File {
	var out []File
	for _, src := range trees {
		if src.Access != Read || src.Via != dst.Via || src.Dynamic {
			continue
		}
		for _, into := range []string{dst.Root, path.Join(dst.Root, path.Base(src.Root))} {
			for _, p := range []string{".git/hooks/pre-commit", ".claude/settings.json"} {
				out = append(out, File{Path: path.Join(into, p), Access: Write, Via: dst.Via + " (the files it copies)",
					Dynamic: dst.Dynamic, WalkRoot: src.Root})
			}
		}
	}
	return out
}

// walkWitnesses are protected files a walk from a directory may visit.
var walkWitnesses = []string{".git/hooks/pre-commit", ".git/config", ".git/HEAD", ".git/index",
	".claude/settings.json", ".claude/settings.local.json", ".gitmodules", ".envrc", ".npmrc", ".mcp.json",
	".vscode/settings.json", ".vscode/tasks.json", ".devcontainer/devcontainer.json", ".husky/pre-commit",
	// The other agents' hook and MCP files (policy files of the session
	// where they are the workspace's): find . -name hooks.json -delete
	// unhooks Cursor's project install of agentctl.
	".cursor/hooks.json", ".cursor/mcp.json", ".gemini/settings.json"}

// matchesAny reports a name some base-name glob matches (case-insensitive,
// as protected names are).
func matchesAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, err := path.Match(strings.ToLower(g), strings.ToLower(name)); ok || err != nil {
			return true
		}
	}
	return false
}

// unzipLists reports unzip's modes that write no file: list (-l, -v, -Z),
// test (-t), comment (-z) and extract to stdout (-c, -p).
func unzipLists(args []Word) bool {
	for _, a := range args {
		v := a.Value
		if v == "--" || !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") {
			break
		}
		if strings.ContainsAny(v[1:], "lvZtzcp") {
			return true
		}
	}
	return false
}

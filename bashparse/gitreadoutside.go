package bashparse

import "strings"

// The working directory may be a subdirectory of the repository: from
// repo/sub, git blame ../top.txt, git log -p -- ../top.txt and git diff
// -- .. print files of the repository outside the working directories
// (shown with git 2.39), as cat ../top.txt would. A pathspec spelled
// outside the working directory (absolute, "..", "../…", "…/../…") of a
// reading git subcommand is a read of that path, so the working-directory
// check sees it; a glob pathspec is a read of its literal directory.

// gitReadOutsideFiles returns the reads of the pathspecs spelled outside
// the working directory of a reading git command (words start at "git").
func gitReadOutsideFiles(words []Word) []File {
	if len(words) < 3 || !words[0].Static() || words[0].Value != "git" || !words[1].Static() {
		return nil
	}
	sub := words[1].Value
	if !gitReadsOperands[sub] || sub == "cat-file" {
		return nil // cat-file names objects
	}
	if sub == "diff" && hasLong(words[2:], "--no-index") {
		return nil // two files, not pathspecs: the operand table reads them
	}
	ops := operandWords(words[2:], gitReadValueOpts)
	if sub == "grep" {
		ops = operandWords(words[2:], gitGrepValueOpts)
		if len(ops) > 0 && !hasShort(words[2:], 'e') && !hasShort(words[2:], 'f') && !hasLong(words[2:], "--regexp") {
			ops = ops[1:] // the pattern
		}
	}
	var out []File
	for _, o := range ops {
		p := o.Value
		if rest, ok := strings.CutPrefix(p, "~+"); ok && (rest == "" || rest[0] == '/') {
			p = "." + rest // ~+ is $PWD, the working directory
		} else if o.Dynamic || o.Brace {
			continue // a word known at run time is a mention anywhere (mentions)
		}
		if strings.HasPrefix(p, ":/") || strings.HasPrefix(p, ":(top") {
			p = "/" // the repository's top, above the working directory maybe
		} else if strings.HasPrefix(p, ":") {
			continue // other magic: a walk (gitReadPathspecTrees)
		}
		if t, ok := gitPathspecTree(p); ok {
			p = t.Root
		}
		if gitOutsideSpelling(p) || o.Tilde {
			out = append(out, File{Path: p, Access: Read, Via: "git " + sub, Tilde: o.Tilde})
		}
	}
	return out
}

// gitGrepValueOpts are git grep's short options that take the next word.
const gitGrepValueOpts = "efABCmO"

// gitOutsideSpelling reports a path spelled so that it may leave the
// working directory: absolute, the parent, or a ".." segment anywhere.
func gitOutsideSpelling(p string) bool {
	return strings.HasPrefix(p, "/") && p != "/dev/null" || p == ".." || strings.HasPrefix(p, "../") ||
		strings.Contains(p, "/../") || strings.HasSuffix(p, "/..")
}

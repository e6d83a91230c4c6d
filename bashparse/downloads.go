package bashparse

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Downloads whose file names the server or a URL template chooses. The
// analysis cannot read those names from the command line, so it stands
// for them by what they can be:
//   - wget -r, -m, -p, -x keep the URL's path below the directory
//     (wget -x -nH http://host/.git/hooks/pre-commit writes
//     ./.git/hooks/pre-commit): a tree whose content is not named, like an
//     archive extracted (protected stand-ins, asking in every mode);
//   - curl -J and wget --content-disposition or --trust-server-names take
//     a base name from the server (.envrc, .bashrc): a write of DIR/*;
//   - curl -o with #N writes the text the N-th URL glob matched
//     (curl -o '#1' 'http://h/{.git/hooks/pre-commit}'): #N is read as *,
//     which may be any name, slashes included.

// curlTemplate is a #N reference in a curl output name.
var curlTemplate = lazyre.New(`#[0-9]+`)

// downloadFiles lists the writes a download names only through its server
// or a URL template.
func downloadFiles(name string, args []Word) []File {
	switch name {
	case "curl":
		var out []File
		dir := lastOr(optValues(args, "", "--output-dir"), ".")
		for _, a := range args {
			v := a.Value
			if v == "--" {
				break
			}
			if curlShort(v, 'J') || v == "--remote-header-name" {
				out = append(out, File{Path: path.Join(dir, "*"), Access: Write, Via: "curl -J", Glob: true})
			}
		}
		for _, o := range append(optValues(args, "-o", "--output"), curlAttached(args)...) {
			if curlTemplate.MatchString(o) {
				g := curlTemplate.ReplaceAllString(o, "*")
				if !strings.HasPrefix(g, "/") && dir != "." {
					g = path.Join(dir, g)
				}
				out = append(out, File{Path: g, Access: Write, Via: "curl -o #N", Glob: true})
			}
		}
		return out
	case "wget":
		if hasLong(args, "--content-disposition") || hasLong(args, "--trust-server-names") {
			dir := lastOr(optValues(args, "-P", "--directory-prefix"), ".")
			return []File{{Path: path.Join(dir, "*"), Access: Write, Via: "wget (a name the server gives)", Glob: true}}
		}
	}
	return nil
}

// downloadTrees are the trees wget writes below its directory prefix
// when it keeps the URL's path (-r, -m, -p, -x), unless -nd flattens it.
func downloadTrees(args []Word) []Tree {
	if hasLong(args, "--no-directories") {
		return nil
	}
	for _, a := range args {
		if a.Value == "-nd" {
			return nil
		}
	}
	keeps := hasLong(args, "--recursive") || hasLong(args, "--mirror") || hasLong(args, "--page-requisites") ||
		hasLong(args, "--force-directories")
	for _, a := range args {
		v := a.Value
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && !strings.HasPrefix(v, "-n") && strings.ContainsAny(v[1:], "rmpx") {
			// A cluster of wget's flags (-r, -m, -p, -x); -nH, -np and
			// -nc are "no" options, not clusters.
			keeps = true
		}
	}
	if !keeps {
		return nil
	}
	dir := lastOr(optValues(args, "-P", "--directory-prefix"), ".")
	return []Tree{{Root: dir, Access: Write, Via: "wget download"}}
}

// curlShort reports a short-option cluster of curl holding c (-OJ, -LOJ).
func curlShort(v string, c byte) bool {
	return len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], c) >= 0
}

// curlAttached lists the values attached to -o (-o#1.txt).
func curlAttached(args []Word) []string {
	var out []string
	for _, a := range args {
		if v, ok := strings.CutPrefix(a.Value, "-o"); ok && v != "" {
			out = append(out, v)
		}
	}
	return out
}

// lastOr is the last of vs, or def when there is none.
func lastOr(vs []string, def string) string {
	if len(vs) == 0 {
		return def
	}
	return vs[len(vs)-1]
}

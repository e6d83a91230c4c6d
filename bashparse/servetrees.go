package bashparse

import "strings"

// A file server started on the tree serves every file below its root to
// whoever connects: openssl s_server -WWW, busybox httpd, python3 -m
// http.server, php -S, ruby -run -e httpd, http-server. Each is a
// recursive reader of its root (spec §3): with a Read deny rule that could
// match below it (.env), it asks even under an allow rule for the program
// (Bash(openssl:*)); no request names the file agentctl would check.

// serverTrees lists the trees a file server started by words serves.
func serverTrees(name string, args []Word) []Tree {
	root := func(w Word) Tree {
		return Tree{Root: w.Value, Access: Read, Via: name + " serving files", Dynamic: !w.Static()}
	}
	// Made only for a server: most commands are none, and this was a good
	// part of a short command's parse.
	here := func() []Tree { return []Tree{{Root: ".", Access: Read, Via: name + " serving files"}} }
	switch {
	case name == "openssl":
		if len(args) > 0 && args[0].Value == "s_server" && (hasWord(args, "-WWW") || hasWord(args, "-HTTP")) {
			return here()
		}
	case name == "httpd" || name == "busybox" && len(args) > 0 && args[0].Value == "httpd":
		if name == "busybox" {
			args = args[1:]
		}
		if v := shortValue(args, "-h"); v != nil {
			return []Tree{root(*v)}
		}
		return here()
	case strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy"):
		for i, a := range args {
			if a.Value == "-m" && i+1 < len(args) && (args[i+1].Value == "http.server" || args[i+1].Value == "SimpleHTTPServer") {
				rest := args[i+2:]
				if v := shortValue(rest, "-d"); v != nil {
					return []Tree{root(*v)}
				}
				if v := shortValue(rest, "--directory"); v != nil {
					return []Tree{root(*v)}
				}
				return here()
			}
		}
	case name == "php":
		if hasWord(args, "-S") {
			if v := shortValue(args, "-t"); v != nil {
				return []Tree{root(*v)}
			}
			return here()
		}
	case name == "ruby":
		for i, a := range args {
			if a.Value == "httpd" && i > 0 && args[i-1].Value == "-e" {
				if ops := operandWords(args[i+1:], "p"); len(ops) > 0 {
					return []Tree{root(ops[0])}
				}
				return here()
			}
		}
	case name == "http-server" || name == "serve":
		if ops := operandWords(args, "paPcdl"); len(ops) > 0 {
			return []Tree{root(ops[0])}
		}
		return here()
	}
	return nil
}

// hasWord reports whether args hold the word v as written.
func hasWord(args []Word, v string) bool {
	for _, a := range args {
		if a.Value == v {
			return true
		}
	}
	return false
}

// shortValue is the value of option opt in args: the next word, or the
// rest of the word after "opt=" or (for a single-letter option) after opt.
func shortValue(args []Word, opt string) *Word {
	for i, a := range args {
		switch {
		case a.Value == opt && i+1 < len(args):
			return &args[i+1]
		case strings.HasPrefix(a.Value, opt+"="):
			w := a
			w.Value = a.Value[len(opt)+1:]
			return &w
		case len(opt) == 2 && len(a.Value) > 2 && strings.HasPrefix(a.Value, opt):
			w := a
			w.Value = a.Value[2:]
			return &w
		}
	}
	return nil
}

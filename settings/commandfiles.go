package settings

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// commandFiles lists the files the session's commands name — each hook
// command that runs, the auto-mode classifier and the commands the agent
// runs itself (status line, credential helpers) — by a word
// that is a path: `sh scripts/guard.sh`, `"$CLAUDE_PROJECT_DIR"/bin/check`,
// `python3 ~/hooks/lint.py`. The script is the decision: a session that
// rewrites scripts/guard.sh (an edit acceptEdits allows in the working
// directory) to print permissionDecision "allow" has its next call allowed
// by the hook that denied it, so such files are policy files (spec §6): a
// write to them asks in every mode. Only what a word names directly is
// found (not a package.json script an `npm run` names, nor a module
// `python -m` imports).
func (s *Settings) commandFiles() []string {
	var out []string
	for _, h := range s.Hooks {
		if h.Skipped != "" || (h.Type != "" && h.Type != "command") {
			continue
		}
		out = append(out, scriptPaths(h.Command, s.ProjectRoot, s.Home)...)
	}
	for _, c := range s.runCommands {
		out = append(out, scriptPaths(c, s.ProjectRoot, s.Home)...)
	}
	if s.AutoClassifier != nil && s.AutoClassifierSkipped == "" {
		out = append(out, scriptPaths(s.AutoClassifier.Value, s.Cwd, s.Home)...)
	}
	return out
}

// scriptPaths returns the absolute paths the words of a shell command
// name, as the command runs in dir with CLAUDE_PROJECT_DIR set to dir
// (how hooks and the classifier run). A word is taken as a path when it
// holds a '/' or names an existing file of dir; a command name without a
// '/' is looked up on PATH and is no file of the workspace. A directory
// (`cd "$CLAUDE_PROJECT_DIR"`) is left out: the whole workspace would
// become policy. A word that names nothing yet is kept: creating the
// missing script a hook names makes it answer. An unparsable command
// names nothing (it fails when run).
func scriptPaths(command, dir, home string) []string {
	return scriptPathsAt(command, dir, home, 0)
}

// scriptPathsAt is scriptPaths inside depth levels of `sh -c`.
func scriptPathsAt(command, dir, home string, depth int) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil {
		return nil
	}
	cfg := &expand.Config{Env: expand.FuncEnviron(func(name string) string {
		switch name {
		case "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "PWD":
			return dir
		case "HOME":
			return home
		}
		return os.Getenv(name)
	})}
	var out []string
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Redirect:
			// `sh < scripts/guard.sh`: the script is the shell's input.
			if n.Op == syntax.RdrIn && n.Word != nil {
				if word, err := expand.Literal(cfg, n.Word); err == nil {
					if p, ok := scriptPath(word, false, dir); ok {
						out = append(out, p)
					}
				}
			}
		case *syntax.CallExpr:
			var words []string
			for _, w := range n.Args {
				fields, err := expand.Fields(cfg, w)
				if err != nil {
					continue
				}
				words = append(words, fields...)
			}
			for i, word := range words {
				// `bash -c "sh scripts/guard.sh"`: the script is inside.
				if i >= 2 && words[i-1] == "-c" && depth < 3 && shellNames[filepath.Base(words[0])] {
					out = append(out, scriptPathsAt(word, dir, home, depth+1)...)
					continue
				}
				if p, ok := scriptPath(word, i == 0, dir); ok {
					out = append(out, p)
				}
			}
		}
		return true
	})
	return out
}

// shellNames are the programs whose -c argument is itself a command line.
var shellNames = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true}

// scriptPath is the absolute path one word names, if it names one (see
// scriptPaths); first says the word is the command name.
func scriptPath(word string, first bool, dir string) (string, bool) {
	if word == "" || strings.HasPrefix(word, "-") {
		return "", false
	}
	if !strings.Contains(word, "/") {
		if first {
			return "", false
		}
		if fi, err := os.Stat(filepath.Join(dir, word)); err != nil || fi.IsDir() {
			return "", false
		}
	}
	p := word
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	p = filepath.Clean(p)
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return "", false
	}
	// A path that names nothing but lies at or above the workspace (a
	// typo, ../) is not a file to protect: every write below would hit it.
	if rel, err := filepath.Rel(p, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return p, true
}

package main

import (
	"os"
	"path/filepath"
)

// hookPrograms are the programs that decide this hook call: this binary
// and the full and lean builds beside it (the lean hook hands policies
// that need OPA to the full one). They are policy files of the call (a
// write to one asks in every mode): an agentctl built inside the workspace
// — bin/agentctl-hook in a checkout of agentctl itself, installed from
// there — that a session overwrites (an edit acceptEdits allows) answers
// every later call as it likes. Claude Code's install names the program
// in a hook, which the settings already protect; Gemini CLI's and
// Cursor's name it in their own files, which they do not read.
func hookPrograms() []string {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	dir := filepath.Dir(exe)
	var out []string
	for _, p := range []string{exe, filepath.Join(dir, "agentctl"), filepath.Join(dir, "agentctl-hook")} {
		out = append(out, p)
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			out = append(out, real)
		}
	}
	return out
}

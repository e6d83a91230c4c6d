package main

import (
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
)

// auditFiles are where a run records what its session did: the session
// directory (the transcript, spilled results, background output) — the
// default one's parent too, which holds every earlier session's — and the
// --decision-log file. They are policy files (a write asks in every mode):
// a session in acceptEdits could otherwise `rm` its own transcript and
// decision log when they lie in the working directory (--session-dir
// ./artifacts/session in CI), leaving no record of what it ran.
func auditFiles(c *cli.Context) []string {
	var out []string
	add := func(p string) {
		if abs, err := filepath.Abs(p); err == nil {
			out = append(out, abs)
			if r, err := filepath.EvalSymlinks(abs); err == nil && r != abs {
				out = append(out, r)
			}
		}
	}
	if p := flagString(c, "decision-log"); p != "" {
		add(p)
	}
	if d := c.String("session-dir"); d != "" {
		add(d)
	} else if cache, err := os.UserCacheDir(); err == nil {
		add(filepath.Join(cache, "agentctl", "sessions"))
	}
	return out
}

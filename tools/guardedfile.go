package tools

// A file tool's checks of the file itself (it exists, it was read first,
// it is no directory or FIFO, old_string occurs in it) run at validation,
// before the permission check, so that the model hears about a mistake
// before anyone is asked. For a file a deny or ask rule covers, that order
// answered questions the policy refuses: an Edit of ~/.ssh/id_ed25519 said
// "has not been read yet" and one of ~/.ssh/id_rsa "does not exist" under
// Read(~/.ssh/**), which lists no name in the directory to Glob, ls or
// Grep — and the refusals were validation errors, not permission denials
// the run reports. Claude Code refuses such a call before looking at the
// file; here the checks of a guarded file wait until the policy has
// answered (a deny never looks; an approved ask looks then), and every
// editing tool runs them again when it is called, on the file as it is by
// then.

// guardedFile reports that a Read or Edit deny or ask rule covers path (or
// its symlink target): the file is not looked at before the permission
// check. Without a session's guard (tc or tc.SkipRead nil) nothing is.
func guardedFile(tc *Context, path string) bool {
	return tc != nil && tc.SkipRead != nil && tc.SkipRead(path)
}

// writeChecks are Write's and NotebookEdit's checks of the file: an
// existing file must be a regular one, read in this session and unchanged
// since.
func writeChecks(tc *Context, path string) error {
	if err := checkEditable(path); err != nil {
		return err
	}
	return readBeforeWrite(tc, path)
}

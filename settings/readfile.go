package settings

import (
	"errors"
)

// maxSettingsSize bounds a settings file. Real files are a few kilobytes;
// a repository may ship anything, and loading must end.
const maxSettingsSize = 8 << 20

// maxStateSize bounds Claude Code's state file (~/.claude.json), which
// keeps per-project history and grows to tens of megabytes.
const maxStateSize = 512 << 20

// ErrNotRegular is returned for a settings path that names a FIFO, a device,
// a socket or a directory. A repository can ship .claude/settings.json as a
// symlink to /dev/zero or create a FIFO there: reading either never ends,
// and a hook that never answers lets the call through on timeout.
var ErrNotRegular = errors.New("not a regular file")

// readSettingsFile reads a settings file that must be a regular file (a
// symlink to one is fine) of at most maxSettingsSize bytes. The file is
// opened without blocking, so a FIFO is refused instead of waited on.
func readSettingsFile(path string) ([]byte, error) { return readRegular(path, maxSettingsSize) }

// ReadConfigFile reads a configuration file a repository may control
// (.mcp.json, .cursor/mcp.json, .gemini/settings.json, an agent's hook
// file) as settings files are read: it must be a regular file (a symlink
// to one is fine) of at most 8 MiB, opened without blocking. A FIFO, a
// device, a directory or a larger file is an error (ErrNotRegular,
// ErrTooLarge), never a read that does not end. It is safe for
// concurrent use.
func ReadConfigFile(path string) ([]byte, error) { return readSettingsFile(path) }

// ReadRegular reads a regular file of at most max bytes without ever
// blocking on what it opens: a FIFO, a device or a directory is
// ErrNotRegular, a larger file ErrTooLarge. Other packages' bounded reads
// of repository content (a repository's git config) use it too.
func ReadRegular(path string, max int64) ([]byte, error) { return readRegular(path, max) }

package mcp

import (
	"os"
	"strconv"
	"time"
)

// Default bounds on a server, when the environment names none.
const (
	// DefaultStartupTimeout bounds initialize and tools/list (Claude Code's
	// MCP_TIMEOUT).
	DefaultStartupTimeout = 30 * time.Second
	// DefaultToolTimeout bounds one tools/call (Claude Code's
	// MCP_TOOL_TIMEOUT); as long as the longest Bash command.
	DefaultToolTimeout = 10 * time.Minute
)

// terminateDuration is how long Close waits for a server to exit after its
// stdin is closed before it sends SIGTERM (and as long again before SIGKILL).
const terminateDuration = time.Second

// Timeouts are the bounds on talking to a server.
type Timeouts struct {
	Startup time.Duration // initialize, then tools/list, each
	Tool    time.Duration // one tools/call
}

// TimeoutsFromEnv reads Claude Code's MCP_TIMEOUT and MCP_TOOL_TIMEOUT
// (milliseconds); a missing, malformed or non-positive value keeps the
// default.
func TimeoutsFromEnv() Timeouts {
	return Timeouts{Startup: envMillis("MCP_TIMEOUT", DefaultStartupTimeout),
		Tool: envMillis("MCP_TOOL_TIMEOUT", DefaultToolTimeout)}
}

func envMillis(name string, def time.Duration) time.Duration {
	ms, err := strconv.ParseInt(os.Getenv(name), 10, 64)
	if err != nil || ms <= 0 {
		return def
	}
	return time.Duration(ms) * time.Millisecond
}

package main

import (
	"os"
	"testing"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// TestMain lets the test binary double as a real MCP server (stdio) for the
// run tests.
func TestMain(m *testing.M) {
	mcptest.MaybeServe()
	os.Exit(m.Run())
}

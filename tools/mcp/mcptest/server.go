// Package mcptest is a small real MCP server for tests: a test binary calls
// MaybeServe from TestMain and lists itself as a stdio server.
package mcptest

import (
	"context"
	"fmt"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// EnvVar makes a test binary serve MCP on stdio instead of running tests.
const EnvVar = "AGENTCTL_TEST_MCP_SERVER"

// MaybeServe serves the demo MCP server and exits when EnvVar is "1".
func MaybeServe() {
	if os.Getenv(EnvVar) != "1" {
		return
	}
	if err := newServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to echo"`
}

type dropIn struct {
	Name string `json:"name" jsonschema:"the table to drop"`
}

// newServer has two tools: "echo" (read-only) and "drop.table" (destructive, always an error result).
func newServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "demo", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "echo", Description: "Echoes text", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in echoIn) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "echo: " + in.Text}}}, nil, nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "drop.table", Description: "Drops a table"},
		func(_ context.Context, _ *sdk.CallToolRequest, in dropIn) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "refusing to drop " + in.Name}}}, nil, nil
		})
	return s
}

// Config returns an .mcp.json body that runs exe (a test binary) as the
// "demo" server, plus a "broken" server that cannot start.
func Config(exe string) string {
	return fmt.Sprintf(`{"mcpServers": {"demo": {"command": %q, "env": {%q: "1"}}, "broken": {"command": "/nonexistent/server"}}}`, exe, EnvVar)
}

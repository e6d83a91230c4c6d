// Package mcptest is a small real MCP server for tests: a test binary calls
// MaybeServe from TestMain and lists itself as a stdio server.
package mcptest

import (
	"context"
	"fmt"
	"io"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// EnvVar makes a test binary serve MCP on stdio instead of running tests:
// "1" is the demo server, Silent a server that never answers, Hang the
// demo server plus a tool that never returns.
const EnvVar = "AGENTCTL_TEST_MCP_SERVER"

// Server modes (values of EnvVar).
const (
	Silent = "silent"
	Hang   = "hang"
	// Media is the demo server plus a tool whose result is an image, an
	// embedded text resource and a resource link.
	Media = "media"
)

// MaybeServe serves the MCP server EnvVar names and exits; without EnvVar
// it returns.
func MaybeServe() {
	mode := os.Getenv(EnvVar)
	switch mode {
	case "":
		return
	case Silent:
		// Read every request, answer none; end when stdin closes.
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}
	s := newServer()
	if mode == Loose {
		s = newLooseServer()
	}
	if mode == Hang {
		sdk.AddTool(s, &sdk.Tool{Name: "hang", Description: "Never returns"},
			func(context.Context, *sdk.CallToolRequest, echoIn) (*sdk.CallToolResult, any, error) {
				select {} // ignores cancellation too
			})
	}
	if mode == Media {
		sdk.AddTool(s, &sdk.Tool{Name: "screenshot", Description: "A picture and a note"},
			func(context.Context, *sdk.CallToolRequest, echoIn) (*sdk.CallToolResult, any, error) {
				return &sdk.CallToolResult{Content: []sdk.Content{
					&sdk.TextContent{Text: "here it is"},
					&sdk.ImageContent{MIMEType: "image/png", Data: []byte("\x89PNG\r\n")},
					&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "file:///notes.txt", MIMEType: "text/plain", Text: "a note"}},
					&sdk.ResourceLink{URI: "file:///big.log", Name: "big.log"},
				}}, nil, nil
			})
	}
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
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

// ModeConfig returns an .mcp.json body that runs exe as one server, name,
// in the given mode.
func ModeConfig(exe, name, mode string) string {
	return fmt.Sprintf(`{"mcpServers": {%q: {"command": %q, "env": {%q: %q}}}}`, name, exe, EnvVar, mode)
}

// Config returns an .mcp.json body that runs exe (a test binary) as the
// "demo" server, plus a "broken" server that cannot start.
func Config(exe string) string {
	return fmt.Sprintf(`{"mcpServers": {"demo": {"command": %q, "env": {%q: "1"}}, "broken": {"command": "/nonexistent/server"}}}`, exe, EnvVar)
}

package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Loose is a server (value of EnvVar) whose one tool, "query", takes its
// "sql" as a string or a list of statements — a schema agentctl does not
// know in hook mode — and runs each: it appends "ran: STATEMENT" to the
// file LogEnvVar names, so a test sees what really ran.
const Loose = "loose"

// LogEnvVar names the file the Loose server records its statements in.
const LogEnvVar = "AGENTCTL_TEST_MCP_LOG"

// looseSchema admits sql as a string or an array of strings.
const looseSchema = `{"type":"object","properties":{"sql":{"anyOf":[{"type":"string"},` +
	`{"type":"array","items":{"type":"string"}}]}},"required":["sql"]}`

// newLooseServer is the Loose server.
func newLooseServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "db", Version: "1"}, nil)
	s.AddTool(&sdk.Tool{Name: "query", Description: "Runs SQL statements", InputSchema: json.RawMessage(looseSchema)},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var in struct {
				SQL any `json:"sql"`
			}
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return nil, fmt.Errorf("query: %w", err)
			}
			var stmts []string
			switch v := in.SQL.(type) {
			case string:
				stmts = []string{v}
			case []any:
				for _, e := range v {
					stmts = append(stmts, fmt.Sprint(e))
				}
			}
			f, err := os.OpenFile(os.Getenv(LogEnvVar), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
			if err != nil {
				return nil, fmt.Errorf("query: %w", err)
			}
			defer f.Close()
			for _, st := range stmts {
				fmt.Fprintln(f, "ran:", st)
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: fmt.Sprint("ran ", len(stmts))}}}, nil
		})
	return s
}

// LooseConfig returns an .mcp.json body that runs exe as the Loose server
// "db", recording into log.
func LooseConfig(exe, log string) string {
	return fmt.Sprintf(`{"mcpServers": {"db": {"command": %q, "env": {%q: %q, %q: %q}}}}`, exe, EnvVar, Loose, LogEnvVar, log)
}

// Package mcp connects to MCP servers over stdio (with the official Go SDK)
// and offers their tools as tools.Tool values named mcp__<server>__<tool>.
package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentctl/agentctl/internal/proc"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
	"github.com/agentctl/agentctl/toolspec"
)

// ServerConfig is one server of an .mcp.json file (Claude Code's format).
type ServerConfig struct {
	Name    string            `json:"-"`
	Type    string            `json:"type,omitempty"` // "stdio" (the default) is the only transport here
	Command string            `json:"command"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
}

// LoadConfig reads {"mcpServers": {"name": {...}}}; servers come back sorted by name.
func LoadConfig(path string) ([]ServerConfig, error) {
	// A workspace's .mcp.json is the repository's: read as a settings
	// file is (a FIFO there is an error, not a wait without end).
	b, err := settings.ReadConfigFile(path)
	if err != nil {
		return nil, err
	}
	var f struct {
		MCPServers map[string]ServerConfig `json:"mcpServers"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []ServerConfig
	for name, c := range f.MCPServers {
		if c.Type != "" && c.Type != "stdio" {
			return nil, fmt.Errorf("%s: server %q: transport %q is not supported (stdio only)", path, name, c.Type)
		}
		if c.Command == "" {
			return nil, fmt.Errorf("%s: server %q: missing \"command\"", path, name)
		}
		c.Name = name
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ToolName is the pool name of a server's tool: mcp__<server>__<tool>, each
// part spelled as Claude Code spells it (toolspec.MCPNamePart), so that
// rules name the same tools under run as under the agent.
func ToolName(server, tool string) string {
	return "mcp__" + toolspec.MCPNamePart(server) + "__" + toolspec.MCPNamePart(tool)
}

// Server is a connected MCP server and its tools.
type Server struct {
	Name   string
	Status string // "connected" or "failed" (Claude Code's connected|failed|needs-auth|pending)
	// Error says why a failed server failed.
	Error   string
	Tools   []tools.Tool
	session *sdk.ClientSession
	cmd     *exec.Cmd
	timeout Timeouts
}

// Connect starts a stdio server (in a process group of its own) and lists
// its tools, each step bounded by the startup timeout. A server that cannot
// be started, does not answer in time or cannot be listed comes back with
// a failed status and no tools — and is stopped; the session goes on
// without it.
func Connect(ctx context.Context, c ServerConfig) *Server {
	s := &Server{Name: c.Name, timeout: TimeoutsFromEnv()}
	cmd := exec.Command(c.Command, c.Args...)
	proc.Setpgid(cmd)
	cmd.Env = os.Environ()
	for k, v := range c.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	s.cmd = cmd
	client := sdk.NewClient(&sdk.Implementation{Name: "agentctl", Version: "0.1"}, nil)
	step := func(what string, f func(ctx context.Context) error) error {
		ctx, cancel := context.WithTimeout(ctx, s.timeout.Startup)
		defer cancel()
		err := f(ctx)
		if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return fmt.Errorf("no answer to %s within %v (MCP_TIMEOUT)", what, s.timeout.Startup)
		}
		return err
	}
	err := step("initialize", func(ctx context.Context) (err error) {
		transport := &sdk.CommandTransport{Command: cmd, TerminateDuration: terminateDuration}
		s.session, err = client.Connect(ctx, transport, nil)
		return err
	})
	var list *sdk.ListToolsResult
	if err == nil {
		err = step("tools/list", func(ctx context.Context) (err error) {
			list, err = s.session.ListTools(ctx, &sdk.ListToolsParams{})
			return err
		})
	}
	if err != nil {
		s.Close()
		s.Status, s.Error = "failed", err.Error()
		return s
	}
	for _, t := range list.Tools {
		s.Tools = append(s.Tools, wrap(s, t))
	}
	s.Status = "connected"
	return s
}

// Close ends the session (closing the server's stdin, then SIGTERM, then
// SIGKILL) and kills whatever is left of the server's process group.
func (s *Server) Close() error {
	var err error
	if s.session != nil {
		err = s.session.Close()
		s.session = nil
	}
	if s.cmd != nil {
		err = errors.Join(err, proc.KillGroup(s.cmd))
	}
	return err
}

// wrap makes an MCP tool a tools.Tool. The server owns its schema; its
// annotations say whether a call only reads (default: it may destroy).
func wrap(s *Server, t *sdk.Tool) tools.Tool {
	schema, err := json.Marshal(t.InputSchema)
	if err != nil || string(schema) == "null" {
		schema = []byte(`{"type":"object"}`)
	}
	readOnly := t.Annotations != nil && t.Annotations.ReadOnlyHint
	destructive := t.Annotations == nil || t.Annotations.DestructiveHint == nil || *t.Annotations.DestructiveHint
	return tools.Build(tools.Spec{
		Name:              ToolName(s.Name, t.Name),
		UserFacingName:    s.Name + " - " + t.Name + " (MCP)",
		Description:       t.Description,
		Schema:            schema,
		IsReadOnly:        func(tools.Input) bool { return readOnly },
		IsConcurrencySafe: func(tools.Input) bool { return readOnly },
		IsDestructive:     func(tools.Input) bool { return !readOnly && destructive },
		Call: func(ctx context.Context, in tools.Input, _ *tools.Context, _ tools.Progress) (tools.Result, error) {
			if s.session == nil {
				return tools.Result{}, errors.New("MCP server " + s.Name + " is not connected")
			}
			ctx, cancel := context.WithTimeout(ctx, s.timeout.Tool)
			defer cancel()
			res, err := s.session.CallTool(ctx, &sdk.CallToolParams{Name: t.Name, Arguments: map[string]any(in)})
			if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return tools.Result{Data: fmt.Sprintf("MCP error: %s did not answer within %v (MCP_TOOL_TIMEOUT)", t.Name, s.timeout.Tool), IsError: true}, nil
			}
			if err != nil {
				return tools.Result{Data: "MCP error: " + err.Error(), IsError: true}, nil
			}
			var meta map[string]any
			if res.Meta != nil {
				meta = map[string]any(res.Meta)
			}
			return tools.Result{Data: contentBlocks(res.Content), IsError: res.IsError, MCPMeta: meta}, nil
		},
	})
}

// contentBlocks turns an MCP result's content into what the model gets: one
// string when it is all text (as before), else Anthropic content blocks —
// images as base64 image blocks, text resources as text, the rest described.
func contentBlocks(content []sdk.Content) any {
	var texts []string
	var blocks []any
	text := func(s string) {
		texts = append(texts, s)
		blocks = append(blocks, map[string]any{"type": "text", "text": s})
	}
	image := func(mime string, data []byte) {
		blocks = append(blocks, tools.ImageBlock{Type: "image", Source: tools.ImageSource{Type: "base64",
			MediaType: mime, Data: base64.StdEncoding.EncodeToString(data)}})
	}
	onlyText := true
	for _, c := range content {
		switch v := c.(type) {
		case *sdk.TextContent:
			text(v.Text)
		case *sdk.ImageContent:
			onlyText = false
			image(v.MIMEType, v.Data)
		case *sdk.AudioContent:
			text(fmt.Sprintf("[audio %s, %d bytes: not shown]", v.MIMEType, len(v.Data)))
		case *sdk.EmbeddedResource:
			switch r := v.Resource; {
			case r == nil:
				text("[empty resource]")
			case r.Text != "":
				text(r.Text)
			case strings.HasPrefix(r.MIMEType, "image/"):
				onlyText = false
				image(r.MIMEType, r.Blob)
			default:
				text(fmt.Sprintf("[resource %s (%s), %d bytes]", r.URI, r.MIMEType, len(r.Blob)))
			}
		case *sdk.ResourceLink:
			text(fmt.Sprintf("[resource link %s: %s]", v.Name, v.URI))
		default:
			b, _ := json.Marshal(v)
			text(string(b))
		}
	}
	if onlyText {
		return strings.Join(texts, "\n")
	}
	return blocks
}

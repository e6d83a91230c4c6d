package agenthook

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

func cursorShell(ev *Event) ([]engine.Call, error) {
	cmd, err := required(ev.Fields, "command")
	if err != nil {
		return nil, err
	}
	return shellIn(ev, cmd, str(ev.Fields, "cwd")), nil
}

// cursorRoot is the workspace root: the session's cwd for Cursor, whose
// shell events carry the command's own cwd.
func cursorRoot(ev *Event) string {
	if roots, _ := ev.Fields["workspace_roots"].([]any); len(roots) > 0 {
		if r, _ := roots[0].(string); filepath.IsAbs(r) {
			return r
		}
	}
	return ev.Cwd
}

func cursorMCP(ev *Event) ([]engine.Call, error) {
	tool := strings.TrimPrefix(ev.Tool, "MCP:")
	if tool == "" {
		return nil, fmt.Errorf("no tool_name")
	}
	server, err := cursorServer(ev)
	if err != nil {
		return nil, err
	}
	if server != "" {
		return []engine.Call{{Tool: "mcp__" + server + "__" + tool, Input: ev.Input}}, nil
	}
	return []engine.Call{{Tool: "MCP:" + tool, Input: ev.Input}}, nil
}

// cursorServer finds the MCP server an event names by its url or command
// in Cursor's mcp.json (the project's first in a trusted workspace, then
// the user's); "" when none or several match. The project's file comes
// with the repository: it is read as a settings file is (a FIFO, a device
// or an oversized file there is an error, never a hook that waits until
// the agent gives up on it). An untrusted project's file never names the
// server, but it is read all the same: a server it defines under the url
// or command of the user's server (the same npx package with its own env,
// GH_HOST=evil.example) is one Cursor may be calling, so the user's name
// for that url or command proves nothing and the event names no server.
// Nor does it when a file cannot be read as JSON (Cursor's reader may
// take what Go's refuses).
func cursorServer(ev *Event) (string, error) {
	url, command := str(ev.Fields, "url"), str(ev.Fields, "command")
	if url == "" && command == "" {
		return "", nil
	}
	home, _ := os.UserHomeDir()
	project, ok, err := cursorServersAt(filepath.Join(cursorRoot(ev), ".cursor", "mcp.json"), url, command)
	if err != nil || !ok {
		return "", err
	}
	if len(project) > 0 && !ev.TrustedProject {
		return "", nil
	}
	user, ok, err := cursorServersAt(filepath.Join(home, ".cursor", "mcp.json"), url, command)
	if err != nil || !ok {
		return "", err
	}
	for _, found := range [][]string{project, user} {
		if len(found) == 1 {
			return found[0], nil
		}
		if len(found) > 1 {
			return "", nil
		}
	}
	return "", nil
}

// cursorServersAt returns the servers of one mcp.json whose url or
// command (alone, or with its args) is the event's; ok is false when the
// file exists but is not JSON agentctl reads.
func cursorServersAt(p, url, command string) (found []string, ok bool, err error) {
	b, err := settings.ReadConfigFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cursor MCP config: %w", err)
	}
	found, ok = cursorServersIn(b, url, command)
	if !ok {
		return nil, false, nil
	}
	return found, true, nil
}

func cursorTool(kind string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		in := ev.Input
		p, err := arg(in, "file_path", "path", "target_file")
		if err != nil {
			return nil, err
		}
		path := under(ev.Cwd, p)
		switch kind {
		case "Shell":
			cmd, err := required(in, "command")
			if err != nil {
				return nil, err
			}
			dir, err := arg(in, "cwd", "working_directory")
			if err != nil {
				return nil, err
			}
			if dir == "" {
				// Cursor's terminal keeps the agent's cd, and its events
				// say where the shell stands in a top-level cwd (as
				// beforeShellExecution's does): `cat key` after `cd
				// secret` reads secret/key, not the root's key.
				dir = str(ev.Fields, "cwd")
			}
			return shellIn(ev, cmd, dir), nil
		case "Read":
			if path == "" {
				return nil, fmt.Errorf("required parameter `file_path` is missing")
			}
			return []engine.Call{{Tool: "Read", Input: map[string]any{"file_path": path}}}, nil
		case "Write":
			if path == "" {
				return nil, fmt.Errorf("required parameter `file_path` is missing")
			}
			content, err := arg(in, "content", "contents")
			if err != nil {
				return nil, err
			}
			return []engine.Call{{Tool: "Write", Input: map[string]any{"file_path": path, "content": content}}}, nil
		case "Edit", "StrReplace":
			if path == "" {
				return nil, fmt.Errorf("required parameter `file_path` is missing")
			}
			oldS, _ := in["old_string"].(string)
			newS, _ := in["new_string"].(string)
			return []engine.Call{{Tool: "Edit", Input: map[string]any{"file_path": path, "old_string": oldS, "new_string": newS}}}, nil
		case "Delete":
			if path == "" {
				return nil, fmt.Errorf("required parameter `file_path` is missing")
			}
			return []engine.Call{{Tool: "Bash", Input: map[string]any{"command": "rm -- " + shellQuote(path)}}}, nil
		case "Grep":
			pat, err := required(in, "pattern")
			if err != nil {
				return nil, err
			}
			// Cursor's search tools name their root path or
			// target_directory (Glob, LS): a root the mapping did not
			// read was a search of the workspace decided for one of /etc.
			d, err := arg(in, "path", "target_directory")
			if err != nil {
				return nil, err
			}
			return treeSearch(ev, pat, d), nil
		case "Glob":
			pat, err := arg(in, "pattern", "glob_pattern")
			if err != nil {
				return nil, err
			}
			d, err := arg(in, "path", "target_directory")
			if err != nil {
				return nil, err
			}
			return glob("pattern", "path")(&Event{Cwd: ev.Cwd, Input: map[string]any{"pattern": pat, "path": d}})
		case "LS":
			d, err := arg(in, "path", "target_directory")
			if err != nil {
				return nil, err
			}
			return listDir("path")(&Event{Cwd: ev.Cwd, Input: map[string]any{"path": d}})
		case "Task":
			// prompt and description are two fields of one call, not two
			// spellings: the prompt is what the sub-agent gets.
			prompt, _ := in["prompt"].(string)
			if prompt == "" {
				prompt, _ = in["description"].(string)
			}
			return []engine.Call{{Tool: "Agent", Input: map[string]any{"prompt": prompt}}}, nil
		default: // MCP
			return cursorMCP(ev)
		}
	}
}

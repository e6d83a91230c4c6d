package main

import (
	"context"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
	"github.com/agentctl/agentctl/settings"
)

// repositoryMCPGuard is the hook's rule for a repository's MCP servers
// (repositoryMCP.check) as a middleware, so that check, check --batch and
// explain answer what agentctl hook answers: in an untrusted workspace,
// an allow of mcp__SERVER__… asks when the repository's .mcp.json defines
// SERVER, since Claude Code would send the call to the repository's
// server, not the one the allow rule was written for. The files are read
// per call (a session may change them). agentctl run needs no such guard:
// it talks only to the servers --mcp-config names, never to a
// repository's .mcp.json on its own. The middleware is safe for
// concurrent use.
func repositoryMCPGuard(s *settings.Settings) pipeline.Middleware {
	return func(next pipeline.DecideFunc) pipeline.DecideFunc {
		if s.Trust.Trusted {
			return next
		}
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			d, err := next(ctx, call)
			if err != nil {
				return d, err
			}
			r := &repositoryMCP{agent: agenthook.Claude, root: s.Cwd}
			return r.check(call, d), nil
		}
	}
}

// checkMiddleware is what a decision outside a session runs through
// inside the decision log: the repository's MCP servers, outermost so
// that a hook's allow meets it too, then the PreToolUse hooks
// (checkHooks).
func checkMiddleware(s *settings.Settings) []pipeline.Middleware {
	return append([]pipeline.Middleware{repositoryMCPGuard(s)}, checkHooks(s)...)
}

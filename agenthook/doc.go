// Package agenthook adapts other agents' hook protocols (Claude Code, Gemini
// CLI, Cursor) to agentctl's engine: one hook event in, the calls it stands
// for decided by the engine, that agent's own answer out — failing closed in
// each protocol's own terms. It also installs, lists and removes agentctl's
// entry in those agents' settings files. It decides nothing itself.
package agenthook

package engine

// The element types of Facts, named for readers outside the engine
// (explain reads Explanation.Facts through them instead of asserting the
// shape of the input map). They are aliases of the types defined beside the
// code that fills them (facts.go, reach.go), whose field comments document
// each field; the JSON names are the policy input's (rego/schemas/input.json).
type (
	// CommandFact is one simple command a Bash call may execute
	// (input.facts.commands[_]).
	CommandFact = commandFact
	// FileFact is a file a call touches, or a word that may name one
	// (input.facts.files[_], input.facts.mentions[_]), cleaned and
	// symlink-resolved.
	FileFact = fileFact
	// ReachFact is a file a recursive walk may open (input.facts.reach[_]).
	ReachFact = reachFact
	// URLFact is a WebFetch call's URL, parsed (input.facts.url).
	URLFact = urlFact
	// MCPFact is an MCP tool's server and tool (input.facts.mcp).
	MCPFact = mcpFact
)

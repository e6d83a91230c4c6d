package settings

// confineWholeTool confines a whole-tool allow rule of a path tool
// (Read, Read(*), Edit, Grep, Write, Glob …) from an untrusted
// repository's settings to the repository. Such a rule names every path
// there is: it is Read(//**) under another spelling, and allowed a read of
// ~/.ssh/id_rsa or an edit of ~/.aws/credentials that the path form,
// dropped in an untrusted workspace, would not. A tool whose own path rules
// are consulted keeps its rule anchored at the settings' root (Edit becomes
// Edit(/**)): what it allowed inside the repository it still allows. A
// tool whose path rules are never consulted (Write, MultiEdit,
// NotebookEdit, Glob: spec §2) has no such form, and its rule is dropped.
// ok is false when r is dropped; other rules come back unchanged.
func (s *Settings) confineWholeTool(src Source, r Rule, why string) (Rule, bool) {
	if r.Behavior == Allow && r.MCPServer != "" && r.Ignored == "" {
		return s.dropRepositoryMCP(src, r, why)
	}
	if r.Behavior == Allow && r.Tool == "Bash" && !r.ToolGlob && r.Ignored == "" {
		return s.confineBash(src, r, why)
	}
	if r.Behavior != Allow || r.Kind != KindNone || r.ToolGlob || r.Ignored != "" {
		return r, true
	}
	ok, useInstead := pathTool(r.Tool)
	if !ok {
		return r, true
	}
	if useInstead != "" {
		s.warn(r.Pos, "%s allow rule %s not applied: it allows the tool on every path, outside the repository too, and %s "+
			"(write %s(/**) to allow it inside the repository)", src, r.Text, why, useInstead)
		return r, false
	}
	confined, err := ParseRule(r.Tool+"(/**)", Allow)
	if err != nil {
		return r, false
	}
	confined.Source, confined.Pos, confined.Index = r.Source, r.Pos, r.Index
	s.warn(r.Pos, "%s allow rule %s read as %s: it allows the tool on every path, outside the repository too, and %s",
		src, r.Text, confined.Text, why)
	return confined, true
}

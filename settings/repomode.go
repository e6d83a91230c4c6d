package settings

// repositoryModeNarrows reports whether an untrusted repository's mode
// (one of default, plan, dontAsk: distrust already set the others aside)
// may replace base, the mode the sources below it would give (the user's,
// else default): only when it runs no more unasked. Project and local
// settings outrank the user's, so a repository asking for default undid
// the user's plan (their Bash(npm run *) allow then ran `npm run build`,
// which plan denies), and dontAsk did too. plan and dontAsk are not
// ordered (plan denies what an allow rule approves, dontAsk denies what
// plan asks): neither replaces the other.
func repositoryModeNarrows(base, mode string) bool {
	if mode == base {
		return true
	}
	switch base {
	case "default", "acceptEdits", "auto", "bypassPermissions":
		return mode == "plan" || mode == "dontAsk" || (mode == "default" && base != "default")
	}
	return false
}

// userMode is the mode the sources below the repository's give: the
// user's settings' defaultMode, else default.
func userMode(parts []*fileSettings) string {
	for _, p := range parts {
		if p.source == UserSettings {
			if m, ok := p.scalars["defaultMode"]; ok {
				return m.Value
			}
		}
	}
	return "default"
}

// distrustRepositoryMode sets aside an untrusted repository part's
// defaultMode that would widen the user's (repositoryModeNarrows). It is
// recorded among the modes the repository asked for: an agent reporting
// it (claude -p applied it) is decided in the settings' mode.
func (s *Settings) distrustRepositoryMode(p *fileSettings, parts []*fileSettings, why string) {
	m, ok := p.scalars["defaultMode"]
	if !ok {
		return
	}
	base := userMode(parts)
	if repositoryModeNarrows(base, m.Value) {
		return
	}
	s.warn(m.Pos, "%s defaultMode %s ignored: it would replace the user's %s, which asks or denies more, and %s", p.source, m.Value, base, why)
	delete(p.scalars, "defaultMode")
	s.UntrustedModes = append(s.UntrustedModes, m)
}

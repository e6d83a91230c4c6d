package settings

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// merge unions lists with provenance and resolves scalar keys by precedence.
func (s *Settings) merge(parts []*fileSettings, opts Options) error {
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].source < parts[j].source })
	scalar := func(key string) (Scalar, bool) { return scalarOf(parts, key) }
	s.AllowManagedPermissionRulesOnly, s.AllowManagedHooksOnly = managedLocks(parts)
	if _, ok := scalar("disableBypassPermissionsMode"); ok {
		s.DisableBypassPermissionsMode = true
	}
	if _, ok := scalar("disableAutoMode"); ok {
		s.DisableAutoMode = true
	}
	for _, p := range parts {
		s.Warnings = append(s.Warnings, p.warnings...)
		if v, ok := p.scalars["disableAllHooks"]; ok {
			s.HooksDisabledBy = append(s.HooksDisabledBy, v)
		}
	}
	// The mode asked for is checked before anything is dropped: asking
	// for a disabled mode is an error wherever it is asked.
	requested := Scalar{Value: "default", Source: -1}
	for _, key := range []string{"permissionMode", "defaultMode"} {
		if v, ok := scalar(key); ok {
			requested = v
			break
		}
	}
	if err := s.checkMode(requested); err != nil {
		return err
	}
	s.narrow(parts)
	s.Commands = commandsProfile(parts)
	if v, ok := scalar("autoClassifier"); ok {
		s.AutoClassifier = &v
		// The classifier is a command: under an environment an untrusted
		// repository chose it runs whatever the repository put first on
		// PATH (sh itself included). The ask stays.
		if s.repositoryEnv != "" {
			s.warn(v.Pos, "%s agentctl.autoClassifier %q will not run: this process carries the untrusted repository's %s; auto mode asks instead",
				v.Source, v.Value, s.repositoryEnv)
			s.AutoClassifier = nil
			s.AutoClassifierSkipped = "the process carries the untrusted repository's " + s.repositoryEnv
		}
	}
	if v, ok := scalar("effortLevel"); ok {
		s.EffortLevel = v.Value
	}
	// event, matcher, type and command → index in s.Hooks. The type is part
	// of the key: a repository's http or prompt hook whose url or prompt
	// repeats the user's command must not take that command's place (it
	// never runs, so the user's deny hook would only ask).
	seenHook := map[string]int{}
	n := 0
	for _, p := range parts {
		n += len(p.rules)
	}
	s.Rules = slices.Grow(s.Rules, n)
	for _, p := range parts {
		for _, r := range p.rules {
			r.Root = s.sourceRoot(p.source, r.Pos.File)
			s.Rules = append(s.Rules, r)
		}
		for _, d := range p.dirs {
			d.Path = s.resolveDir(d.Path)
			s.AdditionalDirectories = append(s.AdditionalDirectories, d)
		}
		for _, h := range p.hooks {
			key := h.Event + "\x00" + h.Matcher + "\x00" + h.Type + "\x00" + h.Command
			if i, dup := seenHook[key]; dup {
				// One entry runs, with the longest timeout any copy gives:
				// a repository repeating the user's hook with "timeout": 1
				// must not make it time out (a non-blocking error).
				if hookSeconds(h.Timeout) > hookSeconds(s.Hooks[i].Timeout) {
					s.Hooks[i].Timeout = h.Timeout
				}
				continue
			}
			seenHook[key] = len(s.Hooks)
			s.Hooks = append(s.Hooks, h)
		}
		for k, v := range p.env {
			if s.Env == nil {
				s.Env = map[string]string{}
			}
			if _, set := s.Env[k]; !set {
				s.Env[k] = v
			}
		}
	}
	s.Mode = Scalar{Value: "default", Source: -1}
	if v, ok := scalar("defaultMode"); ok {
		s.Mode = v
	}
	if v, ok := scalar("permissionMode"); ok {
		if !ValidMode(v.Value) {
			return &Error{Pos: v.Pos, Code: CodeMode,
				Msg: fmt.Sprintf("expected one of %s, got %q", strings.Join(Modes, ", "), v.Value)}
		}
		s.Mode = v
	}
	return s.CheckMode(s.Mode.Value)
}

// CheckMode reports ErrBypassDisabled when mode is bypassPermissions and the
// settings forbid it (ErrAutoDisabled likewise for auto). Entering a mode
// mid-session must call it too.
func (s *Settings) CheckMode(mode string) error {
	return s.checkMode(Scalar{Value: mode, Pos: s.Mode.Pos})
}

func (s *Settings) checkMode(m Scalar) error {
	switch {
	case m.Value == "bypassPermissions" && s.DisableBypassPermissionsMode:
		return &Error{Pos: m.Pos, Code: CodeMode, Err: ErrBypassDisabled, Msg: ErrBypassDisabled.Error()}
	case m.Value == "auto" && s.DisableAutoMode:
		return &Error{Pos: m.Pos, Code: CodeMode, Err: ErrAutoDisabled, Msg: ErrAutoDisabled.Error()}
	}
	return nil
}

// ModeSource names where the mode was set, or "default" when nothing set it.
func (s *Settings) ModeSource() string {
	if s.Mode.Source < 0 {
		return "default"
	}
	return s.Mode.Source.String() + " " + s.Mode.Pos.String()
}

// sourceRoot is the directory a "/path" pattern of the source is anchored at
// (spec §4): the project root for project and managed settings, ~/.claude for
// user settings, the file's folder for --settings FILE, the cwd otherwise.
func (s *Settings) sourceRoot(src Source, file string) string {
	switch src {
	case UserSettings:
		return s.ConfigDir
	case FlagSettings:
		if file != "--settings" {
			return filepath.Dir(s.abs(file))
		}
	case ProjectSettings, PolicySettings:
		return s.ProjectRoot
	}
	return s.Cwd
}

func (s *Settings) resolveDir(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		return filepath.Join(s.Home, strings.TrimPrefix(p, "~"))
	}
	return s.abs(p)
}

// WorkingDirs returns the cwd followed by every additional directory.
func (s *Settings) WorkingDirs() []string {
	out := []string{s.Cwd}
	for _, d := range s.AdditionalDirectories {
		out = append(out, d.Path)
	}
	return out
}

// AddRules adds run-time rules of the command or session source (e.g. an
// "always allow" answer). It is not safe for concurrent use with readers.
//
// Under allowManagedPermissionRulesOnly an allow rule of any source but
// policySettings is not added: the call was approved once, not for later.
func (s *Settings) AddRules(src Source, b Behavior, texts ...string) error {
	if b == Allow && src != PolicySettings && s.AllowManagedPermissionRulesOnly {
		return nil
	}
	for i, t := range texts {
		r, err := ParseRule(t, b)
		if err != nil {
			return err
		}
		r.Source, r.Index, r.Root = src, i, s.Cwd
		r.Pos = Position{File: src.String()}
		s.Rules = append(s.Rules, r)
	}
	return nil
}

// DeniesTool returns the deny rule that removes the named tool as a whole: a
// bare name (or Tool(*)), a server-wide MCP rule, or a tool-name glob.
func (s *Settings) DeniesTool(name string) (Rule, bool) {
	for _, r := range s.Rules {
		if r.Behavior == Deny && r.Ignored == "" && r.Kind == KindNone && r.NamesTool(name) {
			return r, true
		}
	}
	return Rule{}, false
}

// commandsProfile picks the command profile: managed settings decide (the
// last managed document that names one, as for every managed scalar); else
// --commands; else the highest-precedence source that names one.
func commandsProfile(parts []*fileSettings) *Scalar {
	if v, ok := scalarOf(parts, "commands"); ok && v.Source == PolicySettings {
		return &v
	}
	var flag, other *Scalar
	for _, p := range parts {
		v, ok := p.scalars["commands"]
		switch {
		case !ok:
		case p.source == PolicySettings:
		case p.source == CLIArg && flag == nil:
			flag = &v
		case other == nil:
			other = &v
		}
	}
	if flag != nil {
		return flag
	}
	return other
}

// hookSeconds is a hook's timeout in seconds, 0 (unset) being Claude
// Code's default of 600.
func hookSeconds(t int) int {
	if t <= 0 {
		return 600
	}
	return t
}

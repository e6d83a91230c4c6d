package settings

import (
	"fmt"
	"sort"
	"strings"
)

// lockedModes are the modes a source outside managed settings may still
// set under allowManagedPermissionRulesOnly: none of them approves
// anything the rules would not (dontAsk only turns asks into denies).
var lockedModes = map[string]bool{"default": true, "plan": true, "dontAsk": true}

// untrustedModes are the modes project and local settings may set only in
// a trusted workspace: each runs something without asking that default
// mode asks about. acceptEdits is one of them: a repository the user never
// trusted made every edit inside it (and mkdir, rm, mv, sed there) run
// unasked.
var untrustedModes = map[string]bool{"bypassPermissions": true, "auto": true, "acceptEdits": true}

// fromRepository reports whether a source comes with the code being worked on.
func fromRepository(src Source) bool { return src == ProjectSettings || src == LocalSettings }

// managedLocks reads the managed-only keys from every managed file: any
// managed file that sets a lock sets it.
func managedLocks(parts []*fileSettings) (rulesOnly, hooksOnly bool) {
	for _, p := range parts {
		if p.source != PolicySettings {
			continue
		}
		rulesOnly = rulesOnly || p.scalars["allowManagedPermissionRulesOnly"].Value == "true"
		hooksOnly = hooksOnly || p.scalars["allowManagedHooksOnly"].Value == "true"
	}
	return rulesOnly, hooksOnly
}

// narrow removes from each part what it may not contribute, with a warning
// saying what was dropped and why:
//
//   - under allowManagedPermissionRulesOnly, nothing outside managed
//     settings widens: no allow rules, no mode beyond default/plan/dontAsk,
//     no additional directories, no env, no classifier (deny and ask stay);
//   - under allowManagedHooksOnly, only managed hooks and the managed
//     classifier run, and project and local settings set no env (it names
//     the programs every command runs);
//   - in an untrusted workspace, project and local settings name no command
//     that runs (hooks are set aside as skipped, the classifier is dropped),
//     set no env, add no working directory or allow rule for paths outside
//     the repository, cannot start bypassPermissions or auto mode and
//     cannot choose the extended command profile.
func (s *Settings) narrow(parts []*fileSettings) {
	for _, p := range parts {
		if p.rejected != "" {
			s.agentRejected(p)
		}
		if p.source == PolicySettings {
			continue
		}
		// Before the lock drops the env block: the agent applied it
		// whatever agentctl does with it (the lock binds agentctl, not
		// the agent), so a trusted workspace's under the lock counts too.
		if fromRepository(p.source) && (!s.trusts(p) || s.AllowManagedPermissionRulesOnly || s.AllowManagedHooksOnly) {
			carried := carriedEnv(p)
			if len(carried) > 0 && s.repositoryEnv == "" {
				s.repositoryEnv = fmt.Sprintf("%s %s (env %s)", p.source, p.envPos, carried[0].Name)
			}
			s.CarriedEnv = append(s.CarriedEnv, carried...)
		}
		if s.AllowManagedPermissionRulesOnly {
			s.lock(p)
		}
		if s.AllowManagedHooksOnly && len(p.hooks) > 0 {
			for _, h := range p.hooks {
				s.warn(h.Pos, "%s hook %q dropped: allowManagedHooksOnly is set in managed settings", p.source, h.Command)
			}
			p.hooks = nil
		}
		// The repository's env names commands too: BASH_ENV, PATH,
		// LD_PRELOAD, GIT_CONFIG_* run its code under every command the
		// agent starts, `ls` included. Under the hooks lock a trusted
		// repository runs no hook of its own; nor does it run code that way.
		if fromRepository(p.source) && s.AllowManagedHooksOnly && len(p.env) > 0 {
			s.warn(p.envPos, "%s env (%s) not applied: allowManagedHooksOnly is set in managed settings, and a repository's env "+
				"names programs every command runs (PATH, BASH_ENV, LD_PRELOAD)", p.source, envKeys(p.env))
			p.env = nil
		}
		// The classifier is a command speaking the hook protocol that
		// answers asks with allow: under the hooks lock only the
		// organisation's may.
		if c, ok := p.scalars["autoClassifier"]; ok && s.AllowManagedHooksOnly {
			s.warn(c.Pos, "%s agentctl.autoClassifier %q dropped: allowManagedHooksOnly is set in managed settings", p.source, c.Value)
			delete(p.scalars, "autoClassifier")
			s.AutoClassifierSkipped = "dropped: allowManagedHooksOnly is set in managed settings"
		}
		if fromRepository(p.source) && !s.trusts(p) {
			by := s.Trust.By
			if s.Trust.Trusted {
				by = s.rootTrust.By
			}
			s.distrust(p, trustReason+" ("+by+")")
			s.distrustRepositoryMode(p, parts, trustReason+" ("+by+")")
		}
	}
}

// trusts reports whether the workspace's trust covers a repository part:
// local settings at a git root above the cwd need the root's own.
func (s *Settings) trusts(p *fileSettings) bool {
	return s.Trust.Trusted && (!p.aboveCwd || s.rootTrust.Trusted)
}

const lockReason = "allowManagedPermissionRulesOnly is set in managed settings"

// lock applies allowManagedPermissionRulesOnly to one non-managed part.
func (s *Settings) lock(p *fileSettings) {
	kept := p.rules[:0:0]
	for _, r := range p.rules {
		if r.Behavior == Allow {
			s.warn(r.Pos, "%s allow rule %s dropped: %s", p.source, r.Text, lockReason)
			continue
		}
		kept = append(kept, r)
	}
	p.rules = kept
	for _, d := range p.dirs {
		s.warn(d.Pos, "%s additional directory %s dropped: %s", p.source, d.Path, lockReason)
	}
	p.dirs = nil
	if len(p.env) > 0 {
		s.warn(p.envPos, "%s env (%s) dropped: %s", p.source, envKeys(p.env), lockReason)
		p.env = nil
	}
	if c, ok := p.scalars["autoClassifier"]; ok {
		s.warn(c.Pos, "%s agentctl.autoClassifier dropped: %s", p.source, lockReason)
		delete(p.scalars, "autoClassifier")
		s.AutoClassifierSkipped = "dropped: " + lockReason
	}
	if c, ok := p.scalars["commands"]; ok && c.Value != "core" {
		s.warn(c.Pos, "%s agentctl.commands %s dropped: %s", p.source, c.Value, lockReason)
		delete(p.scalars, "commands")
	}
	for _, key := range []string{"defaultMode", "permissionMode"} {
		if m, ok := p.scalars[key]; ok && !lockedModes[m.Value] {
			s.warn(m.Pos, "%s mode %s dropped: %s (only default, plan or dontAsk)", p.source, m.Value, lockReason)
			delete(p.scalars, key)
		}
	}
}

const trustReason = "the workspace is not trusted"

// distrust applies an untrusted workspace to a project or local part;
// why says what does not trust it.
func (s *Settings) distrust(p *fileSettings, why string) {
	for _, h := range p.hooks {
		h.Skipped = trustReason
		s.SkippedHooks = append(s.SkippedHooks, h)
		s.warn(h.Pos, "%s %s hook %q will not run: %s", p.source, h.Event, h.Command, why)
	}
	p.hooks = nil
	if c, ok := p.scalars["autoClassifier"]; ok {
		s.warn(c.Pos, "%s agentctl.autoClassifier %q will not run: %s; auto mode asks instead", p.source, c.Value, why)
		delete(p.scalars, "autoClassifier")
		s.AutoClassifierSkipped = fmt.Sprintf("%s classifier skipped: %s", p.source, trustReason)
	}
	if len(p.env) > 0 {
		s.warn(p.envPos, "%s env (%s) not applied: %s", p.source, envKeys(p.env), why)
		p.env = nil
	}
	// Additional directories reach past the repository: "/" or "~" from
	// a repository's own settings would make every read there run without
	// asking (read-only commands and Read inside the working directories).
	for _, d := range p.dirs {
		s.warn(d.Pos, "%s additional directory %s not applied: %s", p.source, d.Path, why)
	}
	p.dirs = nil
	// Likewise an allow rule for paths outside the repository
	// (Read(//**), Read(~/.aws/**), Edit(../x/**)).
	// A whole-tool allow of a path tool (Read, Edit(*)) names those
	// paths too (confineWholeTool).
	kept := p.rules[:0:0]
	for _, r := range p.rules {
		if s.projectAllowUntrusted(p.source, r, why) {
			continue
		}
		if r.Behavior == Allow && r.Kind == KindPath && outsideRepository(r) {
			s.warn(r.Pos, "%s allow rule %s not applied: it reaches outside the repository and %s", p.source, r.Text, why)
			continue
		}
		if s.repositoryNetworkAllow(p.source, r, why) {
			continue
		}
		r, ok := s.confineWholeTool(p.source, r, why)
		if !ok {
			continue
		}
		kept = append(kept, r)
	}
	p.rules = kept
	if m, ok := p.scalars["defaultMode"]; ok && untrustedModes[m.Value] {
		s.warn(m.Pos, "%s defaultMode %s ignored: %s", p.source, m.Value, why)
		delete(p.scalars, "defaultMode")
		if s.UntrustedMode == nil {
			s.UntrustedMode = &m
		}
		s.UntrustedModes = append(s.UntrustedModes, m)
	}
	// The extended profile makes more commands run without asking: a
	// repository cannot choose it for itself.
	if c, ok := p.scalars["commands"]; ok && c.Value != "core" {
		s.warn(c.Pos, "%s agentctl.commands %s ignored: %s; core applies (--commands extended, user or managed settings choose extended)",
			p.source, c.Value, why)
		delete(p.scalars, "commands")
	}
}

// AskedByRepository reports whether mode is one an untrusted
// repository's own settings asked for (and agentctl did not apply): an
// agent reporting it is most likely in it because of those settings. Any
// file's request counts, whichever one agentctl's precedence would pick.
func (s *Settings) AskedByRepository(mode string) bool {
	for _, m := range s.UntrustedModes {
		if m.Value == mode {
			return true
		}
	}
	return false
}

func (s *Settings) warn(pos Position, format string, args ...any) {
	s.Warnings = append(s.Warnings, Warning{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// CarriedVar is an env entry of the repository (its settings' env block,
// or a .env file an agent loads) that agentctl did not apply and this
// process carries with that very value.
type CarriedVar struct {
	Name string `json:"name"`
	// From is where the repository set it (source and file:line).
	From string `json:"from"`
	// DotEnv says it came from a .env file (Gemini CLI loads one into its
	// process), not from a settings file's env block.
	DotEnv bool `json:"dotenv,omitempty"`
}

// carriedEnv lists a part's env entries this process carries with that
// very value, by name: the agent applied the block (Claude Code does,
// trust dialog or not, under claude -p) and every program agentctl starts
// inherits it. PATH then finds the repository's own sh or classifier,
// LD_PRELOAD loads its library.
func carriedEnv(p *fileSettings) []CarriedVar {
	var out []CarriedVar
	for _, k := range sortedKeys(p.env) {
		if v, ok := lookupEnv(k); ok && v == p.env[k] {
			out = append(out, CarriedVar{Name: k, From: p.source.String() + " " + p.envPos.String()})
		}
	}
	return out
}

func sortedKeys(env map[string]string) []string {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func envKeys(env map[string]string) string {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// outsideRepository reports a path rule anchored outside the repository:
// at the filesystem root, at home, or climbing out with "..".
func outsideRepository(r Rule) bool {
	return r.Anchor == AnchorRoot || r.Anchor == AnchorHome || r.Pattern == ".." ||
		strings.HasPrefix(r.Pattern, "../")
}

package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultManagedFile is where the organisation's managed settings live.
const DefaultManagedFile = "/etc/claude-code/managed-settings.json"

// Options say where to look for settings and carry the CLI's own sources.
type Options struct {
	Cwd         string // starting directory; "" means the process's cwd
	Home        string // home directory; "" means os.UserHomeDir
	ConfigDir   string // CLAUDE_CONFIG_DIR; "" means Home/.claude
	ManagedFile string // "" means DefaultManagedFile
	// ManagedExplicit says ManagedFile was named (flag or environment): then
	// it must exist, or Load fails with ErrManagedMissing.
	ManagedExplicit bool
	// ManagedFromEnv says ManagedFile came from AGENTCTL_MANAGED_SETTINGS:
	// then it must be absolute, or Load fails with ErrRelativeLocator.
	ManagedFromEnv bool
	// TrustWorkspace trusts the workspace outright (--trust-workspace).
	TrustWorkspace bool
	// TrustRecords consults Claude Code's and agentctl's trust records;
	// without it (decision commands) only TrustWorkspace trusts.
	TrustRecords bool
	// TrustStore is agentctl's trust record; "" means DefaultTrustStore.
	TrustStore      string
	FlagSettings    string   // --settings FILE or inline JSON
	AllowedTools    []string // --allowed-tools values, each possibly comma/space separated
	DisallowedTools []string // --disallowed-tools values
	PermissionMode  string   // --permission-mode
	AddDirs         []string // --add-dir
	Commands        string   // --commands: core or extended
	// PolicyDirs are directories of org policy named on the command line
	// (--policy DIR): their content decides calls, so writes to them are
	// protected like the settings files'.
	PolicyDirs []string
}

// File is one settings file that was read.
type File struct {
	Source  Source `json:"source"`
	Path    string `json:"path"`
	Display string `json:"display"`
}

// Settings are the merged, effective settings with the provenance of every part.
type Settings struct {
	Cwd         string `json:"cwd"`
	Home        string `json:"home"`
	ProjectRoot string `json:"project_root"`
	ConfigDir   string `json:"config_dir"`

	Files []File `json:"files"`
	// Rules holds every rule in source precedence, then file order.
	Rules []Rule `json:"rules"`
	// Mode is the starting permission mode and where it was set.
	Mode                  Scalar            `json:"mode"`
	AdditionalDirectories []Directory       `json:"additional_directories"`
	Hooks                 []Hook            `json:"hooks"`
	Env                   map[string]string `json:"env,omitempty"`
	// Commands is the command knowledge profile (agentctl.commands or
	// --commands): "core" (Claude Code's read-only list) or "extended".
	Commands *Scalar `json:"commands,omitempty"`
	// AutoClassifier is the command that answers asks in auto mode.
	AutoClassifier                  *Scalar `json:"auto_classifier,omitempty"`
	AllowManagedPermissionRulesOnly bool    `json:"allow_managed_permission_rules_only,omitempty"`
	AllowManagedHooksOnly           bool    `json:"allow_managed_hooks_only,omitempty"`
	DisableBypassPermissionsMode    bool    `json:"disable_bypass_permissions_mode,omitempty"`
	DisableAutoMode                 bool    `json:"disable_auto_mode,omitempty"`
	// HooksDisabledBy are the files that set disableAllHooks: true. agentctl
	// runs its hooks regardless; Claude Code runs none — its agentctl hook
	// included — which doctor reports as a fail-open risk.
	HooksDisabledBy []Scalar `json:"hooks_disabled_by,omitempty"`
	// EffortLevel is the effortLevel setting ("" when unset): hooks get it
	// as effort.level, as Claude Code sends it.
	EffortLevel string `json:"effort_level,omitempty"`
	// Trust says whether the workspace may run what its settings name.
	Trust Trust `json:"trust"`
	// runCommands are the commands the agent itself runs (status line,
	// credential helpers) of the files whose commands run.
	runCommands []string
	// rootTrust is the trust of local settings at a git root above the
	// cwd (gitRootTrust).
	rootTrust Trust
	// agentUntrusts says Claude Code's own record is there and trusts
	// the workspace no more than agentctl's records do (projectAllowUntrusted).
	agentUntrusts bool
	// repositoryEnv names the first entry of CarriedEnv from a settings
	// env block; "" when none.
	repositoryEnv string
	// CarriedEnv are the repository's env entries agentctl did not apply
	// (an untrusted workspace, the managed lock) that this process carries
	// with that very value: the agent applied them, and every command it
	// runs inherits them. A hook decides its shell calls knowing that.
	CarriedEnv []CarriedVar `json:"carried_env,omitempty"`
	// SkippedHooks are project and local hooks of an untrusted workspace:
	// they never run, and a call one of them matches asks instead.
	SkippedHooks []Hook `json:"skipped_hooks,omitempty"`
	// UntrustedMode is the defaultMode (bypassPermissions, auto or
	// acceptEdits) a
	// repository's own settings asked for in an untrusted workspace: it was
	// not applied, and an agent reporting that very mode is most likely in
	// it because of those settings (claude -p applies them unasked).
	UntrustedMode *Scalar `json:"untrusted_mode,omitempty"`
	// UntrustedModes are all of them, one per file that asked: the
	// agent's files and agentctl's differ (a YAML sibling, local settings
	// at the git root are agentctl's only), so the mode the agent entered
	// may be any of them, not only the one agentctl would have chosen.
	UntrustedModes []Scalar `json:"untrusted_modes,omitempty"`
	// AgentRejects are the files Claude Code rejects as a whole: it
	// applies none of them and runs none of their hooks, agentctl's own
	// install included (agentRejects).
	AgentRejects []RejectedFile `json:"agent_rejects,omitempty"`
	// AutoClassifierSkipped says why a configured classifier was dropped.
	AutoClassifierSkipped string    `json:"auto_classifier_skipped,omitempty"`
	Warnings              []Warning `json:"warnings"`
	// PolicyFiles are the files and directories whose content is this
	// session's policy (managed settings, user settings, trust records):
	// writes to them are protected.
	PolicyFiles []string `json:"policy_files,omitempty"`

	// userMCP is userMCPServers' answer, read once per load: a project
	// file's MCP allow rules each asked it, four files read per rule.
	userMCP *userMCPConfig
}

// Load locates, reads, validates and merges every settings source. On any
// error nothing is returned: settings are applied whole or not at all.
func Load(opts Options) (*Settings, error) {
	var err error
	if opts.Cwd == "" {
		opts.Cwd = "."
	}
	if opts.Cwd, err = filepath.Abs(opts.Cwd); err != nil {
		return nil, err
	}
	if err := relativeLocators(opts); err != nil {
		return nil, err
	}
	if opts.Home == "" {
		if opts.Home, err = os.UserHomeDir(); err != nil {
			return nil, fmt.Errorf("settings: no home directory: %w", err)
		}
	}
	claudeConfigDir := opts.ConfigDir
	if opts.ConfigDir == "" {
		opts.ConfigDir = filepath.Join(opts.Home, ".claude")
	}
	s := &Settings{Cwd: opts.Cwd, Home: opts.Home, ProjectRoot: opts.Cwd, ConfigDir: opts.ConfigDir}
	s.Trust, s.Warnings = workspaceTrust(opts, claudeConfigDir)
	s.agentUntrusts = opts.TrustRecords && !s.Trust.Trusted && stateFileExists(ClaudeStateFile(opts.Home, claudeConfigDir))
	var parts []*fileSettings
	var errs Errors
	add := func(fs *fileSettings, err error) {
		var e Errors
		var one *Error
		switch {
		case errors.As(err, &e):
			errs = append(errs, e...)
		case errors.As(err, &one):
			errs = append(errs, one)
		case err != nil:
			errs = append(errs, &Error{Code: CodeRead, Msg: err.Error(), Err: err})
		case fs != nil:
			parts = append(parts, fs)
		}
	}

	managed := opts.ManagedFile
	if managed == "" {
		managed = DefaultManagedFile
	}
	files, parked := managedFiles(managed)
	for _, f := range parked {
		s.warn(Position{File: f}, "managed drop-in not read: a name starting with a dot is parked, and Claude Code does not apply it either")
	}
	for i, f := range files {
		// A named managed file must exist: a typo must never mean "no
		// org policy". Only the default location may be absent.
		if i == 0 && opts.ManagedExplicit {
			if err := mustExist(f); err != nil {
				return nil, err
			}
		}
		add(s.readFile(f, PolicySettings, i == 0 && opts.ManagedExplicit))
	}
	if opts.FlagSettings != "" {
		if strings.HasPrefix(strings.TrimSpace(opts.FlagSettings), "{") {
			root, err := parseJSON("--settings", []byte(opts.FlagSettings))
			if err == nil {
				s.Files = append(s.Files, File{Source: FlagSettings, Path: "--settings", Display: "--settings"})
				add(decodeDocument("--settings", FlagSettings, root))
			} else {
				add(nil, err)
			}
		} else {
			add(s.readFile(s.abs(opts.FlagSettings), FlagSettings, true))
		}
	}
	add(cliArgs(opts))
	// Local settings live at the git root; agentctl also reads the cwd's own
	// when the cwd is a project below the root (a monorepo package, a fixture).
	root := gitRoot(opts.Cwd)
	locals := []string{root}
	if root != opts.Cwd {
		locals = append([]string{opts.Cwd}, locals...)
		s.rootTrust = s.Trust
		if s.Trust.Trusted && !opts.TrustWorkspace {
			s.rootTrust = gitRootTrust(opts, claudeConfigDir, root)
		}
	}
	for _, dir := range locals {
		for _, f := range withYAML(filepath.Join(dir, ".claude", "settings.local.json")) {
			if dir != opts.Cwd && !ownFile(f) {
				s.warn(Position{File: f}, "localSettings not read: the git root's file is another user's "+
					"(a .git and .claude someone else put in a shared directory above %s)", opts.Cwd)
				continue
			}
			fs, err := s.readFile(f, LocalSettings, false)
			if fs != nil {
				fs.aboveCwd = dir != opts.Cwd
			}
			add(fs, err)
		}
	}
	for _, f := range withYAML(filepath.Join(opts.Cwd, ".claude", "settings.json")) {
		add(s.readFile(f, ProjectSettings, false))
	}
	for _, f := range withYAML(filepath.Join(opts.ConfigDir, "settings.json")) {
		add(s.readFile(f, UserSettings, false))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if err := repositoryLocators(parts); err != nil {
		return nil, err
	}
	carried, err := dotenvLocators(opts.Cwd, root, opts.Home)
	if err != nil {
		return nil, err
	}
	if !s.Trust.Trusted {
		s.CarriedEnv = carried
	}
	if err := s.merge(parts, opts); err != nil {
		return nil, err
	}
	s.distrustAgentModes(opts.Cwd, root)
	// After the merge: the scripts the merged hooks name are policy too.
	s.runCommands = s.agentCommands(parts)
	s.PolicyFiles = s.policyFiles(opts, managed, claudeConfigDir, root)
	return s, nil
}

// gitRootTrust is the trust of the git root above a trusted cwd. A trust
// record covers its directory and those below it, never a parent: trusting
// one package of a monorepo (or a project under a shared /tmp whose .git
// and .claude someone else put there) says nothing of the settings at the
// root. Only a record that covers the root itself trusts them.
func gitRootTrust(opts Options, claudeConfigDir, root string) Trust {
	at := opts
	at.Cwd = root
	t, _ := workspaceTrust(at, claudeConfigDir)
	if !t.Trusted {
		t.By = "the trust of " + opts.Cwd + " does not reach the git root " + root + " above it"
	}
	return t
}

// relativeLocators refuses a managed file or Claude Code config directory
// the environment names by a relative path (ErrRelativeLocator): the
// repository the hook runs in would hold the organisation's policy or the
// user's settings. A relative --managed-settings typed on the command
// line is the user's own.
func relativeLocators(opts Options) error {
	for _, l := range []struct{ name, path string }{
		{"CLAUDE_CONFIG_DIR", opts.ConfigDir},
		{"AGENTCTL_MANAGED_SETTINGS", map[bool]string{true: opts.ManagedFile}[opts.ManagedFromEnv]},
	} {
		if l.path != "" && !filepath.IsAbs(l.path) {
			return &Error{Pos: Position{File: l.name}, Code: CodeRead, Err: ErrRelativeLocator,
				Msg: fmt.Sprintf("%q is relative: it would name a file of whatever directory the agent runs in, "+
					"the repository's own; refusing (set an absolute path)", l.path)}
		}
	}
	return nil
}

// mustExist fails with ErrManagedMissing when the named managed file is
// missing or a symlink to nothing.
func mustExist(file string) error {
	_, err := os.Stat(file)
	if !errors.Is(err, fs.ErrNotExist) {
		return nil // other problems are reported when the file is read
	}
	what := "does not exist"
	if _, lerr := os.Lstat(file); lerr == nil {
		what = "is a symlink to nothing"
	}
	return &Error{Pos: Position{File: file}, Code: CodeRead, Err: ErrManagedMissing,
		Msg: fmt.Sprintf("managed settings file %s; a named managed file must exist (only the default %s may be absent)",
			what, DefaultManagedFile)}
}

// managedFiles lists the managed file and managed-settings.d/* beside it,
// and the drop-ins parked under a dot-name, which are not read.
func managedFiles(file string) (out, parked []string) {
	out = []string{file}
	dir := filepath.Join(filepath.Dir(file), "managed-settings.d")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out, nil
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir():
		case managedDropIn(n):
			names = append(names, n)
		case strings.HasPrefix(n, ".") && managedDropIn(n[1:]):
			parked = append(parked, filepath.Join(dir, n))
		}
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, filepath.Join(dir, n))
	}
	return out, parked
}

// withYAML returns the JSON file and its .yaml/.yml siblings.
func withYAML(jsonFile string) []string {
	base := strings.TrimSuffix(jsonFile, ".json")
	return []string{jsonFile, base + ".yaml", base + ".yml"}
}

// gitRoot returns the nearest directory at or above dir holding .git, or dir.
func gitRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func (s *Settings) abs(p string) string {
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(s.Home, p[2:])
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(s.Cwd, p)
}

// display shortens a path for messages: relative to the cwd, or ~/….
func (s *Settings) display(p string) string {
	if rel, err := filepath.Rel(s.Cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	if rel, err := filepath.Rel(s.Home, p); err == nil && !strings.HasPrefix(rel, "..") {
		return "~/" + rel
	}
	return p
}

// readFile reads and decodes one file. A missing file is (nil, nil) unless required.
func (s *Settings) readFile(path string, src Source, required bool) (*fileSettings, error) {
	data, err := readSettingsFile(path)
	if errors.Is(err, fs.ErrNotExist) && !required {
		return nil, nil
	}
	disp := s.display(path)
	if err != nil {
		return nil, &Error{Pos: Position{File: disp}, Code: CodeRead, Err: err,
			Msg: fmt.Sprintf("cannot read %s settings: %v", src, errors.Unwrap(err))}
	}
	fs, err := parseFile(disp, data, src)
	if err != nil {
		return nil, err
	}
	s.Files = append(s.Files, File{Source: src, Path: path, Display: disp})
	if fs.rejected != "" {
		s.AgentRejects = append(s.AgentRejects, RejectedFile{Path: path, Why: fs.rejected})
	}
	return fs, nil
}

// parseFile parses one settings document; the format follows the file name
// (.yaml/.yml are YAML, anything else strict JSON). name is used in positions.
func parseFile(name string, data []byte, src Source) (*fileSettings, error) {
	root, err := parseDocument(name, data)
	if err != nil {
		return nil, err
	}
	return decodeDocument(name, src, root)
}

// parseDocument parses a settings document into its position-carrying
// tree: YAML by its name (.yaml, .yml), strict JSON otherwise.
func parseDocument(name string, data []byte) (*node, error) {
	if strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") {
		return parseYAML(name, data)
	}
	return parseJSON(name, data)
}

// SplitToolList splits a --allowed-tools value on commas and spaces that are
// outside parentheses, as Claude Code does.
func SplitToolList(v string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) {
			switch v[i] {
			case '(':
				depth++
				continue
			case ')':
				if depth > 0 {
					depth--
				}
				continue
			case ',', ' ', '\t', '\n':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if t := strings.TrimSpace(v[start:i]); t != "" {
			out = append(out, t)
		}
		start = i + 1
	}
	return out
}

// cliArgs turns the CLI flags into the cliArg source.
func cliArgs(opts Options) (*fileSettings, error) {
	fs := &fileSettings{source: CLIArg, scalars: map[string]Scalar{}}
	d := &decoder{out: fs}
	addList := func(flag string, b Behavior, vals []string) {
		n := 0
		for _, v := range vals {
			for _, t := range SplitToolList(v) {
				n++
				pos := Position{File: flag, Line: n}
				r, err := ParseRule(t, b)
				if err != nil {
					d.errs = append(d.errs, &Error{Pos: pos, Code: CodeRule, Msg: err.Error()})
					continue
				}
				r.Source, r.Pos, r.Index = CLIArg, pos, n-1
				for _, w := range r.Warnings {
					fs.warnings = append(fs.warnings, Warning{Pos: pos, Msg: w})
				}
				fs.rules = append(fs.rules, r)
			}
		}
	}
	addList("--disallowed-tools", Deny, opts.DisallowedTools)
	addList("--allowed-tools", Allow, opts.AllowedTools)
	for i, dir := range opts.AddDirs {
		fs.dirs = append(fs.dirs, Directory{Path: dir, Source: CLIArg, Pos: Position{File: "--add-dir", Line: i + 1}})
	}
	if opts.Commands != "" {
		fs.scalars["commands"] = Scalar{Value: opts.Commands, Source: CLIArg, Pos: Position{File: "--commands"}}
	}
	if opts.PermissionMode != "" {
		fs.scalars["permissionMode"] = Scalar{Value: opts.PermissionMode, Source: CLIArg,
			Pos: Position{File: "--permission-mode"}}
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return fs, nil
}

// Validate parses one settings file on its own and returns its warnings, or
// the errors that make it invalid.
func Validate(name string, data []byte) ([]Warning, error) {
	fs, err := parseFile(name, data, ProjectSettings)
	if err != nil {
		return nil, err
	}
	return fs.warnings, nil
}

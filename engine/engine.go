// Package engine compiles settings and org policy into an OPA bundle, builds
// the policy input (facts) for a tool call, and evaluates the decision
// embedded or on a remote OPA server.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/toolspec"
)

// Sentinel errors callers branch on.
var (
	// ErrUndefined: the policy produced no decision.
	ErrUndefined = errors.New("policy decision is undefined")
	// ErrMalformed: the policy produced something that is not a decision.
	ErrMalformed = errors.New("policy decision is malformed")
	// ErrPolicy: the policy is invalid (a custom module, usually); every
	// such error is a *PolicyError naming the file and line, or wraps one.
	ErrPolicy = errors.New("invalid policy")
)

// Query is the decision every agentctl bundle defines.
const Query = "data.agentctl.decision"

// Engine decides tool calls under one set of settings. It is safe for
// concurrent use once built.
type Engine struct {
	// wds caches the working directories (with their symlink-resolved
	// forms) per cwd: resolving them is file-system I/O on every decision.
	wds      sync.Map
	settings *settings.Settings
	// looseAnchors are home and the settings sources' roots: directories
	// a name's loose spelling keeps as spelled (namefold.go).
	looseAnchors []string
	guards       guardGlobs
	guardIdx     *guardIndex
	// policyFiles are the settings' policy files, lower-cased once.
	policyFiles *policyFiles
	// walkGuards are the guards witnesses are made from (see newGuards).
	walkGuards *walkGuards
	// twinGlobs are the guards as written (see withHardLinkTwins).
	twinGlobs guardGlobs
	// confined: some allow rule is confined (hasConfinedRule).
	confined bool
	bundle   *Bundle
	// native decides embedded calls (evaluator native or both); rego is
	// the bundle's decision query, compiled on first use; custom asks the
	// custom org modules, when there are any.
	native    *nativeIndex
	evaluator Evaluator
	rego      regoEval
	custom    *customQuery
	// explainRules finds the custom rule behind a custom verdict (explain).
	explainRules customRules
	remote       string
	client       *http.Client
	log          *decisionLog
	now          func() time.Time
	// guarded are the command names Bash deny and ask rules start with.
	guarded map[string]bool
	// open are the Bash deny and ask patterns a word known only at run
	// time may complete (see openCompletions).
	open openGuardIndex
	// optionNames are the command names deny and ask rules with options
	// start with (see optionRegex).
	optionNames map[string]bool
}

// Option configures an Engine.
type Option func(*config) error

type config struct {
	policyDir     string
	remote        string
	remoteTimeout time.Duration
	logTo         io.Writer
	evaluator     Evaluator
}

// WithPolicyDir adds the custom org modules (package agentctl.custom) in dir.
func WithPolicyDir(dir string) Option {
	return func(c *config) error { c.policyDir = dir; return nil }
}

// WithRemote evaluates on the OPA server at url (REST Data API) instead of embedded.
func WithRemote(url string) Option {
	return func(c *config) error {
		if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
			return fmt.Errorf("--opa-url %q: expected an http or https URL", url)
		}
		c.remote = strings.TrimSuffix(url, "/")
		return nil
	}
}

// WithRemoteTimeout bounds each request to the OPA server (default
// DefaultRemoteTimeout); a server slower than that is an error.
func WithRemoteTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("--opa-timeout %v: must be positive", d)
		}
		c.remoteTimeout = d
		return nil
	}
}

// WithDecisionLog appends one OPA decision-log event per decision to w
// (LogEvent), after the system.log drop and mask policies of the policy
// directory, if it has any.
func WithDecisionLog(w io.Writer) Option {
	return func(c *config) error { c.logTo = w; return nil }
}

// New compiles the settings (and custom modules) into the rule index.
// The Rego decision query is compiled on first use; custom org modules
// are compiled here, so that a broken one fails now.
func New(ctx context.Context, s *settings.Settings, opts ...Option) (*Engine, error) {
	var c config
	for _, o := range opts {
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	if c.evaluator == "" {
		ev, err := evaluatorFromEnv()
		if err != nil {
			return nil, err
		}
		c.evaluator = ev
	}
	if err := buildSupports(c); err != nil {
		return nil, err
	}
	b, err := Build(s, c.policyDir)
	if err != nil {
		return nil, err
	}
	all, walk, written := newGuards(s)
	e := &Engine{settings: s, guards: all, guardIdx: newGuardIndex(all), policyFiles: newPolicyFiles(s.PolicyFiles), walkGuards: walk, twinGlobs: written, bundle: b, remote: c.remote,
		now: time.Now, client: remoteClient(c.remoteTimeout), evaluator: c.evaluator, native: newNativeIndex(b.rules),
		guarded: guardedCommands(s), open: openGuards(s), looseAnchors: looseAnchors(s), optionNames: optionNames(b.rules), confined: hasConfinedRule(s)}
	if c.logTo != nil {
		if e.log, err = newDecisionLog(ctx, c.logTo, b); err != nil {
			return nil, err
		}
	}
	if e.remote != "" {
		return e, nil
	}
	if b.hasCustom() {
		if e.custom, err = newCustomQuery(ctx, b); err != nil {
			return nil, err
		}
		// The whole policy with the custom modules compiles now, so a
		// mistake there is reported at the user's file:line at start.
		if err := e.compileRego(ctx); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Bundle returns the compiled bundle the engine evaluates.
func (e *Engine) Bundle() *Bundle { return e.bundle }

// Settings returns the settings the engine was built from.
func (e *Engine) Settings() *settings.Settings { return e.settings }

// HookVerdict is a PreToolUse hook's answer, passed to the policy.
type HookVerdict struct {
	Decision string `json:"decision"` // allow, deny, ask or none
	Reason   string `json:"reason,omitempty"`
}

// Call is one tool call to decide.
type Call struct {
	Tool  string
	Input map[string]any
	// Mode overrides the settings' permission mode ("" keeps it).
	Mode string
	// Cwd overrides the settings' cwd ("" keeps it), e.g. after EnterWorktree.
	Cwd string
	// Dir is where the shell stands when it runs the command (after a cd;
	// "" is Cwd): relative files resolve there, while the working
	// directories and the critical paths (the cwd and its parents) stay
	// the session's.
	Dir  string
	Hook *HookVerdict
	// Invalid holds problems found in the raw input before it was decoded
	// (DecodeInput): such a call is invalid whatever Input holds.
	Invalid []string
	// Foreign marks a call from another agent's hook: a tool agentctl does
	// not know is then decided by the rules that name it (else the fallback
	// ask) instead of being refused; a known tool is validated as usual.
	Foreign bool
	// Analysis is the Bash command's analysis when the caller already has
	// it (the pipeline parses a call once for scheduling, the decision and
	// the exec-time check). nil, or the analysis of another text than
	// Input["command"], makes the engine parse the command itself.
	Analysis *bashparse.Analysis
}

// knownFields is in without the top-level fields tool's schema does not declare.
func knownFields(tool string, in map[string]any) map[string]any {
	fields := toolspec.Fields(tool)
	out := make(map[string]any, len(in))
	for k, v := range in {
		if fields[k] {
			out[k] = v
		}
	}
	return out
}

// analysis returns the analysis of a Bash call's command: the one the call
// carries when it is of this very text, else a fresh parse.
// The carried analysis is of the core command table; under another
// profile (t not nil) the command is parsed with that table.
func (c Call) analysis(t *bashparse.Table) (a bashparse.Analysis, own bool) {
	cmd, _ := c.Input["command"].(string)
	if c.Analysis != nil && c.Analysis.Source == cmd && t == nil {
		return *c.Analysis, false
	}
	return bashparse.ParseWith(cmd, bashparse.Options{Commands: t, Buffer: reuseCommands()}), true
}

// commandLists recycles the command lists of the analyses the engine makes
// itself: a Command is half a kilobyte, and a decision's facts copy out
// what they keep of them.
var commandLists sync.Pool

func reuseCommands() []bashparse.Command {
	if v, ok := commandLists.Get().(*[]bashparse.Command); ok {
		return *v
	}
	return nil
}

func releaseCommands(cs []bashparse.Command) {
	if cap(cs) == 0 || cap(cs) > 64 {
		return
	}
	cs = cs[:0]
	commandLists.Put(&cs)
}

// Decide validates the call, computes its facts and evaluates the policy,
// and writes the decision log (WithDecisionLog; see DeferLog). What runs
// around a decision — the auto-mode classifier, session rules, the
// exec-time check — is not the engine's: it is middleware in package
// pipeline. An error means the call could not be decided; callers must
// not run it. It is safe for concurrent use.
func (e *Engine) Decide(ctx context.Context, call Call) (Decision, error) {
	in, problems := e.input(call)
	if len(problems) > 0 {
		return Invalid(call.Tool, problems...), nil
	}
	return e.decideCall(ctx, call.Tool, in)
}

// decideCall evaluates a valid call's input and logs the decision.
func (e *Engine) decideCall(ctx context.Context, tool string, in *callInput) (Decision, error) {
	var meta *remoteMeta
	if e.log != nil && e.remote != "" {
		meta = &remoteMeta{}
	}
	start := time.Now()
	d, err := e.evaluate(ctx, in, meta)
	took := time.Since(start)
	if err != nil {
		err = e.bundle.userPaths(err)
		if !errors.Is(err, ErrEvaluatorsDiffer) {
			d = denyError(tool, err)
		}
		return d, err
	}
	return e.logDecision(ctx, tool, in, d, meta, took)
}

// Input builds the document the policy sees for a call, or the validation
// problems that stop it before the policy.
func (e *Engine) Input(call Call) (map[string]any, []string) {
	in, problems := e.input(call)
	if len(problems) > 0 {
		return nil, problems
	}
	return in.toMap(), nil
}

// input builds the policy input as Go values.
func (e *Engine) input(call Call) (*callInput, []string) {
	tool := toolspec.Canonical(call.Tool)
	if len(call.Invalid) > 0 {
		return nil, call.Invalid
	}
	if call.Input == nil {
		call.Input = map[string]any{}
	}
	if toolspec.Known(tool) || !call.Foreign {
		in := call.Input
		if call.Foreign {
			// Another agent's input may carry fields of its own (Claude
			// Code's dangerouslyDisableSandbox): validate what this tool
			// knows; the policy still sees the whole input.
			in = knownFields(tool, in)
		}
		if problems := toolspec.Validate(tool, in); len(problems) > 0 {
			return nil, problems
		}
	}
	s := e.settings
	cwd := s.Cwd
	if call.Cwd != "" {
		cwd = call.Cwd
	}
	mode := s.Mode.Value
	if call.Mode != "" {
		mode = call.Mode
	}
	dir := cwd
	if call.Dir != "" {
		dir = call.Dir
	}
	en := env{cwd: dir, home: s.Home, guards: e.guardIdx, walk: e.walkGuards, twin: e.twinGlobs, commands: e.bundle.Commands, policy: e.policyFiles,
		named: e.confined}
	f := Facts{Commands: []CommandFact{}, Files: []FileFact{}, Mentions: []FileFact{}, Reach: []ReachFact{}, Unresolved: nil}
	switch {
	case tool == "Bash":
		en.res = newResolver(dir) // a command's operands share parents
		defer en.res.Close()
		a, own := call.analysis(e.bundle.Commands)
		f = en.gitRepoFacts(a, en.bashFacts(a), 0)
		f = en.withHardLinkTwins(f)
		f = en.withNameVariant(f, e.workingDirs(cwd), e.looseAnchors)
		f.Unresolved = append(f.Unresolved, openCompletions(e.open, a.Commands)...)
		if own {
			releaseCommands(a.Commands) // the facts copied what they keep
		}
		f.Unresolved = append(f.Unresolved, possibleRunners(e.guarded, f.Commands)...)
		if len(e.optionNames) > 0 {
			addOptionForms(e.optionNames, f.Commands)
		}
	case toolspec.IsMCP(tool):
		f.MCP = mcpFacts(tool)
	case tool == "WebFetch":
		f.URL = urlFacts(call.Input["url"].(string))
	default:
		if spec, ok := toolspec.Lookup(tool); ok && spec.Family != toolspec.NoFamily {
			access := "write"
			if spec.Family == toolspec.Reading {
				access = "read"
			}
			p, _ := call.Input[spec.MainField].(string)
			if p == "" {
				p = cwd
			}
			en.lexical = true
			f.Files = append(f.Files, en.file(p, cwd, access, tool))
			if k, ok := en.kernelPath(p, cwd); ok && k != f.Files[0].Resolved {
				// A tool that opened the raw name would reach the kernel's
				// answer: it is checked too (fail closed).
				kf := f.Files[0]
				kf.Resolved = k
				f.Files = append(f.Files, kf)
			}
			f = en.searchFacts(tool, call.Input, f)
			f = en.withHardLinkTwins(f)
			f = en.withNameVariant(f, e.workingDirs(cwd), e.looseAnchors)
		}
	}
	return &callInput{Tool: tool, Input: call.Input, Mode: mode, Cwd: cwd, ProjectRoot: s.ProjectRoot, Home: s.Home,
		WorkingDirs: e.workingDirs(cwd), PolicyFiles: s.PolicyFiles, policy: e.policyFiles, Facts: f, Hook: call.Hook}, nil
}

// workingDirs lists the working directories for a cwd: the cwd cleaned and
// symlink-resolved (both forms kept), each additional directory cleaned
// as spelled. An additional directory that is (or crosses) a symbolic
// link does not make its target a working directory: a repository's
// "additionalDirectories": ["./docs"], docs -> ~, would otherwise let
// acceptEdits write ~/.ssh/authorized_keys unasked. Files reached through
// such a directory resolve outside it and ask, as the reference asks for
// them (reference_sweep7_test.go, ad-link-*).
func (e *Engine) workingDirs(cwd string) []string {
	if v, ok := e.wds.Load(cwd); ok {
		return v.([]string)
	}
	wds := []string{}
	seen := map[string]bool{}
	dirs := e.settings.WorkingDirs()
	dirs[0] = cwd
	for i, d := range dirs {
		forms := []string{filepath.Clean(d), resolve(filepath.Clean(d))}
		if i > 0 {
			forms = forms[:1]
		}
		for _, v := range forms {
			if !seen[v] {
				seen[v] = true
				wds = append(wds, v)
			}
		}
	}
	e.wds.Store(cwd, wds)
	return wds
}

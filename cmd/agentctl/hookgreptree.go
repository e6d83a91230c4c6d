package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// maxTreeWitnesses bounds the paths of one Grep tree that are decided
// as reads: each is one decision, and a tree may hold many.
const maxTreeWitnesses = 64

// claudeGrepTree checks Claude Code's Grep over a directory tree against
// the Read rules Claude Code itself does not read. Claude Code's Grep
// leaves out of its results the files its own deny rules name, so agentctl
// allows a search of a tree that holds them; but a rule of the hook's own
// --settings or --allowedTools-style flags, or of a managed file agentctl
// was pointed at that is not Claude Code's, is agentctl's alone: Grep
// returned every matching line of such a denied file (a search of the
// project under an org rule denying secret/). Such a search is decided as
// the recursive reader it is: it asks (denied under dontAsk) when the tree
// could hold a path one of those rules denies or asks about. Nil when the
// settings hold no such rule: then nothing is checked.
type claudeGrepTree struct {
	eng *engine.Engine
}

// newClaudeGrepTree returns the check for settings s, or nil.
func newClaudeGrepTree(ev *agenthook.Event, e *engine.Engine, s *settings.Settings) *claudeGrepTree {
	if ev.Agent != agenthook.Claude {
		return nil
	}
	for _, r := range s.Rules {
		if r.Ignored == "" && r.Kind == settings.KindPath && r.Behavior != settings.Allow && notClaudeSource(r.Source.String(), r.Pos.File) {
			return &claudeGrepTree{eng: e}
		}
	}
	return nil
}

// notClaudeSource says whether a rule from source (in file) is one Claude
// Code does not load: the hook's --settings and command-line rules, and a
// managed file other than Claude Code's own.
func notClaudeSource(source, file string) bool {
	switch source {
	case settings.FlagSettings.String(), settings.CLIArg.String():
		return true
	case settings.PolicySettings.String():
		own := settings.DefaultManagedFile
		return file != own && !strings.HasPrefix(file, filepath.Join(filepath.Dir(own), "managed-settings.d")+string(filepath.Separator))
	}
	return false
}

// check turns an allow of a Claude Code Grep over a tree that could hold
// a path only agentctl's rules deny into an ask (deny under dontAsk).
func (g *claudeGrepTree) check(ctx context.Context, d agenthook.Decider, c engine.Call, mode string, dec engine.Decision) (engine.Decision, error) {
	if g == nil || dec.Decision != engine.Allow || c.Tool != "Grep" {
		return dec, nil
	}
	root, _ := c.Input["path"].(string)
	if root == "" {
		root = g.eng.Settings().Cwd
	}
	if !filepath.IsAbs(root) {
		root = filepath.Join(g.eng.Settings().Cwd, root)
	}
	// The paths only agentctl's rules could cover: a witness of each of
	// them, however many the rules Claude Code reads would add.
	paths := g.eng.TreeReads(filepath.Clean(root), func(r settings.Rule) bool {
		return r.Ignored == "" && r.Kind == settings.KindPath && r.Behavior != settings.Allow && notClaudeSource(r.Source.String(), r.Pos.File)
	})
	if len(paths) > maxTreeWitnesses {
		// The paths past the bound would not be decided: they may be
		// the denied ones.
		return g.ask(dec, mode, fmt.Sprintf("the Grep tree %s holds more than %d paths agentctl's own rules could cover", root, maxTreeWitnesses)), nil
	}
	for _, p := range paths {
		rd, err := d.Decide(ctx, engine.Call{Tool: "Read", Input: map[string]any{"file_path": p}, Mode: c.Mode, Foreign: c.Foreign})
		if err != nil {
			return rd, fmt.Errorf("deciding a read in the Grep tree: %w", err)
		}
		if rd.Decision == engine.Allow || rd.Rule == nil || !notClaudeSource(rd.Rule.Source, rd.Rule.File) {
			continue
		}
		return g.ask(dec, mode, fmt.Sprintf("Grep over %s could read %s, under %s rule %s from %s %s, which Claude Code does not read: its Grep leaves out only the files its own rules name",
			root, p, rd.Rule.Behavior, rd.Rule.Text, rd.Rule.Source, rd.Rule.Location())), nil
	}
	return dec, nil
}

// ask turns the allow dec into an ask (a deny under dontAsk) for reason.
func (g *claudeGrepTree) ask(dec engine.Decision, mode, reason string) engine.Decision {
	dec.Reason = fmt.Sprintf("%s (was: %s)", reason, dec.Reason)
	dec.Decision, dec.Stage, dec.Rule = engine.Ask, engine.StageTool, nil
	if mode == "dontAsk" {
		dec.Decision = engine.Deny
	}
	return dec
}

//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/workflow"
)

func diffCommand() *cli.Command {
	return &cli.Command{
		Name:      "diff",
		Usage:     "impact of a policy change: every recorded call whose decision differs between two versions of the policy",
		ArgsUsage: "TRANSCRIPT…",
		UsageText: `agentctl diff --base REV|DIR|BUNDLE [--head REV|DIR|BUNDLE] [--fail-on opened|closed|changed] [--html FILE] TRANSCRIPT…

The policy is the settings files and --policy DIR the global flags name. --base is a git
revision of the repository of the current directory (its files are read with git show REV:path),
a directory laid out as that repository, or a policy bundle (the .tar.gz agentctl bundle build
writes, told by its gzip header whatever its name); --head likewise, by default the working tree.
A bundle's own Rego and rules decide, over the facts the working tree's settings compute (as
agentctl --opa-url does for an OPA server running it); a signed one is verified with
--verification-key. Each recorded call (see agentctl replay) is decided under both; the calls whose
decision changed are listed with the rule and settings file:line that decided each side. Text
output is markdown; --html also writes a self-contained page with charts and filters.

Exit code: 0, or 1 with --fail-on when a call moved that way (opened: towards allow), or on error.

Examples:
   agentctl --managed-settings policy/managed-settings.json diff --base origin/main \
     --fail-on opened sessions/
   agentctl diff --base ../policy-v1 --output json sessions/
   agentctl diff --base deployed.tar.gz --verification-key public.pem --html diff.html sessions/`,
		Flags: withGlobals(append(transcriptFlags(),
			&cli.StringFlag{Name: "base", Usage: "the policy before: a git `REV`, a directory or a bundle", Required: true},
			&cli.StringFlag{Name: "head", Usage: "the policy after: a git `REV`, a directory or a bundle (default: the working tree)"},
			&cli.StringFlag{Name: "fail-on", Usage: "exit 1 when any call `MOVED`: opened, closed or changed"},
			&cli.BoolFlag{Name: "moved", Usage: "also list calls with the same decision made by another rule or stage"},
			&cli.StringFlag{Name: "html", Usage: "also write a self-contained HTML report to `FILE`"},
			&cli.StringFlag{Name: "verification-key", Usage: "verify a signed bundle with this PEM public key `FILE` (or HMAC secret), as opa run does"},
			&cli.StringFlag{Name: "verification-key-id", Value: "default", Usage: "the verification key's `ID`"},
			&cli.StringFlag{Name: "signing-alg", Value: "RS256", Usage: "the bundle's signing `ALG` (RS256, ES256, PS256, HS256, …)"},
		)...),
		Action: diffAction,
	}
}

// policySide is one version of the policy, ready to decide.
type policySide struct {
	label   string
	decider workflow.Decider
	// calls are the recorded calls as this version sees them (rebased
	// into a copied tree).
	calls []workflow.Recorded
	// name names a deciding rule as this version's (REV:path, BUNDLE:path).
	name  func(*engine.RuleRef) *engine.RuleRef
	notes []string
	close func()
}

func diffAction(c *cli.Context) error {
	ctx := context.Background()
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	failOn := c.String("fail-on")
	if failOn != "" && failOn != "opened" && failOn != "closed" && failOn != "changed" {
		return cli.Exit(fmt.Sprintf("diff: --fail-on %q: expected opened, closed or changed", failOn), exitError)
	}
	calls, err := readRecorded(c, "diff")
	if err != nil {
		return err
	}
	opts := settingsOptions(c)
	policyDir := flagString(c, "policy")
	if policyDir != "" {
		if policyDir, err = filepath.Abs(policyDir); err != nil {
			return cli.Exit("diff: "+err.Error(), exitError)
		}
	}
	root, err := workflow.GitRoot(ctx, ".")
	if err != nil {
		if root, err = filepath.Abs("."); err != nil {
			return cli.Exit("diff: "+err.Error(), exitError)
		}
	}
	// What the working tree's policy reads tells which files a revision
	// must provide.
	wt, err := loadWith(c, opts)
	if err != nil {
		return err
	}
	dirs := []string{filepath.Join(wt.Cwd, ".claude")}
	for _, f := range wt.Files {
		if filepath.IsAbs(f.Path) {
			dirs = append(dirs, filepath.Dir(f.Path))
		}
	}
	if policyDir != "" {
		dirs = append(dirs, policyDir)
	}
	var verify *workflow.BundleVerification
	if k := c.String("verification-key"); k != "" {
		verify = &workflow.BundleVerification{Key: k, KeyID: c.String("verification-key-id"), Alg: c.String("signing-alg")}
	}
	bundles := 0
	side := func(spec string) (*policySide, error) {
		if spec != "" {
			if st, err := os.Stat(spec); err == nil && !st.IsDir() {
				ok, err := workflow.IsBundle(spec)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, fmt.Errorf("%s: a file, but not a policy bundle (no gzip header; agentctl bundle build writes one)", spec)
				}
				bundles++
				b, err := workflow.OpenBundle(ctx, spec, workflow.BundleOptions{Verify: verify, Settings: wt, PolicyDir: policyDir})
				if err != nil {
					return nil, err
				}
				return &policySide{label: b.Label(), decider: b, calls: calls, name: b.NameRule, notes: b.Notes(),
					close: func() {}}, nil
			}
		}
		var t workflow.Tree
		switch st, statErr := os.Stat(spec); {
		case spec == "":
			t = workflow.WorkingTree(root)
		case statErr == nil && st.IsDir():
			if t, err = workflow.DirTree(root, spec); err != nil {
				return nil, err
			}
		default:
			if t, err = workflow.GitTree(ctx, root, spec, dirs); err != nil {
				return nil, err
			}
		}
		s := wt
		if t.Dir != t.Root {
			if s, err = settings.Load(t.Options(opts)); err != nil {
				t.Close()
				return nil, fmt.Errorf("%s: %w", t.Label, err)
			}
		}
		var eo []engine.Option
		if policyDir != "" {
			eo = append(eo, engine.WithPolicyDir(t.Remap(policyDir)))
		}
		e, err := engine.New(ctx, s, eo...)
		if err != nil {
			t.Close()
			return nil, fmt.Errorf("%s: %w", t.Label, err)
		}
		cs := append([]workflow.Recorded(nil), calls...)
		workflow.Rebase(cs, t.Root, t.Dir)
		return &policySide{label: t.Label, decider: decider(e), calls: cs, name: func(r *engine.RuleRef) *engine.RuleRef {
			return unmapRule(t, r)
		}, close: t.Close}, nil
	}
	base, err := side(c.String("base"))
	if err != nil {
		return cli.Exit("diff: --base: "+err.Error(), exitError)
	}
	defer base.close()
	head, err := side(c.String("head"))
	if err != nil {
		return cli.Exit("diff: --head: "+err.Error(), exitError)
	}
	defer head.close()
	if verify != nil && bundles == 0 {
		return cli.Exit("diff: --verification-key: neither --base nor --head is a bundle", exitError)
	}
	ro := replayOptions(c, wt)
	changes, sum, err := workflow.DiffPolicies(ctx, base.decider, base.calls, head.decider, head.calls, ro, c.Bool("moved"))
	if err != nil {
		return cli.Exit("diff: "+err.Error(), exitError)
	}
	for i := range changes {
		changes[i].Call = calls[changes[i].Index]
		changes[i].Base.Rule = base.name(changes[i].Base.Rule)
		changes[i].Head.Rule = head.name(changes[i].Head.Rule)
	}
	sum.BaseLabel, sum.HeadLabel = base.label, head.label
	sum.Notes = append(append([]string(nil), base.notes...), head.notes...)
	if path := c.String("html"); path != "" {
		if err := writeHTML(path, func(w io.Writer) error {
			return workflow.WriteDiffHTML(w, "agentctl diff", changes, sum)
		}); err != nil {
			return cli.Exit("diff --html: "+err.Error(), exitError)
		}
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			Changes []workflow.Change    `json:"changes"`
			Summary workflow.DiffSummary `json:"summary"`
		}{changes, sum})
	} else {
		err = workflow.WriteDiffMarkdown(c.App.Writer, changes, sum)
	}
	if err != nil {
		return err
	}
	fail := (failOn == "opened" && sum.Opened > 0) || (failOn == "closed" && sum.Closed > 0) ||
		(failOn == "changed" && sum.Changed > 0)
	if fail {
		return cli.Exit(fmt.Sprintf("diff: %d calls %s (--fail-on %s)", map[string]int{"opened": sum.Opened,
			"closed": sum.Closed, "changed": sum.Changed}[failOn], failOn, failOn), exitError)
	}
	return nil
}

// unmapRule names a rule of a copied tree by its path in the repository.
func unmapRule(t workflow.Tree, r *engine.RuleRef) *engine.RuleRef {
	if r == nil || t.Dir == t.Root {
		return r
	}
	cp := *r
	if abs, err := filepath.Abs(cp.File); err == nil {
		cp.File = t.Unmap(abs)
	}
	return &cp
}

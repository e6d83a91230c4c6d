package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	regopkg "github.com/agentctl/agentctl/rego"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/toolspec"
)

// CustomPackage is the package custom org modules must declare.
const CustomPackage = "agentctl.custom"

// LogPackage is the package of the decision log's mask and drop policies
// (OPA's system.log.mask and system.log.drop), which a --policy directory
// may hold besides the custom org modules.
const LogPackage = "system.log"

// Bundle is the compiled policy: agentctl's stage modules, custom org
// modules, and the settings rules as data.
type Bundle struct {
	// Modules maps bundle paths (agentctl/deny.rego, custom/x.rego) to source.
	Modules map[string]string
	// Data is the base document: {"agentctl": {"rules": …, "tools": …}}, the
	// settings rules and the tool catalogue.
	Data map[string]any
	// Revision is a content hash of modules and data.
	Revision string
	// files maps the bundle paths of custom modules to the user's paths,
	// so that errors name the user's file.
	files map[string]string
	// Commands is the compiled command table of the settings' profile
	// (nil: core only); its entries are data.agentctl.commands.
	Commands *bashparse.Table
	// rules is the rule index Data holds, as Go values.
	rules map[string]*bucket
	// logModules are the system.log modules (log/x.rego → source): the
	// decision log's, never part of the decision bundle or its revision.
	logModules map[string]string
}

// Build compiles settings and the custom modules in policyDir ("" for none).
func Build(s *settings.Settings, policyDir string) (*Bundle, error) {
	b := &Bundle{Modules: map[string]string{}, files: map[string]string{}}
	var err error
	for name, src := range regopkg.Modules() {
		b.Modules["agentctl/"+name] = src
	}
	if policyDir != "" {
		custom, err := loadCustom(policyDir)
		if err != nil {
			return nil, err
		}
		for name, m := range custom {
			b.files[name] = m.path
			if strings.HasPrefix(name, "log/") {
				if b.logModules == nil {
					b.logModules = map[string]string{}
				}
				b.logModules[name] = m.src
				continue
			}
			b.Modules[name] = m.src
		}
	}
	if b.rules, err = compileRules(s); err != nil {
		return nil, err
	}
	profile := commandProfile(s)
	if b.Commands, err = commandTable(profile, policyDir); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(map[string]any{"agentctl": map[string]any{"rules": b.rules, "tools": toolspec.Data(),
		"commands": commandsData(profile, b.Commands)}})
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &b.Data); err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, name := range b.moduleNames() {
		fmt.Fprintf(h, "%s\x00%s\x00", name, b.Modules[name])
	}
	h.Write(raw)
	b.Revision = hex.EncodeToString(h.Sum(nil))[:16]
	return b, nil
}

func (b *Bundle) moduleNames() []string {
	names := make([]string, 0, len(b.Modules))
	for n := range b.Modules {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// customModule is one custom org module: its source and the user's path.
type customModule struct{ src, path string }

// loadCustom reads and checks every non-test .rego file in dir: it must
// parse, declare package agentctl.custom, and define deny, ask and allow
// only as sets of messages — or declare package system.log (the decision
// log's mask and drop, keyed log/NAME). Problems are PolicyErrors at the
// user's file.
func loadCustom(dir string) (map[string]customModule, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: --policy %s: %w", ErrPolicy, dir, err)
	}
	out := map[string]customModule{}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".rego") || strings.HasSuffix(n, "_test.rego") {
			continue
		}
		path := filepath.Join(dir, n)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrPolicy, err)
		}
		pkg, err := checkCustom(path, src)
		if err != nil {
			return nil, err
		}
		if pkg == LogPackage {
			out["log/"+n] = customModule{src: string(src), path: path}
			continue
		}
		out["custom/"+n] = customModule{src: string(src), path: path}
	}
	return out, nil
}

// hasCustom reports whether the bundle holds custom org modules.
func (b *Bundle) hasCustom() bool {
	for name := range b.Modules {
		if strings.HasPrefix(name, "custom/") {
			return true
		}
	}
	return false
}

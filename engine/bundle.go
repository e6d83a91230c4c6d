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
	"sync"

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
	// profile is the command knowledge profile the settings name.
	profile string
	// doc is the base document and the revision, made on first use.
	doc struct {
		once     sync.Once
		raw      []byte
		revision string
		data     map[string]any
	}
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
	b.profile = profile
	return b, nil
}

// document makes the base document and the revision once. Only OPA reads
// the document (the native evaluator reads the rule index) and only a
// bundle or a decision log names the revision: a hook process that needs
// neither spent a fifth of its page faults encoding and decoding them.
func (b *Bundle) document() {
	b.doc.once.Do(func() {
		raw, err := json.Marshal(map[string]any{"agentctl": map[string]any{"rules": b.rules, "tools": toolspec.Data(),
			"commands": commandsData(b.profile, b.Commands)}})
		if err == nil {
			err = json.Unmarshal(raw, &b.doc.data)
		}
		if err != nil {
			// Strings, lists and maps of them always encode and decode; a
			// half-made policy must never decide, so this stops the process.
			panic(fmt.Sprintf("agentctl: the bundle's base document: %v", err))
		}
		h := sha256.New()
		for _, name := range b.moduleNames() {
			fmt.Fprintf(h, "%s\x00%s\x00", name, b.Modules[name])
		}
		h.Write(raw)
		b.doc.raw = raw
		b.doc.revision = hex.EncodeToString(h.Sum(nil))[:16]
	})
}

// Revision is a content hash of the modules and the base document.
func (b *Bundle) Revision() string {
	b.document()
	return b.doc.revision
}

// Data is the base document: {"agentctl": {"rules": …, "tools": …}}, the
// settings rules and the tool catalogue.
func (b *Bundle) Data() map[string]any {
	b.document()
	return b.doc.data
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
	if err := checkPolicySubdirs(dir); err != nil {
		return nil, err
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
	if err := checkVerdictSpelling(out); err != nil {
		return nil, err
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

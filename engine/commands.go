package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	regopkg "github.com/agentctl/agentctl/rego"
	"github.com/agentctl/agentctl/settings"
)

// Command knowledge profiles (agentctl.commands, --commands).
const (
	// ProfileCore approves Claude Code's read-only list only (the default).
	ProfileCore = "core"
	// ProfileExtended adds the command tables of rego/commands.
	ProfileExtended = "extended"
)

// commandProfile is the profile the settings choose (core when none).
func commandProfile(s *settings.Settings) string {
	if s != nil && s.Commands != nil && s.Commands.Value == ProfileExtended {
		return ProfileExtended
	}
	return ProfileCore
}

// commandTable compiles the command knowledge of a profile: under extended
// the embedded tables, then the org's own YAML files in policyDir (which
// add, replace, remove entries and turn categories off); under core only
// the org's files. It returns nil when there is nothing beyond core.
func commandTable(profile, policyDir string) (*bashparse.Table, error) {
	var files []bashparse.TableFile
	if profile == ProfileExtended {
		for _, f := range regopkg.CommandTables() {
			files = append(files, bashparse.TableFile{Name: f.Name, Data: f.Data})
		}
	}
	if policyDir != "" {
		names, err := filepath.Glob(filepath.Join(policyDir, "*.yaml"))
		if err != nil {
			return nil, fmt.Errorf("%w: --policy %s: %v", ErrPolicy, policyDir, err)
		}
		more, _ := filepath.Glob(filepath.Join(policyDir, "*.yml"))
		names = append(names, more...)
		sort.Strings(names)
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrPolicy, err)
			}
			files = append(files, bashparse.TableFile{Name: n, Data: b})
		}
	}
	if len(files) == 0 {
		return nil, nil
	}
	t, err := bashparse.CompileTable(files...)
	if err != nil {
		var te *bashparse.TableError
		if errors.As(err, &te) && !strings.HasPrefix(te.File, "commands/") {
			return nil, fmt.Errorf("%w: %v", ErrPolicy, err)
		}
		return nil, fmt.Errorf("%w: command table: %v", ErrPolicy, err)
	}
	return t, nil
}

// commandsData is data.agentctl.commands: the profile and every entry of
// the table with its effect, category and file:line.
func commandsData(profile string, t *bashparse.Table) map[string]any {
	return map[string]any{"profile": profile, "entries": t.Data()}
}

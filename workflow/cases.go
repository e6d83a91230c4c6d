package workflow

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// Case is one policy test case: a tool call and the decision it must get.
type Case struct {
	Name  string         `yaml:"name" json:"name"`
	Tool  string         `yaml:"tool" json:"tool"`
	Input map[string]any `yaml:"input" json:"input"`
	// Decision is the expected effect: allow, ask or deny.
	Decision string `yaml:"decision" json:"decision"`
	// Cwd is the call's working directory; relative to the settings' cwd,
	// or to the laid-out files when Files is set.
	Cwd string `yaml:"cwd,omitempty" json:"cwd,omitempty"`
	// Mode overrides the permission mode for this call.
	Mode string `yaml:"mode,omitempty" json:"mode,omitempty"`
	// Files are laid out in a fresh directory under the settings' cwd
	// (removed afterwards), which becomes the call's cwd; a value is the
	// content, or {symlink: TARGET}.
	Files map[string]FileSpec `yaml:"files,omitempty" json:"files,omitempty"`
	// Stage, Rule and Source optionally pin where the decision was made:
	// the stage's name, the deciding rule's text and its settings source.
	Stage  string `yaml:"stage,omitempty" json:"stage,omitempty"`
	Rule   string `yaml:"rule,omitempty" json:"rule,omitempty"`
	Source string `yaml:"source,omitempty" json:"source,omitempty"`

	// File and Line locate the case in its test file.
	File string `yaml:"-" json:"file"`
	Line int    `yaml:"-" json:"line"`
}

// FileSpec is a file a case lays out: its content, or a symbolic link.
type FileSpec struct {
	Content string
	Symlink string
}

// UnmarshalYAML reads a string (the content) or {symlink: TARGET}.
func (f *FileSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		return n.Decode(&f.Content)
	}
	var m struct {
		Symlink string `yaml:"symlink"`
	}
	if err := n.Decode(&m); err != nil {
		return err
	}
	if m.Symlink == "" {
		return fmt.Errorf("line %d: a file is a string (its content) or {symlink: TARGET}", n.Line)
	}
	f.Symlink = m.Symlink
	return nil
}

// CaseError is a problem with a test file at a position.
type CaseError struct {
	File string
	Line int
	Msg  string
}

// Error prints "file:line: message".
func (e *CaseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// IsCaseFile reports whether a file name is a policy test file
// (*_test.yaml, *_test.yml, *_test.json).
func IsCaseFile(name string) bool {
	for _, ext := range []string{"_test.yaml", "_test.yml", "_test.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// FindCaseFiles lists the policy test files of paths: a file is taken as it
// is, a directory is walked (skipping .git and node_modules). The result is
// sorted and without duplicates.
func FindCaseFiles(paths ...string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() && IsCaseFile(d.Name()) && !seen[path] {
				seen[path] = true
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// LoadCases reads one test file (YAML or JSON) with a top-level tests:
// list. Every case keeps its file and line; a malformed case is a
// *CaseError at its line.
func LoadCases(path string) ([]Case, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, &CaseError{File: path, Line: yamlErrorLine(err), Msg: err.Error()}
	}
	if len(doc.Content) == 0 {
		return nil, &CaseError{File: path, Line: 1, Msg: "empty test file: expected a top-level tests: list"}
	}
	root := doc.Content[0]
	var tests *yaml.Node
	if root.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == "tests" {
				tests = root.Content[i+1]
			}
		}
	}
	if tests == nil || tests.Kind != yaml.SequenceNode {
		return nil, &CaseError{File: path, Line: root.Line, Msg: "expected a top-level tests: list"}
	}
	var out []Case
	names := map[string]int{}
	for _, n := range tests.Content {
		var c Case
		if err := n.Decode(&c); err != nil {
			return nil, &CaseError{File: path, Line: n.Line, Msg: err.Error()}
		}
		c.File, c.Line = path, n.Line
		if err := c.check(); err != nil {
			return nil, &CaseError{File: path, Line: n.Line, Msg: err.Error()}
		}
		if prev, dup := names[c.Name]; dup {
			return nil, &CaseError{File: path, Line: n.Line, Msg: fmt.Sprintf("case %q is also at line %d", c.Name, prev)}
		}
		names[c.Name] = n.Line
		out = append(out, c)
	}
	return out, nil
}

// check reports the first problem with a decoded case.
func (c *Case) check() error {
	switch {
	case c.Name == "":
		return fmt.Errorf("case without a name")
	case c.Tool == "":
		return fmt.Errorf("case %q: no tool", c.Name)
	}
	var e engine.Effect
	if err := e.UnmarshalJSON([]byte(fmt.Sprintf("%q", c.Decision))); err != nil || e == 0 {
		return fmt.Errorf("case %q: decision %q: expected allow, ask or deny", c.Name, c.Decision)
	}
	if c.Stage != "" {
		var s engine.Stage
		if err := s.UnmarshalJSON([]byte(fmt.Sprintf("%q", c.Stage))); err != nil {
			return fmt.Errorf("case %q: stage %q: %v", c.Name, c.Stage, err)
		}
	}
	if c.Source != "" {
		if _, err := settings.ParseSource(c.Source); err != nil {
			return fmt.Errorf("case %q: source %q: %v", c.Name, c.Source, err)
		}
	}
	if c.Mode != "" && !settings.ValidMode(c.Mode) {
		return fmt.Errorf("case %q: mode %q: expected default, acceptEdits, plan, auto, dontAsk or bypassPermissions", c.Name, c.Mode)
	}
	if c.Input == nil {
		c.Input = map[string]any{}
	}
	return nil
}

// yamlErrorLine finds the line yaml.v3 names in a syntax error (1 if none).
func yamlErrorLine(err error) int {
	var line int
	if _, e := fmt.Sscanf(strings.TrimPrefix(err.Error(), "yaml: "), "line %d:", &line); e == nil && line > 0 {
		return line
	}
	return 1
}

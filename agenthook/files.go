package agenthook

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/agentctl/agentctl/settings"
)

// Result says what an install or uninstall did to one file.
type Result struct {
	File    string
	Changed bool
	// Backup is the copy of the file as it was before (empty when the file
	// did not exist or did not change).
	Backup string
}

// Install writes the spec's entries into the settings file at path,
// keeping every other key; a second install changes nothing. The file as it
// was is kept beside it (FILE.agentctl-backup, then .1, .2 …).
func Install(path string, s Spec) (Result, error) {
	return edit(path, s.Agent, s.Apply)
}

// Uninstall removes exactly the entries Install adds from the file at path.
func Uninstall(path string, agent Agent) (Result, error) {
	return edit(path, agent, func(doc *object) (bool, error) { return Remove(agent, doc) })
}

func edit(path string, agent Agent, change func(*object) (bool, error)) (Result, error) {
	res := Result{File: path}
	if err := refuseLink(path); err != nil {
		return res, err
	}
	old, err := settings.ReadConfigFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("reading %s: %w", path, err)
	}
	doc, err := parseObject(old)
	if err != nil {
		return res, fmt.Errorf("%s: %w (left unchanged)", atPosition(path, old, err), err)
	}
	changed, err := change(doc)
	if err != nil || !changed {
		if err != nil {
			err = fmt.Errorf("%s: %w (left unchanged)", path, err)
		}
		return res, err
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
		if res.Backup, err = backup(path, old, mode); err != nil {
			return res, err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return res, fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	if err := writeAtomic(path, encode(doc), mode); err != nil {
		return res, err
	}
	res.Changed = true
	return res, nil
}

// backup keeps the file's old content under the first free backup name:
// an earlier backup (the original) is never overwritten.
func backup(path string, content []byte, mode fs.FileMode) (string, error) {
	name := path + ".agentctl-backup"
	for i := 1; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			name = path + ".agentctl-backup." + strconv.Itoa(i)
			continue
		}
		if err != nil {
			return "", fmt.Errorf("backing up %s: %w", path, err)
		}
		_, err = f.Write(content)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("backing up %s: %w", path, err)
		}
		return name, nil
	}
}

// writeAtomic replaces path with content through a temporary file in the
// same directory, so a reader never sees half a settings file.
func writeAtomic(path string, content []byte, mode fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Hook is one hook entry found in a settings file.
type Hook struct {
	Agent   Agent  `json:"agent"`
	Scope   Scope  `json:"scope"`
	File    string `json:"file"`
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Command string `json:"command"`
	// Timeout is as the file says it (seconds; milliseconds for Gemini
	// CLI); 0 when unset.
	Timeout    float64 `json:"timeout,omitempty"`
	FailClosed bool    `json:"fail_closed,omitempty"`
	Agentctl   bool    `json:"agentctl"`
}

// TimeoutDuration is the entry's timeout, or the agent's default when unset.
func (h Hook) TimeoutDuration() (d float64, isDefault bool) {
	if h.Timeout > 0 {
		if h.Agent == Gemini {
			return h.Timeout / 1000, false
		}
		return h.Timeout, false
	}
	switch h.Agent {
	case Claude:
		return 600, true
	case Gemini:
		return 60, true
	}
	return 0, true // Cursor: no documented default
}

// List reads every hook entry of an agent's settings file at a scope; a
// missing file has none.
func List(agent Agent, scope Scope, path string) ([]Hook, error) {
	doc, err := readSettingsObject(path)
	if err != nil || doc == nil {
		return nil, err
	}
	hooks, err := hooksObject(doc, false)
	if err != nil || hooks == nil {
		return nil, err
	}
	var out []Hook
	for _, ev := range hooks.keys {
		list, _ := hooks.vals[ev].([]any)
		for _, item := range list {
			o, ok := item.(*object)
			if !ok {
				continue
			}
			matcher, _ := o.vals["matcher"].(string)
			entries := []any{o}
			if inner, ok := o.vals["hooks"].([]any); ok {
				entries = inner
			}
			for _, e := range entries {
				eo, ok := e.(*object)
				if !ok {
					continue
				}
				h := Hook{Agent: agent, Scope: scope, File: path, Event: ev, Matcher: matcher}
				h.Command, _ = eo.vals["command"].(string)
				h.FailClosed, _ = eo.vals["failClosed"].(bool)
				if n, ok := eo.vals["timeout"].(interface{ Float64() (float64, error) }); ok {
					h.Timeout, _ = n.Float64()
				}
				h.Agentctl = IsAgentctl(h.Command)
				out = append(out, h)
			}
		}
	}
	return out, nil
}

// Risks lists what would let a call through despite an agentctl entry:
// a non-blocking event, a matcher that leaves tools out, a timeout shorter
// than the hook takes (coldStart), a Cursor entry that fails open.
func (h Hook) Risks(coldStart float64) []string {
	var out []string
	if !BlockingEvents[h.Agent][h.Event] {
		out = append(out, fmt.Sprintf("%s cannot block a tool call (the call runs whatever agentctl answers)", h.Event))
	}
	switch h.Matcher {
	case "", "*", ".*":
	default:
		out = append(out, fmt.Sprintf("matcher %q leaves other tools unchecked", h.Matcher))
	}
	if t, _ := h.TimeoutDuration(); t > 0 && coldStart > 0 && t < 2*coldStart {
		out = append(out, fmt.Sprintf("timeout %.3gs is under twice the measured hook latency (%.3gs): a timed-out hook lets the call run", t, coldStart))
	}
	if h.Agent == Cursor && !h.FailClosed {
		out = append(out, "no \"failClosed\": true: if the hook crashes or times out, Cursor lets the call run")
	}
	return out
}

// readSettingsObject reads an agent's settings file as a JSON object; a
// missing file is nil, without an error.
func readSettingsObject(path string) (*object, error) {
	b, err := settings.ReadConfigFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	doc, err := parseObject(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return doc, nil
}

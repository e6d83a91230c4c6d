package agenthook

import (
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// spelled reads one parameter that agents spell in several ways
// (file_path, absolute_path or path; content or contents; dir_path or
// directory …): the first non-empty string among keys. Which spelling the
// agent itself reads depends on its version, so two spellings naming
// different values are one call that could run two ways — a harmless
// file_path beside a target_file naming a secret, decided as the first and
// run as the second. That fails (the event is blocked), as does a spelling
// present with a type no version reads (a list, a number) beside another.
// Spellings that agree, or are empty, are fine.
func spelled(in map[string]any, keys ...string) (string, error) {
	value, from := "", ""
	var present []string
	for _, k := range keys {
		v, ok := in[k]
		if !ok || v == nil {
			continue
		}
		present = append(present, "`"+k+"`")
		s, isString := v.(string)
		switch {
		case !isString:
			if len(keys) > 1 {
				return "", fmt.Errorf("parameter `%s` is %T, not a string (spelled %s)", k, v, strings.Join(present, ", "))
			}
		case s == "":
		case value == "":
			value, from = s, k
		case s != value:
			return "", fmt.Errorf("parameters `%s` (%q) and `%s` (%q) spell one parameter with two values: the agent may use either",
				from, value, k, s)
		}
	}
	return value, nil
}

// cursorAttachments are the files a Cursor beforeReadFile event names
// besides file_path: its attachments ({"type": "file", "filePath" or
// "file_path": …}) go to the model with the read, so each is a Read
// decided as the file itself is. An attachment agentctl cannot read as a
// file path fails the event.
func cursorAttachments(ev *Event) ([]engine.Call, error) {
	raw, ok := ev.Fields["attachments"]
	if !ok || raw == nil {
		return nil, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, fmt.Errorf("`attachments` is %T, not a list", raw)
	}
	var calls []engine.Call
	for i, a := range list {
		m, ok := a.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("attachments[%d] is %T, not an object", i, a)
		}
		p, err := spelled(m, "filePath", "file_path", "path")
		if err != nil {
			return nil, fmt.Errorf("attachments[%d]: %w", i, err)
		}
		if p == "" {
			if t, _ := m["type"].(string); t == "file" {
				return nil, fmt.Errorf("attachments[%d] is a file without a path", i)
			}
			continue // a rule or another kind of attachment without a path
		}
		calls = append(calls, engine.Call{Tool: "Read", Input: map[string]any{"file_path": under(ev.Cwd, p)}})
	}
	return calls, nil
}

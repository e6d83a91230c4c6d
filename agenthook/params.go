package agenthook

import (
	"fmt"
	"strings"
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

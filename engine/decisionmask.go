package engine

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Decision-log masking with the semantics of OPA's decision-log plugin
// (v1/plugins/logs, "Masking Sensitive Data" in OPA's docs): the policy
// data.system.log.mask, given the event as input, returns a set of rules;
// a rule is a JSON pointer into input, result or nd_builtin_cache ("erase"
// it), or {"op": "remove"|"upsert", "path": …, "value": …}. Erased paths
// are listed in the event's "erased", upserted ones in "masked". A path
// that is not in the event is skipped. The plugin itself is not linked in:
// it brings OPA's server, bundle downloader, Prometheus and OpenTelemetry
// into every process start (see decisionmask_test.go, which checks these
// rules against the plugin's own output).

// maskRule is one parsed mask rule.
type maskRule struct {
	op    string // remove or upsert
	parts []string
	value any
}

// errMaskPath is a path that does not lead anywhere in the event: the rule
// is skipped, as OPA skips it.
var errMaskPath = errors.New("mask path not in the event")

// parseMaskRules reads the value of data.system.log.mask. Like OPA, one
// malformed rule rejects the whole set.
func parseMaskRules(v any) ([]maskRule, error) {
	raw, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("system.log.mask: expected a set of rules, got %T", v)
	}
	var rules []maskRule
	for _, item := range raw {
		op, path, value := "remove", "", any(nil)
		switch r := item.(type) {
		case string:
			path = r
		case map[string]any:
			var err error
			if op, err = maskField(r, "op", ""); err != nil { // as in OPA: an object names its op
				return nil, err
			}
			if path, err = maskField(r, "path", ""); err != nil {
				return nil, err
			}
			value = r["value"]
		default:
			return nil, fmt.Errorf("system.log.mask: a rule is a path or an object, got %T", item)
		}
		rule, err := newMaskRule(op, path, value)
		if err != nil {
			return nil, err
		}
		rules = append(rules, rule)
	}
	return rules, nil
}

// maskField reads op or path: absent is def; present, it must be a
// non-empty string.
func maskField(r map[string]any, key, def string) (string, error) {
	v, ok := r[key]
	if !ok {
		return def, nil
	}
	if s, _ := v.(string); s != "" {
		return s, nil
	}
	return "", fmt.Errorf("system.log.mask: invalid %q value: %v", key, v)
}

func newMaskRule(op, path string, value any) (maskRule, error) {
	if op != "remove" && op != "upsert" {
		return maskRule{}, fmt.Errorf("system.log.mask: op %q is not supported (remove or upsert)", op)
	}
	if !strings.HasPrefix(path, "/") {
		return maskRule{}, fmt.Errorf("system.log.mask: path %q must start with /", path)
	}
	parts := strings.Split(path[1:], "/")
	switch parts[0] {
	case "input", "result", "nd_builtin_cache":
	default:
		return maskRule{}, fmt.Errorf("system.log.mask: path %q: only input, result and nd_builtin_cache may be masked", path)
	}
	for i, p := range parts {
		if _, err := url.PathUnescape(p); err != nil {
			return maskRule{}, fmt.Errorf("system.log.mask: path %q: %w", path, err)
		}
		// As OPA does: the part is compared escaped with the event's keys.
		parts[i] = url.PathEscape(p)
	}
	return maskRule{op: op, parts: parts, value: value}, nil
}

func (r maskRule) String() string { return "/" + strings.Join(r.parts, "/") }

// apply masks ev in place (its input, result and nd_builtin_cache are
// already copies of their own). A path not in the event changes nothing.
func (r maskRule) apply(ev map[string]any) {
	doc, ok := ev[r.parts[0]]
	if !ok || doc == nil {
		return
	}
	rest := r.parts[1:]
	switch {
	case r.op == "remove" && len(rest) == 0:
		delete(ev, r.parts[0])
	case r.op == "remove":
		if err := removePath(ev, r.parts[0], rest); err != nil {
			return
		}
	case len(rest) == 0:
		ev[r.parts[0]] = r.value
	default:
		if err := upsertPath(doc, rest, r.value); err != nil {
			return
		}
	}
	key := "erased"
	if r.op == "upsert" {
		key = "masked"
	}
	list, _ := ev[key].([]string)
	ev[key] = append(list, r.String())
}

// removePath deletes path (under parent[key]); an array element is cut
// out, the later ones moving up.
func removePath(parent any, key string, path []string) error {
	node, err := child(parent, key)
	if err != nil {
		return err
	}
	if len(path) > 1 {
		return removePath(node, path[0], path[1:])
	}
	switch v := node.(type) {
	case map[string]any:
		if _, ok := v[path[0]]; !ok {
			return errMaskPath
		}
		delete(v, path[0])
		return nil
	case []any:
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(v) {
			return errMaskPath
		}
		return setChild(parent, key, slices.Delete(v, i, i+1))
	}
	return errMaskPath
}

// upsertPath sets path under node to value, making the objects on the way.
func upsertPath(node any, path []string, value any) error {
	for _, p := range path[:len(path)-1] {
		switch v := node.(type) {
		case map[string]any:
			next, ok := v[p]
			if !ok {
				next = map[string]any{}
				v[p] = next
			}
			node = next
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(v) {
				return errMaskPath
			}
			node = v[i]
		default:
			return errMaskPath
		}
	}
	last := path[len(path)-1]
	switch v := node.(type) {
	case map[string]any:
		v[last] = value
		return nil
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(v) {
			return errMaskPath
		}
		v[i] = value
		return nil
	}
	return errMaskPath
}

func child(parent any, key string) (any, error) {
	switch v := parent.(type) {
	case map[string]any:
		c, ok := v[key]
		if !ok {
			return nil, errMaskPath
		}
		return c, nil
	case []any:
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(v) {
			return nil, errMaskPath
		}
		return v[i], nil
	}
	return nil, errMaskPath
}

func setChild(parent any, key string, value any) error {
	switch v := parent.(type) {
	case map[string]any:
		v[key] = value
		return nil
	case []any:
		i, _ := strconv.Atoi(key)
		v[i] = value
		return nil
	}
	return errMaskPath
}

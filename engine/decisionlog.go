package engine

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// ErrDecisionLog wraps a failure to append to the decision log. Decide
// returns it with a deny: the decision was made but could not be recorded,
// and a session should stop rather than go on unaudited. A mask or drop
// policy that fails is such a failure too (OPA's plugin would drop the
// event quietly).
var ErrDecisionLog = errors.New("decision log")

// LogEvent is one decision as OPA's decision-log plugin writes it (its
// EventV1, the fields agentctl fills, in its order). In --opa-url mode the
// decision id, bundle revisions, version label and metrics are the OPA
// server's own.
type LogEvent struct {
	// Labels are id (this process's log), version (the OPA that decided:
	// the embedded one, or the server's), app and evaluation
	// (embedded|remote); in remote mode decision_id_source says whether
	// the server gave the decision id (server) or it is agentctl's
	// (agentctl: the server does not log decisions).
	Labels     map[string]string `json:"labels"`
	DecisionID string            `json:"decision_id"`
	// Revision is a server's single legacy bundle's revision (deprecated
	// in OPA, as there; Bundles otherwise).
	Revision string                `json:"revision,omitempty"`
	Bundles  map[string]BundleInfo `json:"bundles,omitempty"`
	Path     string                `json:"path,omitempty"`
	// Input and Result are the policy input and the decision, as masked.
	Input     any       `json:"input,omitempty"`
	Result    any       `json:"result,omitempty"`
	Erased    []string  `json:"erased,omitempty"`
	Masked    []string  `json:"masked,omitempty"`
	Timestamp time.Time `json:"timestamp"`
	// Metrics are OPA metrics: timer_agentctl_eval_ns, and in remote mode
	// the server's (timer_rego_query_eval_ns, timer_server_handler_ns …).
	Metrics map[string]any `json:"metrics,omitempty"`
	// RequestID numbers the decisions of this log from 1.
	RequestID uint64 `json:"req_id,omitempty"`
}

// BundleInfo is a bundle's revision, as in OPA's decision log.
type BundleInfo struct {
	Revision string `json:"revision,omitempty"`
}

// logPath is the decision's path, as OPA logs a POST /v1/data/agentctl/decision.
const logPath = "agentctl/decision"

// decisionLog appends decision-log events, one JSON line each, after OPA's
// system.log.drop and system.log.mask policies (package system.log in the
// --policy directory). It is safe for concurrent use.
type decisionLog struct {
	mu   sync.Mutex
	w    io.Writer
	id   string
	reqs atomic.Uint64
	// pol evaluates the system.log drop and mask policies (nil without
	// system.log modules).
	pol logPolicy
}

// logPolicy evaluates the system.log policies on an event's JSON: whether
// to drop it, and data.system.log.mask (defined false when there is none).
type logPolicy interface {
	drop(ctx context.Context, doc map[string]any) (bool, error)
	mask(ctx context.Context, doc map[string]any) (any, bool, error)
}

// newDecisionLog prepares the log, compiling the bundle's system.log
// modules now so that a mistake in them fails at start.
func newDecisionLog(ctx context.Context, w io.Writer, b *Bundle) (*decisionLog, error) {
	l := &decisionLog{w: w, id: newUUID()}
	if len(b.logModules) == 0 {
		return l, nil
	}
	var err error
	if l.pol, err = newLogPolicy(ctx, b); err != nil {
		return nil, err
	}
	return l, nil
}

// LogModules returns the policy directory's system.log modules (bundle
// path → source): the decision log's mask and drop, not part of the
// decision bundle.
func (b *Bundle) LogModules() map[string]string { return b.logModules }

// remoteMeta is what an OPA server said about its decision besides the
// result: the decision id (when it logs decisions), its provenance and
// metrics.
type remoteMeta struct {
	DecisionID string `json:"decision_id"`
	Provenance struct {
		Version  string                `json:"version"`
		Revision string                `json:"revision"`
		Bundles  map[string]BundleInfo `json:"bundles"`
	} `json:"provenance"`
	Metrics map[string]any `json:"metrics"`
}

// write logs one decision; meta is nil for an embedded one.
func (l *decisionLog) write(ctx context.Context, e *Engine, input map[string]any, d Decision, meta *remoteMeta,
	metrics map[string]any) error {
	ev := LogEvent{
		Labels:     map[string]string{"id": l.id, "version": opaVersion, "app": "agentctl", "evaluation": e.where()},
		DecisionID: newUUID(),
		Bundles:    map[string]BundleInfo{"agentctl": {Revision: e.bundle.Revision()}},
		Path:       logPath,
		Input:      input,
		Result:     d,
		Timestamp:  e.now().UTC(),
		Metrics:    metrics,
		RequestID:  l.reqs.Add(1),
	}
	if meta != nil {
		ev.Labels["version"] = meta.Provenance.Version
		ev.Labels["decision_id_source"] = "agentctl"
		if meta.DecisionID != "" {
			ev.DecisionID, ev.Labels["decision_id_source"] = meta.DecisionID, "server"
		}
		ev.Revision, ev.Bundles = meta.Provenance.Revision, meta.Provenance.Bundles
		for k, v := range meta.Metrics {
			ev.Metrics[k] = v
		}
	}
	if keep, err := l.policies(ctx, &ev); err != nil || !keep {
		return err
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrDecisionLog, err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err = l.w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%w: %w", ErrDecisionLog, err)
	}
	return nil
}

// policies asks system.log.drop whether to log ev at all, then applies
// system.log.mask's rules to it. Both see the event as OPA's do: its JSON.
func (l *decisionLog) policies(ctx context.Context, ev *LogEvent) (keep bool, err error) {
	if l.pol == nil {
		return true, nil
	}
	raw, err := json.Marshal(ev)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrDecisionLog, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return false, fmt.Errorf("%w: %w", ErrDecisionLog, err)
	}
	drop, err := l.pol.drop(ctx, doc)
	if err != nil {
		return false, fmt.Errorf("%w: system.log.drop: %w", ErrDecisionLog, err)
	}
	if drop {
		return false, nil
	}
	mask, defined, err := l.pol.mask(ctx, doc)
	if err != nil {
		return false, fmt.Errorf("%w: system.log.mask: %w", ErrDecisionLog, err)
	}
	if !defined {
		return true, nil
	}
	rules, err := parseMaskRules(mask)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrDecisionLog, err)
	}
	// The rules work on the event's own copies (the JSON above): the
	// decision handed back to the caller is never touched.
	parts := map[string]any{"input": doc["input"], "result": doc["result"]}
	for _, r := range rules {
		r.apply(parts)
	}
	ev.Input, ev.Result = parts["input"], parts["result"]
	ev.Erased, _ = parts["erased"].([]string)
	ev.Masked, _ = parts["masked"].([]string)
	return true, nil
}

func (e *Engine) where() string {
	if e.remote != "" {
		return "remote"
	}
	return "embedded"
}

// newUUID is a random version 4 UUID, the form of OPA's decision ids.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

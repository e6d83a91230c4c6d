package engine

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// ErrDecisionLog wraps a failure to append to the decision log. Decide
// returns it with a deny: the decision was made but could not be recorded,
// and a session should stop rather than go on unaudited.
var ErrDecisionLog = errors.New("decision log")

// decisionLog appends OPA decision-log events, one JSON line each. It is
// safe for concurrent use.
type decisionLog struct {
	mu sync.Mutex
	w  io.Writer
}

// LogEvent is one decision in OPA's decision-log event shape.
type LogEvent struct {
	DecisionID string            `json:"decision_id"`
	Timestamp  string            `json:"timestamp"`
	Path       string            `json:"path"`
	Input      map[string]any    `json:"input"`
	Result     Decision          `json:"result"`
	Bundles    map[string]any    `json:"bundles"`
	Labels     map[string]string `json:"labels"`
}

func (l *decisionLog) write(e *Engine, input map[string]any, d Decision) error {
	var id [16]byte
	_, _ = rand.Read(id[:])
	ev := LogEvent{
		DecisionID: hex.EncodeToString(id[:]),
		Timestamp:  e.now().UTC().Format(time.RFC3339Nano),
		Path:       "agentctl/decision",
		Input:      input,
		Result:     d,
		Bundles:    map[string]any{"agentctl": map[string]string{"revision": e.bundle.Revision}},
		Labels:     map[string]string{"app": "agentctl", "evaluation": e.where()},
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

func (e *Engine) where() string {
	if e.remote != "" {
		return "remote"
	}
	return "embedded"
}

package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// evalRemote asks an OPA server through the REST Data API. A missing result
// (the bundle is not loaded, or the path is wrong) is ErrUndefined.
func (e *Engine) evalRemote(ctx context.Context, input map[string]any) (Decision, error) {
	body, err := json.Marshal(map[string]any{"input": input})
	if err != nil {
		return Decision{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.remote+"/v1/data/agentctl/decision", bytes.NewReader(body))
	if err != nil {
		return Decision{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		return Decision{}, fmt.Errorf("opa server: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return Decision{}, fmt.Errorf("opa server: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return Decision{}, fmt.Errorf("opa server: %s: %s", resp.Status, bytes.TrimSpace(data))
	}
	var out struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return Decision{}, fmt.Errorf("%w: opa server answered %v", ErrMalformed, err)
	}
	if len(out.Result) == 0 || string(out.Result) == "null" {
		return Decision{}, ErrUndefined
	}
	var v any
	if err := json.Unmarshal(out.Result, &v); err != nil {
		return Decision{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return parseDecision(v)
}

package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// DefaultRemoteTimeout bounds one request to an OPA server.
const DefaultRemoteTimeout = 5 * time.Second

// remoteClient is the HTTP client for the OPA server: bounded by timeout,
// and following no redirects (a redirect is an error: the decision must
// come from the server the user named).
func remoteClient(timeout time.Duration) *http.Client {
	if timeout <= 0 {
		timeout = DefaultRemoteTimeout
	}
	return &http.Client{Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// evalRemote asks an OPA server through the REST Data API. A missing result
// (the bundle is not loaded, or the path is wrong) is ErrUndefined; a
// redirect, or an answer about another tool than the one asked about, is
// ErrMalformed — never a decision. With meta (a decision log is kept) it
// asks for the server's provenance and metrics too, and fills meta with
// them and the server's decision id (which a server sends when it logs
// decisions itself).
func (e *Engine) evalRemote(ctx context.Context, input map[string]any, meta *remoteMeta) (Decision, error) {
	body, err := json.Marshal(map[string]any{"input": input})
	if err != nil {
		return Decision{}, err
	}
	// The provenance names the server's bundle revisions (checkRemoteAnswer).
	url := e.remote + "/v1/data/" + logPath + "?provenance=true"
	if meta != nil {
		url += "&metrics=true"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return Decision{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	var timeout interface{ Timeout() bool }
	if errors.As(err, &timeout) && timeout.Timeout() {
		return Decision{}, fmt.Errorf("opa server did not answer within %v (--opa-timeout): %w", e.client.Timeout, err)
	}
	if err != nil {
		return Decision{}, fmt.Errorf("opa server: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return Decision{}, fmt.Errorf("opa server: %w", err)
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return Decision{}, fmt.Errorf("%w: opa server answered %s to %s; redirects are not followed",
			ErrMalformed, resp.Status, resp.Header.Get("Location"))
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
	if meta != nil {
		if err := json.Unmarshal(data, meta); err != nil {
			return Decision{}, fmt.Errorf("%w: opa server answered %v", ErrMalformed, err)
		}
	}
	if len(out.Result) == 0 || string(out.Result) == "null" {
		return Decision{}, ErrUndefined
	}
	if err := e.checkRemoteAnswer(data); err != nil {
		return Decision{}, err
	}
	var v any
	if err := json.Unmarshal(out.Result, &v); err != nil {
		return Decision{}, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	d, err := parseDecision(v)
	if err != nil {
		return Decision{}, err
	}
	if asked, _ := input["tool"].(string); d.ToolName != asked {
		return Decision{}, fmt.Errorf("%w: opa server answered about tool %q, asked about %q", ErrMalformed, d.ToolName, asked)
	}
	return d, nil
}

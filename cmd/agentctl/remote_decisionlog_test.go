package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// readEvents decodes a file of JSON lines, keeping those that have a
// decision_id (an OPA console log also carries other lines).
func readEvents(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 16<<20)
	for s.Scan() {
		var ev map[string]any
		if json.Unmarshal(s.Bytes(), &ev) == nil && ev["decision_id"] != nil {
			out = append(out, ev)
		}
	}
	return out
}

// TestRemoteDecisionLogCarriesTheServersIDs: with --opa-url, agentctl's
// decision log carries the decision id the OPA server logged, and the
// server's bundle revision, version and metrics — a real `opa run --server`
// with console decision logging, serving the bundle agentctl built.
// Against a server that logs no decisions the id is agentctl's, and says so.
func TestRemoteDecisionLogCarriesTheServersIDs(t *testing.T) {
	opa := opaBinary(t)
	base, _ := demoEnv(t)
	dir := t.TempDir()
	bundlePath := filepath.Join(dir, "bundle.tar.gz")
	out, errOut, code := runCLI(t, "", append(base, "bundle", "build", "-o", bundlePath, "--output", "json")...)
	var built struct{ Revision string }
	if code != 0 || json.Unmarshal([]byte(out), &built) != nil || built.Revision == "" {
		t.Fatalf("bundle build: %s%s", out, errOut)
	}
	revision := built.Revision

	serverLog := filepath.Join(dir, "opa.log")
	url, _ := startOPALogged(t, opa, bundlePath, serverLog, "--set", "decision_logs.console=true")
	ourLog := filepath.Join(dir, "agentctl.jsonl")
	for _, cmd := range []string{"ls", "sudo ls"} {
		if _, errOut, code := runCLI(t, "", append(base, "--opa-url", url, "--decision-log", ourLog, "check", "Bash",
			`{"command":"`+cmd+`"}`)...); code == 1 {
			t.Fatalf("check %s: %s", cmd, errOut)
		}
	}
	ours, theirs := readEvents(t, ourLog), readEvents(t, serverLog)
	if len(ours) != 2 || len(theirs) != 2 {
		t.Fatalf("%d events logged by agentctl, %d by the server, want 2 and 2", len(ours), len(theirs))
	}
	for i, ev := range ours {
		srv := theirs[i]
		labels := ev["labels"].(map[string]any)
		metrics, _ := ev["metrics"].(map[string]any)
		if ev["decision_id"] != srv["decision_id"] || labels["decision_id_source"] != "server" {
			t.Errorf("decision_id %v (%v), the server logged %v", ev["decision_id"], labels["decision_id_source"], srv["decision_id"])
		}
		want := map[string]any{bundlePath: map[string]any{"revision": revision}}
		if !reflect.DeepEqual(ev["bundles"], want) || !reflect.DeepEqual(ev["bundles"], srv["bundles"]) {
			t.Errorf("bundles %v, want the server's %v (revision %s)", ev["bundles"], srv["bundles"], revision)
		}
		if labels["version"] != srv["labels"].(map[string]any)["version"] || labels["evaluation"] != "remote" {
			t.Errorf("labels %v, server's %v", labels, srv["labels"])
		}
		if metrics["timer_server_handler_ns"] == nil || metrics["timer_agentctl_eval_ns"] == nil {
			t.Errorf("metrics %v lack the server's or agentctl's timers", metrics)
		}
		if !reflect.DeepEqual(ev["input"], srv["input"]) || !reflect.DeepEqual(ev["result"], srv["result"]) {
			t.Errorf("input/result differ from the server's:\n%v\n%v", ev, srv)
		}
	}

	quiet := startOPA(t, opa, bundlePath)
	quietLog := filepath.Join(dir, "quiet.jsonl")
	runCLI(t, "", append(base, "--opa-url", quiet, "--decision-log", quietLog, "check", "Bash", `{"command":"ls"}`)...)
	evs := readEvents(t, quietLog)
	if len(evs) != 1 || evs[0]["labels"].(map[string]any)["decision_id_source"] != "agentctl" || evs[0]["decision_id"] == "" {
		t.Errorf("server without decision logs: %v", evs)
	}
}

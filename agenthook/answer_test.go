package agenthook

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/hookproto"
)

// TestFixturesDecide: the recorded Claude Code events and the documented
// Gemini CLI and Cursor ones, decided by a real engine under the policy.
func TestFixturesDecide(t *testing.T) {
	e, cwd := project(t, policy)
	os.WriteFile(filepath.Join(cwd, "README.md"), []byte("hi\n"), 0o644)
	tests := []struct {
		file, want string // want: the answer's decision in the agent's own words
	}{
		{"claude/pretooluse_bash_eval.json", "deny"},
		{"claude/pretooluse_bash_find_exec.json", "deny"},
		{"claude/pretooluse_bash_git_c_push.json", "deny"},
		{"claude/pretooluse_bash_dynamic.json", "ask"},
		{"claude/pretooluse_bash_echo.json", "allow"},
		{"claude/pretooluse_read.json", "allow"},
		{"gemini/beforetool_shell.json", "deny"},
		{"gemini/beforetool_read_file.json", "allow"},
		{"gemini/beforetool_mcp.json", "deny"},
		{"cursor/beforeshellexecution.json", "deny"},
		{"cursor/beforereadfile.json", "deny"},
		{"cursor/beforemcpexecution.json", "ask"}, // no mcp.json names the server: only rules naming MCP:create_issue
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			ev, err := ParseEvent(fixture(t, tt.file, cwd), "")
			if err != nil {
				t.Fatal(err)
			}
			a := Decide(context.Background(), e, ev, Options{})
			if a.Code != 0 {
				t.Fatalf("exit %d: %s", a.Code, a.Stderr)
			}
			if got := answerDecision(t, ev.Agent, a.Stdout); got != tt.want {
				t.Errorf("decision %q, want %q: %s", got, tt.want, a.Stdout)
			}
			if tt.want == "deny" && !strings.Contains(string(a.Stdout), "agentctl: denied by rule ") {
				t.Errorf("the reason does not name the rule: %s", a.Stdout)
			}
		})
	}
}

// answerDecision reads the decision back from an agent's answer.
func answerDecision(t *testing.T, agent Agent, stdout []byte) string {
	t.Helper()
	if len(stdout) == 0 {
		return "defer"
	}
	var m map[string]any
	if err := json.Unmarshal(stdout, &m); err != nil {
		t.Fatalf("answer is not JSON: %q", stdout)
	}
	switch agent {
	case Claude:
		o, err := hookproto.Parse(stdout)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := o.Verdict()
		return v
	case Gemini:
		if d, _ := m["decision"].(string); d != "" {
			return d
		}
	default:
		if p, _ := m["permission"].(string); p != "" {
			return p
		}
	}
	return "defer"
}

// TestAnswerShapes: every verdict in every protocol's own words.
func TestAnswerShapes(t *testing.T) {
	ev := func(agent Agent, name string) *Event { return &Event{Agent: agent, Name: name} }
	tests := []struct {
		ev     *Event
		v      string
		opts   Options
		stdout string
	}{
		{ev(Claude, "PreToolUse"), "allow", Options{}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"R"}}`},
		{ev(Claude, "PreToolUse"), "ask", Options{}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"R"}}`},
		{ev(Claude, "PreToolUse"), "deny", Options{}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}`},
		{ev(Claude, "PreToolUse"), "defer", Options{}, ``},
		{ev(Claude, "PermissionRequest"), "allow", Options{}, `{"hookSpecificOutput":{"decision":{"behavior":"allow"},"hookEventName":"PermissionRequest"}}`},
		{ev(Claude, "PermissionRequest"), "deny", Options{}, `{"hookSpecificOutput":{"decision":{"behavior":"deny","message":"R"},"hookEventName":"PermissionRequest"}}`},
		{ev(Claude, "PermissionRequest"), "ask", Options{}, ``},
		{ev(Gemini, "BeforeTool"), "allow", Options{}, `{"decision":"allow","reason":"R"}`},
		{ev(Gemini, "BeforeTool"), "deny", Options{}, `{"decision":"deny","reason":"R"}`},
		{ev(Gemini, "BeforeTool"), "ask", Options{}, `{"decision":"deny","reason":"R (gemini cannot ask a person here: denied; --ask-fallback defer lets the agent decide)"}`},
		{ev(Gemini, "BeforeTool"), "ask", Options{AskFallback: "defer"}, `{}`},
		{ev(Gemini, "BeforeTool"), "defer", Options{}, `{}`},
		{ev(Cursor, "beforeShellExecution"), "ask", Options{}, `{"agent_message":"R","permission":"ask","user_message":"R"}`},
		{ev(Cursor, "beforeMCPExecution"), "deny", Options{}, `{"agent_message":"R","permission":"deny","user_message":"R"}`},
		{ev(Cursor, "beforeReadFile"), "allow", Options{}, `{"agent_message":"R","permission":"allow","user_message":"R"}`},
		{ev(Cursor, "beforeReadFile"), "ask", Options{}, `{"agent_message":"R (cursor cannot ask a person here: denied; --ask-fallback defer lets the agent decide)","permission":"deny","user_message":"R (cursor cannot ask a person here: denied; --ask-fallback defer lets the agent decide)"}`},
		{ev(Cursor, "preToolUse"), "ask", Options{AskFallback: "defer"}, `{}`},
		{ev(Cursor, "beforeShellExecution"), "defer", Options{}, `{}`},
	}
	for _, tt := range tests {
		a := Render(tt.ev, Verdict{tt.v, "R"}, tt.opts)
		if got := strings.TrimSpace(string(a.Stdout)); got != tt.stdout || a.Code != 0 {
			t.Errorf("%s %s %s %+v: exit %d\n got %s\nwant %s", tt.ev.Agent, tt.ev.Name, tt.v, tt.opts, a.Code, got, tt.stdout)
		}
	}
}

// TestCombine: deny wins over ask over allow; only a fallback ask defers.
func TestCombine(t *testing.T) {
	d := func(dec, stage string) engine.Decision {
		var e engine.Effect
		var st engine.Stage
		if err := e.UnmarshalJSON([]byte(`"` + dec + `"`)); err != nil {
			t.Fatal(err)
		}
		if err := st.UnmarshalJSON([]byte(`"` + stage + `"`)); err != nil {
			t.Fatal(err)
		}
		return engine.Decision{Decision: e, Stage: st, Reason: dec + "/" + stage}
	}
	defer_ := Options{Unmatched: "defer"}
	tests := []struct {
		ds   []engine.Decision
		opts Options
		want string
	}{
		{[]engine.Decision{d("allow", "allow"), d("deny", "deny"), d("ask", "ask")}, Options{}, "deny"},
		{[]engine.Decision{d("allow", "allow"), d("ask", "tool")}, defer_, "ask"},
		{[]engine.Decision{d("allow", "allow"), d("ask", "default")}, defer_, "defer"},
		{[]engine.Decision{d("ask", "default"), d("ask", "ask")}, defer_, "ask"},
		{[]engine.Decision{d("ask", "default")}, Options{}, "ask"},
		{[]engine.Decision{d("allow", "allow")}, defer_, "allow"},
		{nil, Options{}, "deny"},
	}
	for i, tt := range tests {
		if got := Combine(tt.ds, tt.opts); got.Decision != tt.want || !strings.HasPrefix(got.Reason, "agentctl: ") {
			t.Errorf("%d: %+v, want %s", i, got, tt.want)
		}
	}
}

type failing struct{ err error }

func (f failing) Decide(context.Context, engine.Call) (engine.Decision, error) {
	return engine.Decision{Decision: engine.Deny}, f.err
}

// TestDecideFailsClosed: an engine error is each protocol's block, and an
// audit event never blocks.
func TestDecideFailsClosed(t *testing.T) {
	boom := failing{errors.New("opa unreachable")}
	for _, raw := range []string{
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PermissionRequest","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["/p"],"command":"ls"}`,
		`{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["/p"],"file_path":"/p/x"}`,
	} {
		ev := mustEvent(t, raw, "")
		a := Decide(context.Background(), boom, ev, Options{})
		switch ev.Agent {
		case Cursor:
			if a.Code != 0 || answerDecision(t, Cursor, a.Stdout) != "deny" || !strings.Contains(string(a.Stdout), "opa unreachable") {
				t.Errorf("%s: %+v", ev.Name, a)
			}
		default:
			if a.Code != 2 || len(a.Stdout) != 0 || !strings.Contains(a.Stderr, "failing closed): opa unreachable") {
				t.Errorf("%s: %+v", ev.Name, a)
			}
		}
	}
	for _, raw := range []string{
		`{"hook_event_name":"PostToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{}}`,
		`{"hook_event_name":"AfterTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
	} {
		ev := mustEvent(t, raw, "")
		if a := Decide(context.Background(), boom, ev, Options{}); a.Code != 0 || !strings.Contains(a.Stderr, "audit only") {
			t.Errorf("%s: %+v", ev.Name, a)
		}
	}
}

// TestUnknownToolsAreDecidedByTheirRules: a tool agentctl does not know is
// decided by the rules naming it, else asks — never refused as invalid.
func TestUnknownToolsAreDecidedByTheirRules(t *testing.T) {
	e, cwd := project(t, `{"permissions":{"allow":["save_memory"],"deny":["write_todos_v2"]}}`)
	for tool, want := range map[string]string{"save_memory": "allow", "write_todos_v2": "deny", "brand_new": "deny"} {
		ev := mustEvent(t, `{"hook_event_name":"BeforeTool","cwd":"`+cwd+`","tool_name":"`+tool+`","tool_input":{}}`, "")
		a := Decide(context.Background(), e, ev, Options{})
		if got := answerDecision(t, Gemini, a.Stdout); got != want {
			t.Errorf("%s: %s, want %s", tool, a.Stdout, want)
		}
	}
	ev := mustEvent(t, `{"hook_event_name":"PreToolUse","cwd":"`+cwd+`","tool_name":"brand_new","tool_input":{}}`, "")
	a := Decide(context.Background(), e, ev, Options{})
	if got := answerDecision(t, Claude, a.Stdout); got != "ask" || !strings.Contains(string(a.Stdout), "no rule allows brand_new") {
		t.Errorf("Claude unknown tool: %s", a.Stdout)
	}
	if a := Decide(context.Background(), e, ev, Options{Unmatched: "defer"}); len(a.Stdout) != 0 || a.Code != 0 {
		t.Errorf("--unmatched defer: %+v", a)
	}
}

// TestGlobReadsSeeDenyRules: a Gemini read_many_files glob that could match
// a denied file is not allowed.
func TestGlobReadsSeeDenyRules(t *testing.T) {
	e, cwd := project(t, policy)
	ev := mustEvent(t, `{"hook_event_name":"BeforeTool","cwd":"`+cwd+`","tool_name":"read_many_files","tool_input":{"paths":["**/.env"]}}`, "")
	if got := answerDecision(t, Gemini, Decide(context.Background(), e, ev, Options{}).Stdout); got != "deny" {
		t.Errorf("read_many_files **/.env: %s", got)
	}
}

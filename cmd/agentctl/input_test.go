package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ambiguous is tool input two parsers read as two commands.
const ambiguous = `{"command":"sudo rm -rf /","command":"ls"}`

func TestAmbiguousInputIsInvalidEverywhere(t *testing.T) {
	base, clean := demoEnv(t)
	file := filepath.Join(t.TempDir(), "input.json")
	os.WriteFile(file, []byte("{\n  \"command\": \"ls\",\n  \"command\": \"sudo rm -rf /\"\n}\n"), 0o644)
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"argument", []string{"check", "Bash", ambiguous}, "", `INPUT_JSON:1:28: duplicate key "command"`},
		{"--input", []string{"check", "Bash", "--input", file}, "", file + `:3:3: duplicate key "command"`},
		{"stdin", []string{"check", "Bash", "-"}, ambiguous, `stdin:1:28: duplicate key "command"`},
		{"invalid UTF-8", []string{"check", "Bash", "{\"command\":\"ls \xff\"}"}, "", "INPUT_JSON:1:16: invalid UTF-8 byte 0xff"},
		{"lone surrogate", []string{"check", "Read", `{"file_path":"/tmp/\udc00"}`}, "", `INPUT_JSON:1:20: \udc00 is a lone UTF-16 surrogate`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, tt.stdin, append(base, tt.args...)...)
			if code != exitDeny || !strings.Contains(out, "stage validate") || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, want %d (deny, stage validate) naming %q:\n%s%s", code, exitDeny, tt.want, out, errOut)
			}
		})
	}
	out, _, code := runCLI(t, "", append(base, "check", "Bash", ambiguous)...)
	if code != exitDeny {
		t.Fatalf("exit %d", code)
	}
	golden(t, "check_duplicate_key.txt", []byte(clean.Replace(out)))
	out, _, code = runCLI(t, `{"tool_name":"Bash","tool_input":{"command":"ls"}}
{"tool_name":"Bash","tool_input":`+ambiguous+`}
{"tool_name":"Bash","tool_name":"Read","tool_input":{"command":"ls"}}
`, append(base, "check", "--batch", "-")...)
	if code != 0 {
		t.Fatalf("batch exit %d", code)
	}
	golden(t, "batch_duplicate_key.jsonl", []byte(clean.Replace(out)))
}

func TestRunRefusesAmbiguousToolUse(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	script := filepath.Join(dir, "s.jsonl")
	os.WriteFile(script, []byte(`{"role":"assistant","content":[`+
		`{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"echo hi","command":"touch '`+marker+`'"}},`+
		`{"type":"tool_use","id":"t2","name":"Bash","input":{"command":"echo fine"}}]}`+"\n"+
		"stream.sse\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "stream.sse"), []byte(`event: message_start
data: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"recorded","content":[]}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t3","name":"Bash","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"command\": \"echo hi\", \"command\": \"touch '`+marker+`'\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"}}

`), 0o644)
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t), "--allowed-tools", "Bash",
		"--session-dir", t.TempDir(), script)
	if code != 0 {
		t.Fatal(errOut)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an ambiguous tool_use ran")
	}
	if !strings.Contains(out, `"tool_use_id":"t1","content":"\u003ctool_use_error\u003eInputValidationError: tool_use t1:1:73: duplicate key \"command\"`) ||
		!strings.Contains(out, `"tool_use_id":"t3","content":"\u003ctool_use_error\u003eInputValidationError: tool_use t3 input:1:24: duplicate key \"command\"`) ||
		!strings.Contains(out, `"content":"fine\n"`) {
		t.Errorf("want both ambiguous calls refused at validate and the clean one run:\n%s", out)
	}
}

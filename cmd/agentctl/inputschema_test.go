package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	regopkg "github.com/agentctl/agentctl/rego"
)

// TestCorpusInputsMatchTheSchema: the policy input agentctl builds for
// every decision corpus case (what `agentctl facts` prints, what Rego
// reads as input) validates against rego/schemas/input.json.
func TestCorpusInputsMatchTheSchema(t *testing.T) {
	var s jsonschema.Schema
	if err := json.Unmarshal(regopkg.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	schema, err := s.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	eachScenario(t, func(t *testing.T, _ scenario, args []string, batch string) {
		sc := bufio.NewScanner(strings.NewReader(batch))
		for sc.Scan() {
			var c struct {
				ToolName  string          `json:"tool_name"`
				ToolInput json.RawMessage `json:"tool_input"`
			}
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			out, errOut, code := runCLI(t, "", append(args, "facts", c.ToolName, string(c.ToolInput))...)
			if code != 0 {
				continue // invalid input: it never reaches the policy
			}
			var input any
			if err := json.Unmarshal([]byte(out), &input); err != nil {
				t.Fatalf("facts %s: %v\n%s", c.ToolName, err, errOut)
			}
			if err := schema.Validate(input); err != nil {
				t.Errorf("facts %s %s: %v", c.ToolName, c.ToolInput, err)
			}
			checked++
		}
	})
	if checked < 100 {
		t.Errorf("only %d corpus inputs checked", checked)
	}
}

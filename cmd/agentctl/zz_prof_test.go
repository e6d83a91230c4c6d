package main

import (
	"io"
	"strings"
	"testing"
)

func BenchmarkZZCheckInProcess(b *testing.B) {
	args := []string{"agentctl", "--cwd", "../../fixtures/projects/demo", "--managed-settings", "../../fixtures/managed/managed-settings.json", "check", "Bash", `{"command":"rm -rf x"}`}
	for i := 0; i < b.N; i++ {
		run(args, strings.NewReader(""), io.Discard, io.Discard)
	}
}

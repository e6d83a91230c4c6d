//go:build !agentctl_lean

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

// batchLine is one line of a batch and, once decided, its decision as the
// JSON line to write (encoded by the worker: writing stays in order, and
// encoding is a good part of a line's cost).
type batchLine struct {
	n    int
	line string
	out  []byte
	err  error
	done chan struct{}
}

// checkBatch decides each JSONL line; a malformed line gets a
// deny/validate decision rather than stopping the batch. Lines are decided
// by one worker per CPU (one with --decision-log, so that the log keeps the
// input's order) and written in input order.
func checkBatch(c *cli.Context, src string) error {
	var r io.Reader = c.App.Reader
	name := "stdin"
	if src != "-" {
		name = src
		f, err := os.Open(src)
		if err != nil {
			return cli.Exit(fmt.Sprintf("check --batch: %v", err), exitError)
		}
		defer f.Close()
		r = f
	}
	e, closeLog, err := newEngine(c)
	if err != nil {
		return err
	}
	defer closeLog()
	if os.Getenv("GOGC") == "" {
		// A batch is a throughput job whose garbage is all short-lived
		// (one call's facts): collecting at 5× the live heap rather than
		// 2× cut its CPU time by about a tenth for ~16 MB more memory.
		debug.SetGCPercent(400)
	}
	workers := goruntime.GOMAXPROCS(0)
	if flagString(c, "decision-log") != "" {
		workers = 1
	}
	dec := checkDecider(e)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make(chan *batchLine, 4*workers)
	order := make(chan *batchLine, 4*workers)
	for w := 0; w < workers; w++ {
		go func() {
			for j := range jobs {
				var d engine.Decision
				if d, j.err = decideLine(ctx, dec, name, j.n, j.line); j.err == nil {
					j.out, j.err = d.AppendJSON(nil)
				}
				close(j.done)
			}
		}()
	}
	var scanErr error
	n := 0
	go func() {
		defer close(order)
		defer close(jobs)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			n++
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			j := &batchLine{n: n, line: line, done: make(chan struct{})}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			jobs <- j
		}
		scanErr = sc.Err()
	}()
	out := bufio.NewWriter(c.App.Writer)
	defer out.Flush()
	for j := range order {
		<-j.done
		if j.err != nil {
			return cli.Exit(fmt.Sprintf("check --batch: line %d: %v", j.n, j.err), exitError)
		}
		out.Write(j.out)
		if err := out.WriteByte('\n'); err != nil {
			return err
		}
	}
	if scanErr != nil {
		return cli.Exit(fmt.Sprintf("check --batch: line %d: %v", n+1, scanErr), exitError)
	}
	return nil
}

// decideLine decides line n of a batch.
func decideLine(ctx context.Context, dec pipeline.Decider, name string, n int, line string) (engine.Decision, error) {
	var in struct {
		ToolName  string         `json:"tool_name"`
		ToolInput map[string]any `json:"tool_input"`
	}
	if err := engine.CheckJSON(name, []byte(line)); errors.Is(err, engine.ErrInvalidInput) {
		var ie *engine.InputError
		if errors.As(err, &ie) {
			ie.Line = n // one JSON value per line: its position is this line
		}
		_ = json.Unmarshal([]byte(line), &in)
		return engine.Invalid(in.ToolName, err.Error()), nil
	} else if err := json.Unmarshal([]byte(line), &in); err != nil || in.ToolName == "" {
		reason := fmt.Sprintf("line %d: expected {\"tool_name\": …, \"tool_input\": {…}}", n)
		if err != nil {
			reason += ": " + err.Error()
		}
		return engine.Invalid(in.ToolName, reason), nil
	}
	return decide(ctx, dec, engine.Call{Tool: in.ToolName, Input: in.ToolInput})
}

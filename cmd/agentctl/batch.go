//go:build !agentctl_lean

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"runtime/debug"
	"strings"
	"sync"

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
	end  int // where its answer ends in the chunk's out
	err  error
}

// batchChunk is the lines a worker decides in one go: the lines already
// read when the first arrived, up to maxChunkLines. Handing lines over one
// by one woke a goroutine per line on each side; a line of a stream that
// is not followed yet by another is a chunk of its own, and is answered
// without waiting for the next.
type batchChunk struct {
	lines []batchLine
	out   []byte // the answers, one JSON line each (from answerBufs)
	done  chan struct{}
}

// answerBufs holds the chunks' answer buffers once written: a line's
// answer is kilobytes (a Bash line names every witness), and growing a
// fresh buffer for each was a tenth of a batch's allocations.
var answerBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxKeptAnswerBuf bounds a buffer kept for reuse.
const maxKeptAnswerBuf = 1 << 20

// maxChunkLines bounds a chunk.
const maxChunkLines = 16

// maxBatchLine bounds one line of a batch.
const maxBatchLine = 64 << 20

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
	jobs := make(chan *batchChunk, 4*workers)
	order := make(chan *batchChunk, 4*workers)
	for w := 0; w < workers; w++ {
		go func() {
			for ch := range jobs {
				out := (*answerBufs.Get().(*[]byte))[:0]
				for i := range ch.lines {
					j := &ch.lines[i]
					var d engine.Decision
					if d, j.err = decideLine(ctx, dec, name, j.n, j.line); j.err == nil {
						var b []byte
						if b, j.err = d.AppendJSON(out); j.err == nil {
							out = append(b, '\n')
						}
					}
					j.end = len(out)
				}
				ch.out = out
				close(ch.done)
			}
		}()
	}
	var scanErr error
	n := 0
	go func() {
		defer close(order)
		defer close(jobs)
		lr := bufio.NewReaderSize(r, 1<<20)
		var ch *batchChunk
		for {
			raw, err := readBatchLine(lr)
			if err != nil {
				if err != io.EOF {
					scanErr = err
				}
				break
			}
			n++
			if line := strings.TrimSpace(raw); line != "" {
				if ch == nil {
					ch = &batchChunk{done: make(chan struct{})}
				}
				ch.lines = append(ch.lines, batchLine{n: n, line: line})
			}
			if ch == nil || len(ch.lines) < maxChunkLines && lineBuffered(lr) {
				continue
			}
			select {
			case order <- ch:
			case <-ctx.Done():
				return
			}
			jobs <- ch
			ch = nil
		}
		if ch != nil {
			select {
			case order <- ch:
				jobs <- ch
			case <-ctx.Done():
			}
		}
	}()
	out := bufio.NewWriterSize(c.App.Writer, 64<<10)
	defer out.Flush()
	for ch := range order {
		<-ch.done
		// The answers before a line that failed are written, then the
		// failure stops the batch.
		end, failed := 0, -1
		for i, j := range ch.lines {
			if j.err != nil {
				failed = i
				break
			}
			end = j.end
		}
		if _, err := out.Write(ch.out[:end]); err != nil {
			return err
		}
		if failed >= 0 {
			j := ch.lines[failed]
			return cli.Exit(fmt.Sprintf("check --batch: line %d: %v", j.n, j.err), exitError)
		}
		if cap(ch.out) <= maxKeptAnswerBuf {
			b := ch.out[:0]
			answerBufs.Put(&b)
		}
		if len(order) == 0 {
			// Nothing else decided yet: a stream's reader sees this
			// chunk's answers now.
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
	if scanErr != nil {
		return cli.Exit(fmt.Sprintf("check --batch: line %d: %v", n+1, scanErr), exitError)
	}
	return nil
}

// readBatchLine reads one line without its newline; a last line without
// one is a line too. A line past maxBatchLine is bufio.ErrTooLong.
func readBatchLine(r *bufio.Reader) (string, error) {
	var long []byte
	for {
		b, err := r.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			if len(long)+len(b) > maxBatchLine {
				return "", bufio.ErrTooLong
			}
			long = append(long, b...)
			continue
		case err == io.EOF && len(long)+len(b) > 0:
			return string(append(long, b...)), nil
		case err != nil:
			return "", err
		}
		if len(long)+len(b) > maxBatchLine+1 {
			return "", bufio.ErrTooLong
		}
		if long != nil {
			return string(append(long, b[:len(b)-1]...)), nil
		}
		return string(b[:len(b)-1]), nil
	}
}

// lineBuffered reports whether a whole next line is already read: taking
// it into the chunk costs no wait.
func lineBuffered(r *bufio.Reader) bool {
	b, _ := r.Peek(r.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
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

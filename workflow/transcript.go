package workflow

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Outcome says what became of a recorded call.
type Outcome string

// Outcomes of recorded calls.
const (
	// Ran: a tool_result came back that is not a permission denial.
	Ran Outcome = "ran"
	// Refused: the call was denied permission (by a rule, a hook or a person).
	Refused Outcome = "denied"
	// NoResult: the transcript ends before the call's result.
	NoResult Outcome = "no_result"
)

// Recorded is one tool call read from a transcript.
type Recorded struct {
	Session   string         `json:"session"`
	File      string         `json:"file"`
	Line      int            `json:"line"`
	Time      string         `json:"time,omitempty"`
	ToolUseID string         `json:"tool_use_id"`
	Tool      string         `json:"tool"`
	Input     map[string]any `json:"input"`
	Cwd       string         `json:"cwd,omitempty"`
	Mode      string         `json:"mode,omitempty"`
	Outcome   Outcome        `json:"outcome"`
	// ByPerson: a person approved the call (Claude Code records who
	// answered; agentctl's own transcripts do not say).
	ByPerson bool `json:"by_person,omitempty"`
}

// Location is the transcript file:line of the call's tool_use.
func (r Recorded) Location() string { return fmt.Sprintf("%s:%d", r.File, r.Line) }

// record holds the fields replay reads of a transcript line: Claude Code's
// session records (~/.claude/projects/*/*.jsonl) and agentctl run's
// transcript.jsonl (stream-json lines).
type record struct {
	Type        string `json:"type"`
	Cwd         string `json:"cwd"`
	Mode        string `json:"permissionMode"`
	SessionID   string `json:"sessionId"`
	SessionID2  string `json:"session_id"`
	Timestamp   string `json:"timestamp"`
	IsSidechain bool   `json:"isSidechain"`
	Message     *struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	PermissionDecision *struct {
		Decision string `json:"decision"`
		Source   string `json:"source"`
	} `json:"permissionDecision"`
	ToolDenialKind    string `json:"toolDenialKind"`
	PermissionDenials []struct {
		ToolUseID string `json:"tool_use_id"`
	} `json:"permission_denials"`
}

type block struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     map[string]any  `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
}

// ReadTranscript reads the tool calls of one transcript, in order. name is
// used in positions and as the session when the records name none.
// Lines that are not JSON objects are errors at their line; records of
// other types are skipped.
func ReadTranscript(name string, r io.Reader) ([]Recorded, error) {
	sc := bufio.NewScanner(r)
	// The buffer starts small and grows to the longest line (a tool
	// result can be megabytes): a large one per file costs more to clear
	// than a short session costs to read.
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	var calls []Recorded
	byID := map[string]int{}
	var session, cwd, mode string
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var rec record
		if err := json.Unmarshal(line, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if s := rec.SessionID + rec.SessionID2; s != "" {
			session = s
		}
		if rec.Cwd != "" {
			cwd = rec.Cwd
		}
		if rec.Mode != "" {
			mode = rec.Mode
		}
		if rec.Type == "result" {
			for _, d := range rec.PermissionDenials {
				if i, ok := byID[d.ToolUseID]; ok {
					calls[i].Outcome = Refused
				}
			}
			continue
		}
		if rec.Message == nil || rec.IsSidechain || len(rec.Message.Content) == 0 || rec.Message.Content[0] != '[' {
			continue
		}
		var blocks []block
		if err := json.Unmarshal(rec.Message.Content, &blocks); err != nil {
			return nil, fmt.Errorf("%s:%d: message content: %w", name, n, err)
		}
		for _, b := range blocks {
			switch {
			case rec.Type == "assistant" && b.Type == "tool_use":
				if b.Input == nil {
					b.Input = map[string]any{}
				}
				byID[b.ID] = len(calls)
				calls = append(calls, Recorded{Session: session, File: name, Line: n, Time: rec.Timestamp, ToolUseID: b.ID,
					Tool: b.Name, Input: b.Input, Cwd: cwd, Mode: mode, Outcome: NoResult})
			case rec.Type == "user" && b.Type == "tool_result":
				i, ok := byID[b.ToolUseID]
				if !ok {
					continue
				}
				c := &calls[i]
				c.Outcome = Ran
				pd := rec.PermissionDecision
				switch {
				case pd != nil && pd.Decision == "reject", rec.ToolDenialKind != "":
					c.Outcome = Refused
				case pd == nil && b.IsError && strings.HasPrefix(resultText(b.Content), "Permission to use "):
					c.Outcome = Refused
				}
				c.ByPerson = c.Outcome == Ran && pd != nil && strings.HasPrefix(pd.Source, "user")
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, n+1, err)
	}
	for i := range calls {
		if calls[i].Session == "" {
			calls[i].Session = session
		}
		if calls[i].Session == "" {
			calls[i].Session = strings.TrimSuffix(filepath.Base(name), ".jsonl")
		}
	}
	return calls, nil
}

// resultText is a tool_result's text: a string, or its text blocks joined.
func resultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// ReadTranscripts reads every path: a file, a directory (its *.jsonl files,
// walked, in name order) or "-" (stdin). Files are parsed in parallel
// (GOMAXPROCS at a time); the calls keep the files' order, and an error
// is the first failing file's in that order.
func ReadTranscripts(paths []string, stdin io.Reader) ([]Recorded, error) {
	var files []string
	for _, p := range paths {
		if p == "-" {
			files = append(files, p)
			continue
		}
		fs, err := transcriptFiles(p)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	type result struct {
		calls []Recorded
		err   error
	}
	results := make([]result, len(files))
	read := func(i int) {
		f := files[i]
		if f == "-" {
			results[i].calls, results[i].err = ReadTranscript("stdin", stdin)
			return
		}
		fh, err := os.Open(f)
		if err != nil {
			results[i].err = err
			return
		}
		defer fh.Close()
		results[i].calls, results[i].err = ReadTranscript(f, fh)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				read(i)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	n := 0
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		n += len(r.calls)
	}
	out := make([]Recorded, 0, n)
	for _, r := range results {
		out = append(out, r.calls...)
	}
	return out, nil
}

func transcriptFiles(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	var files []string
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".jsonl") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// Rebase rewrites a recorded path prefix (FROM=TO) in each call's cwd and
// in every string of its input, so that sessions recorded on another
// machine are decided against this checkout. Inputs are replaced by
// rewritten copies: other slices holding the same calls keep theirs.
func Rebase(calls []Recorded, from, to string) {
	if from == "" || from == to {
		return
	}
	f := func(s string) string { return strings.ReplaceAll(s, from, to) }
	for i := range calls {
		calls[i].Cwd = f(calls[i].Cwd)
		calls[i].Input = replaceStrings(copyJSON(calls[i].Input), f).(map[string]any)
	}
}

// copyJSON deep-copies a decoded JSON value.
func copyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = copyJSON(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = copyJSON(e)
		}
		return a
	}
	return v
}

func compactJSON(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(raw)
}

package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Read limits.
const (
	readDefaultLimit = 2000
	readMaxLineLen   = 2000
	readMaxImage     = 5 << 20
	readMaxNotebook  = 16 << 20
	// readSniff is how much is looked at for NUL bytes (binary files).
	readSniff = 8000
)

var imageTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".gif": "image/gif", ".webp": "image/webp"}

// NewRead is the Read tool: line-numbered text, images as image blocks,
// notebooks cell by cell; binary files are refused, and so is anything
// that is not a regular file (FIFOs, devices, sockets). Memory is bounded
// whatever the file's size: text is streamed line by line.
func NewRead() Tool {
	return Build(Spec{
		Name:              "Read",
		Description:       "Reads a file from the local filesystem.",
		Prompt:            "Reads a file. file_path must be absolute. Output is numbered like cat -n; use offset and limit for long files. Images are returned as images; .ipynb notebooks cell by cell.",
		Schema:            schemaFor("Read"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		ValidateInput: func(in Input, _ *Context) error {
			_, err := absPath(in, "file_path")
			return err
		},
		Call: callRead,
	})
}

// notRegular describes what a file that is not a regular file is.
func notRegular(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// openRegular opens path for reading only if it is a regular file: it is
// checked before opening (Stat follows symbolic links, like the open), the
// open does not block on a FIFO (O_NONBLOCK), and the opened descriptor is
// checked again, so a file swapped in between is caught too. A path the
// call was decided on is opened where it was decided to lead
// (openDecided).
func openRegular(ctx context.Context, path string) (*os.File, fs.FileInfo, Result, bool) {
	at := path
	if leads, ok := pinnedFor(ctx, path); ok {
		at = leads // as decided (pinnedpath.go)
	}
	st, err := os.Stat(at)
	if err != nil {
		return nil, nil, Result{Data: fmt.Sprintf("File does not exist or cannot be read: %s", path), IsError: true}, false
	}
	if st.IsDir() {
		return nil, nil, Result{Data: fmt.Sprintf("%s is a directory; use Glob or Bash ls to list it", path), IsError: true}, false
	}
	if !st.Mode().IsRegular() {
		return nil, nil, Result{Data: fmt.Sprintf("%s is %s; Read reads regular files only", path, notRegular(st.Mode())), IsError: true}, false
	}
	f, err := openDecided(ctx, path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, Result{Data: err.Error(), IsError: true}, false
	}
	st, err = f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		what := "not a regular file"
		if err == nil {
			what = notRegular(st.Mode())
		}
		return nil, nil, Result{Data: fmt.Sprintf("%s is %s; Read reads regular files only", path, what), IsError: true}, false
	}
	return f, st, Result{}, true
}

func callRead(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
	path, _ := absPath(in, "file_path")
	f, st, refused, ok := openRegular(ctx, path)
	if !ok {
		return refused, nil
	}
	defer f.Close()
	ext := strings.ToLower(filepath.Ext(path))
	if mt, ok := imageTypes[ext]; ok {
		data, err := readUpTo(f, readMaxImage)
		if err != nil {
			return Result{Data: fmt.Sprintf("image %s: %v", path, err), IsError: true}, nil
		}
		tc.MarkRead(path, st.ModTime())
		return Result{Data: []any{ImageBlock{Type: "image", Source: ImageSource{Type: "base64", MediaType: mt,
			Data: base64.StdEncoding.EncodeToString(data)}}}}, nil
	}
	if ext == ".ipynb" {
		data, err := readUpTo(f, readMaxNotebook)
		if err != nil {
			return Result{Data: fmt.Sprintf("notebook %s: %v", path, err), IsError: true}, nil
		}
		tc.MarkRead(path, st.ModTime())
		return renderNotebook(path, data)
	}
	lc := &lineCounter{r: f}
	r := bufio.NewReaderSize(lc, 64<<10)
	head, _ := r.Peek(readSniff)
	if bytes.IndexByte(head, 0) >= 0 {
		return Result{Data: fmt.Sprintf("%s is a binary file; Read shows text, images and notebooks only", path), IsError: true}, nil
	}
	tc.MarkRead(path, st.ModTime())
	offset, limit := number(in, "offset", 1), number(in, "limit", readDefaultLimit)
	if len(head) == 0 {
		return Result{Data: "<system-reminder>The file exists but is empty.</system-reminder>",
			Response: readResponse(path, nil, offset, limit, 1)}, nil
	}
	return readLines(r, lc, path, offset, limit)
}

// readUpTo reads all of r if it is at most max bytes.
func readUpTo(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("larger than %d bytes", max)
	}
	return data, nil
}

// readLines numbers lines offset … offset+limit-1, each cut at
// readMaxLineLen; it keeps at most one line's head in memory at a time
// (and the range's lines for the hooks' tool_response). The rest of the
// file is streamed through lc to count its lines.
func readLines(r *bufio.Reader, lc *lineCounter, path string, offset, limit int) (Result, error) {
	var b strings.Builder
	var lines []string
	n := 0
	for n < offset-1+limit {
		line, cut, err := readCapped(r, readMaxLineLen)
		if err == io.EOF {
			break
		}
		if err != nil {
			return Result{Data: fmt.Sprintf("%s: %v", path, err), IsError: true}, nil
		}
		n++
		if n >= offset {
			lines = append(lines, string(line))
			if cut {
				line = append(line, "… [line truncated]"...)
			}
			fmt.Fprintf(&b, "%6d\t%s\n", n, line)
		}
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return Result{Data: fmt.Sprintf("%s: %v", path, err), IsError: true}, nil
	}
	resp := readResponse(path, lines, offset, limit, lc.newlines+1)
	if n < offset {
		return Result{Data: fmt.Sprintf("<system-reminder>The file has %d lines; offset %d is past its end.</system-reminder>", n, offset),
			Response: resp}, nil
	}
	return Result{Data: b.String(), Response: resp}, nil
}

// readCapped reads one line (through '\n' or the end of the file) without
// its line ending, keeping its first max bytes and discarding the rest as
// it streams by (cut reports that). At the end it returns io.EOF.
func readCapped(r *bufio.Reader, max int) (line []byte, cut bool, err error) {
	total := 0
	for {
		chunk, rerr := r.ReadSlice('\n')
		total += len(chunk)
		// Keep two bytes more than max: a line ending must not count.
		if room := max + 2 - len(line); room > 0 {
			line = append(line, chunk[:min(room, len(chunk))]...)
		}
		if rerr == bufio.ErrBufferFull {
			continue
		}
		if rerr != nil && rerr != io.EOF {
			return nil, false, rerr
		}
		if rerr == io.EOF && total == 0 {
			return nil, false, io.EOF
		}
		dropped := total > len(line)
		line = bytes.TrimRight(line, "\r\n")
		if dropped || len(line) > max {
			line, cut = line[:max], true
		}
		return line, cut, nil
	}
}

type notebook struct {
	Cells []struct {
		ID       string          `json:"id"`
		CellType string          `json:"cell_type"`
		Source   json.RawMessage `json:"source"`
		Outputs  []struct {
			Text json.RawMessage `json:"text"`
		} `json:"outputs"`
	} `json:"cells"`
}

// sourceText joins a notebook source, which is a string or a list of lines.
func sourceText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []string
	_ = json.Unmarshal(raw, &parts)
	return strings.Join(parts, "")
}

func renderNotebook(path string, data []byte) (Result, error) {
	var nb notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		return Result{Data: fmt.Sprintf("%s is not a valid notebook: %v", path, err), IsError: true}, nil
	}
	var b strings.Builder
	for i, c := range nb.Cells {
		id := c.ID
		if id == "" {
			id = fmt.Sprintf("cell-%d", i)
		}
		fmt.Fprintf(&b, "<cell id=%q type=%q>\n%s\n", id, c.CellType, sourceText(c.Source))
		for _, o := range c.Outputs {
			if t := sourceText(o.Text); t != "" {
				fmt.Fprintf(&b, "<output>\n%s</output>\n", t)
			}
		}
		b.WriteString("</cell>\n")
	}
	return Result{Data: b.String()}, nil
}

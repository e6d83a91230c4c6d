package tools

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Read limits.
const (
	readDefaultLimit = 2000
	readMaxLineLen   = 2000
	readMaxImage     = 5 << 20
)

var imageTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".gif": "image/gif", ".webp": "image/webp"}

// NewRead is the Read tool: line-numbered text, images as image blocks,
// notebooks cell by cell; binary files are refused.
func NewRead() Tool {
	return Build(Spec{
		Name:              "Read",
		Description:       "Reads a file from the local filesystem.",
		Prompt:            "Reads a file. file_path must be absolute. Output is numbered like cat -n; use offset and limit for long files. Images are returned as images; .ipynb notebooks cell by cell.",
		Schema:            schemaFor("Read"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		PermissionFacts:   pathFacts("file_path", Read),
		ValidateInput: func(in Input, _ *Context) error {
			_, err := absPath(in, "file_path")
			return err
		},
		Call: callRead,
	})
}

func callRead(_ context.Context, in Input, tc *Context, _ Progress) (Result, error) {
	path, _ := absPath(in, "file_path")
	st, err := os.Stat(path)
	if err != nil {
		return Result{Data: fmt.Sprintf("File does not exist or cannot be read: %s", path), IsError: true}, nil
	}
	if st.IsDir() {
		return Result{Data: fmt.Sprintf("%s is a directory; use Glob or Bash ls to list it", path), IsError: true}, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	tc.MarkRead(path, st.ModTime())
	ext := strings.ToLower(filepath.Ext(path))
	if mt, ok := imageTypes[ext]; ok {
		if len(data) > readMaxImage {
			return Result{Data: fmt.Sprintf("image %s is larger than %d bytes", path, readMaxImage), IsError: true}, nil
		}
		return Result{Data: []any{ImageBlock{Type: "image", Source: ImageSource{Type: "base64", MediaType: mt,
			Data: base64.StdEncoding.EncodeToString(data)}}}}, nil
	}
	if ext == ".ipynb" {
		return renderNotebook(path, data)
	}
	if bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
		return Result{Data: fmt.Sprintf("%s is a binary file; Read shows text, images and notebooks only", path), IsError: true}, nil
	}
	if len(data) == 0 {
		return Result{Data: "<system-reminder>The file exists but is empty.</system-reminder>"}, nil
	}
	offset, limit := number(in, "offset", 1), number(in, "limit", readDefaultLimit)
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if offset > len(lines) {
		return Result{Data: fmt.Sprintf("<system-reminder>The file has %d lines; offset %d is past its end.</system-reminder>", len(lines), offset)}, nil
	}
	var b strings.Builder
	for i := offset - 1; i < len(lines) && i < offset-1+limit; i++ {
		line := strings.TrimRight(lines[i], "\r\n")
		if len(line) > readMaxLineLen {
			line = line[:readMaxLineLen] + "… [line truncated]"
		}
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, line)
	}
	return Result{Data: b.String()}, nil
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

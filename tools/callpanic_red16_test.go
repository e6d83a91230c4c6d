package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red16panicNotebooks: notebooks a repository may ship whose cells are
// not objects. Replacing a cell of one panicked in the tool's goroutine
// and ended the whole run; it is an error result of that call now.
var red16panicNotebooks = []struct {
	name, body string
	want       string // in the result; "" = not an error
}{
	{"a number cell", `{"cells": [1], "nbformat": 4}`, "is not a JSON object"},
	{"a string cell", `{"cells": ["x"], "nbformat": 4}`, "is not a JSON object"},
	{"a null cell", `{"cells": [null], "nbformat": 4}`, "is not a JSON object"},
	{"a list cell", `{"cells": [[]], "nbformat": 4}`, "is not a JSON object"},
	{"cells not a list", `{"cells": {"0": {}}, "nbformat": 4}`, "not found"},
	// Harmless neighbour: an object cell is replaced.
	{"an object cell", `{"cells": [{"cell_type": "code", "source": "a", "metadata": {}}], "nbformat": 4}`, ""},
}

func TestRed16NotebookCellNotObject(t *testing.T) {
	for _, tt := range red16panicNotebooks {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			nb := filepath.Join(dir, "n.ipynb")
			if err := os.WriteFile(nb, []byte(tt.body), 0o644); err != nil {
				t.Fatal(err)
			}
			tc := &Context{Cwd: dir}
			st, _ := os.Stat(nb)
			tc.MarkRead(nb, st.ModTime())
			r, err := NewNotebookEdit().Call(context.Background(), Input{"notebook_path": nb, "cell_id": "cell-0", "new_source": "b"}, tc, nil)
			if err != nil {
				t.Fatalf("error %v (a panic recovered is still a bug in the tool)", err)
			}
			if got := text(r); r.IsError != (tt.want != "") || !strings.Contains(got, tt.want) {
				t.Errorf("result %q (error %v), want %q", got, r.IsError, tt.want)
			}
		})
	}
}

// TestRed16ToolPanicIsAnError: any tool's panic is its call's error.
func TestRed16ToolPanicIsAnError(t *testing.T) {
	tool := Build(Spec{Name: "Boom", Call: func(context.Context, Input, *Context, Progress) (Result, error) {
		var xs []int
		return Result{Data: xs[len(xs)]}, nil // an index out of range: panics
	}})
	r, err := tool.Call(context.Background(), Input{}, &Context{}, nil)
	if !errors.Is(err, ErrToolPanicked) || r.Data != nil {
		t.Errorf("Call = %+v, %v; want an ErrToolPanicked error", r, err)
	}
}

package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// NewNotebookEdit is the NotebookEdit tool: replace, insert or delete one
// cell of a Jupyter notebook.
func NewNotebookEdit() Tool {
	return Build(Spec{
		Name:        "NotebookEdit",
		Description: "Replaces, inserts or deletes a cell in a Jupyter notebook (.ipynb).",
		Prompt:      "Edits notebook_path (absolute). cell_id names the cell (its id, or cell-N); edit_mode insert adds a cell after it (at the start without cell_id) and needs cell_type.",
		Schema:      schemaFor("NotebookEdit"),
		ValidateInput: func(in Input, tc *Context) error {
			p, err := absPath(in, "notebook_path")
			if err != nil {
				return err
			}
			if !strings.HasSuffix(p, ".ipynb") {
				return fmt.Errorf("`notebook_path` must be a .ipynb file")
			}
			if str(in, "edit_mode") == "insert" && str(in, "cell_type") == "" {
				return fmt.Errorf("`cell_type` is required when inserting a cell")
			}
			if guardedFile(tc, p) {
				return nil // checked when called, once the policy has answered
			}
			return writeChecks(tc, p)
		},
		Call: callNotebookEdit,
	})
}

func callNotebookEdit(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
	p, _ := absPath(in, "notebook_path")
	if err := writeChecks(tc, p); err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	data, exists, err := readEditable(ctx, p)
	if err == nil && !exists {
		err = fmt.Errorf("%s does not exist", p)
	}
	if err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	var nb map[string]any
	if err := json.Unmarshal([]byte(data), &nb); err != nil {
		return Result{Data: "not a valid notebook: " + err.Error(), IsError: true}, nil
	}
	cells, _ := nb["cells"].([]any)
	idx := -1
	if id := str(in, "cell_id"); id != "" {
		for i, c := range cells {
			if m, _ := c.(map[string]any); m != nil && m["id"] == id {
				idx = i
			}
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(id, "cell-")); idx < 0 && err == nil && strings.HasPrefix(id, "cell-") {
			idx = n
		}
		if idx < 0 || idx >= len(cells) {
			return Result{Data: fmt.Sprintf("cell %q not found", id), IsError: true}, nil
		}
	}
	source := str(in, "new_source")
	switch mode := str(in, "edit_mode"); mode {
	case "insert":
		cell := map[string]any{"cell_type": str(in, "cell_type"), "metadata": map[string]any{}, "source": source,
			"id": fmt.Sprintf("cell-%d", len(cells))}
		if cell["cell_type"] == "code" {
			cell["outputs"], cell["execution_count"] = []any{}, nil
		}
		cells = append(cells[:idx+1], append([]any{cell}, cells[idx+1:]...)...)
	case "delete":
		if idx < 0 {
			return Result{Data: "`cell_id` is required to delete a cell", IsError: true}, nil
		}
		cells = append(cells[:idx], cells[idx+1:]...)
	default:
		if idx < 0 {
			return Result{Data: "`cell_id` is required to replace a cell", IsError: true}, nil
		}
		m, ok := cells[idx].(map[string]any)
		if !ok {
			return Result{Data: fmt.Sprintf("cell %d of %s is not a JSON object", idx, p), IsError: true}, nil
		}
		m["source"] = source
		if t := str(in, "cell_type"); t != "" {
			m["cell_type"] = t
		}
	}
	nb["cells"] = cells
	out, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return Result{}, err
	}
	if err := writeFile(ctx, tc, p, string(out)+"\n"); err != nil {
		return Result{}, err
	}
	return Result{Data: fmt.Sprintf("Updated notebook %s (%d cells)", p, len(cells))}, nil
}

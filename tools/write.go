package tools

import (
	"context"
	"fmt"
)

// NewWrite is the Write tool: creates or overwrites a file; an existing
// file must have been read first.
func NewWrite() Tool {
	return Build(Spec{
		Name:        "Write",
		Description: "Writes a file to the local filesystem.",
		Prompt:      "Writes content to file_path (absolute), replacing an existing file, which must have been read first.",
		Schema:      schemaFor("Write"),
		ValidateInput: func(in Input, tc *Context) error {
			p, err := absPath(in, "file_path")
			if err != nil {
				return err
			}
			if guardedFile(tc, p) {
				return nil // checked when called, once the policy has answered
			}
			return writeChecks(tc, p)
		},
		Call: func(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			p, _ := absPath(in, "file_path")
			if err := writeChecks(tc, p); err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			old, existed, readErr := readEditable(ctx, p)
			if readErr != nil {
				return Result{Data: readErr.Error(), IsError: true}, nil
			}
			if err := writeFile(ctx, tc, p, str(in, "content")); err != nil {
				return Result{}, err
			}
			resp := map[string]any{"type": "update", "filePath": p, "content": str(in, "content"),
				"structuredPatch": []any{}, "originalFile": old, "userModified": false}
			if !existed {
				resp["type"], resp["originalFile"] = "create", nil
				return Result{Data: fmt.Sprintf("File created successfully at: %s", p), Response: resp}, nil
			}
			return Result{Data: fmt.Sprintf("The file %s has been updated.", p), Response: resp}, nil
		},
	})
}

package tools

import (
	"context"
	"fmt"
	"strings"
)

// edit is one replacement of old with new.
type edit struct {
	old, new string
	all      bool
}

// applyEdits applies edits in order to content; any failing edit fails all.
func applyEdits(content string, edits []edit) (string, error) {
	for i, e := range edits {
		if e.old == e.new {
			return "", fmt.Errorf("edit %d: `old_string` and `new_string` must differ", i+1)
		}
		if e.old == "" {
			if content != "" {
				return "", fmt.Errorf("edit %d: empty `old_string` only creates a new file", i+1)
			}
			content = e.new
			continue
		}
		n := strings.Count(content, e.old)
		switch {
		case n == 0:
			return "", fmt.Errorf("edit %d: string to replace not found in file", i+1)
		case n > 1 && !e.all:
			return "", fmt.Errorf("edit %d: found %d matches of `old_string`; set replace_all or give more context so it is unique", i+1, n)
		}
		if !e.all {
			n = 1
		}
		if editedTooLarge(len(content), n, len(e.old), len(e.new)) {
			return "", fmt.Errorf("edit %d: the file would grow beyond %d MiB", i+1, maxEditableSize>>20)
		}
		if e.all {
			content = strings.ReplaceAll(content, e.old, e.new)
		} else {
			content = strings.Replace(content, e.old, e.new, 1)
		}
	}
	return content, nil
}

// editedTooLarge reports that replacing n matches of an old string of
// oldLen bytes by a new one of newLen bytes in size bytes makes more than
// maxEditableSize: a replace_all of "a" by a thousand bytes in a file of
// eight million a's asked for 8 GB at once, and the run died of it (before
// the permission check, at validation) with its background commands
// left running. Computed without overflow: n and the lengths are bounded
// by the file and the input, but their product is not.
func editedTooLarge(size, n, oldLen, newLen int) bool {
	if newLen <= oldLen {
		return false
	}
	room := maxEditableSize - size
	return room < 0 || n > 0 && (newLen-oldLen) > room/n
}

// current reads the file to edit; a missing file is empty content
// (readEditable).
func current(ctx context.Context, path string) (string, bool, error) { return readEditable(ctx, path) }

func validateEdits(in Input, tc *Context, edits []edit) error {
	p, err := absPath(in, "file_path")
	if err != nil {
		return err
	}
	for i, e := range edits {
		if e.old == e.new { // needs no look at the file
			return fmt.Errorf("edit %d: `old_string` and `new_string` must differ", i+1)
		}
	}
	if guardedFile(tc, p) {
		return nil // checked when called, once the policy has answered
	}
	content, exists, err := current(context.Background(), p)
	if err != nil {
		return err
	}
	if err := editChecks(tc, p, exists, edits); err != nil {
		return err
	}
	_, err = applyEdits(content, edits)
	return err
}

// editChecks are the checks of the file an edit changes: it exists
// (unless the first edit creates it) and was read in this session,
// unchanged since.
func editChecks(tc *Context, p string, exists bool, edits []edit) error {
	if !exists && (len(edits) == 0 || edits[0].old != "") {
		return fmt.Errorf("file %s does not exist", p)
	}
	return readBeforeWrite(tc, p)
}

func callEdits(ctx context.Context, in Input, tc *Context, edits []edit) (Result, error) {
	p, _ := absPath(in, "file_path")
	content, exists, err := current(ctx, p)
	if err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	if err := editChecks(tc, p, exists, edits); err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	out, err := applyEdits(content, edits)
	if err != nil {
		return Result{Data: err.Error(), IsError: true}, nil
	}
	if err := writeFile(ctx, tc, p, out); err != nil {
		return Result{}, err
	}
	resp := map[string]any{"filePath": p, "originalFile": content, "structuredPatch": []any{}, "userModified": false}
	if len(edits) == 1 {
		resp["oldString"], resp["newString"], resp["replaceAll"] = edits[0].old, edits[0].new, edits[0].all
	} else {
		es := make([]any, len(edits))
		for i, e := range edits {
			es[i] = map[string]any{"old_string": e.old, "new_string": e.new, "replace_all": e.all}
		}
		resp["edits"] = es
	}
	return Result{Data: fmt.Sprintf("The file %s has been updated (%d edit(s)).", p, len(edits)), Response: resp}, nil
}

func singleEdit(in Input) []edit {
	return []edit{{old: str(in, "old_string"), new: str(in, "new_string"), all: boolean(in, "replace_all")}}
}

// NewEdit is the Edit tool: one exact string replacement.
func NewEdit() Tool {
	return Build(Spec{
		Name:          "Edit",
		Description:   "Performs an exact string replacement in a file.",
		Prompt:        "Replaces old_string with new_string in file_path (absolute). old_string must occur exactly once unless replace_all is set; the file must have been read first.",
		Schema:        schemaFor("Edit"),
		ValidateInput: func(in Input, tc *Context) error { return validateEdits(in, tc, singleEdit(in)) },
		Call: func(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			return callEdits(ctx, in, tc, singleEdit(in))
		},
	})
}

func multiEdits(in Input) []edit {
	list, _ := in["edits"].([]any)
	out := make([]edit, 0, len(list))
	for _, e := range list {
		m, _ := e.(map[string]any)
		out = append(out, edit{old: str(m, "old_string"), new: str(m, "new_string"), all: boolean(m, "replace_all")})
	}
	return out
}

// NewMultiEdit is the MultiEdit tool: several edits of one file, all or nothing.
func NewMultiEdit() Tool {
	return Build(Spec{
		Name:          "MultiEdit",
		Description:   "Makes several edits to one file in one operation; all succeed or none is applied.",
		Prompt:        "Applies edits in order to file_path (absolute). If any edit fails, the file is left unchanged.",
		Schema:        schemaFor("MultiEdit"),
		ValidateInput: func(in Input, tc *Context) error { return validateEdits(in, tc, multiEdits(in)) },
		Call: func(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			return callEdits(ctx, in, tc, multiEdits(in))
		},
	})
}

package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Todo is one item of the session's todo list.
type Todo struct {
	Content    string `json:"content"`
	Status     string `json:"status"`
	ActiveForm string `json:"activeForm"`
}

// NewTodoWrite is the TodoWrite tool: replaces the session's todo list.
func NewTodoWrite() Tool {
	return Build(Spec{
		Name:          "TodoWrite",
		Description:   "Creates and updates the session's task list.",
		Prompt:        "Replaces the todo list; at most one item is in_progress.",
		Schema:        schemaFor("TodoWrite"),
		IsDestructive: Never,
		ValidateInput: func(in Input, _ *Context) error {
			n := 0
			for _, t := range todos(in) {
				if t.Status == "in_progress" {
					n++
				}
			}
			if n > 1 {
				return errors.New("at most one todo may be in_progress")
			}
			return nil
		},
		Call: func(_ context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			tc.setTodos(todos(in))
			return Result{Data: "Todos have been modified successfully."}, nil
		},
	})
}

func todos(in Input) []Todo {
	b, _ := json.Marshal(in["todos"])
	var out []Todo
	_ = json.Unmarshal(b, &out)
	return out
}

// NewExitPlanMode is the ExitPlanMode tool: leaves plan mode (back to the
// mode it was entered from) through a context modifier.
func NewExitPlanMode() Tool {
	return Build(Spec{
		Name:          "ExitPlanMode",
		Description:   "Presents the plan and leaves plan mode once it is approved.",
		Schema:        schemaFor("ExitPlanMode"),
		IsDestructive: Never,
		Call: func(_ context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			if tc.Mode != "plan" {
				return Result{Data: "not in plan mode", IsError: true}, nil
			}
			next := tc.PrePlanMode
			if next == "" || next == "plan" {
				next = "default"
			}
			return Result{Data: "Plan approved; leaving plan mode for " + next + ".\n" + str(in, "plan"),
				ContextModifier: func(c *Context) { c.Mode = next }}, nil
		},
	})
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return strings.TrimSpace(string(out)), nil
}

// NewEnterWorktree is the EnterWorktree tool: `git worktree add` under
// .claude/worktrees/NAME on a new branch, and the cwd moves there.
func NewEnterWorktree() Tool {
	return Build(Spec{
		Name:        "EnterWorktree",
		Description: "Creates a git worktree under .claude/worktrees and moves the session into it.",
		Schema:      schemaFor("EnterWorktree"),
		Call: func(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			root, err := git(ctx, tc.Cwd, "rev-parse", "--show-toplevel")
			if err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			name := str(in, "name")
			if name == "" {
				name = "agentctl-" + filepath.Base(tc.SessionID)
				if tc.SessionID == "" {
					name = "agentctl-worktree"
				}
			}
			dir, err := worktreeDir(root, name)
			if err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			if _, err := git(ctx, root, "worktree", "add", "-b", name, dir); err != nil {
				return Result{Data: err.Error(), IsError: true}, nil
			}
			origin := tc.Cwd
			return Result{Data: "Entered worktree " + dir + " on branch " + name,
				ContextModifier: func(c *Context) {
					if c.OriginalCwd == "" {
						c.OriginalCwd = origin
					}
					c.Cwd = dir
				}}, nil
		},
	})
}

// NewExitWorktree is the ExitWorktree tool: back to the original cwd,
// keeping or removing (`git worktree remove`) the worktree.
func NewExitWorktree() Tool {
	return Build(Spec{
		Name:        "ExitWorktree",
		Description: "Leaves the current git worktree, keeping or removing it.",
		Schema:      schemaFor("ExitWorktree"),
		Call: func(ctx context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			if tc.OriginalCwd == "" || !strings.Contains(tc.Cwd, filepath.Join(".claude", "worktrees")) {
				return Result{Data: "not in a worktree entered with EnterWorktree", IsError: true}, nil
			}
			wt, back := tc.Cwd, tc.OriginalCwd
			msg := "Left worktree " + wt + " (kept)"
			if str(in, "action") == "remove" {
				if _, err := git(ctx, back, "worktree", "remove", "--force", wt); err != nil {
					return Result{Data: err.Error(), IsError: true}, nil
				}
				msg = "Left and removed worktree " + wt
			}
			return Result{Data: msg, ContextModifier: func(c *Context) { c.Cwd, c.OriginalCwd = back, "" }}, nil
		},
	})
}

// NewToolSearch is the ToolSearch tool: finds tools of the pool by name and
// description and returns their definitions. Enabled when the pool is large.
func NewToolSearch(enabled func() bool) Tool {
	return Build(Spec{
		Name:              "ToolSearch",
		Description:       "Searches the available tools by name and description and returns their schemas.",
		Schema:            schemaFor("ToolSearch"),
		IsConcurrencySafe: Always,
		IsReadOnly:        Always,
		IsDestructive:     Never,
		IsEnabled:         enabled,
		Call: func(_ context.Context, in Input, tc *Context, _ Progress) (Result, error) {
			if tc.Pool == nil {
				return Result{Data: "no tool pool", IsError: true}, nil
			}
			words := strings.Fields(strings.ToLower(str(in, "query")))
			type hit struct {
				score int
				t     Tool
			}
			var hits []hit
			for _, t := range tc.Pool() {
				hay := strings.ToLower(t.Name() + " " + t.Description())
				s := 0
				for _, w := range words {
					if strings.Contains(strings.ToLower(t.Name()), w) {
						s += 2
					} else if strings.Contains(hay, w) {
						s++
					}
				}
				if s > 0 {
					hits = append(hits, hit{s, t})
				}
			}
			sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
			maxN := number(in, "max_results", 5)
			var defs []Definition
			for i, h := range hits {
				if i == maxN {
					break
				}
				defs = append(defs, DefinitionOf(h.t))
			}
			if len(defs) == 0 {
				return Result{Data: "No matching tools"}, nil
			}
			b, _ := json.MarshalIndent(defs, "", "  ")
			return Result{Data: string(b)}, nil
		},
	})
}

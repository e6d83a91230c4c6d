package tools

import (
	"errors"
	"fmt"
)

// ErrToolPanicked is returned (wrapped) when a tool's Call panicked.
var ErrToolPanicked = errors.New("the tool failed unexpectedly")

// recoverCall turns a panic in a tool's Call into an error result of that
// call. A panic in a call's goroutine would end the whole process: the
// run's transcript unfinished, its result line unwritten, and its
// background commands — process groups of their own, which only the
// session's end kills (StopBackground) — left running unsupervised. Input
// a hostile repository shapes (a notebook whose cell is not an object)
// must fail that call, not the session.
func recoverCall(name string, r *Result, err *error) {
	if p := recover(); p != nil {
		*r, *err = Result{}, fmt.Errorf("%s: %w: %v", name, ErrToolPanicked, p)
	}
}

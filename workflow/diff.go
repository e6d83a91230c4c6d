package workflow

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// Direction says which way a decision moved.
type Direction string

// Directions of a changed decision; allow is the most open, deny the
// most closed.
const (
	Opened Direction = "opened" // towards allow (deny → ask, deny → allow, ask → allow)
	Closed Direction = "closed" // towards deny
	// Moved: the same effect, decided by another rule or stage.
	Moved Direction = "moved"
)

// Change is one recorded call whose decision differs between two policies.
type Change struct {
	Index     int             `json:"index"`
	Call      Recorded        `json:"call"`
	Base      engine.Decision `json:"base"`
	Head      engine.Decision `json:"head"`
	Direction Direction       `json:"direction"`
}

// DiffSummary counts a diff.
type DiffSummary struct {
	Calls   int     `json:"calls"`
	Changed int     `json:"changed"`
	Opened  int     `json:"opened"`
	Closed  int     `json:"closed"`
	Moved   int     `json:"moved"`
	Base    Summary `json:"base"`
	Head    Summary `json:"head"`
	// BaseLabel and HeadLabel name the two versions.
	BaseLabel string `json:"base_label"`
	HeadLabel string `json:"head_label"`
	// Notes say what a reader must know to read the diff (how a bundle
	// side was decided, what it could not show).
	Notes []string `json:"notes,omitempty"`
}

// openness orders effects: deny 0, ask 1, allow 2.
func openness(e engine.Effect) int {
	switch e {
	case engine.Allow:
		return 2
	case engine.Ask:
		return 1
	}
	return 0
}

// Compare lists the calls whose decision differs between base and head
// (in effect, or with moved set, in the deciding rule or stage). The two
// replays must be of the same calls in the same order.
func Compare(base, head []Replayed, moved bool) ([]Change, DiffSummary) {
	s := DiffSummary{Calls: len(head), Base: Summarize(base), Head: Summarize(head)}
	changes := []Change{}
	for i := range head {
		b, h := base[i].Decision, head[i].Decision
		var dir Direction
		switch ob, oh := openness(b.Decision), openness(h.Decision); {
		case oh > ob:
			dir = Opened
			s.Opened++
		case oh < ob:
			dir = Closed
			s.Closed++
		case moved && DecidedBy(b) != DecidedBy(h):
			dir = Moved
			s.Moved++
		default:
			continue
		}
		changes = append(changes, Change{Index: i, Call: head[i].Call, Base: b, Head: h, Direction: dir})
	}
	s.Changed = len(changes)
	return changes, s
}

// DiffPolicies replays the calls under both policies and compares them.
// baseCalls are the same calls as they are seen by the base (rebased into
// its tree), in the same order.
func DiffPolicies(ctx context.Context, base Decider, baseCalls []Recorded, head Decider, headCalls []Recorded,
	o ReplayOptions, moved bool) ([]Change, DiffSummary, error) {
	br, err := Replay(ctx, base, baseCalls, o)
	if err != nil {
		return nil, DiffSummary{}, fmt.Errorf("base: %w", err)
	}
	for i := range br {
		br[i].Call = headCalls[i]
	}
	hr, err := Replay(ctx, head, headCalls, o)
	if err != nil {
		return nil, DiffSummary{}, fmt.Errorf("head: %w", err)
	}
	c, s := Compare(br, hr, moved)
	return c, s, nil
}

// WriteDiffMarkdown writes the diff as markdown a reviewer can paste into
// a pull request: the counts, then a table of the changed calls with the
// rule (and its settings file:line) that decided each side.
func WriteDiffMarkdown(w io.Writer, changes []Change, s DiffSummary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Policy change: %s → %s\n\n", s.BaseLabel, s.HeadLabel)
	fmt.Fprintf(&b, "%d recorded calls, **%d changed**: %d opened (towards allow), %d closed (towards deny)",
		s.Calls, s.Changed, s.Opened, s.Closed)
	if s.Moved > 0 {
		fmt.Fprintf(&b, ", %d decided by another rule", s.Moved)
	}
	b.WriteString(".\n\n")
	for _, n := range s.Notes {
		fmt.Fprintf(&b, "> - %s\n", n)
	}
	if len(s.Notes) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "| | allow | ask | deny |\n|---|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| base | %d | %d | %d |\n| head | %d | %d | %d |\n\n",
		s.Base.Allow, s.Base.Ask, s.Base.Deny, s.Head.Allow, s.Head.Ask, s.Head.Deny)
	if len(changes) > 0 {
		b.WriteString("| | call | base | head | recorded at |\n|---|---|---|---|---|\n")
		for _, c := range changes {
			fmt.Fprintf(&b, "| %s | `%s` `%s` | %s | %s | %s |\n", c.Direction, c.Call.Tool,
				mdEscape(ShortInput(c.Call.Tool, c.Call.Input, 60)),
				mdEscape(c.Base.Decision.String()+" — "+DecidedBy(c.Base)),
				mdEscape(c.Head.Decision.String()+" — "+DecidedBy(c.Head)), mdEscape(c.Call.Location()))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "'", "\n", " ").Replace(s)
}

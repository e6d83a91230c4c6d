package workflow

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/agentctl/agentctl/engine"
)

// Replayed is a recorded call with the decision the policy gives it now.
type Replayed struct {
	Call     Recorded        `json:"call"`
	Decision engine.Decision `json:"decision"`
}

// ReplayOptions tune Replay.
type ReplayOptions struct {
	// Mode, when set, replaces every recorded permission mode.
	Mode string
	// ModeAllowed reports whether a recorded mode may be entered under
	// the policy (a managed lock on bypassPermissions); a refused mode is
	// replaced by the settings' own (""). nil allows every mode.
	ModeAllowed func(mode string) bool
	// Workers decide in parallel (default GOMAXPROCS); order is kept.
	Workers int
	// EveryCall decides each call on its own. By default identical calls
	// (same tool, input, permission mode and cwd) outside auto mode share
	// the decision of the first: the engine's answer depends on nothing
	// else in a replay. A decision log wants every call.
	EveryCall bool
}

// Call is the engine call a recorded call is decided as under o.
func (o ReplayOptions) Call(r Recorded) engine.Call {
	mode := r.Mode
	if o.Mode != "" {
		mode = o.Mode
	}
	if mode != "" && o.ModeAllowed != nil && !o.ModeAllowed(mode) {
		mode = ""
	}
	return engine.Call{Tool: r.Tool, Input: r.Input, Mode: mode, Cwd: r.Cwd}
}

// Replay decides every recorded call under d, in parallel, keeping the
// calls' order. An error is the first call that could not be decided.
func Replay(ctx context.Context, d Decider, calls []Recorded, o ReplayOptions) ([]Replayed, error) {
	out := make([]Replayed, len(calls))
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	var shared sync.Map // call key → *sharedDecision
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				call := o.Call(calls[i])
				var dec engine.Decision
				var err error
				if key, ok := o.shareKey(call); ok {
					v, _ := shared.LoadOrStore(key, &sharedDecision{})
					sd := v.(*sharedDecision)
					sd.once.Do(func() { sd.d, sd.err = d.Decide(ctx, call) })
					dec, err = sd.d, sd.err
				} else {
					dec, err = d.Decide(ctx, call)
				}
				if err != nil {
					once.Do(func() { first = fmt.Errorf("%s: %s: %w", calls[i].Location(), calls[i].Tool, err); cancel() })
					continue
				}
				out[i] = Replayed{Call: calls[i], Decision: dec}
			}
		}()
	}
feed:
	for i := range calls {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if first != nil {
		return nil, first
	}
	return out, ctx.Err()
}

// sharedDecision is the one decision of identical calls.
type sharedDecision struct {
	once sync.Once
	d    engine.Decision
	err  error
}

// shareKey identifies a call whose decision identical calls may share:
// not with EveryCall, not in auto mode (a classifier may answer each), not
// with a hook's verdict, and only when the input encodes as JSON (whose
// object keys are sorted, so equal inputs encode equally).
func (o ReplayOptions) shareKey(c engine.Call) (string, bool) {
	if o.EveryCall || c.Mode == "auto" || c.Hook != nil || c.Analysis != nil || c.Dir != "" || len(c.Invalid) > 0 {
		return "", false
	}
	in, err := json.Marshal(c.Input)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(c.Tool) + len(c.Mode) + len(c.Cwd) + len(in) + 4)
	for _, s := range []string{c.Tool, c.Mode, c.Cwd} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	fmt.Fprintf(&b, "%t\x00", c.Foreign)
	b.Write(in)
	return b.String(), true
}

// RuleCount is a deciding rule (or stage, when no rule decided) and how
// many calls it decided.
type RuleCount struct {
	Decision string `json:"decision"`
	// What is "rule TEXT SOURCE FILE:LINE" or "stage NAME".
	What  string `json:"what"`
	Count int    `json:"count"`
}

// Summary counts a replay.
type Summary struct {
	Calls    int         `json:"calls"`
	Sessions int         `json:"sessions"`
	Allow    int         `json:"allow"`
	Ask      int         `json:"ask"`
	Deny     int         `json:"deny"`
	TopRules []RuleCount `json:"top_rules"`
	// RanNowDenied are the indexes of calls that ran but would now be
	// denied.
	RanNowDenied []int `json:"ran_now_denied"`
	// RanNowAsked are the indexes of calls that ran without a person's
	// approval on record but would now ask.
	RanNowAsked []int `json:"ran_now_asked"`
}

// Summarize counts decisions, deciding rules (the top 10) and the calls
// that ran but would now be stopped.
func Summarize(rs []Replayed) Summary {
	s := Summary{Calls: len(rs), TopRules: []RuleCount{}, RanNowDenied: []int{}, RanNowAsked: []int{}}
	sessions := map[string]bool{}
	counts := map[[2]string]int{}
	for i, r := range rs {
		sessions[r.Call.Session] = true
		switch r.Decision.Decision {
		case engine.Allow:
			s.Allow++
		case engine.Ask:
			s.Ask++
			if r.Call.Outcome == Ran && !r.Call.ByPerson {
				s.RanNowAsked = append(s.RanNowAsked, i)
			}
		default:
			s.Deny++
			if r.Call.Outcome == Ran {
				s.RanNowDenied = append(s.RanNowDenied, i)
			}
		}
		counts[[2]string{r.Decision.Decision.String(), DecidedBy(r.Decision)}]++
	}
	s.Sessions = len(sessions)
	for k, n := range counts {
		s.TopRules = append(s.TopRules, RuleCount{Decision: k[0], What: k[1], Count: n})
	}
	sort.Slice(s.TopRules, func(i, j int) bool {
		a, b := s.TopRules[i], s.TopRules[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.What < b.What
	})
	if len(s.TopRules) > 10 {
		s.TopRules = s.TopRules[:10]
	}
	return s
}

// ShortInput is a one-line form of a call's input: its main field (the
// command, the path, the URL …) or the compact JSON, cut to n runes.
func ShortInput(tool string, in map[string]any, n int) string {
	s := ""
	for _, k := range []string{"command", "file_path", "notebook_path", "url", "pattern", "path", "query", "prompt"} {
		if v, ok := in[k].(string); ok {
			s = v
			break
		}
	}
	if s == "" {
		s = compactJSON(in)
	}
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		s = string(r[:n-1]) + "…"
	}
	return s
}

// WriteReplayText prints one line per call and the summary.
func WriteReplayText(w io.Writer, rs []Replayed, s Summary) error {
	var b strings.Builder
	for _, r := range rs {
		mark := " "
		if r.Call.Outcome == Ran && r.Decision.Decision == engine.Deny {
			mark = "!"
		}
		fmt.Fprintf(&b, "%s %-5s %-9s %-48s %s  [%s %s %s]\n", mark, r.Decision.Decision, r.Call.Tool,
			ShortInput(r.Call.Tool, r.Call.Input, 48), DecidedBy(r.Decision), shortID(r.Call.Session), r.Call.Time, r.Call.Location())
	}
	fmt.Fprintf(&b, "\n%d calls in %d sessions: %d allow, %d ask, %d deny\n", s.Calls, s.Sessions, s.Allow, s.Ask, s.Deny)
	fmt.Fprintf(&b, "ran but would now be denied: %d\n", len(s.RanNowDenied))
	for _, i := range s.RanNowDenied {
		r := rs[i]
		fmt.Fprintf(&b, "  %s %s %s — %s\n", r.Call.Location(), r.Call.Tool, ShortInput(r.Call.Tool, r.Call.Input, 60), DecidedBy(r.Decision))
	}
	fmt.Fprintf(&b, "ran without a person's approval but would now ask: %d\n", len(s.RanNowAsked))
	b.WriteString("top deciding rules:\n")
	for _, t := range s.TopRules {
		fmt.Fprintf(&b, "  %4d  %-5s %s\n", t.Count, t.Decision, t.What)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func shortID(s string) string {
	if len(s) > 8 {
		return s[:8]
	}
	return s
}

// Command coldstart times whole processes side by side: each command given
// after a "--" separated list runs in turn, alternating, and the medians and
// 90th percentiles are printed.
//
//	go run ./internal/coldstart -n 100 -- bin/agentctl check Bash '{"command":"rm -rf x"}' \
//		-- codex execpolicy check --rules rules.star rm -rf x
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 50, "runs of each command")
	flag.Parse()
	var cmds [][]string
	var cur []string
	for _, a := range flag.Args() {
		if a == "--" {
			if len(cur) > 0 {
				cmds = append(cmds, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, a)
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	if len(cmds) == 0 {
		fmt.Fprintln(os.Stderr, "usage: coldstart [-n N] -- CMD ARGS… [-- CMD ARGS…]")
		os.Exit(1)
	}
	times := make([][]time.Duration, len(cmds))
	for i := 0; i < *n+2; i++ {
		for j, c := range cmds {
			start := time.Now()
			err := exec.Command(c[0], c[1:]...).Run()
			d := time.Since(start)
			if _, ok := err.(*exec.ExitError); err != nil && !ok {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			if i >= 2 { // two warm-up rounds: page cache, not process start
				times[j] = append(times[j], d)
			}
		}
	}
	base := median(times[0])
	for j, c := range cmds {
		m := median(times[j])
		fmt.Printf("median %6.2f ms  p90 %6.2f ms  %.2f×  %s\n", ms(m), ms(pct(times[j], 90)),
			float64(m)/float64(base), strings.Join(c, " "))
	}
}

func median(ds []time.Duration) time.Duration { return pct(ds, 50) }

func pct(ds []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[(len(s)-1)*p/100]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

package bashparse

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

func TestProbe(t *testing.T) {
	f := os.Getenv("PROBE")
	if f == "" {
		t.Skip()
	}
	tb := extended(t)
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		fmt.Printf("%v\t%s\n", approved(tb, sc.Text()), sc.Text())
	}
}

package main

import (
	"bufio"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/agentctl/agentctl/agenthook"
)

// loaderRisk says why the program a hook command starts would run a
// repository's code before agentctl decides, or "" when it would not.
// Claude Code applies a repository's env block to its own process (claude
// -p asks no trust question) and Gemini CLI loads its .env; every hook
// inherits the result. With LD_PRELOAD=./x.so the dynamic loader runs the
// repository's library in the hook first: it printed an allow and exited.
// A statically linked agentctl (make build) never starts the loader; one
// built with cgo, or a wrapper script whose interpreter is dynamically
// linked, does.
func loaderRisk(command string) string {
	words := strings.Fields(command)
	if len(words) == 0 {
		return ""
	}
	prog, err := exec.LookPath(words[0])
	if err != nil {
		return ""
	}
	for hop := 0; hop < 2; hop++ {
		dynamic, interp, err := dynamicallyLinked(prog)
		if err != nil {
			return ""
		}
		if dynamic {
			what := prog
			if hop > 0 {
				what = fmt.Sprintf("%s (the interpreter of %s)", prog, words[0])
			}
			return what + " is dynamically linked: an LD_PRELOAD or LD_LIBRARY_PATH the agent took from a repository's env " +
				"runs the repository's code in the hook before it decides; start a statically linked agentctl " +
				"(make build links it with CGO_ENABLED=0) directly"
		}
		if interp == "" {
			return ""
		}
		prog = interp
	}
	return ""
}

// dynamicallyLinked reports whether path is an ELF program the dynamic
// loader starts (it has a PT_INTERP header) or, for a script, the
// interpreter its #! line names.
// The program may be a repository's file: it is opened without blocking
// and only a regular file is read (a FIFO there must not hang doctor).
func dynamicallyLinked(path string) (dynamic bool, interpreter string, err error) {
	s, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false, "", err
	}
	defer s.Close()
	if fi, err := s.Stat(); err != nil || !fi.Mode().IsRegular() {
		return false, "", fmt.Errorf("%s: not a regular file", path)
	}
	f, err := elf.NewFile(s)
	if err == nil {
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				return true, "", nil
			}
		}
		return false, "", nil
	}
	var fe *elf.FormatError
	if !errors.As(err, &fe) {
		return false, "", err
	}
	if _, err := s.Seek(0, io.SeekStart); err != nil {
		return false, "", err
	}
	line, _ := bufio.NewReader(io.LimitReader(s, 4096)).ReadString('\n')
	if rest, ok := strings.CutPrefix(line, "#!"); ok {
		if fields := strings.Fields(rest); len(fields) > 0 {
			return false, fields[0], nil
		}
	}
	return false, "", nil
}

// loaderWarnings are doctor's warnings for the installs whose program
// the dynamic loader starts, one per program.
func loaderWarnings(installs []agenthook.Hook) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range installs {
		if seen[h.Command] {
			continue
		}
		seen[h.Command] = true
		if risk := loaderRisk(h.Command); risk != "" {
			out = append(out, fmt.Sprintf("%s %s install in %s: %s", h.Agent, h.Scope, h.File, risk))
		}
	}
	return out
}

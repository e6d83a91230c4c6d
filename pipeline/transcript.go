package pipeline

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// TranscriptName is the transcript's file name in the session directory.
const TranscriptName = "transcript.jsonl"

// ErrTranscript wraps every failure to record the transcript.
var ErrTranscript = errors.New("transcript")

// Transcript appends whole lines to <session dir>/transcript.jsonl: each
// line is one write, and a line that could not be written whole (a full
// disk, a file-size limit) is cut off again, so the file always ends with a
// complete line. After the first failure every later write fails too: the
// file stays a prefix of what the session said. A reused session directory
// is appended to (the new session's own init line heads its part), never
// truncated; two runs at once in one directory are refused (an exclusive
// lock). Safe for concurrent use.
type Transcript struct {
	mu     sync.Mutex
	f      *os.File
	size   int64
	err    error
	closed bool
}

// OpenTranscript opens (creating 0600) the session's transcript for appending.
func (d *SessionDir) OpenTranscript() (*Transcript, error) {
	f, err := d.openFile(TranscriptName, unix.O_APPEND)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTranscript, err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %s is in use by another run: %w", ErrTranscript, f.Name(), err)
	}
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %w", ErrTranscript, err)
	}
	return &Transcript{f: f, size: size}, nil
}

// Path is the transcript file's path.
func (t *Transcript) Path() string { return t.f.Name() }

// WriteLine appends line and a newline in one write, or nothing.
func (t *Transcript) WriteLine(line []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.err != nil {
		return t.err
	}
	if t.closed {
		return fmt.Errorf("%w: %w", ErrTranscript, os.ErrClosed)
	}
	buf := make([]byte, 0, len(line)+1)
	buf = append(append(buf, line...), '\n')
	n, err := t.f.Write(buf)
	if err == nil && n != len(buf) {
		err = io.ErrShortWrite
	}
	if err != nil {
		if n > 0 {
			if terr := t.f.Truncate(t.size); terr != nil {
				err = errors.Join(err, fmt.Errorf("could not cut off the partial line: %w", terr))
			}
		}
		t.err = fmt.Errorf("%w: %w", ErrTranscript, err)
		return t.err
	}
	t.size += int64(n)
	return nil
}

// Close flushes the transcript to disk and closes it; it reports a failed
// flush or an earlier failed write.
func (t *Transcript) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return t.err
	}
	t.closed = true
	err := errors.Join(t.f.Sync(), t.f.Close())
	if err != nil && t.err == nil {
		t.err = fmt.Errorf("%w: %w", ErrTranscript, err)
	}
	return t.err
}

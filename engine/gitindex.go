package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// gitIndexMax bounds the index file read (a repository of some hundred
// thousand files); a larger one is not read and the walk's witnesses
// stand instead.
const gitIndexMax = 64 << 20

// errIndexUnknown is an index this reader does not follow: a split or
// sparse index names paths it does not hold.
var errIndexUnknown = errors.New("index format not followed")

// gitIndexPaths lists the paths the git index at p tracks, relative to the
// work tree's top, in versions 2, 3 and 4. A split index (a "link"
// extension) or a sparse one (a directory entry) is errIndexUnknown.
func gitIndexPaths(p string) ([]string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, gitIndexMax+1))
	if err != nil {
		return nil, err
	}
	if len(b) > gitIndexMax {
		return nil, fmt.Errorf("%s: over %d bytes", p, gitIndexMax)
	}
	if len(b) < 12 || string(b[:4]) != "DIRC" {
		return nil, fmt.Errorf("%s: %w", p, errIndexUnknown)
	}
	version := binary.BigEndian.Uint32(b[4:8])
	n := binary.BigEndian.Uint32(b[8:12])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%s: version %d: %w", p, version, errIndexUnknown)
	}
	out := make([]string, 0, min(int(n), len(b)/62))
	off, prev := 12, ""
	for i := uint32(0); i < n; i++ {
		if off+62 > len(b) {
			return nil, fmt.Errorf("%s: truncated: %w", p, errIndexUnknown)
		}
		mode := binary.BigEndian.Uint32(b[off+24 : off+28])
		flags := binary.BigEndian.Uint16(b[off+60 : off+62])
		start := off
		off += 62
		if flags&0x4000 != 0 {
			if version < 3 {
				return nil, fmt.Errorf("%s: extended flags in version 2: %w", p, errIndexUnknown)
			}
			off += 2
		}
		if mode&0o170000 == 0o040000 {
			return nil, fmt.Errorf("%s: sparse directory entry: %w", p, errIndexUnknown)
		}
		var name string
		if version == 4 {
			strip, k := binary.Uvarint(b[off:])
			if k <= 0 || strip > uint64(len(prev)) {
				return nil, fmt.Errorf("%s: bad path prefix: %w", p, errIndexUnknown)
			}
			off += k
			end := bytes.IndexByte(b[off:], 0)
			if end < 0 {
				return nil, fmt.Errorf("%s: truncated: %w", p, errIndexUnknown)
			}
			name = prev[:len(prev)-int(strip)] + string(b[off:off+end])
			off += end + 1
		} else {
			end := bytes.IndexByte(b[off:], 0)
			if end < 0 {
				return nil, fmt.Errorf("%s: truncated: %w", p, errIndexUnknown)
			}
			name = string(b[off : off+end])
			// Entries are padded with NULs to a multiple of eight bytes.
			off = start + (off-start+end+8)&^7
		}
		out = append(out, name)
		prev = name
	}
	// Extensions: a split index keeps most entries in a shared file.
	for off+8 <= len(b)-20 {
		sig := string(b[off : off+4])
		size := int(binary.BigEndian.Uint32(b[off+4 : off+8]))
		if sig == "link" || sig == "sdir" {
			return nil, fmt.Errorf("%s: %s extension: %w", p, sig, errIndexUnknown)
		}
		if size < 0 || off+8+size > len(b) {
			break
		}
		off += 8 + size
	}
	return out, nil
}

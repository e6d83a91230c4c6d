package agenthook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// refuseLink refuses to edit a settings file that is a symbolic link.
// Writing through it would put JSON into whatever it points to (a
// repository's .claude/settings.json linked to ~/.bashrc), and the atomic
// rename would replace the link with a plain file, cutting the user's
// dotfiles link: neither is an edit the user asked for, so nothing is
// written and the target is named.
func refuseLink(path string) error {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	target, err := os.Readlink(path)
	if err != nil {
		return fmt.Errorf("%s is a symbolic link: %w (left unchanged)", path, err)
	}
	return fmt.Errorf("%s is a symbolic link to %s: edit the file itself (left unchanged)", path, target)
}

// atPosition names where in raw a parse error is, as file:line:col.
func atPosition(path string, raw []byte, err error) string {
	var off int64 = -1
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	} else if _, scanErr := fmt.Sscanf(err.Error(), "offset %d:", &off); scanErr != nil {
		return path
	}
	if off < 0 || off > int64(len(raw)) {
		return path
	}
	before := raw[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - strings.LastIndexByte(string(before), '\n')
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

package bashparse

import (
	"strings"
	"testing"
)

// red19orcFile reports whether the commands of src name file path with
// access acc (as a file operand, an option value or a program's file).
func red19orcFile(a Analysis, path string, acc Access) bool {
	for _, c := range a.Commands {
		for _, f := range c.Files {
			if f.Path == path && f.Access == acc {
				return true
			}
		}
	}
	return false
}

// red19orcHeld reports whether something keeps a prefix rule from
// approving src: a power, an exec-style wrapper or an unresolved part.
func red19orcHeld(a Analysis) bool {
	if len(a.Unresolved) > 0 {
		return true
	}
	for _, c := range a.Commands {
		if len(c.Powers) > 0 || c.ExecWrapper {
			return true
		}
	}
	return false
}

// TestRed19orcFiles: the files awk programs, openssl options and the
// operands of scp, man, sqlite3 and yq open, in the spellings the programs
// accept; "" access means the path must not be named.
func TestRed19orcFiles(t *testing.T) {
	for _, c := range []struct {
		src, path string
		acc       Access
		want      bool
	}{
		{`awk -v x=1 '{print > "/tmp/x"}' f`, "/tmp/x", Write, true},
		{`awk -F : '{print > "/tmp/x"}' f`, "/tmp/x", Write, true},
		{`awk -W i '{print > "/tmp/x"}' f`, "/tmp/x", Write, true},
		{`awk -v x=1 'BEGIN{getline l < "/etc/shadow"}'`, "/etc/shadow", Read, true},
		{`awk -We /tmp/p.awk f`, "/tmp/p.awk", Read, true},
		{`awk -W interactive,exec /tmp/p.awk`, "/tmp/p.awk", Read, true},
		{`openssl enc -in a -out /tmp/o`, "/tmp/o", Write, true},
		{`openssl enc -in a --out=/tmp/o`, "/tmp/o", Write, true},
		{`openssl enc -in a -out=/tmp/o`, "/tmp/o", Write, true},
		{`openssl req -new -keyout /tmp/k`, "/tmp/k", Write, true},
		{`openssl enc -in /etc/shadow`, "/etc/shadow", Read, true},
		{`openssl enc -pass file:/tmp/k -in a`, "/tmp/k", Read, true},
		{`openssl enc -passin=file:/tmp/k -in a`, "/tmp/k", Read, true},
		{`openssl enc -pass pass:/tmp/k -in a`, "/tmp/k", Read, false},
		{`scp /etc/passwd /tmp/x`, "/etc/passwd", Read, true},
		{`scp /etc/passwd /tmp/x`, "/tmp/x", Write, true},
		{`scp -P 22 h:/etc/passwd /tmp/x`, "/tmp/x", Write, true},
		{`scp h:/etc/passwd /tmp/x`, "h:/etc/passwd", Read, false},
		{`scp -i key a h:b`, "key", Read, false},
		{`scp -i key a h:b`, "a", Read, true},
		{`man -l /tmp/s`, "/tmp/s", Read, true},
		{`man -Tutf8 -l /tmp/s`, "/tmp/s", Read, true},
		{`man /tmp/s`, "/tmp/s", Read, true},
		{`man -M /tmp ls`, "/tmp", Read, true},
		{`man ls`, "ls", Read, false},
		{`man -P less ls`, "ls", Read, false},
		{`sqlite3 /tmp/x.db 'select 1'`, "/tmp/x.db", Read, true},
		{`sqlite3 'file:/tmp/x.db?mode=rwc' 'select 1'`, "/tmp/x.db", Read, true},
		{`sqlite3 file:///tmp/x.db 'select 1'`, "/tmp/x.db", Read, true},
		{`sqlite3 -cmd '.mode csv' /tmp/x.db`, "/tmp/x.db", Read, true},
		{`sqlite3 -cmd '.mode csv' /tmp/x.db`, ".mode csv", Read, false},
		{`yq . /tmp/x.yaml`, "/tmp/x.yaml", Read, true},
		{`yq e .a /tmp/x.yaml`, "/tmp/x.yaml", Read, true},
		{`yq -f prog /tmp/x`, "/tmp/x", Read, true},
		{`yq .a f.yaml`, ".a", Read, false},
		{`sort -T /tmp f`, "/tmp", Write, true},
		{`sort --temporary-directory=/tmp f`, "/tmp", Write, true},
	} {
		a := Parse(c.src)
		if got := red19orcFile(a, c.path, c.acc); got != c.want {
			t.Errorf("%s: names %s (%v): got %v, want %v; files %+v", c.src, c.path, c.acc, got, c.want, a.Commands)
		}
	}
}

// TestRed19orcHeld: calls no prefix rule approves, and neighbours it does.
func TestRed19orcHeld(t *testing.T) {
	for _, c := range []struct {
		src  string
		held bool
	}{
		{`awk 'BEGIN{system("id")}'`, true},
		{`awk -W i 'BEGIN{system("id")}'`, true},
		{`awk 'BEGIN{"date" | getline d}'`, true},
		{`awk '{print | "sort"}' f`, true},
		{`awk '@load "x"'`, true},
		{`awk -l x 'BEGIN{}'`, true},
		{`awk -E prog.awk`, true},
		{`awk --exec=prog.awk`, true},
		{`awk -W "$W" prog`, true},
		{`openssl engine -t /tmp/x.so`, true},
		{`openssl req -engine /tmp/x.so -new`, true},
		{`openssl list -provider-path /tmp -provider x`, true},
		{`openssl list -provider ./x.so`, true},
		{`openssl req -config /tmp/c.cnf -new`, true},
		{`scp -D /tmp/sftp-server a h:b`, true},
		{`env -S 'ls -l'`, true},
		{`env -C /tmp ls`, true},
		{`env --default-signal=PIPE ls`, true},
		{`awk '{print $1}' f`, false},
		{`awk '$1 || $2' f`, false},
		{`awk -W version`, false},
		{`openssl dgst -sha256 f`, false},
		{`openssl pkcs12 -in a.p12 -provider legacy -nodes`, false},
		{`openssl engine`, false},
		{`env -i -u HOME ls`, false},
		{`env FOO=1 ls`, false},
	} {
		a := Parse(c.src)
		if got := red19orcHeld(a); got != c.held {
			var ps []string
			for _, cm := range a.Commands {
				ps = append(ps, cm.Powers...)
			}
			t.Errorf("%s: held %v, want %v (powers %s, unresolved %v)", c.src, got, c.held, strings.Join(ps, "; "), a.Unresolved)
		}
	}
}

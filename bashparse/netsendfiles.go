package bashparse

import (
	"strings"
	"sync"
)

// Options of network clients that put a file they name into what they
// send, or write a file they name. A prefix rule such as
// Bash(curl https://api.example.com/*) approves arguments, not new powers
// (spec §3): each such file is a read or a write checked like an operand,
// so outside the working directories it asks and under a deny rule it is
// denied. Checked with the real programs against a local HTTP server
// (curl 7.88, wget 1.21, OpenSSH 9.2): curl --data-urlencode k@F and
// --url-query k@F / @F sent F's content in the body and the query string,
// -H @F and --proxy-header @F sent F's lines as headers, --etag-compare F
// sent F's first line as If-None-Match, -w @F printed F; wget
// --warc-file=P wrote P.warc.gz; ssh -E F appended its log to F.

const (
	// readsLeadingAt: the value reads a file only as "@FILE" (curl -H,
	// --proxy-header, -w): anything else is the value itself.
	readsLeadingAt optKind = iota + 100
	// readsNamedAt: the value is "[+][name]@FILE" (reads FILE) or
	// "[+][name]=content" (no file): curl --data-urlencode, --url-query
	// and --variable read the first of '=' and '@' as the separator.
	readsNamedAt
)

// netSendPrograms is the fourth part of the power table: the file options
// of network clients. powerOptions reads it with the others. Safe for
// concurrent use.
var netSendPrograms = sync.OnceValue(func() map[string][]program {
	return map[string][]program{
		"curl": {{opts: []progOpt{
			{[]string{"-H", "--header", "--proxy-header", "-w", "--write-out"}, readsLeadingAt},
			{[]string{"--data-urlencode", "--url-query", "--variable"}, readsNamedAt},
			{[]string{"--etag-compare"}, readsFile}}}},
		"wget": {{opts: []progOpt{{[]string{"--warc-file", "--rejected-log", "--hsts-file"}, writesFile}}}},
		"ssh":  {{opts: []progOpt{{[]string{"-E"}, writesFile}}}},
	}
})

// netSendNeighbours are each program's everyday long options that begin
// like one of netSendPrograms': given in full they are themselves (curl
// --head is not an abbreviation of --header).
var netSendNeighbours = map[string][]string{
	"curl": {"--head", "--data", "--url", "--verbose", "--write"},
	"wget": {"--warc-cdx", "--warc-dedup", "--warc-header", "--warc-max-size", "--warc-tempdir", "--hsts", "--reject"},
}

// netSendLongs lists netSendPrograms' long options with their neighbours,
// as programLongs does for programs. Safe for concurrent use.
var netSendLongs = sync.OnceValue(func() map[string][][]string {
	out := longNames(netSendPrograms())
	for name, lists := range out {
		for i := range lists {
			lists[i] = append(lists[i], netSendNeighbours[name]...)
		}
		out[name] = lists
	}
	return out
})

// sentFile is the file a readsLeadingAt or readsNamedAt value reads, ""
// when it names none ("-" is stdin, not a file).
func sentFile(kind optKind, v string) string {
	var f string
	switch kind {
	case readsLeadingAt:
		f, _ = strings.CutPrefix(v, "@")
		if f == v {
			return ""
		}
	case readsNamedAt:
		v = strings.TrimPrefix(v, "+")
		i := strings.IndexAny(v, "=@")
		if i < 0 || v[i] != '@' {
			return ""
		}
		f = v[i+1:]
		// --variable name@FILE[start-end] reads a byte range of FILE.
		if j := strings.LastIndexByte(f, '['); j > 0 && strings.HasSuffix(f, "]") {
			f = strings.TrimSuffix(f[:j], ";")
		}
	}
	if f == "-" {
		return ""
	}
	return f
}

package bashparse

import (
	"strings"
)

// kubectl reads the files its options name: the manifests of -f and the
// kustomization of -k (kubectl get -f /etc/passwd read it: "unable to
// decode \"/etc/passwd\""), a template file (-o go-template-file=F,
// jsonpath-file=F, custom-columns-file=F, --template F) and the client
// key, certificate and authority of the TLS options. Each is a read of
// that path, checked as cat's operands are: outside the working
// directories it asks and under a Read deny rule it is denied, whatever
// Bash(kubectl get *) approves (spec §3, §6).

// kubectlFileOpts are kubectl's (and oc's) options whose value is a file
// it reads, in pflag spelling.
var kubectlFileOpts = []string{"-f", "--filename", "-k", "--kustomize", "--template", "--client-key",
	"--client-certificate", "--certificate-authority"}

// kubectlFileFormats are the -o/--output formats whose value after "=" is
// a file.
var kubectlFileFormats = []string{"go-template-file=", "jsonpath-file=", "custom-columns-file=", "templatefile="}

// kubectlFileReads returns the files a kubectl command line (args after
// the program's name) reads through its options.
func kubectlFileReads(args []Word) []File {
	var out []File
	for i := 0; i < len(args); i++ {
		w := args[i]
		v := w.Value
		if v == "--" {
			break
		}
		for _, o := range append(kubectlFileOpts, "-o", "--output") {
			val, ok := pflagValue(o, v)
			if !ok {
				continue
			}
			vw := w
			if val == "" && i+1 < len(args) {
				vw = args[i+1]
				val = vw.Value
			}
			if o == "-o" || o == "--output" {
				val = kubectlFormatFile(val)
			}
			if val != "" && val != "-" {
				out = append(out, fileOf(vw, val, Read, "kubectl "+o))
			}
		}
	}
	return out
}

// kubectlFormatFile is the file an output format reads, "" for none.
func kubectlFormatFile(format string) string {
	for _, f := range kubectlFileFormats {
		if rest, ok := strings.CutPrefix(format, f); ok {
			return rest
		}
	}
	return ""
}

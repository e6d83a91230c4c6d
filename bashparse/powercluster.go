package bashparse

import "strings"

// A short power option need not stand alone: getopt reads "-sTFILE",
// "-fsSLo FILE" and "-ao FILE" as a cluster of flags that ends in the
// option, its value attached or in the next word (curl -sT.env uploads
// .env, tar -tvI sh runs sh, tree -ao /x writes /x). powerOptions used to
// match a short name only at the start of a word, so a flag in front hid
// the power from prefix rules and from the file checks.

// nonClustering are programs of the power table whose single-dash words
// are whole option names, not clusters of letters: "-cover" is go's
// -cover, not -c -o ver.
var nonClustering = map[string]bool{"go": true, "gcc": true, "cc": true, "clang": true, "cmake": true,
	"ctest": true, "node": true, "npm": true, "npx": true, "pnpm": true, "yarn": true, "jest": true,
	"vitest": true, "mvn": true, "mvnw": true, "gradle": true, "gradlew": true, "terraform": true, "tsc": true}

// clusterValueLetters are, beyond operandSpecs' argOpts, the short options
// of power-table programs that take a value: in a cluster, what follows
// one of them is its value, not more options. A letter missing here only
// makes a cluster read as more options than it has (a power found where
// there is none: ask), never fewer.
var clusterValueLetters = map[string]string{
	"curl":  "AbcCdDeEFHKmoPQrtTuUwxXyYz",
	"wget":  "aABDeiIlnoOPQRtTUwX",
	"tar":   "bCfFgHIKLNTVX",
	"ssh":   "bBcDeEFiIJlLmoOpQRSwW",
	"scp":   "cDFiJloPS",
	"rsync": "BeTfM",
	"less":  "bhjkoOpPtTxyz",
	"man":   "CHLmMpPrRsSe",
	"time":  "fo",
	"make":  "CfIjlLoOW",
	"zip":   "bnPtxi",
	"fd":    "cdEejSt",
	"jq":    "",
}

// shortInCluster returns the position of short option letter c in the
// cluster word v of program prog ("-abc", "-abcVALUE"), or -1 when v is not
// a cluster, the program does not cluster, or a value-taking option
// earlier in the cluster swallows the letter. Position 1 (the option first,
// "-cVALUE") is the caller's own case.
func shortInCluster(prog, v string, c byte) int {
	if nonClustering[prog] || len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return -1
	}
	takes := clusterValueLetters[prog] + operandSpecs[prog].argOpts
	for k := 1; k < len(v); k++ {
		ch := v[k]
		switch {
		case ch == c && k >= 2:
			return k
		case strings.IndexByte(takes, ch) >= 0:
			return -1
		case !isClusterLetter(ch):
			return -1 // inside a value of an option not known to take one
		}
	}
	return -1
}

func isClusterLetter(ch byte) bool {
	return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}

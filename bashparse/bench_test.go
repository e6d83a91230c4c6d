package bashparse

import (
	"strings"
	"testing"
)

var benchInputs = map[string]string{
	"single":   "git status --short",
	"compound": "cd src && npm run test -- --watch | tee out.log; git diff HEAD~1 > /dev/null || echo failed",
	"bash-c":   `bash -c 'sudo -u root env A=1 timeout 5 sh -c "rm -rf build && make"'`,
	"script2k": strings.Repeat("if [ -f \"$f\" ]; then cat \"$f\" | grep -v '^#' >> out.txt; fi\n", 2048/60),
}

func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"single", "compound", "bash-c", "script2k"} {
		src := benchInputs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = Parse(src)
			}
		})
	}
}

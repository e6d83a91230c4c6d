package bashparse

import "testing"

// red14powersHas reports whether the first command of src carries a power
// or src has an unresolved part: what keeps a prefix rule from approving it.
func red14powersHas(src string) bool {
	a := Parse(src)
	return len(a.Unresolved) > 0 || len(a.Commands) > 0 && len(a.Commands[0].Powers) > 0
}

func TestRed14powersFound(t *testing.T) {
	for _, c := range []struct {
		src   string
		power bool
	}{
		// Go's flag package: --x is -x; go test's -test.X is the binary's -X.
		{`go test --coverprofile=/tmp/c ./...`, true},
		{`go test --o /tmp/x ./...`, true},
		{`go test ./... -test.cpuprofile=/tmp/c`, true},
		{`go test ./... --test.memprofile /tmp/m`, true},
		{`go build -debug-actiongraph=/tmp/g .`, true},
		{`terraform plan --out=/tmp/p`, true},
		{`go test --run=X ./...`, false},
		{`go test -test.run=X ./...`, false},
		{`terraform plan -lock=false`, false},
		// tsc: any case, one dash or two.
		{`tsc -OUTDIR /tmp/o`, true},
		{`tsc --outfile=/tmp/o.js`, true},
		{`tsc -P /tmp/tsconfig.json`, true},
		{`tsc --noEmit -p tsconfig.json`, false},
		// pytest -o keys.
		{`pytest -o addopts=-pevil`, true},
		{`pytest --override-ini pythonpath=/tmp`, true},
		{`pytest -oenv=X=1`, true},
		{`pytest -o log_cli=true`, false},
		{`pytest -o "$KEY"=1`, true},
		// mvn goals: plugin:goal runs the plugin; a phase does not.
		{`mvn test exec:java`, true},
		{`mvn -q verify com.example:evil:1.0:run`, true},
		{`mvn test -pl core:api`, false},
		{`mvn clean verify -DskipTests`, false},
		{`./mvnw test antrun:run`, true},
		// yq load and in-place.
		{`yq '.a = load("/etc/x")' f.yaml`, true},
		{`yq '.a = load_props("x.properties")' f.yaml`, true},
		{`yq -i '.a=1' f.yaml`, true},
		{`yq '.load' f.yaml`, false},
		{`yq '.download' f.yaml`, false},
		// psql meta-commands and COPY PROGRAM.
		{`psql -c '\copy t from program id'`, true},
		{`psql -c '\g |id'`, true},
		{"psql -c '\\set x `id`'", true},
		{`psql -c 'COPY t TO PROGRAM $$id$$'`, true},
		{`psql -c '\ir ../x.sql'`, true},
		{`psql -c '\d+ users'`, false},
		{`psql -c 'select * from programs_table_x where id = 1'`, false},
		// sqlite3 file functions, ATTACH, archive mode.
		{`sqlite3 db "select writefile('x', 'y')"`, true},
		{`sqlite3 db "select edit('x')"`, true},
		{`sqlite3 db "ATTACH 'o.db' AS o"`, true},
		{`sqlite3 -Atf a.sqlar`, true},
		{`sqlite3 db 'select edited from t'`, false},
		// Tables: eslint, jest, docker, kubectl, rsync, tar, node.
		{`eslint --rulesdir=/tmp/r src`, true},
		{`eslint --rulesdir=rules src`, false},
		{`jest --testEnvironment=/tmp/e.js`, true},
		{`jest --testEnvironment=node`, false},
		{`docker build --iidfile=/tmp/i .`, true},
		{`docker buildx build -o /tmp/out .`, true},
		{`docker build -t x .`, false},
		{`kubectl get pods --kubeconfig /tmp/k`, true},
		{`kubectl get pods -o json`, false},
		{`rsync --daemon`, true},
		{`rsync --read-batch=/tmp/b dst/`, true},
		{`tar -tf a.tar --index-file=/tmp/i`, true},
		{`node --heap-prof-dir=/tmp/h app.js`, true},
		{`node --env-file=.env.test app.js`, false},
		// Package managers and build drivers.
		{`pip install --target=/tmp/t x`, true},
		{`pip3 install -r ../other/req.txt`, true},
		{`pip install -r requirements.txt`, false},
		{`cmake -DCMAKE_C_COMPILER=/tmp/cc -B build`, true},
		{`cmake -DCMAKE_BUILD_TYPE=Debug -B build`, false},
		{`bazel test --run_under=valgrind //...`, true},
		{`dotnet build -o:/tmp/o`, true},
		{`pylint --init-hook='import os' src`, true},
		{`rake -e 'system("id")'`, true},
		{`rspec spec`, false},
	} {
		if got := red14powersHas(c.src); got != c.power {
			t.Errorf("%q: power %v, want %v", c.src, got, c.power)
		}
	}
}

func TestRed14powersOptionSpelling(t *testing.T) {
	for _, c := range []struct{ prog, in, want string }{
		{"go", "--coverprofile=x", "-coverprofile=x"},
		{"go", "-test.cpuprofile", "-cpuprofile"},
		{"go", "--test.trace=t", "-trace=t"},
		{"go", "--", "--"},
		{"go", "-test.", "-test."},
		{"terraform", "--out", "-out"},
		{"tsc", "-OUTDIR", "--outdir"},
		{"tsc", "--Project=x", "--project=x"},
		{"tsc", "-P", "-p"},
		{"make", "--file=x", "--file=x"},
		{"curl", "-o", "-o"},
		{"dotnet", "--diag:/tmp/d", "--diag=/tmp/d"},
		{"dotnet", "--logger=trx;x:y", "--logger=trx;x:y"},
	} {
		if got := optionSpelling(c.prog, c.in); got != c.want {
			t.Errorf("optionSpelling(%q, %q) = %q, want %q", c.prog, c.in, got, c.want)
		}
	}
}

package engine

import "testing"

// A prefix rule approves arguments, not new powers (spec §3), round two:
// the options, option values and operands of the build, test, lint and
// database tools a team approves by prefix that load code from a module or
// file they name, read their instructions from a file outside the working
// directories, or write a file they name. Each power form asks under its
// rule (deny under dontAsk); each neighbour stays allowed. How each was
// shown real is said by its case.

// red14powersCase is one allow rule with the calls it must not approve
// (power) and those it still approves (plain).
type red14powersCase struct {
	rule         string
	power, plain []string
}

// red14powersRows expands cases into rows: a power asks (deny under
// dontAsk), a plain call is allowed in both modes.
func red14powersRows(cases ...red14powersCase) []bashModeRow {
	var rows []bashModeRow
	for _, c := range cases {
		s := `{"permissions":{"allow":["Bash(` + c.rule + `)"]}}`
		for _, p := range c.power {
			rows = append(rows, bashModeRow{s, p, "", "ask"}, bashModeRow{s, p, "dontAsk", "deny"})
		}
		for _, p := range c.plain {
			rows = append(rows, bashModeRow{s, p, "", "allow"}, bashModeRow{s, p, "dontAsk", "allow"})
		}
	}
	return rows
}

var red14powersClasses = map[string][]bashModeRow{
	// go 1.26: go test --coverprofile=F wrote F, go test . -test.cpuprofile=F
	// wrote F, --toolexec=PROG ran PROG (Go's flag package reads --x as
	// -x; go test hands -test.X to the test binary); go build
	// -debug-actiongraph=F and go test -debug-trace=F wrote F.
	"p14-1 go reads --flag as -flag and passes -test.X to the test binary": red14powersRows(
		red14powersCase{"go test *", []string{
			`go test --coverprofile=/tmp/c ./...`, `go test --toolexec=/tmp/x ./...`, `go test --o /tmp/x.test ./...`,
			`go test --exec=/tmp/x ./...`, `go test ./... -test.cpuprofile=/tmp/c`,
			`go test ./... --test.outputdir=/tmp/o -test.trace=t`, `go test -run X ./... -args -test.testlogfile=/tmp/l`,
			`go test -C /tmp ./...`, `go test -debug-trace=/tmp/t ./...`,
		}, []string{`go test -run X ./...`, `go test -json -shuffle=on ./...`, `go test --run=X -count=1 ./...`,
			`go test -cover -covermode=atomic ./...`}},
		red14powersCase{"go build *", []string{`go build -debug-actiongraph=/tmp/g ./...`, `go build --o=/tmp/bin .`,
			`go build -debug-runtime-trace=/tmp/t .`},
			[]string{`go build ./...`, `go build -tags=integration -v ./...`}},
		// cargo 1.95: cargo test -- --logfile F created F (the test
		// harness's own option, past cargo's "--").
		red14powersCase{"cargo test *", []string{`cargo test -- --logfile /tmp/x`, `cargo test --lib -- --logfile=/tmp/x`},
			[]string{`cargo test --lib -- --nocapture --test-threads=1`, `cargo test --release`}},
		red14powersCase{"terraform plan *", []string{`terraform plan -out=/tmp/p`, `terraform plan --out /tmp/p`,
			`terraform plan -generate-config-out=/tmp/g.tf`},
			[]string{`terraform plan -var x=1 -lock=false`, `terraform plan`}},
	),
	// pytest's own suite runs --override-ini pythonpath=src (imports from
	// there); -o addopts and plugin keys load modules; --pdbcls imports
	// one; --log-file writes (pytest --help, docs).
	"p14-2 pytest -o keys and plugin options load code or write files": red14powersRows(
		red14powersCase{"pytest *", []string{
			`pytest -o addopts=-pevil`, `pytest --override-ini=pythonpath=/tmp`, `pytest -oDJANGO_SETTINGS_MODULE=evil.settings`,
			`pytest -o 'env=LD_PRELOAD=/tmp/x.so'`, `pytest --pdbcls=evil:Dbg --pdb`, `pytest --log-file=/tmp/l`,
			`pytest --cov-config=/tmp/covrc`, `pytest --cov=src --cov-report=html:/tmp/x`, `pytest --cov-report xml:/tmp/c.xml`,
		}, []string{`pytest -k name -x`, `pytest -o log_cli=true -q`, `pytest --override-ini=xfail_strict=True tests`,
			`pytest --cov=src --cov-report=term-missing:skip-covered`}},
		red14powersCase{"python -m pytest *", []string{`python -m pytest -o addopts=-pevil`, `python -m pytest --pdbcls=x:Y`},
			[]string{`python -m pytest -k name`}},
	),
	// jest, eslint, prettier and tsc load these options' values as
	// JavaScript modules, read a project file, or write the named file
	// (each tool's CLI reference; tsc reads options in any case, with one
	// dash or two).
	"p14-3 jest, eslint, prettier and tsc load modules and write files they name": red14powersRows(
		red14powersCase{"npx jest *", []string{
			`npx jest --setupFilesAfterEnv /tmp/x.js`, `npx jest --testEnvironment=/tmp/env.js`, `npx jest --roots /tmp`,
			`npx jest --resolver ../outside/r.js`, `npx jest --globalTeardown=/tmp/t.js`, `npx jest --cacheDirectory /tmp/c`,
			`npx jest --testResultsProcessor /tmp/p.js`, `npx jest --watchPlugins=/tmp/w.js`,
		}, []string{`npx jest --testNamePattern foo`, `npx jest --testEnvironment jsdom`, `npx jest --watchAll=false --ci`}},
		red14powersCase{"eslint *", []string{
			`eslint --rulesdir /tmp/rules src`, `eslint -c /tmp/eslint.config.js src`, `eslint -f /tmp/fmt.js src`,
			`eslint -o /tmp/report.txt src`, `eslint --resolve-plugins-relative-to /tmp src`,
		}, []string{`eslint -f json src`, `eslint --max-warnings 0 src`, `eslint src`}},
		red14powersCase{"prettier *", []string{`prettier --plugin=/tmp/p.js --check .`, `prettier --config /tmp/c.js --check .`},
			[]string{`prettier --check .`}},
		red14powersCase{"tsc *", []string{
			`tsc --outDir /tmp/o`, `tsc -OUTDIR /tmp/o`, `tsc --OutFile /tmp/o.js`, `tsc -outDir /tmp/o`,
			`tsc --project /tmp/tsconfig.json`, `tsc -b /tmp/proj`, `tsc --generateTrace /tmp/t`,
		}, []string{`tsc --noEmit -p tsconfig.json`, `tsc --noEmit`}},
	),
	// mvn runs any plugin:goal operand's code (exec:exec runs
	// -Dexec.executable); settings, POM and local repository elsewhere
	// are instructions; maven.ext.class.path loads jars; gradle init
	// scripts run (mvn --help, gradle --help, Maven and Gradle docs).
	"p14-4 mvn plugin goals, settings and extension jars; gradle init scripts": red14powersRows(
		red14powersCase{"mvn test *", []string{
			`mvn test exec:exec -Dexec.executable=id`, `mvn test org.codehaus.mojo:exec-maven-plugin:3.1.0:exec`,
			`mvn test -q antrun:run`, `mvn test -s /tmp/settings.xml`, `mvn test -Dmaven.ext.class.path=/tmp/x.jar`,
			`mvn test -Dmaven.repo.local=/tmp/repo`, `mvn test --log-file /tmp/log`, `mvn test -f /tmp/pom.xml`,
		}, []string{`mvn test -Dtest=X`, `mvn test -pl core -am`, `mvn test -Dsurefire.failIfNoSpecifiedTests=false`}},
		red14powersCase{"gradle test *", []string{`gradle test -I /tmp/i.gradle`, `gradle test --init-script=/tmp/i.gradle`,
			`gradle test -Dorg.gradle.java.home=/tmp/j`, `gradle test -p /tmp`, `gradle test -g /tmp/home`},
			[]string{`gradle test --tests X --offline`}},
		red14powersCase{"./gradlew test *", []string{`./gradlew test -I /tmp/i.gradle`}, []string{`./gradlew test --tests X`}},
	),
	// docker build -o/--output, --iidfile write; -f reads a Dockerfile
	// elsewhere; --secret hands a local file to the build; compose and env
	// files elsewhere say what runs; a kubeconfig names credential plugins
	// kubectl runs (users[].exec); --log-file writes (each --help).
	"p14-5 docker build and compose, kubectl: files elsewhere and files written": red14powersRows(
		red14powersCase{"docker build *", []string{
			`docker build -o /tmp/out .`, `docker build --output type=local,dest=/tmp/out .`, `docker build -f /tmp/Dockerfile .`,
			`docker build --iidfile /tmp/i .`, `docker build --secret id=x,src=/etc/shadow .`,
		}, []string{`docker build -t app .`, `docker build --no-cache -t app:1 .`, `docker build -f Dockerfile.dev .`}},
		red14powersCase{"docker compose *", []string{`docker compose -f /tmp/c.yml up`, `docker compose --env-file /tmp/e up`,
			`docker compose config -o /tmp/o`}, []string{`docker compose ps`}},
		red14powersCase{"kubectl get *", []string{`kubectl get pods --kubeconfig=/tmp/k`, `kubectl get pods --log-file=/tmp/l`,
			`kubectl get pods --cache-dir /tmp/c`}, []string{`kubectl get pods -n kube-system -o wide`}},
	),
	// rsync 3.2: --daemon --config=F started a server on a port and ran
	// F's "early exec" command on the first connection; --read-batch=F
	// replayed F's changes into dst/. GNU tar 1.34: -tf --index-file=F and
	// --volno-file=F wrote F. node 20: --redirect-warnings=F wrote F,
	// --cpu-prof-dir=D wrote a profile into D.
	"p14-6 rsync daemon and batch replay, tar listings that write, node diagnostics": red14powersRows(
		red14powersCase{"rsync *", []string{`rsync --daemon --config=/tmp/rsyncd.conf`, `rsync --daemon`,
			`rsync --read-batch=/tmp/batch dst/`, `rsync --dparam=pidfile=/tmp/p --daemon`}, []string{`rsync --version`}},
		red14powersCase{"tar *", []string{`tar -tf a.tar --index-file=/tmp/idx`, `tar -tvf a.tar --volno-file=/tmp/v`,
			`tar -tf h:a.tar --rmt-command=/tmp/x`}, []string{`tar -tvf a.tar`}},
		red14powersCase{"node *", []string{`node --redirect-warnings=/tmp/w app.js`, `node --cpu-prof --cpu-prof-dir=/tmp/p app.js`,
			`node --openssl-config=/tmp/o.cnf app.js`, `node --snapshot-blob /tmp/s.blob app.js`, `node --diagnostic-dir=/tmp app.js`},
			[]string{`node --stack-size=1000 app.js`, `node app.js`}},
	),
	// psql(1): backquoted meta-command arguments run in a shell; \copy …
	// program 'cmd' and \g |cmd run cmd; \o, \w write, \i reads commands;
	// COPY … PROGRAM runs on the server; -o and -L write. sqlite3 3.40:
	// writefile('F', …) wrote F, ATTACH '/tmp/o.db' created it, -A -cf F
	// wrote an archive, load_extension('F') opened F.
	"p14-7 psql and mysql client commands, COPY PROGRAM, sqlite3 file functions": red14powersRows(
		red14powersCase{"psql *", []string{
			`psql -c '\copy t to program id'`, `psql -c 'select 1 \g |id'`, `psql -c '\o /tmp/o'`, `psql -c '\i /tmp/x.sql'`,
			`psql -c '\setenv PAGER id'`, "psql -c '\\echo `id`'", `psql -c "copy t to program 'id'"`,
			`psql --command='\w /tmp/o'`, `psql -o /tmp/o -c 'select 1'`, `psql -L /tmp/log -c 'select 1'`,
		}, []string{`psql -c 'select 1'`, `psql -c '\dt'`, `psql -v ON_ERROR_STOP=1 -c 'select count(*) from t'`}},
		red14powersCase{"sqlite3 *", []string{
			`sqlite3 db "select writefile('/tmp/o','x')"`, `sqlite3 db "SELECT WriteFile('/tmp/o', 'x')"`,
			`sqlite3 db "attach database '/tmp/o.db' as o"`, `sqlite3 -A -cf /tmp/a.sqlar x`, `sqlite3 -Acf /tmp/a.sqlar x`,
			`sqlite3 db 'select load_extension ("/tmp/x")'`, `sqlite3 db "select readfile('/etc/shadow')"`,
		}, []string{`sqlite3 db 'select * from attachments'`, `sqlite3 -json db 'select name from t'`}},
		// mysql(1): --pager and pager/\P run a program, --tee and tee/\T
		// write, source/\. read commands, --plugin-dir loads client plugins,
		// an option file sets all of them; LOAD DATA LOCAL INFILE sends a
		// local file to the server.
		red14powersCase{"mysql *", []string{
			`mysql --pager=/tmp/x -e 'select 1'`, `mysql --tee=/tmp/o -e 'select 1'`, `mysql --plugin-dir=/tmp -e 'select 1'`,
			`mysql --defaults-extra-file=/tmp/c -e 'select 1'`, `mysql -e 'source /tmp/x.sql'`, `mysql -e 'select 1; pager id'`,
			`mysql -e '\P id'`, `mysql -e '\T /tmp/o'`, `mysql --execute="load data local infile '/etc/shadow' into table t"`,
		}, []string{`mysql -e 'select 1'`, `mysql -e 'select * from source_table'`, `mysql -D db -e 'select name from teeth'`}},
	),
	// yq (mikefarah's): load("F") and its kin read F into the document,
	// -i rewrites the operands, --from-file reads the expression
	// (yq docs); the jq-wrapper yq takes -yi for in-place.
	"p14-8 yq expressions that load files, in-place rewrites": red14powersRows(
		red14powersCase{"yq *", []string{`yq '.a = load("/etc/shadow")' f.yaml`, `yq -yi '.a=1' /tmp/f.yaml`,
			`yq --inplace '.a=1' f.yaml`, `yq '"/etc/shadow" | load_str' f.yaml`, `yq --from-file /tmp/x.yq f.yaml`},
			[]string{`yq '.load' f.yaml`, `yq '.a' f.yaml`}},
	),
	// Python, Ruby and JavaScript linters and runners (each tool's
	// documented CLI): pylint --init-hook runs Python and --load-plugins
	// imports; mypy, flake8 and coverage configurations name plugins;
	// pre-commit and tox configurations list commands; mocha, playwright,
	// webpack, vite, tsx and ts-node load modules they are given; rspec
	// and rake load Ruby files, rake -e runs Ruby; each writes its -o.
	"p14-9 Python, Ruby and JavaScript linters and runners load what they are given": red14powersRows(
		red14powersCase{"pylint *", []string{`pylint --init-hook='import os; os.system("id")' src`, `pylint --load-plugins=evil src`,
			`pylint --rcfile=/tmp/r src`, `pylint --output=/tmp/o src`}, []string{`pylint --disable=C0114 src`, `pylint src`}},
		red14powersCase{"mypy *", []string{`mypy --config-file /tmp/m.ini src`, `mypy --python-executable=/tmp/py src`,
			`mypy --html-report /tmp/h src`}, []string{`mypy --strict src`}},
		red14powersCase{"ruff *", []string{`ruff check --config /tmp/r.toml src`, `ruff check --output-file=/tmp/o src`},
			[]string{`ruff check --select E src`}},
		red14powersCase{"flake8 *", []string{`flake8 --append-config=/tmp/c src`, `flake8 --output-file=/tmp/o src`},
			[]string{`flake8 --max-line-length=100 src`}},
		red14powersCase{"pre-commit run *", []string{`pre-commit run --config /tmp/p.yaml --all-files`, `pre-commit run -c /tmp/p.yaml`},
			[]string{`pre-commit run --all-files --show-diff-on-failure`}},
		red14powersCase{"tox *", []string{`tox -c /tmp/tox.ini`}, []string{`tox -e py311`}},
		red14powersCase{"coverage html *", []string{`coverage html -d /tmp/h`, `coverage html --rcfile=/tmp/r`}, []string{`coverage html`}},
		red14powersCase{"npx mocha *", []string{`npx mocha --require /tmp/x.js`, `npx mocha -r /tmp/x.js`, `npx mocha --config /tmp/m.json`,
			`npx mocha --reporter /tmp/r.js`, `npx mocha --node-option require=/tmp/x.js`},
			[]string{`npx mocha --reporter spec`, `npx mocha -r ts-node/register test/`}},
		red14powersCase{"npx playwright test *", []string{`npx playwright test --config=/tmp/p.ts`, `npx playwright test --output=/tmp/o`},
			[]string{`npx playwright test --project=chromium`}},
		red14powersCase{"npx webpack *", []string{`npx webpack --config /tmp/w.js`, `npx webpack --output-path /tmp/o`},
			[]string{`npx webpack --mode production`}},
		red14powersCase{"npx tsx *", []string{`npx tsx --import /tmp/x.mjs app.ts`}, []string{`npx tsx app.ts`}},
		red14powersCase{"rspec *", []string{`rspec -r /tmp/x.rb`, `rspec --out /tmp/out`, `rspec -I /tmp`},
			[]string{`rspec spec/x_spec.rb`}},
		red14powersCase{"rake *", []string{`rake -e 'system("id")'`, `rake -f /tmp/Rakefile`, `rake --rakelibdir=/tmp`},
			[]string{`rake test`, `rake -rjson test`}},
	),
	// Package managers and build drivers (pip, poetry, bundle, dotnet,
	// bazel, cmake: each one's --help and manual): a requirements file, a
	// Gemfile or a project elsewhere is instructions; --target, -o and
	// the event logs write; bazel --run_under and a cmake compiler
	// variable run the program they name.
	"p14-10 package managers and build drivers: instructions elsewhere, programs named, files written": red14powersRows(
		red14powersCase{"pip install *", []string{`pip install -r /tmp/req.txt`, `pip install --target /tmp/t x`,
			`pip install -t/tmp/t x`, `pip install --prefix=/tmp/p x`, `pip install -e /tmp/pkg`, `pip install --report /tmp/r x`},
			[]string{`pip install -r requirements.txt`, `pip install requests`, `pip install -e .`}},
		red14powersCase{"poetry install *", []string{`poetry install -C /tmp`, `poetry install --directory=/tmp/p`},
			[]string{`poetry install --with dev`}},
		red14powersCase{"bundle install *", []string{`bundle install --gemfile /tmp/Gemfile`}, []string{`bundle install`}},
		red14powersCase{"dotnet test *", []string{`dotnet test -o /tmp/o`, `dotnet test --settings /tmp/s.runsettings`,
			`dotnet test --diag:/tmp/d.log`}, []string{`dotnet test --filter X`}},
		red14powersCase{"bazel test *", []string{`bazel test --run_under=/tmp/x //...`, `bazel test --override_repository=x=/tmp/x //...`,
			`bazel test --build_event_json_file=/tmp/e //...`}, []string{`bazel test //... --test_output=errors`}},
		red14powersCase{"cmake *", []string{`cmake -DCMAKE_C_COMPILER=/tmp/cc -B build`,
			`cmake -D CMAKE_CXX_COMPILER_LAUNCHER=/tmp/x -B build`, `cmake -DCMAKE_MAKE_PROGRAM:FILEPATH=/tmp/m -B build`},
			[]string{`cmake -DCMAKE_BUILD_TYPE=Release -B build`, `cmake --build build`}},
	),
	// Cloud and deployment CLIs (each one's --help): helm runs its
	// --post-renderer and a kubeconfig's credential plugins; gh sends the
	// files it reads to GitHub; gcloud reads its flags from a file;
	// ansible-playbook runs an executable inventory or vault password file.
	"p14-11 helm, gh, gcloud and ansible-playbook: programs named, files read and sent": red14powersRows(
		red14powersCase{"helm template *", []string{`helm template x ./chart --post-renderer /tmp/x`,
			`helm template x ./chart --output-dir /tmp/o`, `helm template x ./chart --kubeconfig=/tmp/k`,
			`helm template x ./chart -f /tmp/v.yaml`}, []string{`helm template x ./chart`, `helm template x ./chart -f values.yaml`}},
		red14powersCase{"gh api *", []string{`gh api repos/x/y --input /etc/shadow`, `gh api repos/x/y -F body=@/etc/shadow`},
			[]string{`gh api repos/x/y -F state=open`}},
		red14powersCase{"gh pr create *", []string{`gh pr create --body-file /etc/shadow`, `gh pr create -F /tmp/b`},
			[]string{`gh pr create --title x --body y`}},
		red14powersCase{"gcloud config list *", []string{`gcloud config list --flags-file=/tmp/f`}, []string{`gcloud config list`}},
		red14powersCase{"ansible-playbook *", []string{`ansible-playbook site.yml -i /tmp/inv`,
			`ansible-playbook site.yml --vault-password-file /tmp/x`, `ansible-playbook site.yml -e @/tmp/vars.yml`},
			[]string{`ansible-playbook site.yml -i inventory.ini -e env=prod`}},
		// man-db 2.11: man -C F ls ran the programs F's DEFINE lines name.
		red14powersCase{"man *", []string{`man -C /tmp/mc ls`, `man --config-file=/tmp/mc ls`, `man -aC /tmp/mc ls`},
			[]string{`man ls`, `man 5 crontab`}},
	),
}

func TestRed14powersPrefixPowers(t *testing.T) {
	checkBashRows(t, map[string]string{"<cwd>/f.yaml": "a: 1\n", "<cwd>/app.js": "1\n", "<cwd>/a.tar": "x"}, red14powersClasses)
}

package bashparse

import (
	"strings"
	"sync"
)

// The build, test and lint tools a team approves by prefix (Bash(npx jest
// *), Bash(mvn test *), Bash(docker build *), Bash(kubectl get *)) have
// options that load code from a module or file they name, read their
// instructions from a file elsewhere, or write a file they name: each is a
// power no prefix rule approves (spec §3), and each makes a read-only
// command not read-only. morePrograms extends the programs table with them;
// powerOptions reads both.

// morePrograms is the second part of the power table, built on first use.
// Safe for concurrent use.
var morePrograms = sync.OnceValue(func() map[string][]program {
	// docker build and buildx build: -o/--output, --iidfile and
	// --metadata-file write, -f reads the Dockerfile, --secret hands a
	// local file to the build, --allow grants privileged steps.
	dockerBuild := []progOpt{{[]string{"-o", "--output", "--iidfile", "--metadata-file", "--cache-to"}, writesFile},
		{[]string{"-f", "--file"}, readsScript}, {[]string{"--secret", "--allow"}, namesProgram}}
	// mvn: a settings, toolchains or POM file elsewhere is instructions;
	// maven.ext.class.path loads extension jars; a local repository
	// elsewhere supplies the plugins that run.
	mvn := []program{{opts: []progOpt{{[]string{"-s", "--settings", "-gs", "--global-settings", "-t", "--toolchains",
		"-f", "--file", "-Dmaven.repo.local"}, readsScript}, {[]string{"-l", "--log-file"}, writesFile},
		{[]string{"-Dmaven.ext.class.path"}, namesProgram}}}}
	// gradle: init scripts, build and settings files, the project and
	// user-home directories (init.d scripts, gradle.properties) elsewhere
	// are instructions; org.gradle.java.home names the JVM that runs.
	gradle := []program{{opts: []progOpt{{[]string{"-I", "--init-script", "-b", "--build-file", "-c", "--settings-file",
		"-p", "--project-dir", "-g", "--gradle-user-home", "--include-build"}, readsScript},
		{[]string{"--project-cache-dir"}, writesFile}, {[]string{"-Dorg.gradle.java.home"}, namesProgram}}}}
	// eslint loads configuration, rules, plugins, parsers and formatters
	// as JavaScript modules.
	eslint := []program{{opts: []progOpt{{[]string{"-c", "--config", "--rulesdir", "--plugin", "--resolve-plugins-relative-to",
		"-f", "--format", "--parser"}, readsScript}, {[]string{"-o", "--output-file", "--cache-location"}, writesFile},
		{[]string{"--ignore-path"}, readsFile}}}}
	prettier := []program{{opts: []progOpt{{[]string{"--plugin", "--config", "--plugin-search-dir"}, readsScript},
		{[]string{"--cache-location"}, writesFile}, {[]string{"--ignore-path"}, readsFile}}}}
	// tsc: option names are case-insensitive, with one dash or two
	// (optionSpelling lowers them): the table spells them in lower case.
	tsc := []program{{opts: []progOpt{{[]string{"-p", "--project", "-b", "--build"}, readsScript},
		{[]string{"--outfile", "--out", "--outdir", "--declarationdir", "--tsbuildinfofile", "--generatetrace",
			"--generatecpuprofile"}, writesFile}}}}
	// yq (mikefarah's and the jq wrapper): an expression or module file
	// elsewhere, files it reads into the document, files it splits into.
	yq := []program{{opts: []progOpt{{[]string{"--from-file", "-f", "-L"}, readsScript},
		{[]string{"--rawfile", "--slurpfile"}, readsFile}, {[]string{"-s", "--split-exp", "--split-exp-file"}, namesProgram}}}}
	mysql := []program{{opts: []progOpt{{[]string{"--pager"}, runsScript}, {[]string{"--tee"}, writesFile},
		{[]string{"--plugin-dir", "--defaults-file", "--defaults-extra-file"}, readsScript}}}}
	pipInstall := []program{{sub: "install", opts: []progOpt{{[]string{"-r", "--requirement", "-e", "--editable"}, readsScript},
		{[]string{"-t", "--target", "--prefix", "--root", "--log", "--report", "--src"}, writesFile},
		{[]string{"-c", "--constraint"}, readsFile}}}}
	return map[string][]program{
		// go test passes -test.X to the test binary (optionSpelling reads it
		// as -X); -debug-* write traces; -C runs in another directory.
		"go": {{opts: []progOpt{{[]string{"-debug-actiongraph", "-debug-trace", "-debug-runtime-trace", "-testlogfile",
			"-gocoverdir", "-fuzzcachedir"}, writesFile}, {[]string{"-C"}, readsScript}}}},
		// pytest: --pdbcls imports a module; the files its plugins write;
		// a coverage configuration elsewhere names coverage plugins.
		"pytest": {{opts: []progOpt{{[]string{"--pdbcls"}, namesProgram}, {[]string{"--cov-config"}, readsScript},
			{[]string{"--log-file", "--report-log", "--html", "--json-report-file", "--alluredir", "--junit-xml"}, writesFile}}}},
		// jest loads every one of these as a module or a directory of
		// tests: inside the working directories it is the project's own.
		"jest": {{opts: []progOpt{{[]string{"--setupFilesAfterEnv", "--globalTeardown", "--testEnvironment", "--env",
			"--resolver", "--testSequencer", "--testResultsProcessor", "--watchPlugins", "--snapshotResolver", "--prettierPath",
			"--preset", "--runner", "--filter", "--rootDir", "--roots", "--projects", "--modulePaths", "--moduleDirectories",
			"--moduleNameMapper", "--dependencyExtractor"}, readsScript}, {[]string{"--cacheDirectory"}, writesFile}}}},
		// node writes diagnostics where told; an OpenSSL configuration
		// loads engines and providers (shared objects); a snapshot or a
		// configuration file elsewhere is code; --env-file reads secrets.
		"node": {{opts: []progOpt{{[]string{"--redirect-warnings", "--cpu-prof-dir", "--heap-prof-dir", "--diagnostic-dir",
			"--report-directory", "--report-dir"}, writesFile}, {[]string{"--openssl-config"}, namesProgram},
			{[]string{"--snapshot-blob", "--experimental-config-file"}, readsScript},
			{[]string{"--env-file", "--env-file-if-exists"}, readsFile}}}},
		// tar writes --index-file (its verbose listing) and --volno-file
		// even when it only lists; --rmt-command runs a program.
		"tar": {{opts: []progOpt{{[]string{"--index-file", "--volno-file"}, writesFile}, {[]string{"--rmt-command"}, runsScript}}}},
		// rsync --daemon starts a network server whose configuration runs
		// programs (early exec, pre-xfer exec); --read-batch replays
		// recorded changes.
		"rsync": {{opts: []progOpt{{[]string{"--daemon", "--dparam", "-M"}, namesProgram},
			{[]string{"--config", "--read-batch"}, readsScript}}}},
		"eslint":   eslint,
		"prettier": prettier,
		"tsc":      tsc,
		"yq":       yq,
		"docker": {{sub: "build", opts: dockerBuild}, {sub: "buildx", opts: dockerBuild},
			// docker compose: compose and env files elsewhere define what
			// runs; config -o writes.
			{sub: "compose", opts: []progOpt{{[]string{"-f", "--file", "--env-file", "--project-directory"}, readsScript},
				{[]string{"-o", "--output"}, writesFile}}}},
		// kubectl: a kubeconfig names credential plugins (users[].exec)
		// that kubectl runs; template files elsewhere are read; the cache,
		// log and profile files are written.
		"kubectl": {{opts: []progOpt{{[]string{"--kubeconfig"}, readsScript},
			{[]string{"--cache-dir", "--log-file", "--profile-output"}, writesFile}}}},
		// terraform (Go flags: optionSpelling reads --out as -out).
		"terraform": {{opts: []progOpt{{[]string{"-out", "-state-out", "-backup", "-generate-config-out"}, writesFile},
			{[]string{"-var-file", "-backend-config", "-state"}, readsFile}, {[]string{"-plugin-dir"}, namesProgram}}}},
		"mvn":     mvn,
		"mvnw":    mvn,
		"gradle":  gradle,
		"gradlew": gradle,
		// pylint runs --init-hook as Python and imports --load-plugins; an
		// rcfile carries both. mypy imports the plugins its configuration
		// names and runs --python-executable; its reports are written.
		"pylint": {{opts: []progOpt{{[]string{"--init-hook", "--load-plugins"}, namesProgram},
			{[]string{"--rcfile"}, readsScript}, {[]string{"--output"}, writesFile}}}},
		"mypy": {{opts: []progOpt{{[]string{"--config-file"}, readsScript}, {[]string{"--python-executable"}, namesProgram},
			{[]string{"--cache-dir", "--html-report", "--xml-report", "--txt-report", "--linecount-report",
				"--linecoverage-report", "--lineprecision-report", "--any-exprs-report", "--cobertura-xml-report",
				"--junit-xml"}, writesFile}}}},
		// ruff, black and flake8 (whose local-plugins section loads code)
		// read a configuration elsewhere and write the named output.
		"ruff":   {{opts: []progOpt{{[]string{"--config"}, readsScript}, {[]string{"-o", "--output-file", "--cache-dir"}, writesFile}}}},
		"black":  {{opts: []progOpt{{[]string{"--config"}, readsScript}}}},
		"flake8": {{opts: []progOpt{{[]string{"--config", "--append-config"}, readsScript}, {[]string{"--output-file"}, writesFile}}}},
		// pre-commit and tox run the commands their configuration lists.
		"pre-commit": {{opts: []progOpt{{[]string{"-c", "--config"}, readsScript}}}},
		"tox":        {{opts: []progOpt{{[]string{"-c", "--conf"}, readsScript}, {[]string{"--workdir"}, writesFile}}}},
		// coverage's rcfile names plugins; its reports go where told.
		"coverage": {{opts: []progOpt{{[]string{"--rcfile"}, readsScript}, {[]string{"--data-file"}, writesFile}}},
			{sub: "html", opts: []progOpt{{[]string{"-d", "--directory"}, writesFile}}},
			{sub: "xml", opts: []progOpt{{[]string{"-o"}, writesFile}}}, {sub: "json", opts: []progOpt{{[]string{"-o"}, writesFile}}},
			{sub: "lcov", opts: []progOpt{{[]string{"-o"}, writesFile}}}},
		// mocha, vitest, playwright, webpack, vite and tsx load these as
		// modules (a path elsewhere is code from elsewhere) or write there.
		"mocha": {{opts: []progOpt{{[]string{"-r", "--require", "--config", "--reporter", "-R", "--file", "--ui", "-u",
			"--package"}, readsScript}, {[]string{"-n", "--node-option"}, namesProgram}}}},
		"vitest": {{opts: []progOpt{{[]string{"--setupFiles", "--environment", "--workspace", "--project"}, readsScript}}}},
		"playwright": {{sub: "test", opts: []progOpt{{[]string{"-c", "--config", "--reporter"}, readsScript},
			{[]string{"--output"}, writesFile}}}},
		"webpack": {{opts: []progOpt{{[]string{"-c", "--config"}, readsScript}, {[]string{"-o", "--output-path"}, writesFile}}}},
		"vite":    {{opts: []progOpt{{[]string{"-c", "--config"}, readsScript}, {[]string{"--outDir"}, writesFile}}}},
		"tsx":     {{opts: []progOpt{{[]string{"--import", "-r", "--require", "--tsconfig"}, readsScript}}}},
		"ts-node": {{opts: []progOpt{{[]string{"-r", "--require", "-P", "--project", "--compiler"}, readsScript}}}},
		// rspec and rake load Ruby files and directories; rake -e runs Ruby.
		"rspec": {{opts: []progOpt{{[]string{"-r", "--require", "-I", "--options", "--default-path"}, readsScript},
			{[]string{"-o", "--out"}, writesFile}}}},
		"rake": {{opts: []progOpt{{[]string{"-f", "--rakefile", "-r", "--require", "-I", "--libdir", "-R", "--rakelibdir"}, readsScript},
			{[]string{"-e", "--execute", "-p", "--execute-print", "-E", "--execute-continue"}, namesProgram}}}},
		// pip install: a requirements file elsewhere is instructions (it
		// names packages, indexes and more -r files); --target, --prefix,
		// --root, --log and --report write where told; -e installs (and
		// runs the build of) a tree elsewhere.
		"pip":  pipInstall,
		"pip3": pipInstall,
		// poetry -C/--directory and -P/--project run elsewhere; bundle
		// evaluates the Gemfile it is given as Ruby.
		"poetry": {{opts: []progOpt{{[]string{"-C", "--directory", "-P", "--project"}, readsScript}}}},
		"bundle": {{opts: []progOpt{{[]string{"--gemfile"}, readsScript}}}},
		// dotnet: -o/--output and --diag write; a runsettings file names
		// data collectors (code) that run with the tests.
		"dotnet": {{opts: []progOpt{{[]string{"-o", "--output", "--diag", "--results-directory"}, writesFile},
			{[]string{"-s", "--settings"}, readsScript}}}},
		// bazel: --run_under runs a program around each test; a repository
		// or module override takes code from elsewhere; event and
		// execution logs are written.
		"bazel": {{opts: []progOpt{{[]string{"--run_under", "--override_repository", "--override_module"}, namesProgram},
			{[]string{"--build_event_json_file", "--build_event_text_file", "--build_event_binary_file",
				"--execution_log_json_file", "--execution_log_binary_file", "--profile", "--script_path"}, writesFile}}}},
		// helm runs --post-renderer on what it renders; a kubeconfig names
		// credential plugins; --output-dir writes.
		"helm": {{opts: []progOpt{{[]string{"--post-renderer"}, namesProgram}, {[]string{"--kubeconfig"}, readsScript},
			{[]string{"--output-dir"}, writesFile}, {[]string{"-f", "--values"}, readsFile}}}},
		// gh sends the files it reads to GitHub: api --input F, -F k=@F,
		// pr/issue --body-file F, release --notes-file F.
		"gh": {{sub: "api", opts: []progOpt{{[]string{"--input"}, readsFile}, {[]string{"-F", "--field"}, readsAtFile}}},
			{sub: "pr", opts: []progOpt{{[]string{"-F", "--body-file"}, readsFile}}},
			{sub: "issue", opts: []progOpt{{[]string{"-F", "--body-file"}, readsFile}}},
			{sub: "release", opts: []progOpt{{[]string{"-F", "--notes-file"}, readsFile}}}},
		// gcloud reads flags from a YAML file.
		"gcloud": {{opts: []progOpt{{[]string{"--flags-file"}, readsScript}}}},
		// ansible-playbook runs an executable inventory or vault password
		// file; -e @F reads variables from F.
		"ansible-playbook": {{opts: []progOpt{{[]string{"-i", "--inventory", "--vault-password-file", "--vault-pass-file",
			"--vault-id"}, readsScript}, {[]string{"-e", "--extra-vars"}, readsAtFile}, {[]string{"--private-key", "--key-file"}, readsFile}}}},
		// man-db 2.11: man -C F ls ran the programs F's DEFINE lines name
		// (tbl, col, nroff) with stdout not a terminal.
		"man": {{opts: []progOpt{{[]string{"-C", "--config-file"}, readsScript}}}},
		// mysql runs its --pager, writes its --tee, loads client plugins
		// from --plugin-dir and reads option files that set both.
		"mysql":   mysql,
		"mariadb": mysql,
		// psql writes its query output and its session log.
		"psql": {{opts: []progOpt{{[]string{"-o", "--output", "-L", "--log-file"}, writesFile}}}},
	}
})

// moreProgramLongs lists morePrograms' long options, as programLongs does
// for programs. Safe for concurrent use.
var moreProgramLongs = sync.OnceValue(func() map[string][][]string { return longNames(morePrograms()) })

// goFlagPrograms parse their options with Go's flag package, which reads
// "--name" as "-name"; openssl's own parser does the same.
var goFlagPrograms = map[string]bool{"go": true, "terraform": true, "openssl": true}

// optionSpelling is option word v as program prog's parser reads it: Go's
// flag package takes "--o" for "-o" (go test --coverprofile=F writes F);
// go test passes "-test.X" to the test binary, which reads it as its -X;
// tsc takes any option with one dash or two, in any case ("-OUTDIR");
// dotnet takes "--diag:F" for "--diag=F".
func optionSpelling(prog, v string) string {
	if len(v) < 2 || v[0] != '-' || v == "--" {
		return v
	}
	switch {
	case goFlagPrograms[prog]:
		if strings.HasPrefix(v, "--") {
			v = v[1:]
		}
		if prog == "go" {
			if rest, ok := strings.CutPrefix(v, "-test."); ok && rest != "" {
				v = "-" + rest
			}
		}
	case prog == "dotnet":
		// System.CommandLine takes "--opt:value" as "--opt=value".
		if k := strings.IndexAny(v, ":="); k > 0 && v[k] == ':' {
			v = v[:k] + "=" + v[k+1:]
		}
	case prog == "tsc":
		name, val, eq := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if name == "" {
			return v
		}
		name = strings.ToLower(name)
		if len(name) == 1 {
			v = "-" + name
		} else {
			v = "--" + name
		}
		if eq {
			v += "=" + val
		}
	}
	return v
}

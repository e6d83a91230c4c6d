# agentctl — build, test, lint, fuzz and benchmark.
GO          ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 10s
BENCHCOUNT  ?= 5
# urfave_cli_no_docs leaves out the CLI library's man-page and Markdown
# writers (agentctl uses neither): their package init is a tenth of the heap
# a process starts with, and each fresh page is a fault.
TAGS        ?= urfave_cli_no_docs

.PHONY: all build opa test rego-test lint fuzz bench clean e2e bench-hook report-demo

all: build

# bin/agentctl-hook is the same command built without OPA (tag
# agentctl_lean): only `hook` and `version`, for agents that start one
# process per tool call; it hands policies that need OPA to bin/agentctl.
# Both are linked statically (no cgo): an agent applies a repository's env
# block (LD_PRELOAD=./x.so, LD_LIBRARY_PATH) to its own process and every
# hook inherits it, and the dynamic loader would run the repository's code
# in the hook before it decides (it printed an allow and exited).
build:
	CGO_ENABLED=0 $(GO) build -tags $(TAGS) -o bin/agentctl ./cmd/agentctl
	CGO_ENABLED=0 $(GO) build -tags agentctl_lean,$(TAGS) -o bin/agentctl-hook ./cmd/agentctl

# The stock OPA binary, built from the same Go module agentctl embeds: the
# remote tests run it as a server and `opa test rego/` runs the Rego tests.
opa: bin/opa
bin/opa: go.mod go.sum
	$(GO) build -o bin/opa github.com/open-policy-agent/opa

test: bin/opa rego-test
	AGENTCTL_OPA_BIN=$(CURDIR)/bin/opa $(GO) test -race -timeout 30m ./...

rego-test: bin/opa
	bin/opa test --v1-compatible rego/

lint: bin/opa
	@out=$$(bin/opa fmt --v1-compatible -l rego/); \
	  if [ -n "$$out" ]; then echo "opa fmt would change:"; echo "$$out"; exit 1; fi
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) build -tags agentctl_lean -o /dev/null ./cmd/agentctl
	$(GO) run $(STATICCHECK) ./...

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./bashparse
	$(GO) test -run='^$$' -fuzz='^FuzzOptionFormOf$$' -fuzztime=$(FUZZTIME) ./bashparse
	$(GO) test -run='^$$' -fuzz='^FuzzParseRule$$' -fuzztime=$(FUZZTIME) ./settings
	$(GO) test -run='^$$' -fuzz='^FuzzLoad$$' -fuzztime=$(FUZZTIME) ./settings
	$(GO) test -run='^$$' -fuzz='^FuzzDenyDifferential$$' -fuzztime=$(FUZZTIME) -parallel=1 ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzNativeDifferential$$' -fuzztime=$(FUZZTIME) -parallel=1 ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzCheckJSONFastPath$$' -fuzztime=$(FUZZTIME) ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzAppendJSONString$$' -fuzztime=$(FUZZTIME) ./engine
	$(GO) test -run='^$$' -fuzz='^FuzzAnalysisCoversExecution$$' -fuzztime=$(FUZZTIME) ./bashparse

bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=$(BENCHCOUNT) ./bashparse ./engine ./pipeline

clean:
	rm -rf bin

# End to end with the real Claude Code CLI (../shared/oracle; a ~400 MB
# download on first use): not part of `make test`.
e2e:
	$(GO) test -tags e2e -run 'EndToEnd' -count=1 -v ./cmd/agentctl

# The whole hook process beside Codex CLI's `codex execpolicy check`
# (AGENTCTL_CODEX_BIN: the native binary of the npm package @openai/codex).
bench-hook: build
	AGENTCTL_BENCH_BIN=$(CURDIR)/bin/agentctl-hook $(GO) test -run='^$$' -bench='HookProcess|CodexExecpolicy' -benchtime=40x -count=3 ./cmd/agentctl
	AGENTCTL_BENCH_BIN=$(CURDIR)/bin/agentctl $(GO) test -run='^$$' -bench='HookProcess|CheckProcess' -benchtime=40x -count=3 ./cmd/agentctl

# The replay report of the workflow fixtures and the diff report of a
# proposed change against the deployed bundle, with a screenshot of each in
# headless Chromium (Debian package chromium), to look at by eye.
WF       = --cwd fixtures/workflows/project --policy fixtures/workflows/policy
WFREBASE = --rebase /home/dev/webapp=$(CURDIR)/fixtures/workflows/project
SHOT     = chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
	  --disable-component-update --disable-sync --user-data-dir=$$(mktemp -d) --window-size=1200,900
report-demo: build
	bin/agentctl $(WF) --managed-settings fixtures/workflows/managed-settings.json \
	  replay fixtures/workflows/transcripts $(WFREBASE) --html bin/report.html > /dev/null
	$(SHOT) --screenshot=$(CURDIR)/bin/report.png file://$(CURDIR)/bin/report.html
	bin/agentctl $(WF) --managed-settings fixtures/workflows/managed-settings.json \
	  bundle build -o bin/deployed.tar.gz
	bin/agentctl $(WF) --managed-settings fixtures/workflows/proposed-managed-settings.json \
	  diff --base bin/deployed.tar.gz $(WFREBASE) --html bin/diff.html fixtures/workflows/transcripts > /dev/null
	$(SHOT) --screenshot=$(CURDIR)/bin/diff.png file://$(CURDIR)/bin/diff.html
	@echo "bin/report.html, bin/report.png, bin/diff.html, bin/diff.png"

# runforge developer targets. The README's two commands need only Go.
GO ?= go

# The linters of `make lint` and .ci/run, pinned.
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2
ERRCHECK = github.com/kisielk/errcheck@v1.30.0

.PHONY: build test bench fuzz lint kit release clean

## build: compile the runforge binary into ./runforge
build:
	$(GO) build -o runforge ./cmd/runforge

## test: run every test (bundled packs must validate clean)
test:
	$(GO) test ./...

## bench: whole-process time and memory against the targets, then Go benchmarks
bench:
	bash scripts/bench.sh

## fuzz: run every fuzz target for FUZZTIME (60s) each; crashers land in
## the package's testdata/fuzz and run as regression cases in `make test`.
## Minimising a new input is capped at 200 runs: the default (60s) stalls the
## loader's fuzzers, whose every run loads a pack.
FUZZTIME ?= 60s
FUZZ_TARGETS = schema:FuzzLoadContentFile schema:FuzzLoadManifest validate:FuzzUnknownIcons \
	validate/rfyl:FuzzRules validate:FuzzRunMap validate/justrun/jrsim:FuzzCheck validate/diceodds:FuzzProbability \
	generator/typeset:FuzzParseRich generator/typeset:FuzzLayoutText \
	schema/schematest:FuzzLoadBoard schema/schematest:FuzzLoadSheet schema/schematest:FuzzLoadDice \
	schema/schematest:FuzzLoadTokens schema/schematest:FuzzLoadFigures schema/schematest:FuzzLoadMap \
	schema/schematest:FuzzLoadTileSet schema/schematest:FuzzLoadCombinations schema/schematest:FuzzLoadPlayerBoards \
	schema/schematest:FuzzLoadGuide schema/schematest:FuzzLoadMats
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t#*:}; \
		echo "== $$name ($$pkg, $(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 200x ./$$pkg; \
	done

## lint: gofmt, go vet, staticcheck and errcheck (exclusions: .errcheck-excludes)
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	$(GO) run $(ERRCHECK) -blank -ignoretests -exclude .errcheck-excludes ./...

## kit: build the print kits of all bundled packs into out/
kit:
	$(GO) run ./cmd/runforge build

## release: runforge for Linux, macOS and Windows on amd64 and arm64, each
## archive with the README and the licence notices of what it embeds, and
## SHA256SUMS, in dist/ (VERSION, default the commit's tag, else
## v0.0.0-snapshot; COMMIT, default HEAD; see scripts/release.sh)
release:
	VERSION=$(VERSION) COMMIT=$(COMMIT) bash scripts/release.sh

clean:
	rm -rf runforge dist out/*/ out/.*.tmp-* out/.cache

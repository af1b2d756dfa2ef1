# runforge developer targets. The README's two commands need only Go.
GO ?= go

.PHONY: build test bench lint kit clean

## build: compile the runforge binary into ./runforge
build:
	$(GO) build -o runforge ./cmd/runforge

## test: run every test (bundled packs must validate clean)
test:
	$(GO) test ./...

## bench: whole-process time and memory against the targets, then Go benchmarks
bench:
	bash scripts/bench.sh

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## kit: build the print kits of all bundled packs into out/
kit:
	$(GO) run ./cmd/runforge build

clean:
	rm -rf runforge out/*/ out/.*.tmp-*

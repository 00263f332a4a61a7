# bgkit — see README.md. `make test` and `make demo` install what is missing first.
SWIFT ?= swift
BIN = .build/debug

.PHONY: all deps build test demo bench fuzz check-sanitizers clean

all: build

deps:
	@tools/install-deps

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

demo: build
	@echo "== bgtask simulate: a day of an app's background tasks =="
	$(BIN)/bgtask simulate Examples/DailyRefresh/app.yaml --for 1d --format text

bench: deps
	@tools/install-deps --bench
	tools/bench/run

# Every fuzz target for FUZZ_SECONDS (60) each, with libFuzzer and ASan (docs/RELIABILITY.md).
fuzz: deps
	tools/fuzz/run

# The tests under AddressSanitizer (.build-asan) and ThreadSanitizer (.build-tsan).
check-sanitizers: deps
	tools/sanitizers/run

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan

# bgkit — see README.md. `make test` and `make demo` install what is missing first.
SWIFT ?= swift
BIN = .build/debug

# `make install`: release binaries, man pages and shell completions under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
# Installed tools carry the Swift runtime (linked statically): they run on a machine without Swift, and
# start about 2 ms faster than with the shared runtime (docs/PERFORMANCE.md). They are built in a folder
# of their own (SwiftPM does not rebuild when only this flag changes); `make bench` measures the same.
RELEASE_FLAGS ?= --static-swift-stdlib
RELEASE_BUILD ?= .build-release
export RELEASE_FLAGS RELEASE_BUILD
SWIFTPM_FLAGS ?=
TOOLS = bgloc bgaudio bgtask
MANUALS = .build/plugins/GenerateManual/outputs
bindir = $(DESTDIR)$(PREFIX)/bin
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all deps build test demo bench fuzz check-sanitizers clean install uninstall

all: build

deps:
	@tools/install-deps

build: deps
	$(SWIFT) build

# One test at a time: the gpsd tests follow a real gpsd in real time on Swift's cooperative pool (two
# threads on two cores), which the CPU-bound corpus and property tests would otherwise hold for seconds.
# In CI (CI=true) the whole suite then runs again under AddressSanitizer and LeakSanitizer (about 6 more
# minutes from a clean clone); locally that pass is `make check-sanitizers`, which adds ThreadSanitizer.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --no-parallel
ifeq ($(CI),true)
	SANITIZERS=address tools/sanitizers/run
endif

demo: build
	@echo "== bgtask simulate: a day of an app's background tasks =="
	$(BIN)/bgtask simulate Examples/DailyRefresh/app.yaml --for 1d --format text
	@echo "== bgloc replay --app: a walking tour's clips, wakes and upload on one clock (audio to null) =="
	$(BIN)/bgloc replay Examples/AudioTour/tour.gpx --app Examples/AudioTour/app.yaml --audio-device null --format text

bench: deps
	@tools/install-deps --bench
	tools/bench/run

install: deps
	rm -rf $(MANUALS)
	$(SWIFT) package $(SWIFTPM_FLAGS) generate-manual --configuration $(CONFIGURATION)
	$(SWIFT) build $(SWIFTPM_FLAGS) $(RELEASE_FLAGS) --scratch-path $(RELEASE_BUILD) -c $(CONFIGURATION)
	install -d $(bindir) $(man1dir) $(bashdir) $(zshdir) $(fishdir)
	for tool in $(TOOLS); do \
	    install -m 755 $(RELEASE_BUILD)/$(CONFIGURATION)/$$tool $(bindir)/$$tool && \
	    install -m 644 $(MANUALS)/$$tool/$$tool.1 $(man1dir)/$$tool.1 && \
	    $(RELEASE_BUILD)/$(CONFIGURATION)/$$tool --generate-completion-script bash > $(bashdir)/$$tool && \
	    $(RELEASE_BUILD)/$(CONFIGURATION)/$$tool --generate-completion-script zsh > $(zshdir)/_$$tool && \
	    $(RELEASE_BUILD)/$(CONFIGURATION)/$$tool --generate-completion-script fish > $(fishdir)/$$tool.fish || exit 1; \
	done

uninstall:
	for tool in $(TOOLS); do \
	    rm -f $(bindir)/$$tool $(man1dir)/$$tool.1 $(bashdir)/$$tool $(zshdir)/_$$tool $(fishdir)/$$tool.fish; \
	done

# Every fuzz target for FUZZ_SECONDS (60) each, with libFuzzer and ASan (docs/RELIABILITY.md).
fuzz: deps
	tools/fuzz/run

# The tests under AddressSanitizer (.build-asan) and ThreadSanitizer (.build-tsan).
check-sanitizers: deps
	tools/sanitizers/run

clean:
	rm -rf .build .build-release .build-fuzz .build-asan .build-tsan

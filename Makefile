# bgkit — see README.md. `make test` and `make demo` install what is missing first.
SWIFT ?= swift
BIN = .build/debug

# `make install`: release binaries, man pages and shell completions under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
# Installed tools carry the Swift runtime (linked statically): they run on a machine without Swift, and
# start about 2 ms faster than with the shared runtime (docs/PERFORMANCE.md). They carry the C++ runtime
# that the Swift runtime needs as well: loading the shared libstdc++ cost every start 0.9 ms, more than half
# of what aplay's whole start costs. SwiftPM has no flag for that, so the link searches first a folder that
# holds only static archives (lld takes the first folder that has a library by either name): the compiler's
# libstdc++.a (GCC's runtime library exception allows linking it so), and Debian's libsqlite3.a and
# libyaml.a (libsqlite3-dev, libyaml-dev; public domain and MIT): linked in, the daemon maps only the
# SQLite and libyaml code it runs, ordered among its own, instead of each shared library's whole code,
# symbol tables and read-only data (issue 36, docs/PERFORMANCE.md "Peak memory"). GCC's
# unwinder comes in too (-static-libgcc): loading libgcc_s and its start-up CPUID probes cost 0.2 ms. With
# no library of their own to find, they carry no $ORIGIN run path, which cost the loader some twenty failed
# lookups beside the binary for libasound. They are built in a folder of their own, rebuilt from scratch when
# these flags change (SwiftPM notices neither the link flags nor the compiler's -Xfrontend ones; the flags of
# each configuration are kept beside it); `make release` builds them, and `make install` and `make bench`
# use what it builds.
# They are linked by the toolchain's lld rather than gold, for the always-on daemon's memory (issues 19 and 29,
# docs/PERFORMANCE.md "Peak memory"): its relative relocations packed (-z pack-relative-relocs, DT_RELR, which
# glibc 2.36 reads: 1.06 MB of .rela.dyn become 9 kB), and the functions the daemon runs put together, so the
# kernel's fault-around (64 KiB windows of the page cache) maps the code that runs rather than its
# neighbours: every Swift and C object is compiled with a section per function, lld places them in the
# order of tools/link-order/bgloc.order (--symbol-ordering-file; tools/link-order/generate.sh regenerates
# it), and tools/link-order/private-first.ld puts first the private functions, which have no symbol to
# order by. The Swift runtime's own archives keep one code section per object (libswiftCore's 1.5 MB
# Swift.o), which no order can split. --no-export-dynamic undoes the -export-dynamic of Swift's
# static-stdlib link: nothing looks up the program's own symbols, and the tables of its 7,300-odd exported
# symbols were 0.67 MB of the daemon's peak. -z max-page-size=65536 aligns the segments (and so the load
# address) to 64 KiB, the kernel's fault-around window: the windows then fall on the same code in every run
# instead of shifting with each run's random 4 KiB-aligned address (the daemon's code: 3.2-4.3 MB resident,
# run to run; aligned, 3.0-3.1 MB). bgloc live --app: 14.2 -> 12.6 MB, without libgps 9.6-9.8 MB
# (docs/PERFORMANCE.md).
# They are built without the runtime's exclusivity checks (-enforce-exclusivity=unchecked): each access to
# a class's stored property otherwise costs a runtime call and a thread-local lookup, 15 % of a population's
# instructions (docs/PERFORMANCE.md, "Population with visits and pushes"). The debug build that the tests
# run keeps them, so that a conflicting access still traps there; the engine's own properties skip them in
# every build (`@exclusivity(unchecked)`).
RELEASE_BUILD ?= .build-release
STATIC_LIBS = $(abspath $(RELEASE_BUILD))/static-libs
LINK_ORDER = $(abspath tools/link-order/bgloc.order)
PRIVATE_FIRST = $(abspath tools/link-order/private-first.ld)
RELEASE_FLAGS ?= --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked -Xswiftc -L$(STATIC_LIBS) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
    --disable-local-rpath -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
    -Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering -Xlinker -T -Xlinker $(PRIVATE_FIRST) \
    -Xlinker --no-export-dynamic -Xlinker -z -Xlinker max-page-size=65536
export RELEASE_FLAGS RELEASE_BUILD
SWIFTPM_FLAGS ?=
# `make install` strips the tools it installs: their symbols and debug information are more than half of
# their size (docs/PERFORMANCE.md, "Footprint"). `make install STRIP=` installs them unstripped, for a
# debugger; the build folder's copies keep their symbols either way.
STRIP ?= strip --strip-unneeded
TOOLS = bgloc bgaudio bgtask
# The programs installed: bgloc and bgtask are one program that runs as the name it is started by
# (Package.swift), so bgtask is installed as a symbolic link to bgloc, and the Swift runtime they share is
# on disk once. bgaudio stays a program of its own, loading only ALSA at start.
PROGRAMS = bgloc bgaudio
# The manuals, in a folder per executable target (bgtask's under bgloc's).
MANUALS = .build/plugins/GenerateManual/outputs
bindir = $(DESTDIR)$(PREFIX)/bin
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all deps build release test demo bench soak fuzz check-sanitizers clean install uninstall

all: build

deps:
	@tools/install-deps

build: deps
	$(SWIFT) build

# `make soak`: one `bgloc live --app` under a seeded schedule of faults (gpsd, nginx, the link, a full disk,
# SIGKILL), then its invariants (docs/RELIABILITY.md, "The soak"). SOAK=3m (default, CI's form) or SOAK=1h;
# SEED=N replays the schedule a soak printed. Needs root. Uses the debug build.
SOAK ?= 3m
SEED ?=
soak: deps
	$(SWIFT) build
	SOAK=$(SOAK) SEED=$(SEED) BGKIT_BIN=$(BIN) tools/soak/run

# One test at a time: the gpsd tests follow a real gpsd in real time on Swift's cooperative pool (two
# threads on two cores), which the CPU-bound corpus and property tests would otherwise hold for seconds.
# In CI (CI=true) tools/ci-tests runs the suite, then the 3-minute soak on the debug build just made, then the
# suite again under AddressSanitizer and LeakSanitizer (but three slow suites it says why), whose build it
# makes beside the plain suite;
# locally those are `make soak` and `make check-sanitizers`, which adds ThreadSanitizer. A warning in bgkit's
# own code (a file under Sources/ or Tests/) fails the build (tools/build-without-warnings; the dependencies'
# do not count).
test: deps
	tools/build-without-warnings $(SWIFT) build --build-tests
ifeq ($(CI),true)
	tools/ci-tests
else
	$(SWIFT) test --no-parallel
endif

demo: build
	@echo "== bgtask simulate: a realistic day of a headlines app its user opens three times (usage:), then its summary =="
	$(BIN)/bgtask simulate Examples/Headlines/app.yaml --for 1d --policy realistic --seed 3 --format text --events 'lifecycle,task.launched,push.*'
	@echo "== bgtask simulate --users: 1,000 users of that app for two weeks, each drawing a profile from population: =="
	$(BIN)/bgtask simulate Examples/Headlines/app.yaml --for 14d --policy realistic --seed 3 --users 1000
	@echo "== bgloc replay --app: a walking tour's clips, wakes and visit-log uploads (through the tunnel) on one clock =="
	$(BIN)/bgloc replay Examples/AudioTour/tour.gpx --app Examples/AudioTour/app.yaml --audio-device null --format text
	@echo "== bgtask simulate: a news app's refreshes, silent pushes, a tapped export, a force quit and a restart =="
	$(BIN)/bgtask simulate Examples/News/app.yaml --for 6h --format text

bench: deps
	@tools/install-deps --bench
	tools/bench/run

release:
	@mkdir -p $(STATIC_LIBS); for pair in libstdc++.a:libstdc++-12-dev libsqlite3.a:libsqlite3-dev libyaml.a:libyaml-dev; do \
	    lib="$$(clang -print-file-name=$${pair%%:*})"; case "$$lib" in \
	    /*) ln -sf "$$lib" $(STATIC_LIBS)/$${pair%%:*} ;; \
	    *) echo "make: the linker finds no $${pair%%:*}; install it (Debian: apt-get install $${pair#*:})" >&2; exit 1 ;; \
	    esac; done
	@if [ "$$(cat $(RELEASE_BUILD)/$(CONFIGURATION).flags 2>/dev/null)" != "$(RELEASE_FLAGS)" ]; then \
	    rm -rf "$$(readlink -f $(RELEASE_BUILD)/$(CONFIGURATION))" && echo "$(RELEASE_FLAGS)" > $(RELEASE_BUILD)/$(CONFIGURATION).flags; fi
	$(SWIFT) build $(SWIFTPM_FLAGS) $(RELEASE_FLAGS) --scratch-path $(RELEASE_BUILD) -c $(CONFIGURATION)

install: deps release
	rm -rf $(MANUALS)
	$(SWIFT) package $(SWIFTPM_FLAGS) generate-manual --configuration $(CONFIGURATION)
	install -d $(bindir) $(man1dir) $(bashdir) $(zshdir) $(fishdir)
	for program in $(PROGRAMS); do \
	    install -m 755 $(RELEASE_BUILD)/$(CONFIGURATION)/$$program $(bindir)/$$program && \
	    $(if $(STRIP),$(STRIP) $(bindir)/$$program,true) || exit 1; \
	done
	ln -sf bgloc $(bindir)/bgtask
	for tool in $(TOOLS); do \
	    install -m 644 $(MANUALS)/*/$$tool.1 $(man1dir)/$$tool.1 && \
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

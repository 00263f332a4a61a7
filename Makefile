# bgkit — see README.md. `make test` and `make demo` install what is missing first.
SWIFT ?= swift
BIN = .build/debug

.PHONY: all deps build test demo bench clean

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
	@echo "== bgloc replay --app: a walking tour's clips, wakes and upload on one clock (audio to null) =="
	$(BIN)/bgloc replay Examples/AudioTour/tour.gpx --app Examples/AudioTour/app.yaml --audio-device null --format text

bench: deps
	@tools/install-deps --bench
	tools/bench/run

clean:
	rm -rf .build

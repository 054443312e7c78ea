# tinbox: `make run` installs what is missing, builds and starts the reader on its demo data;
# `make test` runs every test. See README.md.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX ?= /usr/local
# Debian packages the build, the tests and the benchmarks need.
DEBS := libncurses-dev libsqlite3-dev libcurl4-openssl-dev sqlite3 tmux python3 pkg-config libpng-dev libjpeg62-turbo-dev libchafa-dev libglib2.0-dev libyajl-dev
BENCH_DEBS := neomutt
RELEASE := .build/release/tinbox
# A statically linked Swift runtime starts in ~2 ms instead of ~8 ms (README, "Performance").
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld

.PHONY: run build debug test bench install clean deps bench-deps

run: deps build
	$(RELEASE) $(ARGS)

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-net

debug: deps
	$(SWIFT) build

# The end-to-end tests drive the built debug binary, so it is built first. The suite takes about
# a minute; the time limit turns a hung test into a failure instead of a stalled CI run.
test: deps
	$(SWIFT) build
	timeout --kill-after=30 1800 $(SWIFT) test --parallel

# Benchmarks, apart from the tests: each prints numbers with units next to a baseline measured
# in the same run (README, "Performance").
bench: deps bench-deps build
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-search-bench
	python3 Benchmarks/run.py --binary $(RELEASE)
	python3 Benchmarks/import.py --binary $(RELEASE)
	python3 Benchmarks/sync.py --binary $(RELEASE)
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-bench
	.build/release/tinbox-bench
	bash Benchmarks/reader.sh 5
	bash Benchmarks/overlay.sh 5

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/tinbox
	install -m 755 $(RELEASE) $(RELEASE)-net $(DESTDIR)$(PREFIX)/bin/
	cp -R Resources/. $(DESTDIR)$(PREFIX)/share/tinbox/

clean:
	rm -rf .build

# Installs missing Debian packages when root; otherwise names them and stops.
deps:
	@bash scripts/ensure-debs.sh $(DEBS)
	@test -x "$(SWIFT)" || { echo "tinbox: the Swift toolchain is missing (swift not on PATH, not in /opt/swift)"; exit 1; }

bench-deps:
	@bash scripts/ensure-debs.sh $(BENCH_DEBS)
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install --quiet pyte

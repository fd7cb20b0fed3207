# reminders — the two set-up commands are `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= $(HOME)/.local
# Debian packages the build, the tests and the demo use.
APT_PACKAGES := libdbus-1-dev dbus dunst systemd xvfb x11-utils libnotify-bin khal python3-pip time hyperfine
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_DIR := .demo

.PHONY: all deps build release test demo bench clean

all: build

# Installs what is missing: Debian packages (apt-get, as root or with sudo) and Python's
# `icalendar` (the independent reader of what we write).
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c 'import icalendar' 2>/dev/null || python3 -m pip install -q icalendar

build: deps
	$(SWIFT) build

# The release binary links the Swift runtime and Foundation statically and is not
# position-independent: it then needs only libc and libdbus, and starts in about 4 ms instead of
# 11 ms (no relocation of 75,000 pointers, fewer shared objects), which the every-minute timer
# job and `make bench` measure.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Builds, makes the bundled sample deck relative to today, shows `reminders preview` in both
# languages, then `reminders run` (a real pop-up; under the test harness when this machine has no
# desktop). Everything it writes stays under .demo/.
demo: build
	@rm -rf $(DEMO_DIR) && mkdir -p $(DEMO_DIR)
	@python3 scripts/make-sample-deck.py samples/words.tsv $(DEMO_DIR)/deck.json
	@echo; echo "== reminders preview (English) =="
	@$$($(SWIFT) build --show-bin-path)/reminders preview --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang en
	@echo; echo "== reminders preview (日本語), as of 07:00 this morning =="
	@$$($(SWIFT) build --show-bin-path)/reminders preview --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang ja --now "$$(date +%Y-%m-%dT07:00:00%:z)"
	@echo; echo "== reminders cards list --due =="
	@$$($(SWIFT) build --show-bin-path)/reminders cards list --due --deck $(DEMO_DIR)/deck.json --config $(DEMO_DIR)/config.toml --lang en
	@echo; echo "== reminders run, as of 08:00 today =="
	@scripts/demo-run.sh "$$($(SWIFT) build --show-bin-path)/reminders" "$(DEMO_DIR)"

# Benchmarks print figures and ratios against the peer tools; never part of `make test`.
bench: release
	@python3 bench/run.py --bin "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"

clean:
	rm -rf .build $(DEMO_DIR) bench/out

# reminders — the two set-up commands are `make demo` and `make test`.
SWIFT ?= swift
PREFIX ?= $(HOME)/.local
# Debian packages, in groups, each installed only by the targets that need it.
# The build: libdbus and SQLite's headers, and GTK 4's and libadwaita's for the desktop app
# (the Swift toolchain is there already; `reminders` itself links no GTK). The demo: the
# build's, python3 (the sample deck) and edict (the dictionary a card is made from one word
# with); and only on a machine where no notification server
# answers on the session bus, the test harness it falls back to: dbus (dbus-daemon), dunst and
# Xvfb. All with --no-install-recommends: `make demo` installs no desktop and no browser.
BUILD_PACKAGES := libdbus-1-dev libsqlite3-dev libgtk-4-dev libadwaita-1-dev
DEMO_PACKAGES := $(BUILD_PACKAGES) python3 edict
HARNESS_PACKAGES := dbus dunst xvfb
# The package (`make deb`), besides the build's: dpkg-dev (dpkg-shlibdeps), binutils (strip) and
# gzip. `make install` and `make deb` install these and the build's only, never the test desktops.
PACKAGE_PACKAGES := $(BUILD_PACKAGES) dpkg-dev binutils gzip
# The tests (`make test` alone), besides the demo's:
# dpkg-dev (dpkg-shlibdeps), binutils (strip) and gzip build the package; desktop-file-utils and
# groff-base check the desktop file and the man page. fonts-noto-cjk gives the pop-ups of the
# test desktop Japanese glyphs (with only DejaVu they show boxes); fontconfig's fc-list is
# what `reminders doctor` asks about them. chromium renders the `reminders stats --svg` picture in
# the tests (headless, to a PNG that they check is not blank).
# geoclue-2.0 is the location service the alarm tests start on a private system bus (fed NMEA
# sentences, as the geoclue user), with a location agent in Python on Debian's python3-dbus and
# python3-gi.
# The desktops the tests deliver to (Tests/harness/desktop-session.sh --server …), besides dunst:
# xfce4-notifyd with xfconf; KDE Plasma (plasmashell and its activity manager); GNOME Shell with
# gjs and dconf; mako and SwayNotificationCenter on sway; notification-daemon. The tests read and
# press pop-ups through the accessibility bus (at-spi2-core, with Debian's python3-gi and
# gir1.2-atspi-2.0), and makoctl wants jq. faketime runs the binary with its clock at other hours
# of the day (`make test-clock`). The CalDAV calendars the sync is tested against: Radicale and
# Xandikos, started on loopback by Tests/harness/caldav-server.sh (with curl). The desktop app's
# tests keep screenshots of its pages: xwd (x11-apps) and ImageMagick's convert and identify;
# appstream's appstreamcli validates its metainfo file, and the installed app draws its pages
# under xvfb-run (which needs xauth).
TEST_PACKAGES := $(DEMO_PACKAGES) $(HARNESS_PACKAGES) systemd x11-utils libnotify-bin khal python3-venv time hyperfine tmux foot \
  dpkg-dev binutils gzip desktop-file-utils groff-base fontconfig fonts-noto-cjk chromium \
  geoclue-2.0 python3-dbus xfce4-notifyd xfconf plasma-workspace plasma-desktop kactivitymanagerd gnome-shell gjs dconf-service \
  libglib2.0-bin sway mako-notifier sway-notification-center notification-daemon at-spi2-core python3-gi \
  gir1.2-atspi-2.0 jq util-linux faketime radicale xandikos curl x11-apps imagemagick appstream xauth
# The test desktops come with what they recommend (the tests were proven so), except a display
# manager: gnome-shell recommends gdm3, which Debian would make the machine's login screen, and
# Plasma's and Xfce's recommendations can bring sddm or lightdm. Every display manager of Debian
# 12 is kept out (Tests/CLITests/MachineSetupTests.swift checks none is installed).
TEST_EXCLUDED := gdm3 sddm lightdm lxdm xdm slim nodm wdm
# The Python packages the tests read our output with, in a virtual environment of the repository's
# own (ignored by git): `icalendar` (the independent reader of what we write), `anki` (the real
# Anki library: it builds the collections the Anki tests count, and says what Anki counts) and
# `fsrs` (the reference FSRS scheduler, whose cards the FSRS tests require ours to equal),
# `fsrs-rs-python` (fsrs-rs, the optimizer Anki ships: `fsrs optimize` must fit as well as it) and
# `caldav` (an independent CalDAV client: it reads back and edits the calendars the sync writes).
VENV := .venv
# Pinned to what the tests were last run against, so that CI gets what was tested.
VENV_PACKAGES := icalendar==7.3.0 anki==26.9.3 fsrs==6.3.2 fsrs-rs-python==0.9.3 caldav==3.6.0
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_DIR := .demo

.PHONY: all deps deps-package deps-demo deps-harness build release release-binary test test-clock check lint demo bench install uninstall deb units clean

all: build

# Installs what is missing of a group of Debian packages (apt-get, as root or with sudo):
# `$(call apt_install,PACKAGES,APT_OPTIONS)`.
define apt_install
@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) $$missing >/dev/null; \
fi
endef

# What building the package needs, and nothing else.
deps-package:
	$(call apt_install,$(PACKAGE_PACKAGES),--no-install-recommends)

# What the build and the demo need, and nothing else.
deps-demo:
	$(call apt_install,$(DEMO_PACKAGES),--no-install-recommends)

# The demo's fallback where no desktop answers: a private bus, Xvfb and dunst.
deps-harness:
	$(call apt_install,$(HARNESS_PACKAGES),--no-install-recommends)

# What the tests need: the Debian packages, and the tests' Python packages in $(VENV) (`make test`
# runs the tests with it; they fail without it).
deps: deps-demo
	$(call apt_install,$(TEST_PACKAGES),$(addsuffix -,$(TEST_EXCLUDED)))
	@[ -x $(VENV)/bin/python ] || python3 -m venv $(VENV)
	@$(VENV)/bin/python -c 'import icalendar, anki.collection, fsrs, fsrs_rs_python, caldav' 2>/dev/null || \
	  { echo "installing into $(VENV): $(VENV_PACKAGES)"; $(VENV)/bin/python -m pip install -q $(VENV_PACKAGES); }

build: deps-demo
	$(SWIFT) build

# The release binary links the Swift runtime and Foundation statically and is not
# position-independent: it then needs only libc, libdbus and the C++ runtime (which the static
# Swift runtime and Foundation use), and
# starts in about 4 ms instead of 11 ms (no relocation of 75,000 pointers, fewer shared
# objects), which the every-minute timer job and `make bench` measure.
#
# Release builds have a scratch folder of their own: `swift test` holds the lock on .build for
# the whole run (and the packaging test builds the .deb), and plain `-c release` builds in .build
# would otherwise rebuild everything each time the flags change. Products are named, because
# the test-support target does not build in release.
RELEASE_SCRATCH ?= .build-release
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie --scratch-path $(RELEASE_SCRATCH)
RELEASE_BIN := $(RELEASE_SCRATCH)/release/reminders
# swift-argument-parser's man page generator, run on the release binary.
GENERATE_MANUAL := $(RELEASE_SCRATCH)/release/generate-manual

release: release-binary
	$(SWIFT) build $(RELEASE_FLAGS) --product reminders-bench

# What `make install` and `make deb` ship: the binary, its CalDAV helper (reminders-caldav, in
# PREFIX/lib/reminders), the desktop app (reminders-desktop) and the tool that writes the man page.
release-binary: deps-package
	$(SWIFT) build $(RELEASE_FLAGS) --product reminders
	$(SWIFT) build $(RELEASE_FLAGS) --product reminders-caldav
	$(SWIFT) build $(RELEASE_FLAGS) --product reminders-desktop
	$(SWIFT) build $(RELEASE_FLAGS) --product generate-manual

# The version has one home, the root command's `version:` (what `reminders --version` prints).
VERSION := $(shell sed -n 's/^ *version: "\(.*\)",$$/\1/p' Sources/RemindersCommands/Reminders.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
DEB := dist/reminders_$(VERSION)_$(ARCH).deb
DEB_APP := dist/reminders-desktop_$(VERSION)_$(ARCH).deb

# Installs the binary, the user units, the desktop app (with its desktop file, metainfo and D-Bus
# service file), the icon, the man page and the completions: for you by default (PREFIX=~/.local), for everyone with
# `sudo make install PREFIX=/usr/local`. The units go where the user manager looks: under
# /usr and /usr/local in PREFIX/lib/systemd/user, elsewhere in PREFIX/share/systemd/user (which
# is $XDG_DATA_HOME/systemd/user for ~/.local); UNITDIR overrides.
UNITDIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),$(PREFIX)/lib/systemd/user,$(PREFIX)/share/systemd/user)
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
APP_ID := io.github.reminders.Reminders
INSTALLED := bin/reminders lib/reminders/reminders-caldav bin/reminders-desktop share/applications/$(APP_ID).desktop \
  share/metainfo/$(APP_ID).metainfo.xml share/dbus-1/services/$(APP_ID).service share/icons/hicolor/scalable/apps/$(APP_ID).svg \
  share/man/man1/reminders.1.gz share/bash-completion/completions/reminders \
  share/fish/vendor_completions.d/reminders.fish

install: release-binary
	packaging/stage.sh $(RELEASE_BIN) $(GENERATE_MANUAL) "$(DESTDIR)" $(PREFIX) $(UNITDIR) $(ZSHDIR)
	@echo "Installed reminders $(VERSION) and its desktop app in $(DESTDIR)$(PREFIX). Start the timer and the watch service for your user:"
	@echo "  systemctl --user daemon-reload && systemctl --user enable --now reminders.timer reminders-watch.service"

uninstall:
	-systemctl --user disable --now reminders.timer reminders-watch.service 2>/dev/null
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED)) $(DESTDIR)$(ZSHDIR)/_reminders \
	  $(DESTDIR)$(UNITDIR)/reminders.service $(DESTDIR)$(UNITDIR)/reminders.timer \
	  $(DESTDIR)$(UNITDIR)/reminders-watch.service

# dist/reminders_<version>_<arch>.deb: the files of `make install` for /usr but the app's, the
# units in /usr/lib/systemd/user (enabled for nobody), Depends from dpkg-shlibdeps (libdbus-1-3, …);
# dist/reminders-desktop_<version>_<arch>.deb: the app's (GTK 4 and libadwaita are its Depends).
deb: release-binary
	packaging/deb.sh $(RELEASE_BIN) $(GENERATE_MANUAL) $(VERSION) $(ARCH) $(DEB) $(DEB_APP)
	@ls -l $(DEB) $(DEB_APP)

# Rewrites packaging/systemd/ from the units the CLI writes (a test fails while they differ).
units: build
	$$($(SWIFT) build --show-bin-path)/reminders timer print-unit service --exec /usr/bin/reminders > packaging/systemd/reminders.service
	$$($(SWIFT) build --show-bin-path)/reminders timer print-unit timer --exec /usr/bin/reminders > packaging/systemd/reminders.timer
	$$($(SWIFT) build --show-bin-path)/reminders timer print-unit watch --exec /usr/bin/reminders > packaging/systemd/reminders-watch.service

# The release binaries are built first, on their own: PackagingTests packs them (`make deb`), and
# built inside the test run the CalDAV helper's AsyncHTTPClient (8 minutes on 2 cores) doubled
# the suite's time.
test: deps lint
	$(MAKE) --no-print-directory release-binary
	$(SWIFT) build --build-tests
	REMINDERS_VENV="$(CURDIR)/$(VENV)" $(SWIFT) test
	$(MAKE) --no-print-directory test-clock

# The suites that must run the binary at the real time (a focus phase of seconds has to pass, so
# `--now` cannot pin it), run again with the binary's clock at three hours of the day, UTC, under
# faketime (REMINDERS_TEST_CLOCK, read by the tests' Binary): 03:00, 09:00 and 23:30 are 12:00
# (quiet hours), 18:00 (the window's end) and 08:30 (inside the window) in the fixtures' Tokyo.
# They pass at any hour, so that CI never refuses a landing by the time it runs.
CLOCK_SUITES := FocusDesktopTests
CLOCK_HOURS := 03:00 09:00 23:30
test-clock:
	@for t in $(CLOCK_HOURS); do \
	  echo "test-clock: $(CLOCK_SUITES) with the binary's clock at $$t UTC"; \
	  REMINDERS_TEST_CLOCK=$$t REMINDERS_VENV="$(CURDIR)/$(VENV)" $(SWIFT) test --skip-build \
	    --filter '$(CLOCK_SUITES)' || exit 1; \
	done

# The developer's fast loop (docs/development.md, "The fast loop"): the lint, the build with the
# tests, then the unit test targets in parallel, without the built binary's end-to-end tests
# (CLITests, CLIDesktopTests) and without RemindersDBusTests (dunst). It installs nothing (no
# apt-get, no venv: not `deps`) and needs only the build's headers (BUILD_PACKAGES). Two suites
# of those targets need what `make deps` installs, and are skipped here (`make test` runs them):
# FSRSReferenceTests (the venv's `fsrs`) and EdictTests (Debian's edict).
CHECK_TARGETS := RemindersCoreTests RemindersMessagesTests RemindersStoreTests RemindersICalendarTests \
  RemindersDeliveryTests RemindersTerminalTests RemindersSystemdTests RemindersAnkiTests \
  RemindersDictionaryTests RemindersCalDAVTests RemindersAppTests RemindersReportsTests \
  RemindersCommandsTests RemindersAlarmSoundTests RemindersCalDAVHelperTests
CHECK_SKIPPED := FSRSReferenceTests EdictTests
check:
	swift-format lint --strict -r Sources Tests Benchmarks Fuzz
	@[ ! -x scripts/check-imports.sh ] || scripts/check-imports.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --filter '^($(subst $(eval) ,|,$(strip $(CHECK_TARGETS))))\.' \
	  --skip '\.($(subst $(eval) ,|,$(strip $(CHECK_SKIPPED))))/'

# The code stays as the checked-in .swift-format says (swift-format ships with the toolchain);
# `swift-format format -i -r Sources Tests Benchmarks` fixes what it finds.
lint:
	swift-format lint --strict -r Sources Tests Benchmarks Fuzz

# Builds, makes the bundled sample deck relative to today, shows `reminders preview` in both
# languages, the cards due, `reminders stats` (and its SVG picture), then `reminders run` (a real pop-up; under the test harness when this machine has no
# desktop). Everything it writes stays under .demo/.
demo: build
	@scripts/demo-run.sh --has-desktop || $(MAKE) --no-print-directory deps-harness
	@rm -rf $(DEMO_DIR) && mkdir -p $(DEMO_DIR)
	@python3 scripts/make-sample-deck.py samples/words.tsv $(DEMO_DIR)/deck.json
	@cp samples/config.toml $(DEMO_DIR)/config.toml
	@echo; echo "== reminders preview (English) =="
	@$$($(SWIFT) build --show-bin-path)/reminders preview --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang en
	@echo; echo "== reminders preview (日本語), as of 07:00 this morning =="
	@$$($(SWIFT) build --show-bin-path)/reminders preview --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang ja --now "$$(date +%Y-%m-%dT07:00:00%:z)"
	@echo; echo "== a new learner imports samples/words.tsv (310 words): 20 new cards a day, not 310 =="
	@$$($(SWIFT) build --show-bin-path)/reminders cards import samples/words.tsv --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config.toml --lang en
	@$$($(SWIFT) build --show-bin-path)/reminders preview --days 1 --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config.toml --lang en --now "$$(date +%Y-%m-%dT07:00:00%:z)"
	@echo; echo "== a card from one word: reminders lookup 食べた, then cards add 猫 --pick 1 (the dictionary, Debian's edict) =="
	@XDG_CACHE_HOME=$(DEMO_DIR)/cache $$($(SWIFT) build --show-bin-path)/reminders lookup 食べた --deck $(DEMO_DIR)/new-learner.json --config $(DEMO_DIR)/config.toml --lang en
	@XDG_CACHE_HOME=$(DEMO_DIR)/cache $$($(SWIFT) build --show-bin-path)/reminders cards add 猫 --pick 1 --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config.toml --lang en > /dev/null
	@$$($(SWIFT) build --show-bin-path)/reminders cards list --deck $(DEMO_DIR)/new-learner.json --config $(DEMO_DIR)/config.toml --lang en | grep -E '^ID|猫'
	@echo; echo "== FSRS-6 (study.scheduler = \"fsrs\"): a short session; cards in a learning step come back in it, and the count drops =="
	@sed 's/^\[study\]$$/[study]\nscheduler = "fsrs"/' $(DEMO_DIR)/config.toml > $(DEMO_DIR)/config-fsrs.toml
	@$$($(SWIFT) build --show-bin-path)/reminders status --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config-fsrs.toml --lang en | head -1
	@printf '\n3\n\n1\n\n3\n\n3\n\n3\n\n3\n\n3\n' | $$($(SWIFT) build --show-bin-path)/reminders review --plain --limit 3 --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config-fsrs.toml --lang en
	@$$($(SWIFT) build --show-bin-path)/reminders status --deck $(DEMO_DIR)/new-learner.json --state-dir $(DEMO_DIR)/new-learner-state --config $(DEMO_DIR)/config-fsrs.toml --lang en | head -1
	@echo; echo "== reminders cards list --due =="
	@$$($(SWIFT) build --show-bin-path)/reminders cards list --due --deck $(DEMO_DIR)/deck.json --config $(DEMO_DIR)/config.toml --lang en
	@echo; echo "== reminders stats (eight weeks of sample history; the picture in $(DEMO_DIR)/heatmap.svg) =="
	@$$($(SWIFT) build --show-bin-path)/reminders stats --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang en --svg $(DEMO_DIR)/heatmap.svg
	@echo; echo "== reminders stats --weeks 10 (日本語) =="
	@$$($(SWIFT) build --show-bin-path)/reminders stats --weeks 10 --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang ja
	@echo; echo "== reminders fsrs optimize: FSRS-6 fitted to the sample deck's answers (written only with --apply) =="
	@$$($(SWIFT) build --show-bin-path)/reminders fsrs optimize --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang en
	@echo; echo "== reminders run, as of 08:00 today, then the desktop app (pictures of Home and Study in $(DEMO_DIR)/) =="
	@scripts/demo-run.sh "$$($(SWIFT) build --show-bin-path)/reminders" "$(DEMO_DIR)"
	@echo; echo "== reminders review --plain --limit 3, answered: show, remembered; show, forgot; show, remembered =="
	@printf '\ny\n\nn\n\ny\n' | $$($(SWIFT) build --show-bin-path)/reminders review --plain --limit 3 --deck $(DEMO_DIR)/deck.json --state-dir $(DEMO_DIR)/state --config $(DEMO_DIR)/config.toml --lang en

# Benchmarks print figures and ratios against the peer tools; never part of `make test`.
bench: release
	@$(VENV)/bin/python bench/run.py --bin "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"

clean:
	rm -rf .build $(RELEASE_SCRATCH) dist $(DEMO_DIR) bench/out

# Fuzzing (libFuzzer with AddressSanitizer, never part of `make test`): each harness of
# Fuzz/Harnesses runs for FUZZ_SECONDS, from the seeds in Fuzz/Seeds/<harness> and the inputs kept
# in Fuzz/Regressions/<harness>. The corpus it grows stays in $(FUZZ_SCRATCH)/corpus; a crash, a
# hang (over FUZZ_TIMEOUT s) or a sanitizer report stops it and leaves the input in
# $(FUZZ_SCRATCH)/findings/<harness>/. Fix it, then keep the input in Fuzz/Regressions/<harness>/:
# `make test` replays every file there. One harness: `make fuzz FUZZ_HARNESSES=config`.
# The build has a scratch folder of its own; gold cannot link ASan's objects, so lld links.
FUZZ_SECONDS ?= 300
FUZZ_TIMEOUT ?= 10
FUZZ_MAX_LEN ?= 16384
FUZZ_HARNESSES ?= deck config ledger calendar anki alarms dictionary
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_FLAGS := --scratch-path $(FUZZ_SCRATCH) -Xswiftc -DREMINDERS_FUZZING \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
  -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address

# The CLI fuzz: the debug binary run on generated command lines, files and environments
# (Fuzz/cli/fuzz_cli.py says the rules). Findings go to $(FUZZ_SCRATCH)/cli-findings; moved into
# Fuzz/CLIRegressions, `make test` replays them (CLIFuzzReplayTests).
FUZZ_CLI_SECONDS ?= 1800
.PHONY: fuzz-cli
fuzz-cli: build
	python3 Fuzz/cli/fuzz_cli.py fuzz --bin "$$($(SWIFT) build --show-bin-path)/reminders" \
	  --seconds $(FUZZ_CLI_SECONDS) --findings $(FUZZ_SCRATCH)/cli-findings

.PHONY: fuzz
fuzz:
	@mkdir -p $(FUZZ_SCRATCH)
	@echo "$(SWIFT) build $(FUZZ_FLAGS) --product reminders-fuzz"
	@$(SWIFT) build $(FUZZ_FLAGS) --product reminders-fuzz > $(FUZZ_SCRATCH)/build.log 2>&1; status=$$?; \
	  grep -v "Cannot export local symbol" $(FUZZ_SCRATCH)/build.log; exit $$status
	@set -e; for h in $(FUZZ_HARNESSES); do \
	  mkdir -p $(FUZZ_SCRATCH)/corpus/$$h $(FUZZ_SCRATCH)/findings/$$h; \
	  echo "== fuzz $$h for $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
	    "$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/reminders-fuzz" $$h \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=$(FUZZ_MAX_LEN) -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_SCRATCH)/findings/$$h/ \
	    $(FUZZ_SCRATCH)/corpus/$$h Fuzz/Seeds/$$h Fuzz/Regressions/$$h; \
	done

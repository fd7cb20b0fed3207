#!/usr/bin/env bash
# Lays out everything reminders installs under DESTDIR, for a binary that will live in PREFIX/bin:
# the binary and its CalDAV helper (stripped), the systemd user units, the icon, the man page and
# the bash, zsh and fish completions; and the desktop app (reminders-desktop, built beside the
# binary) with its desktop file, AppStream metainfo and D-Bus service file. `make install` and
# `make deb` both use it, so the two install the same files (deb.sh puts the app's in a package
# of their own).
#
# The units, the man page and the completions are generated from the binary itself
# (`reminders timer print-unit`, swift-argument-parser's generate-manual,
# `--generate-completion-script`): the command line is their one source.
#
# Usage: stage.sh BIN GENERATE_MANUAL DESTDIR PREFIX UNITDIR ZSHDIR
set -euo pipefail
# The man page and the completions are in English whatever the builder's locale: without --lang,
# the binary's help follows LC_ALL, LC_MESSAGES and LANG.
export LC_ALL=C.UTF-8
bin=$1 generate_manual=$2 destdir=$3 prefix=$4 unitdir=$5 zshdir=$6
here=$(cd "$(dirname "$0")" && pwd)
root=$destdir$prefix

install -d "$root/bin"
install -m 0755 "$bin" "$root/bin/reminders"
# Debug symbols are most of the size; the Swift metadata the argument parser reads stays.
strip --strip-unneeded "$root/bin/reminders"
# The helper that speaks HTTP to a CalDAV calendar, built beside the binary: `reminders` finds it
# in PREFIX/lib/reminders (docs/calendar.md).
install -d "$root/lib/reminders"
install -m 0755 "$(dirname "$bin")/reminders-caldav" "$root/lib/reminders/reminders-caldav"
strip --strip-unneeded "$root/lib/reminders/reminders-caldav"

install -d "$destdir$unitdir"
"$bin" timer print-unit service --exec "$prefix/bin/reminders" > "$destdir$unitdir/reminders.service"
"$bin" timer print-unit timer --exec "$prefix/bin/reminders" > "$destdir$unitdir/reminders.timer"
"$bin" timer print-unit watch --exec "$prefix/bin/reminders" > "$destdir$unitdir/reminders-watch.service"
chmod 0644 "$destdir$unitdir/reminders.service" "$destdir$unitdir/reminders.timer" \
  "$destdir$unitdir/reminders-watch.service"

id=io.github.reminders.Reminders
install -D -m 0644 "$here/$id.svg" "$root/share/icons/hicolor/scalable/apps/$id.svg"

# The desktop app: the window, in the desktop's app list, started by D-Bus activation (the
# desktop file says DBusActivatable=true; the service file starts it as a GApplication service).
install -m 0755 "$(dirname "$bin")/reminders-desktop" "$root/bin/reminders-desktop"
strip --strip-unneeded "$root/bin/reminders-desktop"
install -D -m 0644 "$here/$id.desktop" "$root/share/applications/$id.desktop"
install -D -m 0644 "$here/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
install -d "$root/share/dbus-1/services"
printf '[D-BUS Service]\nName=%s\nExec=%s/bin/reminders-desktop --gapplication-service\n' "$id" "$prefix" \
  > "$root/share/dbus-1/services/$id.service"
chmod 0644 "$root/share/dbus-1/services/$id.service"

# The manual's date is the last commit's (or SOURCE_DATE_EPOCH's), so the same source gives
# the same page.
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}
manual=$(mktemp -d)
trap 'rm -rf "$manual"' EXIT
"$generate_manual" "$bin" --date "$(date -u -d "@$epoch" +%Y-%m-%d)" --output-directory "$manual" >/dev/null
install -d "$root/share/man/man1"
gzip -9n < "$manual/reminders.1" > "$root/share/man/man1/reminders.1.gz"
chmod 0644 "$root/share/man/man1/reminders.1.gz"

install -d "$root/share/bash-completion/completions" "$destdir$zshdir" "$root/share/fish/vendor_completions.d"
"$bin" --generate-completion-script bash > "$root/share/bash-completion/completions/reminders"
"$bin" --generate-completion-script zsh > "$destdir$zshdir/_reminders"
"$bin" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/reminders.fish"
chmod 0644 "$root/share/bash-completion/completions/reminders" "$destdir$zshdir/_reminders" \
  "$root/share/fish/vendor_completions.d/reminders.fish"

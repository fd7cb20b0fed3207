#!/usr/bin/env bash
# Builds the Debian package: stages the files for /usr with stage.sh, writes DEBIAN/control
# (Depends from dpkg-shlibdeps, which reads the libraries the binaries link: libdbus-1-3, libc6
# and the C++ runtime the static Swift runtime needs; and the CalDAV helper's: zlib1g), and packs it with dpkg-deb, every file owned by root.
#
# The package installs the user units but enables them for nobody: each user starts the timer
# and the watch service with `systemctl --user enable --now reminders.timer
# reminders-watch.service`, so it needs no maintainer scripts.
#
# Usage: deb.sh BIN GENERATE_MANUAL VERSION ARCH OUTPUT.deb
set -euo pipefail
bin=$1 generate_manual=$2 version=$3 arch=$4 output=$5
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
# The Makefile reads the version from the source; the binary must say the same.
if [ -z "$version" ] || [ "$("$bin" --version)" != "$version" ]; then
  echo "deb.sh: version '$version' is not what $bin --version says: $("$bin" --version)" >&2
  exit 1
fi

"$here/stage.sh" "$bin" "$generate_manual" "$root" /usr /usr/lib/systemd/user /usr/share/zsh/vendor-completions

# dpkg-shlibdeps wants to run inside a source tree: a minimal debian/control is enough.
mkdir -p "$work/src/debian"
printf 'Source: reminders\n\nPackage: reminders\nArchitecture: any\n' > "$work/src/debian/control"
if ! depends=$(cd "$work/src" && dpkg-shlibdeps -O -e "$root/usr/bin/reminders" \
  -e "$root/usr/lib/reminders/reminders-caldav" 2> "$work/shlibdeps.log"); then
  cat "$work/shlibdeps.log" >&2
  exit 1
fi
depends=${depends#shlibs:Depends=}
case "$depends" in
  *libdbus-1-3*) ;;
  *) echo "deb.sh: dpkg-shlibdeps found no libdbus-1-3 in: $depends" >&2; exit 1 ;;
esac

mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<EOF
Package: reminders
Version: $version
Architecture: $arch
Maintainer: ${MAINTAINER:-reminders developers <reminders@example.invalid>}
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends
Recommends: edict
Section: utils
Priority: optional
Description: flashcard review reminders as desktop notifications
 reminders reads a flashcard deck, works out when to remind you and what to
 say, and delivers each reminder as a desktop notification over D-Bus, or
 into an iCalendar file where no notification can be shown.
 .
 A systemd user timer starts it every minute, and a user service follows
 its pop-ups on screen. Enable both for your user with
 "systemctl --user enable --now reminders.timer reminders-watch.service";
 "reminders doctor" tells whether pop-ups will reach your desktop.
EOF

mkdir -p "$(dirname "$output")"
dpkg-deb --root-owner-group -Zxz --build "$root" "$output" >/dev/null
echo "$output"

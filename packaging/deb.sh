#!/usr/bin/env bash
# Builds the Debian packages: stages the files for /usr with stage.sh, puts the desktop app's
# (reminders-desktop, its desktop file, metainfo and D-Bus service file) in a package of their
# own, so that GTK and libadwaita are that package's dependencies alone, writes each DEBIAN/control
# (Depends from dpkg-shlibdeps, which reads the libraries the binaries link: libdbus-1-3, libc6
# and the C++ runtime the static Swift runtime needs, and the CalDAV helper's zlib1g; the app's
# GTK 4 and libadwaita, and reminders itself), and packs them with dpkg-deb, every file owned by
# root.
#
# The package installs the user units but enables them for nobody: each user starts the timer
# and the watch service with `systemctl --user enable --now reminders.timer
# reminders-watch.service`, so it needs no maintainer scripts.
#
# Usage: deb.sh BIN GENERATE_MANUAL VERSION ARCH OUTPUT.deb APP_OUTPUT.deb
set -euo pipefail
bin=$1 generate_manual=$2 version=$3 arch=$4 output=$5 app_output=$6
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
# The app's files move to the app's package.
app=$work/app
for file in bin/reminders-desktop share/applications share/metainfo share/dbus-1; do
  mkdir -p "$(dirname "$app/usr/$file")"
  mv "$root/usr/$file" "$app/usr/$file"
done

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
Suggests: reminders-desktop
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

printf 'Source: reminders\n\nPackage: reminders-desktop\nArchitecture: any\n' > "$work/src/debian/control"
if ! app_depends=$(cd "$work/src" && dpkg-shlibdeps -O -e "$app/usr/bin/reminders-desktop" 2> "$work/shlibdeps.log"); then
  cat "$work/shlibdeps.log" >&2
  exit 1
fi
app_depends=${app_depends#shlibs:Depends=}
case "$app_depends" in
  *libadwaita-1-0*) ;;
  *) echo "deb.sh: dpkg-shlibdeps found no libadwaita-1-0 in: $app_depends" >&2; exit 1 ;;
esac
case "$depends" in
  *libgtk*|*libadwaita*) echo "deb.sh: reminders itself would depend on GTK: $depends" >&2; exit 1 ;;
esac

mkdir -p "$app/DEBIAN"
cat > "$app/DEBIAN/control" <<EOF
Package: reminders-desktop
Version: $version
Architecture: $arch
Maintainer: ${MAINTAINER:-reminders developers <reminders@example.invalid>}
Installed-Size: $(du -sk "$app/usr" | cut -f1)
Depends: reminders (= $version), $app_depends
Section: education
Priority: optional
Description: flashcard review reminders: the desktop app
 The window of reminders: Home (today's count, the streak, the next
 reminder, the study heatmap), Study (the review session, card by card) and
 Settings, on the same files and rules as the reminders command. With
 "review.in = app" in the settings, a click on a reminder opens Study.
 .
 GTK 4 and libadwaita; in the desktop's app list as "Review Reminders".
EOF

mkdir -p "$(dirname "$output")" "$(dirname "$app_output")"
dpkg-deb --root-owner-group -Zxz --build "$root" "$output" >/dev/null
dpkg-deb --root-owner-group -Zxz --build "$app" "$app_output" >/dev/null
echo "$output"
echo "$app_output"

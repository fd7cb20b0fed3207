#!/usr/bin/env bash
# A throwaway desktop session for tests and demos: a private dbus-daemon and one notification
# server on it, each as a user has it.
#
#   eval "$(Tests/harness/desktop-session.sh start)"    # prints `export` lines (dunst on Xvfb)
#   notify-send hello world; dunstctl history
#   Tests/harness/desktop-session.sh stop               # uses $REMINDERS_SESSION_DIR
#   Tests/harness/desktop-session.sh stop DIR           # or an explicit session directory
#
# `start` options:
#   --server NAME  the notification server (default dunst):
#                    dunst                dunst 1.9 on Xvfb
#                    xfce                 xfce4-notifyd 0.7 (and xfconfd) on Xvfb
#                    notification-daemon  notification-daemon 3.20 on Xvfb
#                    plasma               plasmashell 5.27 (and kactivitymanagerd) on Xvfb
#                    gnome                GNOME Shell 43 headless, its notification helper, dconf,
#                                         a private system bus, and a test-only extension that
#                                         lets org.gnome.Shell.Eval answer
#                    mako, swaync         mako 1.7 / SwayNotificationCenter 0.7 on headless sway
#                                         1.7; sway refuses root, so as root the whole session
#                                         (bus included) runs as an unprivileged user
#                                         (REMINDERS_SESSION_USER=uid:gid, default 65534:65534)
#                    none                 bus and display only (no notification server)
#   --watch PID    stop the session on its own once process PID has exited (tests pass their own
#                  pid, so a crashed or killed test run leaves no daemons behind)
#   --no-dunst     the same as --server none
#   --no-monitors  a bus that refuses BecomeMonitor (as some locked-down session buses do)
#   --accessibility  the accessibility bus too, whatever the server (the desktop app's tests
#                  read and press its window through it; the servers that need it start it)
#
# Then, for the session in $REMINDERS_SESSION_DIR (or DIR as the last argument), each the
# server's own way:
#   dnd on|off               do-not-disturb (dunst: paused; xfce: xfconf /do-not-disturb, off
#                            removes it; plasma: the applet's setting, plasmanotifyrc
#                            [DoNotDisturb] Until, announced with kconfig's ConfigChanged;
#                            gnome: show-banners; mako: the do-not-disturb mode; swaync: its dnd);
#                            returns once the server reads it so
#   inhibit on|off           plasma: an Inhibit caller that lives until `off`
#   settings-restart         xfce: xfconfd started anew (one that stopped answering, as a loaded
#                            machine has seen); it reads back what it had saved
#   shown                    what the server received, a JSON object a line (summary, body, …):
#                            dunst's history (shown closes the displayed pop-ups first, since dunst
#                            lists a pop-up once closed), xfce's log, mako's list, GNOME's
#                            message tray (org.gnome.Shell.Eval), and for notification-daemon,
#                            Plasma and swaync the pop-ups on screen, read through the
#                            accessibility bus as a screen reader reads them
#   close-all                closes every pop-up on screen the user's way (dunstctl close-all,
#                            makoctl dismiss -a, swaync-client -C, a click on each pop-up's close
#                            control, GNOME: dismissed in the message tray)
#   act KEY LABEL SUMMARY    acts on pop-up SUMMARY as its user would: KEY `default` is a click
#                            on the pop-up, another key a press of its button LABEL (an X pointer
#                            click on Xvfb, the accessible action on swaync). xfce4-notifyd closes
#                            a clicked pop-up and draws `default` as a button: LABEL; dunst:
#                            `dunstctl action 0` and its context menu; mako, which draws no
#                            buttons: `makoctl invoke` for the click, `makoctl menu` for the
#                            others (`makoctl invoke KEY` when two actions share LABEL); GNOME: the
#                            notification's activate() and its button's callback, through Eval
#   run COMMAND...           runs COMMAND in the session (its user and environment)
#
# The bus is private: its own config, a socket inside the session directory, and no service
# directories, so nothing is ever auto-activated on it (an installed server cannot stand in for
# the one under test); what a desktop would activate (xfconfd, dconf, GNOME Shell's notification
# helper, the accessibility bus) is started here instead. Every process the session starts
# carries REMINDERS_SESSION_MARK=<session directory> in its environment, and so do the processes
# they start in turn (kded-style helpers, ibus, kio workers, the accessibility registry), even
# those that leave the process tree; `stop` ends exactly the processes with that mark, by PID,
# and removes the directory. Programs can be overridden with DBUS_DAEMON, XVFB, DUNST, … (see
# below); a missing one makes `start` fail, naming the Debian package.
set -euo pipefail

readonly START_TIMEOUT_S=${REMINDERS_SESSION_START_TIMEOUT:-15}
# Plasma and GNOME Shell take a few seconds on an idle machine, many more on a busy two-core one.
readonly SLOW_START_TIMEOUT_S=${REMINDERS_SESSION_SLOW_START_TIMEOUT:-90}
# The longest a one-shot client of the session may take (see in_session), and the accessibility
# probe (it looks for a pop-up for up to 10 s, with at-spi calls of at most 10 s).
readonly CALL_LIMIT_S=${REMINDERS_SESSION_CALL_LIMIT:-10}
# How long xfconfd may refuse a setting before do-not-disturb is said to have failed.
readonly XFCONF_SETTLE_S=${REMINDERS_SESSION_XFCONF_SETTLE:-60}
readonly PROBE_LIMIT_S=30
DBUS_DAEMON=${DBUS_DAEMON:-dbus-daemon}
XVFB=${XVFB:-Xvfb}
DUNST=${DUNST:-dunst}
PYTHON_GI=${PYTHON_GI:-/usr/bin/python3}
first() { # the first existing path of a glob, or the glob itself (reported as missing)
  local path
  for path in "$@"; do [[ -e $path ]] && { printf '%s' "$path"; return; }; done
  printf '%s' "$1"
}
XFCONFD=${XFCONFD:-$(first /usr/lib/*/xfce4/xfconf/xfconfd)}
XFCE4_NOTIFYD=${XFCE4_NOTIFYD:-$(first /usr/lib/*/xfce4/notifyd/xfce4-notifyd)}
NOTIFICATION_DAEMON=${NOTIFICATION_DAEMON:-/usr/lib/notification-daemon/notification-daemon}
KACTIVITYMANAGERD=${KACTIVITYMANAGERD:-$(first /usr/lib/*/libexec/kactivitymanagerd)}
PLASMASHELL=${PLASMASHELL:-plasmashell}
GNOME_SHELL=${GNOME_SHELL:-gnome-shell}
GJS=${GJS:-gjs}
GNOME_NOTIFICATIONS=${GNOME_NOTIFICATIONS:-/usr/share/gnome-shell/org.gnome.Shell.Notifications}
DCONF_SERVICE=${DCONF_SERVICE:-/usr/libexec/dconf-service}
AT_SPI_BUS_LAUNCHER=${AT_SPI_BUS_LAUNCHER:-/usr/libexec/at-spi-bus-launcher}
SWAY=${SWAY:-sway}
MAKO=${MAKO:-mako}
SWAYNC=${SWAYNC:-swaync}
readonly HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly GNOME_EXTENSION=reminders-tests@reminders.invalid

die() {
  printf 'desktop-session: %s\n' "$*" >&2
  exit 1
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2
  exit 64
}

# require PACKAGE PROGRAM...: each program must be on PATH (or a path that exists).
require() {
  local package=$1 tool
  shift
  for tool in "$@"; do
    if [[ $tool == */* ]]; then [[ -x $tool ]] && continue; else command -v "$tool" >/dev/null 2>&1 && continue; fi
    die "'$tool' not found; install it (Debian: apt-get install $package, or make deps)"
  done
}

require_probe() {
  "$PYTHON_GI" -c 'import gi; gi.require_version("Atspi", "2.0"); from gi.repository import Atspi' 2>/dev/null \
    || die "$PYTHON_GI cannot import the AT-SPI bindings (Debian: apt-get install python3-gi gir1.2-atspi-2.0 at-spi2-core)"
}

# Pop-ups in Japanese need a font with its glyphs, or servers draw boxes (a system with only
# DejaVu has none): said on stderr, since the tests read what servers received, not their pixels.
check_japanese_font() {
  command -v fc-list >/dev/null 2>&1 || return 0
  [[ -n $(timeout 15 fc-list :lang=ja family 2>/dev/null | head -n 1) ]] \
    || printf 'desktop-session: %s %s\n' "no font with Japanese glyphs (fc-list :lang=ja): Japanese pop-ups" \
      "will show boxes; install one (Debian: apt-get install fonts-noto-cjk, or make deps)" >&2
}

# Polls COMMAND until it succeeds: `wait_until SECONDS PID COMMAND...`. Gives up (status 1) at the
# deadline or as soon as process PID (the one expected to make COMMAND succeed) has died.
wait_until() {
  local deadline=$((SECONDS + $1)) pid=$2
  shift 2
  until "$@"; do
    ((SECONDS < deadline)) && alive "$pid" || return 1
    sleep 0.05
  done
}

alive() { kill -0 "$1" 2>/dev/null; }
nonempty() { [[ -s $1 ]]; }

# launch LOG OUT COMMAND...: a daemon in the background, inheriting nothing of ours (launch.sh).
# shellcheck source=launch.sh
source "$(dirname "${BASH_SOURCE[0]}")/launch.sh"

# The session's user and environment, kept in the session directory for later commands.
AS=()          # setpriv … when the session runs as another user
SESSION_ENV=() # NAME=value, the whole environment of every process of the session
session_set() { # session_set NAME=value…: adds or replaces
  local assignment i
  for assignment in "$@"; do
    for i in "${!SESSION_ENV[@]}"; do
      [[ ${SESSION_ENV[i]%%=*} == "${assignment%%=*}" ]] && unset 'SESSION_ENV[i]'
    done
    SESSION_ENV+=("$assignment")
  done
  SESSION_ENV=("${SESSION_ENV[@]}")
}
session_get() { # the value of NAME, or nothing
  local assignment
  for assignment in "${SESSION_ENV[@]}"; do
    [[ ${assignment%%=*} == "$1" ]] && { printf '%s' "${assignment#*=}"; return; }
  done
}
save_session() {
  printf '%s\0' "${SESSION_ENV[@]}" >"$1/env"
  : >"$1/as"
  ((${#AS[@]} == 0)) || printf '%s\0' "${AS[@]}" >"$1/as"
}
load_session() {
  local dir=$1
  [[ -d $dir && -f $dir/session ]] || die "not a session directory: $dir"
  mapfile -d '' SESSION_ENV <"$dir/env"
  mapfile -d '' AS <"$dir/as"
  SESSION_DIR=$dir
  SERVER=$(<"$dir/server")
}
# in_session COMMAND…: runs COMMAND as the session's user with exactly the session's environment,
# for at most CALL_LIMIT_S seconds: a one-shot client (dunstctl, xfconf-query, gdbus, gsettings,
# makoctl, kwriteconfig5) answers in milliseconds, and one whose server does not answer would
# otherwise wait libdbus's 25 s, again at each poll of `settle`.
in_session() { in_session_within "$CALL_LIMIT_S" "$@"; }
# in_session_within SECONDS COMMAND…: the same with a limit of its own (the accessibility probe,
# which looks for up to LOOK_SECONDS itself).
in_session_within() {
  local limit=$1
  shift
  timeout -k 2 "$limit" "${AS[@]}" env -i "${SESSION_ENV[@]}" "$@"
}
# start_in_session NAME COMMAND…: launches a daemon of the session; its pid goes to NAME.pid.
start_in_session() {
  local name=$1
  shift
  launch "$SESSION_DIR/$name.log" "" "${AS[@]}" env -i "${SESSION_ENV[@]}" "$@"
  echo $! >"$SESSION_DIR/$name.pid"
}

name_has_owner() {
  local reply
  reply=$(DBUS_SESSION_BUS_ADDRESS=$(session_get DBUS_SESSION_BUS_ADDRESS) dbus-send --session \
    --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null) || return 1
  [[ $reply == *true* ]]
}

# wait_for_name NAME DAEMON TIMEOUT: until NAME has an owner on the bus, while DAEMON (a name of a
# .pid file) lives.
wait_for_name() {
  local name=$1 daemon=$2 timeout=$3
  wait_until "$timeout" "$(<"$SESSION_DIR/$daemon.pid")" name_has_owner "$name" \
    || die "$daemon exited or did not own $name within ${timeout}s (log: $(tail -n 5 "$SESSION_DIR/$daemon.log"))"
}

# The processes that carry this session's mark (all but this script and its subshells).
marked_pids() {
  local dir=$1 file pid caller=$BASHPID
  # One grep reads every environment (NUL-separated entries, -z); unreadable ones are not ours.
  grep -lzxF "REMINDERS_SESSION_MARK=$dir" /proc/[0-9]*/environ 2>/dev/null | while read -r file; do
    pid=${file#/proc/}
    pid=${pid%/environ}
    [[ $pid == "$$" || $pid == "$caller" || $pid == "$BASHPID" ]] || printf '%s\n' "$pid"
  done || true
}

# Ends every process marked with DIR and removes DIR: SIGTERM first (SIGCONT too: a test may have
# left a server stopped), SIGKILL for whatever is still there 5 seconds later.
stop_session() {
  local dir=$1 pid
  [[ -d $dir && -f $dir/session ]] || die "not a session directory: $dir"
  local -a pids
  mapfile -t pids < <(marked_pids "$dir")
  for pid in "${pids[@]}"; do
    kill -CONT "$pid" 2>/dev/null || true
    kill -TERM "$pid" 2>/dev/null || true
  done
  local deadline=$((SECONDS + 5))
  for pid in "${pids[@]}"; do
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.05; done
  done
  # Anything started meanwhile (a helper that a dying server spawned) goes too.
  mapfile -t pids < <(marked_pids "$dir")
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf -- "$dir"
}

# write_bus_config DIR FILE TYPE SOCKET DENY_MONITORS
write_bus_config() {
  local deny=""
  if (($5)); then
    deny='<deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Monitoring"/>'
  fi
  cat >"$1/$2" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>$3</type>
  <listen>unix:path=$4</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <!-- The session's user owns the bus; the tests (root, when the session has its own user)
         connect too. -->
    <allow user="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    $deny
  </policy>
</busconfig>
EOF
}

# start_bus NAME TYPE DENY_MONITORS: a dbus-daemon of the session; prints its address.
start_bus() {
  local name=$1 type=$2 deny=$3
  write_bus_config "$SESSION_DIR" "$name.conf" "$type" "$SESSION_DIR/$name" "$deny"
  launch "$SESSION_DIR/$name.log" "$SESSION_DIR/$name.address" "${AS[@]}" env -i "${SESSION_ENV[@]}" \
    "$DBUS_DAEMON" --nofork --nopidfile --nosyslog --config-file="$SESSION_DIR/$name.conf" --print-address=3
  echo $! >"$SESSION_DIR/$name.pid"
  wait_until "$START_TIMEOUT_S" "$(<"$SESSION_DIR/$name.pid")" nonempty "$SESSION_DIR/$name.address" \
    || die "dbus-daemon ($name) exited or was not ready within ${START_TIMEOUT_S}s: $(tail -n 5 "$SESSION_DIR/$name.log")"
}

start_xvfb() {
  # -displayfd makes Xvfb pick a free display itself and report it once it accepts clients.
  launch "$SESSION_DIR/xvfb.log" "$SESSION_DIR/display" "${AS[@]}" env -i "${SESSION_ENV[@]}" \
    "$XVFB" -displayfd 3 -screen 0 1280x800x24 -nolisten tcp
  echo $! >"$SESSION_DIR/xvfb.pid"
  wait_until "$START_TIMEOUT_S" "$(<"$SESSION_DIR/xvfb.pid")" nonempty "$SESSION_DIR/display" \
    || die "Xvfb exited or was not ready within ${START_TIMEOUT_S}s: $(tail -n 5 "$SESSION_DIR/xvfb.log")"
  session_set DISPLAY=":$(head -n 1 "$SESSION_DIR/display")"
}

wayland_socket() {
  local socket
  for socket in "$SESSION_DIR"/runtime/wayland-*; do
    [[ -S $socket ]] && { printf '%s' "${socket##*/}"; return 0; }
  done
  return 1
}

has_wayland_socket() { wayland_socket >/dev/null; }

start_sway() {
  printf 'xwayland disable\noutput HEADLESS-1 resolution 1280x800\n' >"$SESSION_DIR/sway.conf"
  start_in_session sway env WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
    "$SWAY" -c "$SESSION_DIR/sway.conf"
  wait_until "$START_TIMEOUT_S" "$(<"$SESSION_DIR/sway.pid")" has_wayland_socket \
    || die "sway exited or opened no Wayland socket within ${START_TIMEOUT_S}s (log: $(tail -n 5 "$SESSION_DIR/sway.log"))"
  session_set WAYLAND_DISPLAY="$(wayland_socket)"
}

# The accessibility bus, as desktops start it: the launcher owns org.a11y.Bus on the session bus
# and starts the bus and its registry; GTK and Qt applications find it there, and so does the
# probe that reads and presses their pop-ups.
start_accessibility() {
  require at-spi2-core "$AT_SPI_BUS_LAUNCHER"
  require libglib2.0-bin gdbus
  require_probe
  start_in_session a11y "$AT_SPI_BUS_LAUNCHER" --launch-immediately --a11y=1
  wait_for_name org.a11y.Bus a11y "$START_TIMEOUT_S"
}

# dconf: GSettings' store (GNOME's show-banners, swaync's dnd), written through its service.
start_dconf() {
  require dconf-service "$DCONF_SERVICE"
  start_in_session dconf "$DCONF_SERVICE"
  wait_for_name ca.desrt.dconf dconf "$START_TIMEOUT_S"
}

write_dunstrc() {
  local dir=$1
  cat >"$dir/dunstrc" <<'EOF'
[global]
    monitor = 0
    follow = none
    width = 300
    height = 100
    origin = top-right
    offset = 10x10
    notification_limit = 0
    indicate_hidden = yes
    markup = full
    format = "<b>%s</b>\n%b"
    font = Monospace 8
    idle_threshold = 0
    show_age_threshold = -1
    sticky_history = yes
    history_length = 1000
    ignore_dbusclose = false
    mouse_left_click = close_current
    mouse_middle_click = do_action, close_current
    mouse_right_click = close_all

# A minute: long enough for a test to act on a pop-up that is still shown (tests close them
# with dunstctl when they are done).
[urgency_low]
    timeout = 60

[urgency_normal]
    timeout = 60

[urgency_critical]
    timeout = 0
EOF
}

start_dunst() {
  require dunst "$DUNST"
  write_dunstrc "$SESSION_DIR"
  # dunst's context menu (`dunstctl context`) asks this script to choose an action: it picks the
  # line of the key a test wrote to $dir/dmenu-choice (lines read `#Review now (…) [2,review]`).
  printf '#!/bin/sh\nkey=$(cat "$(dirname "$0")/dmenu-choice" 2>/dev/null)\ngrep -m1 -F ",$key]"\n' >"$SESSION_DIR/dmenu"
  chmod +x "$SESSION_DIR/dmenu"
  sed -i "s|^\\[global\\]\$|[global]\\n    dmenu = $SESSION_DIR/dmenu|" "$SESSION_DIR/dunstrc"
  start_in_session dunst "$DUNST" -config "$SESSION_DIR/dunstrc"
  wait_for_name org.freedesktop.Notifications dunst "$START_TIMEOUT_S"
}

start_xfce() {
  require xfconf "$XFCONFD" xfconf-query
  require xfce4-notifyd "$XFCE4_NOTIFYD"
  start_accessibility
  start_in_session xfconfd "$XFCONFD"
  wait_for_name org.xfce.Xfconf xfconfd "$START_TIMEOUT_S"
  # The log is the proof of what it received: every pop-up (log level 1: always, not only during
  # do-not-disturb), in $XDG_CACHE_HOME/xfce4/notifyd/log. /do-not-disturb stays unset: xfconf
  # then answers "does not exist", which reads as off.
  xfce_settings
  start_in_session xfce4-notifyd "$XFCE4_NOTIFYD"
  wait_for_name org.freedesktop.Notifications xfce4-notifyd "$START_TIMEOUT_S"
}

start_notification_daemon() {
  require notification-daemon "$NOTIFICATION_DAEMON"
  start_accessibility
  start_in_session notification-daemon "$NOTIFICATION_DAEMON"
  wait_for_name org.freedesktop.Notifications notification-daemon "$START_TIMEOUT_S"
}

start_plasma() {
  require plasma-workspace "$PLASMASHELL" kwriteconfig5
  require kactivitymanagerd "$KACTIVITYMANAGERD"
  require libglib2.0-bin gdbus
  # A pop-up stays a minute (as dunst's here), long enough for a test to act on it.
  in_session kwriteconfig5 --file plasmanotifyrc --group Notifications --key PopupTimeout 60000
  # plasmashell does not load its shell without the activity manager.
  start_in_session kactivitymanagerd "$KACTIVITYMANAGERD"
  wait_for_name org.kde.ActivityManager kactivitymanagerd "$START_TIMEOUT_S"
  # Qt joins the accessibility bus only when asked (a screen reader would ask).
  session_set QT_QPA_PLATFORM=xcb QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1
  start_in_session plasmashell "$PLASMASHELL"
  wait_for_name org.freedesktop.Notifications plasmashell "$SLOW_START_TIMEOUT_S"
  # After plasmashell: Qt 5.15 joins the accessibility bus when org.a11y.Bus appears while it
  # runs, and never when the name is there before it starts (checked: plasmashell was then never
  # listed on the bus's registry).
  start_accessibility
}

gnome_eval_works() { probe gnome-shown >/dev/null 2>&1; }

start_gnome() {
  require gnome-shell "$GNOME_SHELL"
  require gjs "$GJS"
  [[ -f $GNOME_NOTIFICATIONS ]] || die "'$GNOME_NOTIFICATIONS' not found; install it (Debian: apt-get install gnome-shell, or make deps)"
  require libglib2.0-bin gsettings
  require_probe
  start_bus system-bus system 0
  session_set DBUS_SYSTEM_BUS_ADDRESS="$(head -n 1 "$SESSION_DIR/system-bus.address")"
  start_dconf
  # A test-only extension: GNOME Shell answers org.gnome.Shell.Eval only in unsafe mode.
  local extension
  extension="$(session_get XDG_DATA_HOME)/gnome-shell/extensions/$GNOME_EXTENSION"
  mkdir -p "$extension"
  cat >"$extension/metadata.json" <<EOF
{"uuid": "$GNOME_EXTENSION", "name": "reminders tests", "shell-version": ["43"],
 "description": "Lets the tests of reminders read the message tray through org.gnome.Shell.Eval"}
EOF
  cat >"$extension/extension.js" <<'EOF'
/* exported init, enable, disable */
function init() {}
function enable() { global.context.unsafe_mode = true; }
function disable() { global.context.unsafe_mode = false; }
EOF
  [[ ${#AS[@]} -eq 0 ]] || chown -R "$(<"$SESSION_DIR/user")" "$SESSION_DIR/home"
  in_session gsettings set org.gnome.shell disable-user-extensions false
  in_session gsettings set org.gnome.shell enabled-extensions "['$GNOME_EXTENSION']"
  start_in_session gnome-shell "$GNOME_SHELL" --headless --wayland --no-x11 --virtual-monitor 1280x800
  wait_for_name org.gnome.Shell gnome-shell "$SLOW_START_TIMEOUT_S"
  # The shell asks the bus to activate its notification helper, which owns
  # org.freedesktop.Notifications and passes calls on to the shell; this bus activates nothing,
  # so it is started as its D-Bus service file says.
  local exec
  exec=$(sed -n 's/^Exec=//p' /usr/share/dbus-1/services/org.gnome.Shell.Notifications.service 2>/dev/null)
  [[ -n $exec ]] || exec="$GJS $GNOME_NOTIFICATIONS"
  # shellcheck disable=SC2086 # the Exec line's words
  start_in_session gnome-notifications $exec
  wait_for_name org.freedesktop.Notifications gnome-notifications "$SLOW_START_TIMEOUT_S"
  wait_until "$SLOW_START_TIMEOUT_S" "$(<"$SESSION_DIR/gnome-shell.pid")" gnome_eval_works \
    || die "GNOME Shell did not enable the test extension (org.gnome.Shell.Eval) within ${SLOW_START_TIMEOUT_S}s"
}

start_mako() {
  require mako-notifier "$MAKO" makoctl
  require jq jq
  # mako's do-not-disturb is a mode the user defines; `invisible` holds pop-ups back.
  mkdir -p "$(session_get XDG_CONFIG_HOME)/mako"
  printf 'default-timeout=60000\n\n[mode=do-not-disturb]\ninvisible=1\n' >"$(session_get XDG_CONFIG_HOME)/mako/config"
  # makoctl menu asks this script to choose an action: the line of the label in $dir/menu-choice.
  printf '#!/bin/sh\ngrep -m1 -xF "$(cat "$(dirname "$0")/menu-choice")"\n' >"$SESSION_DIR/menu"
  chmod 755 "$SESSION_DIR/menu"
  [[ ${#AS[@]} -eq 0 ]] || chown -R "$(<"$SESSION_DIR/user")" "$SESSION_DIR/home" "$SESSION_DIR/menu"
  start_in_session mako "$MAKO"
  wait_for_name org.freedesktop.Notifications mako "$START_TIMEOUT_S"
}

start_swaync() {
  require sway-notification-center "$SWAYNC" swaync-client
  require jq jq
  start_dconf # its do-not-disturb is a GSettings key
  start_accessibility
  mkdir -p "$(session_get XDG_CONFIG_HOME)/swaync"
  jq '.timeout = 60' /etc/xdg/swaync/config.json >"$(session_get XDG_CONFIG_HOME)/swaync/config.json" \
    || die "cannot read /etc/xdg/swaync/config.json (package sway-notification-center)"
  [[ ${#AS[@]} -eq 0 ]] || chown -R "$(<"$SESSION_DIR/user")" "$SESSION_DIR/home"
  start_in_session swaync "$SWAYNC"
  wait_for_name org.freedesktop.Notifications swaync "$START_TIMEOUT_S"
}

start_session() {
  local watch_pid="" server=dunst no_monitors=0 accessibility=0
  while (($#)); do
    case $1 in
      --accessibility) accessibility=1; shift ;;
      --watch) watch_pid=${2:?--watch needs a pid}; shift 2 ;;
      --server) server=${2:?--server needs a name}; shift 2 ;;
      --no-dunst) server=none; shift ;;
      --no-monitors) no_monitors=1; shift ;;
      *) usage ;;
    esac
  done
  case $server in
    dunst | xfce | notification-daemon | plasma | gnome | mako | swaync | none) ;;
    *) die "unknown server '$server' (dunst, xfce, notification-daemon, plasma, gnome, mako, swaync, none)" ;;
  esac
  require dbus "$DBUS_DAEMON" dbus-send
  local wayland=0
  [[ $server == mako || $server == swaync ]] && wayland=1
  if ((wayland)); then require sway "$SWAY"; else [[ $server == gnome ]] || require xvfb "$XVFB"; fi
  [[ $server == none ]] || check_japanese_font

  local dir
  # Unix socket paths are limited to 108 bytes: stay in a short directory.
  dir=$(mktemp -d "${REMINDERS_SESSION_TMPDIR:-/tmp}/reminders-session.XXXXXX")
  chmod 755 "$dir"
  touch "$dir/session"
  printf '%s' "$server" >"$dir/server"
  SESSION_DIR=$dir
  SERVER=$server
  # Anything that fails from here on takes the half-started session down with it.
  trap 'status=$?; if ((status != 0)); then stop_session "$SESSION_DIR" >/dev/null 2>&1 || true; fi' EXIT

  # sway refuses to run as root: as root, the whole session runs as an unprivileged user.
  if ((wayland)) && [[ $(id -u) == 0 ]]; then
    local user=${REMINDERS_SESSION_USER:-65534:65534}
    [[ $user =~ ^[0-9]+:[0-9]+$ ]] || die "REMINDERS_SESSION_USER must be uid:gid, not '$user'"
    require util-linux setpriv
    AS=(setpriv --reuid="${user%:*}" --regid="${user#*:}" --clear-groups --)
    printf '%s' "$user" >"$dir/user"
  fi
  mkdir -p "$dir/home/.config" "$dir/home/.cache" "$dir/home/.local/share" "$dir/runtime"
  chmod 700 "$dir/runtime"
  install -m 644 "$HERE/desktop-probe.py" "$dir/desktop-probe.py"
  [[ ${#AS[@]} -eq 0 ]] || chown -R "$(<"$dir/user")" "$dir"
  SESSION_ENV=(
    "PATH=${PATH:-/usr/bin:/bin}" "HOME=$dir/home" "XDG_CONFIG_HOME=$dir/home/.config"
    "XDG_CACHE_HOME=$dir/home/.cache" "XDG_DATA_HOME=$dir/home/.local/share" "XDG_RUNTIME_DIR=$dir/runtime"
    "LANG=C.UTF-8" "REMINDERS_SESSION_MARK=$dir"
  )
  start_bus bus session "$no_monitors"
  session_set DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$dir/bus.address")"
  if ((wayland)); then
    start_sway
  elif [[ $server != gnome ]]; then
    start_xvfb
  fi
  save_session "$dir"

  case $server in
    dunst) start_dunst ;;
    xfce) start_xfce ;;
    notification-daemon) start_notification_daemon ;;
    plasma) start_plasma ;;
    gnome) start_gnome ;;
    mako) start_mako ;;
    swaync) start_swaync ;;
    none) ;;
  esac
  case $server in
    xfce | notification-daemon | plasma | swaync) ;;
    *) ((accessibility == 0)) || start_accessibility ;;
  esac
  save_session "$dir"

  if [[ -n $watch_pid ]]; then
    launch /dev/null "" env REMINDERS_SESSION_MARK="$dir" setsid bash "$0" __watch "$watch_pid" "$dir"
    echo $! >"$dir/watcher.pid"
  fi

  trap - EXIT
  local name
  for name in DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY DBUS_SYSTEM_BUS_ADDRESS; do
    [[ -n $(session_get "$name") ]] && printf 'export %s=%q\n' "$name" "$(session_get "$name")"
  done
  # A Wayland session: its clients need the runtime folder the compositor's socket is in.
  ((wayland)) && printf 'export XDG_RUNTIME_DIR=%q\n' "$dir/runtime"
  printf 'export REMINDERS_SESSION_DIR=%q\n' "$dir"
  printf 'export REMINDERS_SESSION_SERVER=%q\n' "$server"
  printf 'export REMINDERS_SESSION_CONFIG_HOME=%q\n' "$dir/home/.config"
  [[ -f $dir/user ]] && printf 'export REMINDERS_SESSION_USER=%q\n' "$(<"$dir/user")"
  printf 'export REMINDERS_SESSION_DBUS_PID=%q\n' "$(<"$dir/bus.pid")"
  [[ -f $dir/xvfb.pid ]] && printf 'export REMINDERS_SESSION_XVFB_PID=%q\n' "$(<"$dir/xvfb.pid")"
  local main=${server}
  [[ $server == gnome ]] && main=gnome-shell
  [[ $server == xfce ]] && main=xfce4-notifyd
  [[ $server == plasma ]] && main=plasmashell
  if [[ -f $dir/$main.pid ]]; then
    printf 'export REMINDERS_SESSION_SERVER_PID=%q\n' "$(<"$dir/$main.pid")"
    [[ $server == dunst ]] && printf 'export REMINDERS_SESSION_DUNST_PID=%q\n' "$(<"$dir/dunst.pid")"
  fi
  return 0
}

watch_parent() {
  local parent=$1 dir=$2
  while alive "$parent" && [[ -d $dir ]]; do sleep 1; done
  [[ -d $dir ]] || exit 0
  stop_session "$dir"
}

# --- Commands on a running session ---------------------------------------------------------

# The probe runs as the session's user (an application's accessibility answers its own user
# only), from the session's copy (the user may not be able to read the repository).
probe() { in_session_within "$PROBE_LIMIT_S" "$PYTHON_GI" "$SESSION_DIR/desktop-probe.py" "$@"; }

# Polls the server's own reading until it says `want` (5 s).
settle() {
  local want=$1 deadline=$((SECONDS + 5))
  shift
  until [[ $("$@" 2>/dev/null) == "$want" ]]; do
    ((SECONDS < deadline)) || die "$SERVER did not report do-not-disturb as '$want' (it says: $("$@" 2>&1))"
    sleep 0.05
  done
}

plasma_inhibited() {
  in_session gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.DBus.Properties.Get org.freedesktop.Notifications Inhibited | tr -d '(),<>'
}
xfce_dnd() { in_session xfconf-query -c xfce4-notifyd -p /do-not-disturb 2>/dev/null || echo unset; }
# xfce_until WANT COMMAND…: runs COMMAND until xfconfd reads /do-not-disturb as WANT. An xfconfd
# that refuses the call (seen in CI: "Failed to set property." for 30 s on end, after each call
# waited for its reply) is taken for wedged and started anew, once; what it had saved (the
# settings of start_xfce) it reads back from its files.
xfce_until() {
  local want=$1 deadline=$((SECONDS + XFCONF_SETTLE_S)) said="" restarted=0
  shift
  until [[ $(xfce_dnd) == "$want" ]]; do
    ((SECONDS < deadline)) || die "xfconfd did not take do-not-disturb '$want' in ${XFCONF_SETTLE_S} s (it said: ${said:-nothing}; restarted: $restarted; its log: $(tail -c 600 "$SESSION_DIR/xfconfd.log" 2>/dev/null | tr '\n' ' '))"
    if ! said=$("$@" 2>&1); then
      if ((!restarted)); then
        restarted=1
        restart_xfconfd
      else
        sleep 0.5
      fi
    fi
  done
}

restart_xfconfd() {
  local pid
  pid=$(<"$SESSION_DIR/xfconfd.pid")
  kill -KILL "$pid" 2>/dev/null || true
  wait_until 5 "$pid" false || true
  start_in_session xfconfd "$XFCONFD"
  wait_for_name org.xfce.Xfconf xfconfd "$START_TIMEOUT_S"
  xfce_settings
}

# What start_xfce sets, set again after a restart (a wedged xfconfd may not have saved it).
xfce_settings() {
  in_session xfconf-query -c xfce4-notifyd -p /notification-log -n -t bool -s true
  in_session xfconf-query -c xfce4-notifyd -p /log-level -n -t uint -s 1
  in_session xfconf-query -c xfce4-notifyd -p /expire-timeout -n -t int -s 60
}
mako_dnd() { in_session makoctl mode | grep -qx do-not-disturb && echo true || echo false; }

do_not_disturb() {
  local on
  case $1 in
    on) on=true ;;
    off) on=false ;;
    *) usage ;;
  esac
  case $SERVER in
    dunst)
      in_session dunstctl set-paused "$on"
      settle "$on" in_session dunstctl is-paused
      ;;
    xfce)
      # xfconfd, starved on a loaded machine (seven desktops testing at once on two cores), can
      # refuse a call for seconds on end ("Failed to set property"): the setting is asked for
      # again, half a second apart, until xfconfd reads it so (judged by what it reads, whatever
      # a call said), for up to XFCONF_SETTLE_S.
      if [[ $on == true ]]; then
        xfce_until true in_session xfconf-query -c xfce4-notifyd -p /do-not-disturb -n -t bool -s true
      else
        # unset again ("does not exist"), which fails when a call that timed out had done it
        xfce_until unset in_session xfconf-query -c xfce4-notifyd -p /do-not-disturb -r
      fi
      ;;
    plasma)
      # The applet's setting: do-not-disturb until a time, announced as KConfig announces a change.
      if [[ $on == true ]]; then
        in_session kwriteconfig5 --file plasmanotifyrc --group DoNotDisturb --key Until "2100,1,1,0,0,0"
      else
        in_session kwriteconfig5 --file plasmanotifyrc --group DoNotDisturb --key Until --delete
      fi
      in_session gdbus emit --session --object-path /plasmanotifyrc --signal org.kde.kconfig.notify.ConfigChanged \
        "{'DoNotDisturb': [b'Until']}" >/dev/null
      settle "$on" plasma_inhibited
      ;;
    gnome)
      in_session gsettings set org.gnome.desktop.notifications show-banners "$([[ $on == true ]] && echo false || echo true)"
      settle "$([[ $on == true ]] && echo false || echo true)" in_session gsettings get org.gnome.desktop.notifications show-banners
      ;;
    mako)
      in_session makoctl mode "$([[ $on == true ]] && echo -a || echo -r)" do-not-disturb >/dev/null
      settle "$on" mako_dnd
      ;;
    swaync)
      # swaync-client waits for ever when no swaync answers: always with a time limit.
      in_session timeout 5 swaync-client "$([[ $on == true ]] && echo -dn || echo -df)" >/dev/null
      settle "$on" in_session timeout 5 swaync-client -D
      ;;
    notification-daemon) die "notification-daemon has no do-not-disturb" ;;
    none) die "no notification server in this session" ;;
  esac
}

inhibit() {
  [[ $SERVER == plasma ]] || die "inhibit: only for plasma (the server that reports Inhibited)"
  case $1 in
    on)
      launch "$SESSION_DIR/inhibitor.log" "" "${AS[@]}" env -i "${SESSION_ENV[@]}" \
        "$PYTHON_GI" "$SESSION_DIR/desktop-probe.py" inhibit
      echo $! >"$SESSION_DIR/inhibitor.pid"
      settle true plasma_inhibited
      ;;
    off)
      [[ -f $SESSION_DIR/inhibitor.pid ]] || die "inhibit off: no inhibitor runs"
      kill -TERM "$(<"$SESSION_DIR/inhibitor.pid")" 2>/dev/null || true
      rm -f "$SESSION_DIR/inhibitor.pid"
      settle false plasma_inhibited
      ;;
    *) usage ;;
  esac
}

shown() {
  case $SERVER in
    dunst)
      in_session dunstctl close-all
      sleep 0.2
      in_session dunstctl history \
        | jq -c '.data[0][] | {summary: .summary.data, body: .body.data, app: .appname.data, id: .id.data}'
      ;;
    xfce) probe shown xfce "$(session_get XDG_CACHE_HOME)/xfce4/notifyd/log" ;;
    notification-daemon | plasma | swaync) probe shown "$SERVER" ;;
    gnome) probe gnome-shown ;;
    mako) in_session makoctl list | jq -c '.data[0][] | {summary: .summary.data, body: .body.data, app: ."app-name".data, id: .id.data}' ;;
    none) ;;
  esac
}

# Closes every pop-up the user's way (for a clean screen between tests).
close_all() {
  case $SERVER in
    dunst) in_session dunstctl close-all ;;
    xfce | notification-daemon | plasma) probe dismiss "$SERVER" ;;
    gnome) probe gnome-dismiss ;;
    mako) in_session makoctl dismiss -a ;;
    swaync) in_session timeout 5 swaync-client -C >/dev/null ;;
    none) ;;
  esac
}

mako_id() { # the id of mako's pop-up with summary $1
  in_session makoctl list | jq -r --arg summary "$1" '[.data[0][] | select(.summary.data == $summary)][0].id.data // empty'
}

act() {
  local key=$1 label=$2 summary=$3
  case $SERVER in
    dunst)
      if [[ $key == default ]]; then
        in_session dunstctl action 0
      else
        printf '%s' "$key" >"$SESSION_DIR/dmenu-choice"
        in_session dunstctl context
      fi
      ;;
    xfce)
      # xfce4-notifyd draws the default action as a button too; a click elsewhere closes the pop-up.
      probe press xfce "$summary" "$label"
      ;;
    notification-daemon | plasma)
      if [[ $key == default ]]; then probe click "$SERVER" "$summary"; else probe press "$SERVER" "$summary" "$label"; fi
      ;;
    swaync)
      # A click on the pop-up is a press of the button it is.
      if [[ $key == default ]]; then probe press swaync "$summary" "$summary"; else probe press swaync "$summary" "$label"; fi
      ;;
    gnome) probe gnome-act "$summary" "$key" "$label" ;;
    mako)
      local id="" deadline=$((SECONDS + 10))
      until id=$(mako_id "$summary") && [[ -n $id ]]; do
        ((SECONDS < deadline)) || die "mako shows no pop-up '$summary'"
        sleep 0.1
      done
      if [[ $key == default ]]; then
        in_session makoctl invoke -n "$id" # what a left click does (on-button-left=invoke-default-action)
      elif [[ $(in_session makoctl list | jq --arg id "$id" --arg label "$label" \
        '[.data[0][] | select(.id.data == ($id | tonumber)) | .actions.data[] | select(. == $label)] | length') == 1 ]]; then
        # The user's menu (dmenu, wofi, …) lists the labels: this one picks LABEL.
        printf '%s\n' "$label" >"$SESSION_DIR/menu-choice"
        in_session makoctl menu -n "$id" "$SESSION_DIR/menu"
      else
        # makoctl menu maps a label back to every key that has it, and invokes none when two do
        # (reminders labels both `default` and `review` "Review now"): invoke the key itself.
        in_session makoctl invoke -n "$id" "$key"
      fi
      ;;
    *) die "act: no notification server in this session" ;;
  esac
}

# The session directory: the last argument when it names one, else $REMINDERS_SESSION_DIR.
session_argument() {
  local last=${!#}
  if (($# > 0)) && [[ -f $last/session ]]; then printf '%s' "$last"; else printf '%s' "${REMINDERS_SESSION_DIR:-}"; fi
}

command=${1:-}
(($#)) && shift
case $command in
  start) start_session "$@" ;;
  stop)
    dir=${1:-${REMINDERS_SESSION_DIR:-}}
    [[ -n $dir ]] || die "stop: no session directory (pass it, or set REMINDERS_SESSION_DIR)"
    stop_session "$dir"
    ;;
  dnd | inhibit | settings-restart | shown | close-all | act | run)
    dir=$(session_argument "$@")
    [[ -n $dir ]] || die "$command: no session directory (pass it last, or set REMINDERS_SESSION_DIR)"
    load_session "$dir"
    [[ $dir == "${!#}" && $# -gt 0 ]] && set -- "${@:1:$#-1}"
    case $command in
      dnd) do_not_disturb "${1:-}" ;;
      inhibit) inhibit "${1:-}" ;;
      settings-restart) [[ $SERVER == xfce ]] || die "settings-restart: only xfce has xfconfd"; restart_xfconfd ;;
      shown) shown ;;
      close-all) close_all ;;
      act) (($# == 3)) || usage; act "$@" ;;
      run) in_session "$@" ;;
    esac
    ;;
  __watch) watch_parent "$1" "$2" ;;
  *) usage ;;
esac

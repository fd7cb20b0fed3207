#!/usr/bin/env bash
# A throwaway desktop session for tests and demos: a private dbus-daemon, Xvfb and dunst.
#
#   eval "$(Tests/harness/desktop-session.sh start)"    # prints `export` lines
#   notify-send hello world; dunstctl history
#   Tests/harness/desktop-session.sh stop               # uses $REMINDERS_SESSION_DIR
#   Tests/harness/desktop-session.sh stop DIR           # or an explicit session directory
#
# `start` options:
#   --watch PID   stop the session on its own once process PID has exited (tests pass their own
#                 pid, so a crashed or killed test run leaves no daemons behind)
#   --no-dunst    bus and display only (to test what happens when no notification server runs)
#   --no-monitors a bus that refuses BecomeMonitor (as some locked-down session buses do)
#
# The bus is private: its own config, a socket inside the session directory, and no
# <standard_session_servicedirs/>, so nothing (dunst included) is ever auto-activated on it.
# Binaries can be overridden with DBUS_DAEMON, XVFB, DUNST (a missing one makes `start` fail).
# Everything `start` launches is recorded in the session directory; `stop` ends exactly those
# processes and removes the directory.
set -euo pipefail

readonly START_TIMEOUT_S=${REMINDERS_SESSION_START_TIMEOUT:-15}
DBUS_DAEMON=${DBUS_DAEMON:-dbus-daemon}
XVFB=${XVFB:-Xvfb}
DUNST=${DUNST:-dunst}

die() {
  printf 'desktop-session: %s\n' "$*" >&2
  exit 1
}

usage() {
  sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 \
      || die "'$tool' not found; install dbus, xvfb and dunst (Debian: apt-get install dbus xvfb dunst)"
  done
}

# Pop-ups in Japanese need a font with its glyphs, or dunst draws boxes (a system with only
# DejaVu has none): said on stderr, since the tests read dunst's history, not its pixels.
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

# Starts a daemon in the background (its pid in $!): stdin from /dev/null, stdout and stderr to
# LOG, fd 3 to OUT when OUT is not empty, and nothing else inherited from the caller:
# - no other descriptor: a caller may wait for EOF on a pipe or socket it passed us (Foundation's
#   `Process` waits until every holder of its internal socket has closed it), and a daemon
#   keeping one open would make that caller hang long after this script has exited;
# - no blocked signals and no ignored SIGPIPE: a caller such as a Swift test process spawns us
#   from a thread that blocks most signals, a mask every child inherits, and daemons that block
#   SIGTERM cannot be stopped politely. Bash cannot change its signal mask; perl (in every
#   Debian system, package perl-base) can, just before it execs the daemon.
#   launch LOG OUT COMMAND...
launch() {
  local log=$1 out=$2
  shift 2
  local -a unblock=()
  if command -v perl >/dev/null 2>&1; then
    unblock=(perl -MPOSIX -e '
      sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!";
      $SIG{PIPE} = "DEFAULT";
      exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!";' --)
  fi
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if ((fd > 2)); then eval "exec $fd>&-"; fi
    done 2>/dev/null
    if [[ -n $out ]]; then
      exec "${unblock[@]}" "$@" 3>"$out" </dev/null >"$log" 2>&1
    else
      exec "${unblock[@]}" "$@" </dev/null >"$log" 2>&1
    fi
  ) &
}

# Whether PID is still the process we started (and not a recycled pid): its command line names
# the session directory, or for Xvfb, which gets no such argument, its -displayfd option.
ours() {
  local pid=$1 mark=$2 cmdline
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
  [[ $cmdline == *"$mark"* ]]
}
nonempty() { [[ -s $1 ]]; }

name_has_owner() {
  local reply
  reply=$(DBUS_SESSION_BUS_ADDRESS=$1 dbus-send --session --print-reply=literal \
    --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
    "string:$2" 2>/dev/null) || return 1
  [[ $reply == *true* ]]
}

# Ends the processes recorded in DIR (dunst, Xvfb, dbus-daemon, watcher) and removes DIR:
# SIGTERM first, SIGKILL for whatever is still there 3 seconds later.
stop_session() {
  local dir=$1 name pid mark
  local -a pids=()
  [[ -d $dir && -f $dir/session ]] || die "not a session directory: $dir"
  for name in watcher dunst xvfb dbus; do
    [[ -f $dir/$name.pid ]] || continue
    pid=$(<"$dir/$name.pid")
    [[ $pid =~ ^[0-9]+$ ]] || continue
    mark=$dir
    [[ $name == xvfb ]] && mark=-displayfd
    ours "$pid" "$mark" || continue
    pids+=("$pid")
    kill -CONT "$pid" 2>/dev/null || true # a test may have left dunst stopped
    kill -TERM "$pid" 2>/dev/null || true
  done
  local deadline=$((SECONDS + 3))
  for pid in "${pids[@]}"; do
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf -- "$dir"
}

write_bus_config() {
  local dir=$1 deny=""
  if (($2)); then
    deny='<deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Monitoring"/>'
  fi
  cat >"$dir/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    $deny
  </policy>
</busconfig>
EOF
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

start_session() {
  local watch_pid="" with_dunst=1 no_monitors=0
  while (($#)); do
    case $1 in
      --watch) watch_pid=${2:?--watch needs a pid}; shift 2 ;;
      --no-dunst) with_dunst=0; shift ;;
      --no-monitors) no_monitors=1; shift ;;
      *) usage ;;
    esac
  done
  require "$DBUS_DAEMON" "$XVFB" dbus-send
  if ((with_dunst)); then
    require "$DUNST"
    check_japanese_font
  fi

  local dir
  # Unix socket paths are limited to 108 bytes: stay in a short directory.
  dir=$(mktemp -d "${REMINDERS_SESSION_TMPDIR:-/tmp}/reminders-session.XXXXXX")
  touch "$dir/session"
  # Anything that fails from here on takes the half-started session down with it.
  STARTING_DIR=$dir
  trap 'status=$?; if ((status != 0)); then stop_session "$STARTING_DIR" >/dev/null 2>&1 || true; fi' EXIT

  write_bus_config "$dir" "$no_monitors"
  launch "$dir/dbus.log" "$dir/address" \
    "$DBUS_DAEMON" --nofork --nopidfile --nosyslog --config-file="$dir/bus.conf" --print-address=3
  echo $! >"$dir/dbus.pid"
  wait_until "$START_TIMEOUT_S" "$(<"$dir/dbus.pid")" nonempty "$dir/address" \
    || die "dbus-daemon exited or was not ready within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/dbus.log")"
  local address
  address=$(head -n 1 "$dir/address")

  # -displayfd makes Xvfb pick a free display itself and report it once it accepts clients.
  launch "$dir/xvfb.log" "$dir/display" "$XVFB" -displayfd 3 -screen 0 1280x800x24 -nolisten tcp
  echo $! >"$dir/xvfb.pid"
  wait_until "$START_TIMEOUT_S" "$(<"$dir/xvfb.pid")" nonempty "$dir/display" \
    || die "Xvfb exited or was not ready within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/xvfb.log")"
  local display
  display=":$(head -n 1 "$dir/display")"

  if ((with_dunst)); then
    write_dunstrc "$dir"
    # dunst's context menu (`dunstctl context`) asks this script to choose an action: it picks the
    # line of the key a test wrote to $dir/dmenu-choice (lines read `#Review now (…) [2,review]`).
    printf '#!/bin/sh\nkey=$(cat "$(dirname "$0")/dmenu-choice" 2>/dev/null)\ngrep -m1 -F ",$key]"\n' >"$dir/dmenu"
    chmod +x "$dir/dmenu"
    sed -i "s|^\\[global\\]\$|[global]\\n    dmenu = $dir/dmenu|" "$dir/dunstrc"
    # WAYLAND_DISPLAY would make dunst prefer a Wayland compositor over our Xvfb.
    launch "$dir/dunst.log" "" env -u WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS="$address" \
      DISPLAY="$display" "$DUNST" -config "$dir/dunstrc"
    local dunst_pid=$!
    echo "$dunst_pid" >"$dir/dunst.pid"
    wait_until "$START_TIMEOUT_S" "$dunst_pid" name_has_owner "$address" org.freedesktop.Notifications \
      || die "dunst exited or did not own org.freedesktop.Notifications within ${START_TIMEOUT_S}s" \
        "(log: $(tail -n 5 "$dir/dunst.log"))"
  fi

  if [[ -n $watch_pid ]]; then
    launch /dev/null "" setsid bash "$0" __watch "$watch_pid" "$dir"
    echo $! >"$dir/watcher.pid"
  fi

  trap - EXIT
  printf 'export DBUS_SESSION_BUS_ADDRESS=%q\n' "$address"
  printf 'export DISPLAY=%q\n' "$display"
  printf 'export REMINDERS_SESSION_DIR=%q\n' "$dir"
  printf 'export REMINDERS_SESSION_DBUS_PID=%q\n' "$(<"$dir/dbus.pid")"
  printf 'export REMINDERS_SESSION_XVFB_PID=%q\n' "$(<"$dir/xvfb.pid")"
  if ((with_dunst)); then
    printf 'export REMINDERS_SESSION_DUNST_PID=%q\n' "$(<"$dir/dunst.pid")"
  fi
}

watch_parent() {
  local parent=$1 dir=$2
  while alive "$parent" && [[ -d $dir ]]; do sleep 1; done
  [[ -d $dir ]] || exit 0
  rm -f "$dir/watcher.pid" # do not signal ourselves
  stop_session "$dir"
}

case ${1:-} in
  start) shift; start_session "$@" ;;
  stop)
    dir=${2:-${REMINDERS_SESSION_DIR:-}}
    [[ -n $dir ]] || die "stop: no session directory (pass it, or set REMINDERS_SESSION_DIR)"
    stop_session "$dir"
    ;;
  __watch) watch_parent "$2" "$3" ;;
  *) usage ;;
esac

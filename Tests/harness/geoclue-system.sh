#!/usr/bin/env bash
# A throwaway system bus with GeoClue2 on it, for the alarm tests: a private dbus-daemon of type
# system (Debian's GeoClue2 bus policy included), a GPS receiver that feeds NMEA sentences over a
# unix socket, GeoClue (`/usr/libexec/geoclue -t 0 -u SOCKET`) as the `geoclue` user without
# network (the socket is its only source), and a location agent registered for the caller's user.
#
#   eval "$(Tests/harness/geoclue-system.sh start)"     # prints `export` lines
#   Tests/harness/geoclue-system.sh move LAT LON [HDOP]  # where the receiver is (HDOP sets the accuracy)
#   Tests/harness/geoclue-system.sh stop                # uses $REMINDERS_GEOCLUE_DIR
#   Tests/harness/geoclue-system.sh stop DIR            # or an explicit directory
#
# `start` options:
#   --watch PID     stop everything on its own once process PID has exited
#   --at LAT,LON    where the receiver starts (default 35.681236,139.767125, HDOP 1.5: about 1 m)
#   --no-geoclue    the bus alone: nobody serves org.freedesktop.GeoClue2 on it
#   --no-agent      GeoClue without an agent: GetClient never answers (a desktop that has none)
#   --refuse        an agent that refuses every application
#
# Must run as root: GeoClue runs as its own user (`geoclue`, from Debian's geoclue-2.0 package),
# and `unshare -n` takes its network away. The agent is /usr/bin/python3 with Debian's
# python3-dbus and python3-gi. Everything `start` launches is recorded in the directory; `stop`
# ends exactly those processes (by pid, checked against their command line) and removes it.
set -euo pipefail

readonly START_TIMEOUT_S=${REMINDERS_GEOCLUE_START_TIMEOUT:-15}
readonly HERE=$(cd "$(dirname "$0")" && pwd)
DBUS_DAEMON=${DBUS_DAEMON:-dbus-daemon}
GEOCLUE=${GEOCLUE:-/usr/libexec/geoclue}
PYTHON=${REMINDERS_SYSTEM_PYTHON:-/usr/bin/python3}

die() {
  printf 'geoclue-system: %s\n' "$*" >&2
  exit 1
}

usage() {
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

alive() { kill -0 "$1" 2>/dev/null; }

wait_until() {
  local deadline=$((SECONDS + $1)) pid=$2
  shift 2
  until "$@"; do
    ((SECONDS < deadline)) && alive "$pid" || return 1
    sleep 0.05
  done
}

nonempty() { [[ -s $1 ]]; }

ours() {
  local cmdline
  cmdline=$(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null) || return 1
  [[ $cmdline == *"$2"* ]]
}

# launch LOG OUT COMMAND...: a daemon in the background, inheriting nothing of ours (launch.sh).
# shellcheck source=launch.sh
source "$(dirname "${BASH_SOURCE[0]}")/launch.sh"

name_has_owner() {
  local reply
  reply=$(DBUS_SYSTEM_BUS_ADDRESS=$1 dbus-send --system --print-reply=literal \
    --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
    "string:$2" 2>/dev/null) || return 1
  [[ $reply == *true* ]]
}

# The bus: a system bus's default policy (Debian's system.conf: nobody owns names or calls
# methods unless a rule allows it), and GeoClue's own rules as the package installs them.
write_bus_config() {
  local dir=$1 conf
  {
    cat <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
    <deny send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"
          send_member="UpdateActivationEnvironment"/>
  </policy>
EOF
    for conf in /etc/dbus-1/system.d/org.freedesktop.GeoClue2*.conf; do
      [[ -f $conf ]] && printf '  <include>%s</include>\n' "$conf"
    done
    echo '</busconfig>'
  } >"$dir/bus.conf"
}

move_to() {
  local dir=$1 latitude=$2 longitude=$3 hdop=${4:-1.5}
  printf '%s %s %s\n' "$latitude" "$longitude" "$hdop" >"$dir/position.tmp"
  mv -f "$dir/position.tmp" "$dir/position"
}

stop_all() {
  local dir=$1 name pid
  local -a pids=()
  [[ -d $dir && -f $dir/geoclue-system ]] || die "not a geoclue-system directory: $dir"
  for name in watcher agent geoclue feeder dbus; do
    [[ -f $dir/$name.pid ]] || continue
    pid=$(<"$dir/$name.pid")
    [[ $pid =~ ^[0-9]+$ ]] || continue
    ours "$pid" "$dir" || continue
    pids+=("$pid")
    kill -TERM "$pid" 2>/dev/null || true
  done
  local deadline=$((SECONDS + 3))
  for pid in "${pids[@]}"; do
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf -- "$dir"
}

start_all() {
  local watch_pid="" at="35.681236,139.767125" with_geoclue=1 with_agent=1 refuse=0
  while (($#)); do
    case $1 in
      --watch) watch_pid=${2:?--watch needs a pid}; shift 2 ;;
      --at) at=${2:?--at needs LAT,LON}; shift 2 ;;
      --no-geoclue) with_geoclue=0; shift ;;
      --no-agent) with_agent=0; shift ;;
      --refuse) refuse=1; shift ;;
      *) usage ;;
    esac
  done
  (($(id -u) == 0)) || die "must run as root (GeoClue runs as the geoclue user, without network)"
  command -v "$DBUS_DAEMON" >/dev/null || die "'$DBUS_DAEMON' not found (Debian: apt-get install dbus)"
  command -v perl >/dev/null || die "perl not found"
  if ((with_geoclue)); then
    [[ -x $GEOCLUE ]] || die "$GEOCLUE not found (Debian: apt-get install geoclue-2.0)"
    id geoclue >/dev/null 2>&1 || die "no geoclue user (Debian: apt-get install geoclue-2.0)"
    command -v unshare >/dev/null && command -v setpriv >/dev/null || die "unshare and setpriv not found (util-linux)"
    "$PYTHON" -c 'import dbus, gi' 2>/dev/null \
      || die "$PYTHON cannot import dbus and gi (Debian: apt-get install python3-dbus python3-gi)"
  fi

  local dir
  # Unix socket paths are limited to 108 bytes; GeoClue's user must reach the receiver's socket.
  dir=$(mktemp -d "${REMINDERS_GEOCLUE_TMPDIR:-/tmp}/reminders-geoclue.XXXXXX")
  chmod 0755 "$dir"
  touch "$dir/geoclue-system"
  STARTING_DIR=$dir
  trap 'status=$?; if ((status != 0)); then stop_all "$STARTING_DIR" >/dev/null 2>&1 || true; fi' EXIT

  write_bus_config "$dir"
  launch "$dir/dbus.log" "$dir/address" \
    "$DBUS_DAEMON" --nofork --nopidfile --nosyslog --config-file="$dir/bus.conf" --print-address=3
  echo $! >"$dir/dbus.pid"
  wait_until "$START_TIMEOUT_S" "$(<"$dir/dbus.pid")" nonempty "$dir/address" \
    || die "dbus-daemon exited or was not ready within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/dbus.log")"
  local address
  address=$(head -n 1 "$dir/address")

  if ((with_geoclue)); then
    move_to "$dir" "${at%,*}" "${at#*,}"
    launch "$dir/feeder.log" "" "$PYTHON" "$HERE/nmea-feeder.py" "$dir/nmea.socket" "$dir/position"
    echo $! >"$dir/feeder.pid"
    wait_until "$START_TIMEOUT_S" "$(<"$dir/feeder.pid")" test -S "$dir/nmea.socket" \
      || die "the NMEA feeder did not listen within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/feeder.log")"

    # -t 0: never exit when idle. G_MESSAGES_DEBUG: its log says what it did, for a failing test.
    launch "$dir/geoclue.log" "" unshare --net setpriv --reuid=geoclue --regid=geoclue --init-groups \
      env G_MESSAGES_DEBUG=Geoclue DBUS_SYSTEM_BUS_ADDRESS="$address" "$GEOCLUE" -t 0 -u "$dir/nmea.socket"
    echo $! >"$dir/geoclue.pid"
    wait_until "$START_TIMEOUT_S" "$(<"$dir/geoclue.pid")" name_has_owner "$address" org.freedesktop.GeoClue2 \
      || die "geoclue did not own org.freedesktop.GeoClue2 within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/geoclue.log")"

    if ((with_agent)); then
      local -a agent=("$PYTHON" "$HERE/geoclue-agent.py" "$dir/agent.ready")
      ((refuse)) && agent+=(--refuse)
      launch "$dir/agent.log" "" env DBUS_SYSTEM_BUS_ADDRESS="$address" "${agent[@]}"
      echo $! >"$dir/agent.pid"
      wait_until "$START_TIMEOUT_S" "$(<"$dir/agent.pid")" test -f "$dir/agent.ready" \
        || die "the GeoClue agent did not register within ${START_TIMEOUT_S}s: $(tail -n 5 "$dir/agent.log")"
    fi
  fi

  if [[ -n $watch_pid ]]; then
    launch /dev/null "" setsid bash "$0" __watch "$watch_pid" "$dir"
    echo $! >"$dir/watcher.pid"
  fi

  trap - EXIT
  printf 'export DBUS_SYSTEM_BUS_ADDRESS=%q\n' "$address"
  printf 'export REMINDERS_GEOCLUE_DIR=%q\n' "$dir"
}

watch_parent() {
  local parent=$1 dir=$2
  while alive "$parent" && [[ -d $dir ]]; do sleep 1; done
  [[ -d $dir ]] || exit 0
  rm -f "$dir/watcher.pid"
  stop_all "$dir"
}

case ${1:-} in
  start) shift; start_all "$@" ;;
  move)
    [[ -n ${REMINDERS_GEOCLUE_DIR:-} ]] || die "move: set REMINDERS_GEOCLUE_DIR"
    shift
    (($# >= 2)) || usage
    move_to "$REMINDERS_GEOCLUE_DIR" "$@"
    ;;
  stop)
    dir=${2:-${REMINDERS_GEOCLUE_DIR:-}}
    [[ -n $dir ]] || die "stop: no directory (pass it, or set REMINDERS_GEOCLUE_DIR)"
    stop_all "$dir"
    ;;
  __watch) watch_parent "$2" "$3" ;;
  *) usage ;;
esac

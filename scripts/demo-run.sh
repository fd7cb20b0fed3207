#!/usr/bin/env bash
# `make demo`'s last step: `reminders run` over the sample deck, as of 08:00 today.
# A real pop-up on this desktop when a notification server answers on the session bus; otherwise
# under the test harness (a private bus, Xvfb and dunst), whose dunst history shows the pop-up.
set -euo pipefail
bin=$1 demo=$2
here=$(cd "$(dirname "$0")/.." && pwd)
now=$(date +%Y-%m-%dT08:00:00%:z)
args=(--deck "$demo/deck.json" --state-dir "$demo/state" --config "$demo/config.toml" --now "$now")
export XDG_CACHE_HOME="$demo/cache" XDG_DATA_HOME="$demo/data"

has_server() {
  command -v dbus-send >/dev/null || return 1
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ] || return 1
  timeout 3 dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}

if has_server; then
  echo "A notification server answers on your session bus: the pop-up goes to your desktop."
  "$bin" run "${args[@]}"
  exit 0
fi
echo "No notification server on a session bus here: starting the test harness (private dbus-daemon, Xvfb, dunst)."
eval "$("$here/Tests/harness/desktop-session.sh" start)"
trap '"$here/Tests/harness/desktop-session.sh" stop "$REMINDERS_SESSION_DIR" >/dev/null 2>&1 || true' EXIT
"$bin" run "${args[@]}"
dunstctl close-all
sleep 0.3
echo "dunst received (its history):"
dunstctl history | python3 -c '
import json, sys
for n in json.load(sys.stdin)["data"][0]:
    print("  [%s] %s — %s" % (n["appname"]["data"], n["summary"]["data"], n["body"]["data"].replace("\n", " / ")))'
echo "A second run at the same moment delivers nothing (each reminder goes out once):"
"$bin" run "${args[@]}"
echo "  (nothing printed: nothing sent)"

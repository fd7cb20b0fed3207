#!/usr/bin/env bash
# `make demo`'s last step: `reminders run` over the sample deck, as of 08:00 today, and the desktop
# app on it. A real pop-up and the app's window on this desktop when a notification server answers
# on the session bus; otherwise under the test harness (a private bus, Xvfb and dunst), whose dunst
# history shows the pop-up. Either way the app saves pictures of Home and Study into the demo's
# folder (home.png, study.png).
set -euo pipefail
# `demo-run.sh --has-desktop`: whether a notification server answers (else `make demo` installs
# the harness first). Defined below, asked before anything else.
mode=${1:-}
here=$(cd "$(dirname "$0")/.." && pwd)

has_server() {
  command -v dbus-send >/dev/null || return 1
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ] || return 1
  timeout 3 dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'
}

if [ "$mode" = --has-desktop ]; then
  has_server
  exit
fi
bin=$1 demo=$2
now=$(date +%Y-%m-%dT08:00:00%:z)
args=(--deck "$demo/deck.json" --state-dir "$demo/state" --config "$demo/config.toml" --now "$now")
export XDG_CACHE_HOME="$demo/cache" XDG_DATA_HOME="$demo/data"
app=$(dirname "$bin")/reminders-desktop

# The desktop app on the demo's files, in an instance of its own: Home, then Study (its first
# card, left unanswered), each drawn into a PNG by GTK itself, then it quits.
show_app() {
  echo "The desktop app (reminders-desktop) on the demo's deck: Home and Study, saved as pictures:"
  "$app" "${args[@]:0:6}" --lang en --screenshots "$demo" | sed 's/^/  /'
}

if has_server; then
  echo "A notification server answers on your session bus: the pop-up goes to your desktop."
  "$bin" run "${args[@]}"
  echo "A focus phase of one minute (reminders focus --minutes 1 --cycles 1), its end a critical pop-up; the minute goes into the deck's focus log:"
  "$bin" focus "${args[@]:0:6}" --minutes 1 --cycles 1 --task "demo" </dev/null | sed 's/^/  /'
  show_app
  # Then the app stays open for you (where it already runs, its window comes to the front).
  setsid "$app" "${args[@]:0:6}" </dev/null >/dev/null 2>&1 &
  echo "The app is open on your desktop now, on the demo's deck: close its window when you are done."
  exit 0
fi
echo "No notification server on a session bus here: starting the test harness (private dbus-daemon, Xvfb, dunst)."
eval "$("$here/Tests/harness/desktop-session.sh" start)"
# "Review now" starts `reminders review` in a terminal: here a recorder stands in for the terminal
# (the demo studies in the pop-up instead, with a click: "Review here").
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s/terminal-started"\n' "$demo" >"$demo/terminal-recorder"
chmod +x "$demo/terminal-recorder"
printf '\n[review]\nterminal = ["%s/terminal-recorder"]\n' "$demo" >>"$demo/config.toml"
# `reminders watch` follows the pop-up while it is on screen, as its user service would, and acts
# on its actions.
"$bin" watch "${args[@]:0:6}" >"$demo/watch.log" 2>&1 &
watch=$!
trap 'kill $watch 2>/dev/null || true; "$here/Tests/harness/desktop-session.sh" stop "$REMINDERS_SESSION_DIR" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 100); do grep -q '^Watching' "$demo/watch.log" && break; sleep 0.05; done
"$bin" run "${args[@]}"
card=$("$bin" cards list --due --json "${args[@]}" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')
later=$(date +%Y-%m-%dT08:05:00%:z)
echo "One card answered at 08:05 while the pop-up is still shown; the next run updates it in place:"
"$bin" cards answer "$card" correct "${args[@]:0:6}" --now "$later" >/dev/null
"$bin" run "${args[@]:0:6}" --now "$(date +%Y-%m-%dT08:06:00%:z)"
echo "A click on the pop-up (dunstctl action 0: its default action, \"Review here\") reaches the watch, which starts the review in the pop-up itself:"
dunstctl action 0
# What the card pop-up says now (the watch records it in the ledger as card:<session>), once it
# differs from what was said before.
said=""
card_popup() {
  local now=""
  for _ in $(seq 100); do
    now=$(python3 -c '
import json, sys
for e in json.load(open(sys.argv[1]))["delivered"]:
    if e["id"].startswith("card:"):
        print("%s — %s" % (e["title"], e.get("body", "").replace("\n", " / ")))' "$demo/state/ledger.json")
    [ -n "$now" ] && [ "$now" != "$said" ] && break
    sleep 0.05
  done
  said=$now
  echo "  pop-up: $said"
}
press() { # press KEY LABEL: the learner picks LABEL from dunst's menu
  sleep 0.4
  "$here/Tests/harness/desktop-session.sh" act "$1" "$2" "" >/dev/null
  echo "  pressed: $2"
}
card_popup
first=${said#* — }
press show "Show answer"; card_popup
press remembered "Remembered"; card_popup
second=${said#* — }
press show "Show answer"; card_popup
press forgot "Forgot"; card_popup
press later "Later"
sleep 0.3
grep -v '^Watching' "$demo/watch.log" | sed 's/^/  watch: /'
echo "Both answers are in the deck: the remembered card's next review is days away, the forgotten one's tomorrow:"
"$bin" cards list --json "${args[@]:0:6}" | python3 -c '
import json, sys
for card in json.load(sys.stdin):
    if card["front"] in sys.argv[1:]:
        print("  %s: step %d, next review %s" % (card["front"], card["stepIndex"], card["nextReviewDate"]))' "$first" "$second"
echo "A focus phase of one minute (reminders focus --minutes 1 --cycles 1), its end a critical pop-up; the minute goes into the deck's focus log:"
"$bin" focus "${args[@]:0:6}" --minutes 1 --cycles 1 --task "demo" </dev/null | sed 's/^/  /'
dunstctl close-all
sleep 0.3
echo "dunst received (its history):"
dunstctl history | python3 -c '
import json, sys
for n in json.load(sys.stdin)["data"][0]:
    print("  [%s] %s — %s" % (n["appname"]["data"], n["summary"]["data"], n["body"]["data"].replace("\n", " / ")))'
echo "A second run delivers nothing (each reminder goes out once, and the pop-up is gone now):"
"$bin" run "${args[@]}"
echo "  (nothing printed: nothing sent)"
# Xvfb has no GL (GTK draws with Cairo) and the harness no accessibility bus.
GSK_RENDERER=cairo GTK_A11Y=none show_app

#!/usr/bin/env bash
# Starts a real CalDAV server on 127.0.0.1 for the integration tests.
#
#   caldav-server.sh radicale|xandikos DIR [PORT]
#
# Storage, config, log (DIR/log) and the server's PID (DIR/pid) live under DIR.
# Prints exactly one line on stdout, the URL of a ready calendar collection, and exits
# leaving the server running (in its own session, detached from this script's stdio).
#   radicale: htpasswd user learner / s3cret-pass (DIR/users, apr1-md5), calendar
#             http://127.0.0.1:PORT/learner/reminders/ (made with MKCALENDAR).
#   xandikos: no authentication, calendar http://127.0.0.1:PORT/user/calendars/calendar/
#             (made by --defaults).
# Stop: kill "$(cat DIR/pid)". Restart keeping the data: run again with the same DIR and
# PORT (the port in use is also written to DIR/port); it waits up to 5 s for a just-killed
# server of DIR to exit and free the port. Start-up timeout: $CALDAV_START_TIMEOUT (30 s).
# Needs Debian's radicale / xandikos packages (/usr/bin/python3, no systemd, loopback only).
set -euo pipefail

usage() { echo "usage: $0 radicale|xandikos DIR [PORT]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
KIND=$1
DIR=$2
PORT=${3:-}
case "$KIND" in radicale|xandikos) ;; *) usage ;; esac

CAL_USER=learner
CAL_PASS=s3cret-pass
START_TIMEOUT=${CALDAV_START_TIMEOUT:-30}   # seconds
HOST=127.0.0.1
# Debian's python (the servers' own); pyenv or a venv may come first on PATH.
SYS_PY=/usr/bin/python3

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

# A previous server of DIR that is still there (not yet a zombie: an exited server stays
# one until init reaps it, which kill -0 cannot tell apart). A caller that has just sent
# SIGTERM gets a few seconds for the shutdown (about 0.3 s for both servers).
alive() {
    local pid=$1 state
    [ -r "/proc/$pid/stat" ] || return 1
    state=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] &&
        tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$DIR/"
}
if [ -f "$DIR/pid" ]; then
    old_pid=$(cat "$DIR/pid")
    for _ in $(seq 50); do alive "$old_pid" || break; sleep 0.1; done
    if alive "$old_pid"; then
        echo "$0: a server is already running for $DIR (pid $old_pid)" >&2
        exit 1
    fi
fi
rm -f "$DIR/pid"

if [ -z "$PORT" ]; then
    PORT=$("$SYS_PY" -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
fi
case "$PORT" in ''|*[!0-9]*) echo "$0: bad port '$PORT'" >&2; exit 2 ;; esac
# On a restart the old server may still hold the port for a moment.
for _ in $(seq 50); do
    "$SYS_PY" -c 'import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))' "$PORT" 2>/dev/null && break
    sleep 0.1
done
echo "$PORT" >"$DIR/port"
BASE="http://$HOST:$PORT"

case "$KIND" in
radicale)
    [ -x /usr/bin/radicale ] || { echo "$0: /usr/bin/radicale missing (apt-get install radicale)" >&2; exit 1; }
    mkdir -p "$DIR/collections"
    # apr1-md5 needs only python3-passlib, a dependency of Debian's python3-radicale
    # (bcrypt would need python3-bcrypt too).
    if [ ! -s "$DIR/users" ]; then
        "$SYS_PY" -c 'import sys
from passlib.hash import apr_md5_crypt
print("%s:%s" % (sys.argv[1], apr_md5_crypt.hash(sys.argv[2])))' "$CAL_USER" "$CAL_PASS" >"$DIR/users"
    fi
    # Passing --config replaces /etc/radicale/config (remote_user auth, from_file rights)
    # entirely; every setting not named here is Radicale's built-in default.
    cat >"$DIR/config" <<EOF
[server]
hosts = $HOST:$PORT
ssl = False

[auth]
type = htpasswd
htpasswd_filename = $DIR/users
htpasswd_encryption = md5
delay = 0

[rights]
type = owner_only

[storage]
type = multifilesystem
filesystem_folder = $DIR/collections

[web]
type = none

[logging]
level = info
mask_passwords = True
EOF
    CMD=(/usr/bin/radicale --config "$DIR/config")
    CAL_URL="$BASE/$CAL_USER/reminders/"
    CURL_AUTH=(-u "$CAL_USER:$CAL_PASS")
    ;;
xandikos)
    [ -x /usr/bin/xandikos ] || { echo "$0: /usr/bin/xandikos missing (apt-get install xandikos)" >&2; exit 1; }
    mkdir -p "$DIR/data"
    CMD=(/usr/bin/xandikos -d "$DIR/data" --defaults -l "$HOST" -p "$PORT")
    CAL_URL="$BASE/user/calendars/calendar/"
    CURL_AUTH=()
    ;;
esac

# setsid: own session, so the test's terminal signals don't reach it; all stdio away from
# our stdout so whoever reads this script's output sees EOF as soon as it exits.
# launch (launch.sh) passes on no descriptor but stdio and no blocked signal: a test that
# started this script waits for every holder of its pipes, and stops the server with SIGTERM.
# It truncates the log, so an earlier server's log is kept in DIR/log.earlier.
# shellcheck source=launch.sh
source "$(dirname "$0")/launch.sh"
if [ -s "$DIR/log" ]; then cat "$DIR/log" >>"$DIR/log.earlier"; fi
launch "$DIR/log" "" setsid "${CMD[@]}"
PID=$!
echo "$PID" >"$DIR/pid"

fail() {
    echo "$0: $*" >&2
    tail -n 30 "$DIR/log" >&2 || true
    kill "$PID" 2>/dev/null || true
    rm -f "$DIR/pid"
    exit 1
}

# Wait until it answers HTTP at all.
deadline=$((SECONDS + START_TIMEOUT))
while :; do
    kill -0 "$PID" 2>/dev/null || fail "$KIND exited during start-up"
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/" 2>/dev/null || true)
    case "$code" in 000|'') ;; *) break ;; esac
    [ $SECONDS -lt $deadline ] || fail "$KIND did not answer on $BASE within ${START_TIMEOUT}s"
    sleep 0.1
done

propfind_cal() {
    curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${CURL_AUTH[@]}" -X PROPFIND \
        -H 'Depth: 0' -H 'Content-Type: application/xml; charset=utf-8' \
        --data '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>' \
        "$CAL_URL" || true
}

code=$(propfind_cal)
if [ "$code" = 404 ] && [ "$KIND" = radicale ]; then
    mk=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${CURL_AUTH[@]}" -X MKCALENDAR \
        -H 'Content-Type: application/xml; charset=utf-8' \
        --data '<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
 <d:set><d:prop>
  <d:displayname>Reminders</d:displayname>
  <c:supported-calendar-component-set><c:comp name="VEVENT"/><c:comp name="VTODO"/></c:supported-calendar-component-set>
 </d:prop></d:set>
</c:mkcalendar>' "$CAL_URL" || true)
    [ "$mk" = 201 ] || fail "MKCALENDAR $CAL_URL answered $mk"
    code=$(propfind_cal)
fi
[ "$code" = 207 ] || fail "PROPFIND $CAL_URL answered $code"

echo "$CAL_URL"

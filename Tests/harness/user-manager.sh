#!/usr/bin/env bash
# Runs COMMAND with a private systemd user manager (`systemd --user`) listening in RUNTIME_DIR,
# then stops the manager. For tests of `reminders timer` on machines where no user manager runs
# (containers, CI).
#
# Must run as root inside a private mount namespace:
#   unshare --mount --propagation private user-manager.sh RUNTIME_DIR COMMAND...
# `systemd --user` refuses to start unless /run/systemd/system exists (the sign of a machine
# booted with systemd); in the namespace an empty folder is mounted over /run/systemd, so the
# machine itself is not touched.
set -euo pipefail
runtime=$1
shift
# One at a time: two managers of the same user started from one control group share it, and each
# takes the other's units and scopes (tests running in parallel then fail now and then).
exec 9>>"${TMPDIR:-/tmp}/reminders-user-manager.lock"
flock 9
fake=$(mktemp -d)
mkdir -p "$fake/system"
mount --bind "$fake" /run/systemd
export XDG_RUNTIME_DIR=$runtime
/lib/systemd/systemd --user > "$runtime/manager.log" 2>&1 &
manager=$!
trap 'kill $manager 2>/dev/null; wait $manager 2>/dev/null; umount /run/systemd; rm -rf "$fake"' EXIT
for _ in $(seq 100); do
  [ -S "$runtime/systemd/private" ] && break
  kill -0 $manager 2>/dev/null || { echo "systemd --user exited: $(cat "$runtime/manager.log")" >&2; exit 1; }
  sleep 0.05
done
[ -S "$runtime/systemd/private" ] || { echo "systemd --user did not listen in 5 s" >&2; exit 1; }
"$@"

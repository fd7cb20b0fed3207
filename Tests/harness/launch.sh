#!/usr/bin/env bash
# Sourced by the test harness scripts (desktop-session.sh, geoclue-system.sh).

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

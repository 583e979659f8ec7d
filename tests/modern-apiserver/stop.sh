#!/usr/bin/env bash
# Stops what start.sh started: its whole process group. The Kubernetes components go first, then etcd (an
# apiserver whose etcd is gone retries instead of exiting); whatever is left after the waits is killed.
STATE="${1:?usage: stop.sh STATE_DIR}"
[ -f "$STATE/pgid" ] || exit 0
pgid=$(cat "$STATE/pgid")
alive() { kill -0 "$@" 2>/dev/null; }
wait_gone() { # TENTHS PID...
  local n=$1; shift
  for _ in $(seq 1 "$n"); do
    local any=0
    for p in "$@"; do alive -- "$p" && any=1; done
    [ "$any" = 0 ] && return 0
    sleep 0.1
  done
  return 1
}
components=()
for c in kwok kube-scheduler kube-controller-manager kube-apiserver; do
  [ -f "$STATE/$c.pid" ] && components+=("$(cat "$STATE/$c.pid")")
done
if [ "${#components[@]}" -gt 0 ]; then kill -TERM "${components[@]}" 2>/dev/null; wait_gone 50 "${components[@]}"; fi
kill -TERM -- "-$pgid" 2>/dev/null && wait_gone 30 "-$pgid"
kill -KILL -- "-$pgid" 2>/dev/null
# A daemon a test restarted (tests/real-apiserver/restart.sh) runs outside the group.
[ -f "$STATE/pids" ] && while read -r pid; do kill -KILL "$pid" 2>/dev/null; done < "$STATE/pids"
rm -f "$STATE/pgid" "$STATE/pids" "$STATE"/*.pid
exit 0

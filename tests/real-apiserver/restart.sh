#!/usr/bin/env bash
# Restarts one daemon of a running tier (either server's start.sh) from its own command line while the others keep
# running, then waits for the apiserver's /readyz. The apiserver is killed as a crash would be (a graceful shutdown
# waits for open watches to drain: it gets 3 s); etcd is stopped cleanly, since the modern tier runs it without
# fsync and a kill could lose what it had acknowledged.
# Usage: restart.sh STATE_DIR apiserver|etcd
set -euo pipefail
STATE="${1:?usage: restart.sh STATE_DIR apiserver|etcd}"
WHAT="${2:?usage: restart.sh STATE_DIR apiserver|etcd}"
source "$STATE/env"
case "$WHAT" in
  apiserver) name=apiserver; [ -f "$STATE/kube-apiserver.sh" ] && name=kube-apiserver; grace=30 ;;
  etcd) name=etcd; grace=100 ;;
  *) echo "restart.sh: unknown daemon $WHAT" >&2; exit 2 ;;
esac
[ -f "$STATE/$name.sh" ] || { echo "restart.sh: this tier has no $STATE/$name.sh to start $WHAT again" >&2; exit 2; }
old=$(cat "$STATE/$name.pid")
kill "$old" 2>/dev/null || true
for _ in $(seq 1 "$grace"); do kill -0 "$old" 2>/dev/null || break; sleep 0.1; done
kill -9 "$old" 2>/dev/null || true
while kill -0 "$old" 2>/dev/null; do sleep 0.1; done
bash "$STATE/$name.sh" >> "$STATE/$name.log" 2>&1 &
echo $! > "$STATE/$name.pid"
echo $! >> "$STATE/pids"
tls=(-k); [ -n "${REAL_CA_FILE:-}" ] && tls=(--cacert "$REAL_CA_FILE")
for _ in $(seq 1 240); do
  [ "$(curl -s "${tls[@]}" --max-time 2 -H "Authorization: Bearer $REAL_ADMIN_TOKEN" "$REAL_API_URL/readyz" 2>/dev/null)" = ok ] && exit 0
  sleep 0.5
done
echo "restart.sh: the apiserver is not ready again after restarting $WHAT" >&2
exit 1

#!/usr/bin/env bash
# Restarts only kube-apiserver (etcd keeps the data), for tests of reconnecting clients. Waits for /readyz.
set -euo pipefail
STATE="${1:?usage: restart-apiserver.sh STATE_DIR}"
source "$STATE/env"
old=$(cat "$STATE/apiserver.pid")
kill "$old" 2>/dev/null || true
# A graceful shutdown waits for open watches to drain: give it 3 s, then kill it as a crash would.
for _ in $(seq 1 30); do kill -0 "$old" 2>/dev/null || break; sleep 0.1; done
kill -9 "$old" 2>/dev/null || true
while kill -0 "$old" 2>/dev/null; do sleep 0.1; done
bash "$STATE/apiserver.sh" >> "$STATE/apiserver.log" 2>&1 &
echo $! > "$STATE/apiserver.pid"
echo $! >> "$STATE/pids"
for _ in $(seq 1 120); do
  [ "$(curl -sk -H "Authorization: Bearer $REAL_ADMIN_TOKEN" "$REAL_API_URL/readyz" 2>/dev/null)" = ok ] && exit 0
  sleep 0.5
done
echo "restart-apiserver: not ready again" >&2
exit 1

#!/usr/bin/env bash
# Starts etcd + the real kube-apiserver 1.20.2 on loopback, waits for /readyz, writes a kubeconfig.
# Usage: start.sh STATE_DIR   -> STATE_DIR/kubeconfig (contexts real, real-viewer, real-developer), STATE_DIR/pids, STATE_DIR/env
set -euo pipefail
STATE="${1:?usage: start.sh STATE_DIR}"
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
BIN="$CACHE/bin/kube-apiserver"
[ -x "$BIN" ] || { echo "start.sh: $BIN missing; run tests/real-apiserver/build.sh" >&2; exit 1; }
mkdir -p "$STATE"/{etcd,certs}
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
ETCD_PORT=$(free_port); PEER_PORT=$(free_port); API_PORT=$(free_port)
ADMIN_TOKEN=$(openssl rand -hex 16); VIEWER_TOKEN=$(openssl rand -hex 16); DEVELOPER_TOKEN=$(openssl rand -hex 16)
# developer: edit in namespace fx only (seed.sh binds it), nothing cluster-wide.
printf '%s,admin,uid-admin,"system:masters"\n%s,viewer,uid-viewer,""\n%s,developer,uid-developer,""\n' "$ADMIN_TOKEN" "$VIEWER_TOKEN" "$DEVELOPER_TOKEN" > "$STATE/tokens.csv"
[ -f "$STATE/sa.key" ] || { openssl genrsa -out "$STATE/sa.key" 2048 2>/dev/null; openssl rsa -in "$STATE/sa.key" -pubout -out "$STATE/sa.pub" 2>/dev/null; }

etcd --data-dir "$STATE/etcd" --listen-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" --listen-peer-urls "http://127.0.0.1:$PEER_PORT" \
  --initial-advertise-peer-urls "http://127.0.0.1:$PEER_PORT" --initial-cluster "default=http://127.0.0.1:$PEER_PORT" \
  > "$STATE/etcd.log" 2>&1 &
echo $! > "$STATE/pids"
# No controller-manager mints service-account tokens, so the ServiceAccount admission plugin would refuse every pod.
cat > "$STATE/apiserver.sh" <<CMD
exec "$BIN" --etcd-servers="http://127.0.0.1:$ETCD_PORT" --bind-address=127.0.0.1 --secure-port="$API_PORT" \\
  --cert-dir="$STATE/certs" --token-auth-file="$STATE/tokens.csv" --authorization-mode=RBAC \\
  --service-account-key-file="$STATE/sa.pub" --service-account-signing-key-file="$STATE/sa.key" \\
  --service-account-issuer=https://kubernetes.default.svc --service-cluster-ip-range=10.96.0.0/16 \\
  --allow-privileged=true --disable-admission-plugins=ServiceAccount
CMD
bash "$STATE/apiserver.sh" >> "$STATE/apiserver.log" 2>&1 &
echo $! > "$STATE/apiserver.pid"
echo $! >> "$STATE/pids"

URL="https://127.0.0.1:$API_PORT"
for _ in $(seq 1 120); do
  if [ "$(curl -sk -H "Authorization: Bearer $ADMIN_TOKEN" "$URL/readyz" 2>/dev/null)" = ok ]; then break; fi
  sleep 0.5
done
[ "$(curl -sk -H "Authorization: Bearer $ADMIN_TOKEN" "$URL/readyz")" = ok ] || { echo "apiserver not ready; see $STATE/apiserver.log" >&2; tail -20 "$STATE/apiserver.log" >&2; exit 1; }

cat > "$STATE/kubeconfig" <<KC
apiVersion: v1
kind: Config
clusters:
- name: real
  cluster:
    server: $URL
    insecure-skip-tls-verify: true
users:
- name: real-admin
  user:
    token: $ADMIN_TOKEN
- name: real-viewer
  user:
    token: $VIEWER_TOKEN
- name: real-developer
  user:
    token: $DEVELOPER_TOKEN
contexts:
- name: real
  context: {cluster: real, user: real-admin}
- name: real-viewer
  context: {cluster: real, user: real-viewer}
- name: real-developer
  context: {cluster: real, user: real-developer, namespace: fx}
current-context: real
KC
printf 'REAL_API_URL=%s\nREAL_ADMIN_TOKEN=%s\nREAL_VIEWER_TOKEN=%s\nREAL_DEVELOPER_TOKEN=%s\nKUBECONFIG_REAL=%s\nREAL_K8S_VERSION=v1.20.2\n' "$URL" "$ADMIN_TOKEN" "$VIEWER_TOKEN" "$DEVELOPER_TOKEN" "$STATE/kubeconfig" > "$STATE/env"
echo "real-apiserver: ready at $URL (kubeconfig $STATE/kubeconfig)"

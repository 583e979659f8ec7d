#!/usr/bin/env bash
# Starts the modern tier's control plane on loopback: etcd (embedded, cmd/etcd), kube-apiserver with TLS from a
# CA of its own, Node,RBAC authorization and a static token file, then kube-controller-manager and
# kube-scheduler. Waits for /readyz and for the identities' RBAC to take effect, then writes a kubeconfig.
#
# Usage: start.sh STATE_DIR [--kubeconfig PATH] [--kwok] [--oidc]
#   (or KUBEGLASS_MODERN_KUBECONFIG=PATH, KUBEGLASS_MODERN_KWOK=1, KUBEGLASS_MODERN_OIDC=1)
#   -> PATH (default STATE_DIR/kubeconfig) with contexts real (admin, system:masters), real-viewer (the
#      built-in view ClusterRole) and real-developer (edit in namespace shop only): the names of the 1.20.2
#      tier's kubeconfig, so the same scenarios can run against either server;
#      STATE_DIR/env (REAL_API_URL, REAL_*_TOKEN, KUBECONFIG_REAL, REAL_CA_FILE, REAL_AUDIT_LOG), STATE_DIR/*.log.
# The apiserver always writes an audit log (STATE_DIR/audit.log, JSON lines, Metadata level, writes only): team mode
# promises that the audit log names the person, and a test can look.
# --kwok also runs KWOK's controller (build.sh --kwok) with one simulated node, kwok-node-0: pods are
# scheduled there and become Running (no containers run: logs, exec and port-forward have nothing behind them).
# --oidc also runs an OpenID provider (oidc-provider.mjs, HTTPS, accounts alice and bob) before the apiserver, which
# fetches its discovery and keys at start, and has the apiserver trust its ID tokens (--authentication-config, beside
# the static tokens): user oidc:EMAIL, groups oidc:GROUP. It reserves a port for the tests' proxy in front of
# Kubeglass replicas, the client's redirect base: STATE_DIR/env then has REAL_OIDC_ISSUER, REAL_OIDC_CA_FILE,
# REAL_OIDC_CLIENT_ID, REAL_OIDC_CLIENT_SECRET_FILE, REAL_OIDC_PUBLIC_URL and REAL_OIDC_DIR.
# Everything runs in one process group of its own, recorded in STATE_DIR/pgid: stop.sh STATE_DIR ends it.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# setsid: one process group of its own for every daemon, so `kill -- -PGID` then ends them all, children included.
if [ "$(ps -o pgid= -p $$ | tr -d ' ')" != "$$" ]; then exec setsid -w bash "$0" "$@"; fi
STATE="${1:?usage: start.sh STATE_DIR [--kubeconfig PATH] [--kwok] [--oidc]}"; shift
KUBECONFIG_OUT="${KUBEGLASS_MODERN_KUBECONFIG:-}"
KWOK="${KUBEGLASS_MODERN_KWOK:-0}"
OIDC="${KUBEGLASS_MODERN_OIDC:-0}"
# KUBEGLASS_MODERN_COMPACTION_INTERVAL: the apiserver's --etcd-compaction-interval (its default, 5m, when unset).
COMPACTION="${KUBEGLASS_MODERN_COMPACTION_INTERVAL:+--etcd-compaction-interval=$KUBEGLASS_MODERN_COMPACTION_INTERVAL }"
while [ $# -gt 0 ]; do
  case "$1" in
    --kubeconfig) KUBECONFIG_OUT="${2:?--kubeconfig needs a path}"; shift 2 ;;
    --kubeconfig=*) KUBECONFIG_OUT="${1#*=}"; shift ;;
    --kwok) KWOK=1; shift ;;
    --oidc) OIDC=1; shift ;;
    *) echo "start.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
# shellcheck source=versions.env
source "$HERE/versions.env"
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
BIN="$CACHE/k8s-$K8S_VERSION"
DEV_NS="${KUBEGLASS_MODERN_DEV_NAMESPACE:-shop}"
for b in etcd kube-apiserver kube-controller-manager kube-scheduler kubectl; do
  [ -x "$BIN/$b" ] || { echo "start.sh: $BIN/$b missing; run tests/modern-apiserver/build.sh" >&2; exit 1; }
done
KWOK_DIR="$CACHE/kwok-$KWOK_VERSION"
if [ "$KWOK" = 1 ] && ! [ -x "$KWOK_DIR/kwok" ]; then
  echo "start.sh: $KWOK_DIR/kwok missing; run tests/modern-apiserver/build.sh --kwok" >&2; exit 1
fi
mkdir -p "$STATE/pki" && mkdir -p -m 700 "$STATE/etcd"
STATE=$(cd "$STATE" && pwd)
KUBECONFIG_OUT="${KUBECONFIG_OUT:-$STATE/kubeconfig}"
PKI="$STATE/pki"
echo $$ > "$STATE/pgid"
: > "$STATE/pids"
started=0
# On any failure: show the last log lines and end the rest of the group (this script ignores the TERM).
fail() {
  echo "modern-apiserver: $1" >&2
  for l in "$STATE"/*.log; do [ -f "$l" ] && { echo "--- $l" >&2; tail -n 15 "$l" >&2; }; done
  exit 1
}
trap 'rc=$?; if [ "$rc" != 0 ] && [ "$started" = 0 ]; then trap "" TERM; kill -TERM -- -"$(cat "$STATE/pgid")" 2>/dev/null; fi' EXIT

read -r ETCD_PORT PEER_PORT API_PORT KCM_PORT SCHED_PORT KWOK_PORT OIDC_PORT PUBLIC_PORT FORWARD_PORT < <(node -e '
  const net = require("net"); const ss = [];
  for (let i = 0; i < 9; i++) ss.push(new Promise(r => { const s = net.createServer(); s.listen(0, "127.0.0.1", () => r(s)); }));
  Promise.all(ss).then(l => { console.log(l.map(s => s.address().port).join(" ")); l.forEach(s => s.close()); });')

# --- keys and certificates: a CA of this run, the apiserver's serving cert, the service-account key pair.
ossl() { openssl "$@" 2>/dev/null; }
ossl req -x509 -newkey rsa:2048 -nodes -days 7 -subj "/CN=kubeglass-modern-ca" -keyout "$PKI/ca.key" -out "$PKI/ca.crt" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature"
ossl req -newkey rsa:2048 -nodes -subj "/CN=kube-apiserver" -keyout "$PKI/apiserver.key" -out "$PKI/apiserver.csr"
printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" \
  "subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.96.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local" \
  > "$PKI/apiserver.ext"
ossl x509 -req -in "$PKI/apiserver.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial -days 7 \
  -extfile "$PKI/apiserver.ext" -out "$PKI/apiserver.crt"
ossl genrsa -out "$PKI/sa.key" 2048
ossl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub"
[ -s "$PKI/apiserver.crt" ] && [ -s "$PKI/sa.pub" ] || fail "openssl could not make the certificates"

# --- identities: TOKEN,USER,UID,"GROUPS". The controller manager and scheduler use the users the RBAC
# bootstrap policy grants (system:kube-controller-manager, system:kube-scheduler).
tok() { openssl rand -hex 16; }
ADMIN_TOKEN=$(tok); VIEWER_TOKEN=$(tok); DEVELOPER_TOKEN=$(tok); KCM_TOKEN=$(tok); SCHED_TOKEN=$(tok); KWOK_TOKEN=$(tok)
cat > "$STATE/tokens.csv" <<CSV
$ADMIN_TOKEN,admin,uid-admin,"system:masters"
$VIEWER_TOKEN,viewer,uid-viewer,""
$DEVELOPER_TOKEN,developer,uid-developer,""
$KCM_TOKEN,system:kube-controller-manager,uid-kube-controller-manager,""
$SCHED_TOKEN,system:kube-scheduler,uid-kube-scheduler,""
$KWOK_TOKEN,kwok-controller,uid-kwok-controller,"system:masters"
CSV
chmod 600 "$STATE/tokens.csv"
URL="https://127.0.0.1:$API_PORT"
component_kubeconfig() { # FILE TOKEN
  cat > "$1" <<KC
apiVersion: v1
kind: Config
clusters: [{name: modern, cluster: {server: "$URL", certificate-authority: "$PKI/ca.crt"}}]
users: [{name: component, user: {token: "$2"}}]
contexts: [{name: modern, context: {cluster: modern, user: component}}]
current-context: modern
KC
}
component_kubeconfig "$STATE/kube-controller-manager.kubeconfig" "$KCM_TOKEN"
component_kubeconfig "$STATE/kube-scheduler.kubeconfig" "$SCHED_TOKEN"
component_kubeconfig "$STATE/kwok.kubeconfig" "$KWOK_TOKEN"

# --- the command lines, one script each (a test can restart one component by running its script again).
cat > "$STATE/etcd.sh" <<CMD
exec "$BIN/etcd" -data-dir "$STATE/etcd" -client-port $ETCD_PORT -peer-port $PEER_PORT -unsafe-no-fsync
CMD
# Writes only, at Metadata (who, what, when; no bodies): reads would drown them, and the log must not hold Secrets.
cat > "$STATE/audit-policy.yaml" <<YAML
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  verbs: [create, update, patch, delete, deletecollection]
- level: None
YAML
AUTHN_FLAGS=""
OIDC_DIR="$STATE/oidc"
OIDC_ISSUER="https://127.0.0.1:$OIDC_PORT"
PUBLIC_URL="http://127.0.0.1:$PUBLIC_PORT"
if [ "$OIDC" = 1 ]; then
  cat > "$STATE/oidc-provider.sh" <<CMD
exec node "$HERE/oidc-provider.mjs" "$OIDC_DIR" $OIDC_PORT "$PUBLIC_URL"
CMD
  AUTHN_FLAGS="--authentication-config=\"$STATE/authentication-config.yaml\" "
fi
# Defaults otherwise: the APIs a default cluster serves (no --runtime-config), the default admission plugins.
cat > "$STATE/kube-apiserver.sh" <<CMD
exec "$BIN/kube-apiserver" --etcd-servers=http://127.0.0.1:$ETCD_PORT \\
  --bind-address=127.0.0.1 --secure-port=$API_PORT \\
  --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" --client-ca-file="$PKI/ca.crt" \\
  --token-auth-file="$STATE/tokens.csv" --authorization-mode=Node,RBAC \\
  --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \\
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \\
  --service-cluster-ip-range=10.96.0.0/16 --allow-privileged=true --kubelet-certificate-authority="$PKI/ca.crt" \\
  --audit-policy-file="$STATE/audit-policy.yaml" --audit-log-path="$STATE/audit.log" --audit-log-format=json \\
  --audit-log-maxsize=100 --audit-log-maxbackup=1 $AUTHN_FLAGS$COMPACTION
CMD
cat > "$STATE/kube-controller-manager.sh" <<CMD
exec "$BIN/kube-controller-manager" --kubeconfig="$STATE/kube-controller-manager.kubeconfig" \\
  --bind-address=127.0.0.1 --secure-port=$KCM_PORT --leader-elect=false \\
  --use-service-account-credentials=true --service-account-private-key-file="$PKI/sa.key" \\
  --root-ca-file="$PKI/ca.crt" --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \\
  --service-cluster-ip-range=10.96.0.0/16
CMD
cat > "$STATE/kube-scheduler.sh" <<CMD
exec "$BIN/kube-scheduler" --kubeconfig="$STATE/kube-scheduler.kubeconfig" \\
  --bind-address=127.0.0.1 --secure-port=$SCHED_PORT --leader-elect=false
CMD
launched=()
# KWOK plays the kubelet of the nodes annotated kwok.x-k8s.io/node=fake, with the stages kwokctl uses by default.
# Its kubelet API (behind the apiserver's node proxy) answers every container's logs from one CRI-format file,
# followed, and runs exec commands on this machine in STATE_DIR/kwok/exec: logs, exec and the browser's
# terminal then have a real stream to show. A test appends to REAL_KWOK_LOG to see a followed line arrive.
# Every container port's pods/portforward reaches 127.0.0.1:REAL_KWOK_FORWARD_PORT, where a test listens.
mkdir -p "$STATE/kwok/exec"
KWOK_LOG="$STATE/kwok/containers.log"
for i in 1 2 3; do printf '%s stdout F kwok line %s\n' "$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)" "$i"; done > "$KWOK_LOG"
cat > "$STATE/kwok/debugging.yaml" <<YAML
apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterLogs
metadata: {name: every-container}
spec:
  logs: [{logsFile: "$KWOK_LOG", follow: true}]
---
apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterExec
metadata: {name: every-container}
spec:
  execs: [{local: {workDir: "$STATE/kwok/exec"}}]
---
apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterPortForward
metadata: {name: every-container}
spec:
  forwards: [{target: {port: $FORWARD_PORT, address: 127.0.0.1}}]
YAML
ossl req -newkey rsa:2048 -nodes -subj "/CN=kwok-node-0" -keyout "$PKI/kubelet.key" -out "$PKI/kubelet.csr"
printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" \
  "subjectAltName=IP:127.0.0.1,DNS:kwok-node-0" > "$PKI/kubelet.ext"
ossl x509 -req -in "$PKI/kubelet.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial -days 7 \
  -extfile "$PKI/kubelet.ext" -out "$PKI/kubelet.crt"
cat > "$STATE/kwok.sh" <<CMD
exec "$KWOK_DIR/kwok" --kubeconfig="$STATE/kwok.kubeconfig" --config="$KWOK_DIR/stages.yaml" --config="$STATE/kwok/debugging.yaml" \\
  --manage-all-nodes=false --manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake \\
  --node-ip=127.0.0.1 --node-port=$KWOK_PORT --server-address=127.0.0.1:$KWOK_PORT \\
  --tls-cert-file="$PKI/kubelet.crt" --tls-private-key-file="$PKI/kubelet.key" \\
  --cidr=10.244.0.0/16 --node-lease-duration-seconds=40
CMD
launch() { # NAME
  bash "$STATE/$1.sh" >> "$STATE/$1.log" 2>&1 &
  echo $! > "$STATE/$1.pid"
  echo $! >> "$STATE/pids"
  launched+=("$1")
}
wait_for() { # WHAT TRIES COMMAND...   (tries are 0.25 s apart; gives up early when a component has exited)
  local what=$1 tries=$2 c; shift 2
  for _ in $(seq 1 "$tries"); do
    "$@" >/dev/null 2>&1 && return 0
    for c in "${launched[@]}"; do kill -0 "$(cat "$STATE/$c.pid")" 2>/dev/null || fail "$c exited (waiting for $what)"; done
    sleep 0.25
  done
  fail "$what not ready"
}
is_ok() { [ "$(curl -sS --max-time 2 "$@")" = ok ]; }

if [ "$OIDC" = 1 ]; then
  launch oidc-provider
  wait_for "the OpenID provider" 120 curl -sSf --max-time 2 --cacert "$OIDC_DIR/ca.crt" "$OIDC_ISSUER/.well-known/openid-configuration"
  # The provider's CA as a block scalar, indented under certificateAuthority.
  {
    printf '%s\n' "apiVersion: apiserver.config.k8s.io/v1" "kind: AuthenticationConfiguration" "jwt:" "- issuer:" \
      "    url: $OIDC_ISSUER" "    audiences: [kubeglass]" "    certificateAuthority: |"
    sed 's/^/      /' "$OIDC_DIR/ca.crt"
    printf '%s\n' "  claimMappings:" "    username: {claim: email, prefix: \"oidc:\"}" "    groups: {claim: groups, prefix: \"oidc:\"}"
  } > "$STATE/authentication-config.yaml"
fi
launch etcd
etcd_healthy() { curl -sS --max-time 2 "http://127.0.0.1:$ETCD_PORT/health" | grep -q '"health":"true"'; }
wait_for etcd 120 etcd_healthy
launch kube-apiserver
wait_for kube-apiserver 240 is_ok --cacert "$PKI/ca.crt" -H "Authorization: Bearer $ADMIN_TOKEN" "$URL/readyz"
launch kube-controller-manager
launch kube-scheduler
wait_for kube-controller-manager 240 is_ok -k "https://127.0.0.1:$KCM_PORT/healthz"
wait_for kube-scheduler 240 is_ok -k "https://127.0.0.1:$SCHED_PORT/healthz"

# --- the kubeconfig of the three identities.
ca_data=$(base64 -w0 < "$PKI/ca.crt")
mkdir -p "$(dirname "$KUBECONFIG_OUT")"
cat > "$KUBECONFIG_OUT" <<KC
apiVersion: v1
kind: Config
clusters:
- name: real
  cluster:
    server: $URL
    certificate-authority-data: $ca_data
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
  context: {cluster: real, user: real-developer, namespace: $DEV_NS}
current-context: real
KC
chmod 600 "$KUBECONFIG_OUT"
k() { "$BIN/kubectl" --kubeconfig "$KUBECONFIG_OUT" --cache-dir "$STATE/kube-cache" "$@"; }
# viewer: the built-in view ClusterRole cluster-wide; developer: edit in $DEV_NS only. The controller manager
# aggregates view and edit from their aggregate-to-* parts, so the bindings name the built-in roles themselves.
k apply -f - > "$STATE/rbac.log" <<YAML || fail "could not apply the identities' RBAC"
apiVersion: v1
kind: Namespace
metadata: {name: $DEV_NS}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: kubeglass-viewer-view}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: viewer}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: kubeglass-developer-edit, namespace: $DEV_NS}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: edit}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: developer}]
YAML
if [ "$KWOK" = 1 ]; then
  launch kwok
  k apply -f - >> "$STATE/rbac.log" <<YAML || fail "could not create the KWOK node"
apiVersion: v1
kind: Node
metadata:
  name: kwok-node-0
  annotations: {kwok.x-k8s.io/node: fake, node.alpha.kubernetes.io/ttl: "0"}
  labels: {kubernetes.io/hostname: kwok-node-0, kubernetes.io/os: linux, kubernetes.io/arch: amd64, type: kwok}
status:
  allocatable: {cpu: "32", memory: 256Gi, pods: "110"}
  capacity: {cpu: "32", memory: 256Gi, pods: "110"}
YAML
  wait_for "the KWOK node" 240 k wait --for=condition=Ready node/kwok-node-0 --timeout=1s
fi
yes_to() { [ "$(k "$@" 2>/dev/null)" = yes ]; }
wait_for "view aggregation" 240 yes_to --context real-viewer auth can-i list pods -A
wait_for "edit aggregation" 240 yes_to --context real-developer auth can-i create deployments.apps -n "$DEV_NS"
# Pods need their namespace's default ServiceAccount (the ServiceAccount admission plugin); the controller
# manager makes it.
wait_for "default ServiceAccount" 240 k get serviceaccount default -n "$DEV_NS"

printf '%s\n' "REAL_API_URL=$URL" "REAL_ADMIN_TOKEN=$ADMIN_TOKEN" "REAL_VIEWER_TOKEN=$VIEWER_TOKEN" \
  "REAL_DEVELOPER_TOKEN=$DEVELOPER_TOKEN" "REAL_CA_FILE=$PKI/ca.crt" "KUBECONFIG_REAL=$KUBECONFIG_OUT" \
  "REAL_K8S_VERSION=$K8S_VERSION" "REAL_DEVELOPER_NAMESPACE=$DEV_NS" "REAL_KWOK=$KWOK" "REAL_KWOK_LOG=$KWOK_LOG" "REAL_KWOK_FORWARD_PORT=$FORWARD_PORT" "REAL_ETCD_URL=http://127.0.0.1:$ETCD_PORT" \
  "REAL_AUDIT_LOG=$STATE/audit.log" > "$STATE/env"
if [ "$OIDC" = 1 ]; then
  printf '%s\n' "REAL_OIDC_ISSUER=$OIDC_ISSUER" "REAL_OIDC_CA_FILE=$OIDC_DIR/ca.crt" "REAL_OIDC_CLIENT_ID=kubeglass" \
    "REAL_OIDC_CLIENT_SECRET_FILE=$OIDC_DIR/client-secret" "REAL_OIDC_PUBLIC_URL=$PUBLIC_URL" "REAL_OIDC_DIR=$OIDC_DIR" >> "$STATE/env"
fi
started=1
echo "modern-apiserver: $K8S_VERSION ready at $URL (kubeconfig $KUBECONFIG_OUT; stop: tests/modern-apiserver/stop.sh $STATE)"

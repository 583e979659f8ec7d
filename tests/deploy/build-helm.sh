#!/usr/bin/env bash
# Builds helm from the Go module proxy into ~/.cache/kubeglass/helm-$HELM_VERSION/, outside the work tree, for the
# chart test of the real tier (tests/real-apiserver/chart.modern.test.ts). A no-op when the binary is there and its
# stamp matches the recipe and the Go version. Niced: CI starts it beside the test command on shared cores.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
source "$HERE/versions.env"
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
JOBS="${KUBEGLASS_BUILD_JOBS:-$(nproc)}"
OUT="$CACHE/helm-$HELM_VERSION"
command -v go >/dev/null || { echo "build-helm: go is not installed" >&2; exit 1; }
command -v jq >/dev/null || { echo "build-helm: jq is not installed" >&2; exit 1; }
# What helm's Makefile stamps into a release: its version, and the Kubernetes version that `helm template` and
# `helm lint` assume without a cluster, from the client-go its go.mod requires (v0.37.x: Kubernetes 1.37).
gomod=$(go mod download -json "helm.sh/helm/v3@$HELM_VERSION" | jq -r .GoMod)
client_go=$(awk '$1 == "k8s.io/client-go" { print $2; exit }' "$gomod")
[ -n "$client_go" ] || { echo "build-helm: no k8s.io/client-go in $gomod" >&2; exit 1; }
kube_minor=$(echo "$client_go" | cut -d. -f2)
LDFLAGS="-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION -X helm.sh/helm/v3/internal/version.gitTreeState=archive"
for pkg in helm.sh/helm/v3/pkg/lint/rules helm.sh/helm/v3/pkg/chartutil; do
  LDFLAGS+=" -X $pkg.k8sVersionMajor=1 -X $pkg.k8sVersionMinor=$kube_minor"
done
STAMP=$( { go version; echo "go install -trimpath -ldflags '$LDFLAGS' helm.sh/helm/v3/cmd/helm@$HELM_VERSION"; } | sha256sum | cut -d' ' -f1)
cached() { [ -x "$OUT/helm" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$STAMP" ]; }
if cached; then echo "build-helm: cached $OUT"; exit 0; fi

# One build at a time: CI's background build and the real tier may both ask for it.
mkdir -p "$CACHE"
exec 9>"$CACHE/.helm-build.lock"
flock 9
if cached; then echo "build-helm: cached $OUT"; exit 0; fi
tmp="$OUT.tmp" start=$SECONDS
rm -rf "$tmp"; mkdir -p "$tmp"
echo "build-helm: building helm $HELM_VERSION"
# Outside any module: go install module@version then builds against helm's own go.mod alone.
(cd "$tmp" && GOBIN="$tmp" CGO_ENABLED=0 nice -n 19 go install -p "$JOBS" -trimpath -ldflags "$LDFLAGS" "helm.sh/helm/v3/cmd/helm@$HELM_VERSION")
echo "helm $((SECONDS - start))s" | tee "$tmp/build-times.txt"
echo "$STAMP" > "$tmp/stamp"
rm -rf "$OUT"; mv "$tmp" "$OUT"
echo "build-helm: built $OUT"

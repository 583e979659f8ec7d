#!/usr/bin/env bash
# Builds kube-apiserver 1.20.2 from Debian's kubernetes source package (see docs/real-apiserver.md)
# and caches it under ~/.cache/kubeglass/, outside the work tree. Idempotent: a cached binary is reused.
# --kubectl: kubectl 1.20.2 instead (bin/kubectl-1.20.2), for the client tests against the demo cluster.
set -euo pipefail
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
BIN="$CACHE/bin/kube-apiserver"
CMD=kube-apiserver
if [ "${1:-}" = --kubectl ]; then BIN="$CACHE/bin/kubectl-1.20.2"; CMD=kubectl; fi
cached() { [ -x "$BIN" ] && { [ "$CMD" = kubectl ] || command -v etcd >/dev/null; }; }
if cached; then echo "real-apiserver: cached $BIN"; exit 0; fi
mkdir -p "$CACHE/bin" "$CACHE/src"
# One build at a time: CI starts this in the background while the real tier may ask for it too.
exec 9>"$CACHE/.real-build.lock"
flock 9
if cached; then echo "real-apiserver: cached $BIN"; exit 0; fi
export DEBIAN_FRONTEND=noninteractive
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# deb-src for the suite the machine already uses.
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list 2>/dev/null; then
  uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  as_root tee /etc/apt/sources.list.d/kubeglass-src.sources >/dev/null <<SRC
Types: deb-src
URIs: ${uri:-http://deb.debian.org/debian}
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi
as_root apt-get update -qq
as_root apt-get install -y -qq golang-go etcd-server rsync jq openssl golang-github-modern-go-reflect2-dev dpkg-dev >/dev/null
if [ -x "$BIN" ]; then echo "real-apiserver: cached $BIN"; exit 0; fi

cd "$CACHE/src"
if ! ls -d kubernetes-*/ >/dev/null 2>&1; then apt-get source -qq kubernetes >/dev/null; fi
SRC_DIR=$(ls -d "$CACHE"/src/kubernetes-*/ | head -n1)
cd "$SRC_DIR"
# Go >= 1.18 panics in vendored reflect2 v1.0.1 when decoding maps: use Debian's v1.0.2.
rm -rf vendor/github.com/modern-go/reflect2
cp -r /usr/share/gocode/src/github.com/modern-go/reflect2 vendor/github.com/modern-go/reflect2
rm -f vendor/github.com/modern-go/reflect2/go.mod
mkdir -p .go/src/k8s.io .home
ln -sfn ../../.. .go/src/k8s.io/kubernetes
# Under nice: CI compiles this beside the test command, which keeps its CPU.
GOPATH="$PWD/.go" HOME="$PWD/.home" CGO_ENABLED=0 nice -n 19 make WHAT=cmd/$CMD
cp "_output/bin/$CMD" "$BIN"
echo "real-apiserver: built $BIN"

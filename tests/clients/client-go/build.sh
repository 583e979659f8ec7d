#!/usr/bin/env bash
# Builds the client-go check program (this folder's module) into ~/.cache/kubeglass/client-go-check/,
# outside the work tree. A no-op when the binary's stamp matches the inputs (Go version, go.mod, go.sum,
# the sources, the build flags). Compiles under nice, one package at a time (2 shared cores).
# Prints the binary's path on its last line.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
OUT="$CACHE/client-go-check"
JOBS="${KUBEGLASS_BUILD_JOBS:-1}"
command -v go >/dev/null || { echo "client-go-check: go is not installed" >&2; exit 1; }
cd "$HERE"
FLAGS=(-p "$JOBS" -trimpath -ldflags "-s -w")
stamp=$( { go version; echo "${FLAGS[*]}"; cat go.mod go.sum ./*.go; } | sha256sum | cut -d' ' -f1)
if [ -x "$OUT/client-go-check" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "client-go-check: cached" >&2
  echo "$OUT/client-go-check"
  exit 0
fi
start=$SECONDS
echo "client-go-check: building" >&2
rm -rf "$OUT.tmp"; mkdir -p "$OUT.tmp"
GOMAXPROCS=1 CGO_ENABLED=0 GOFLAGS=-mod=mod nice -n 19 go build "${FLAGS[@]}" -o "$OUT.tmp/client-go-check" . >&2
echo "client-go-check $((SECONDS - start))s" > "$OUT.tmp/build-times.txt"
echo "$stamp" > "$OUT.tmp/stamp"
rm -rf "$OUT"; mv "$OUT.tmp" "$OUT"
echo "client-go-check: built in $((SECONDS - start))s" >&2
echo "$OUT/client-go-check"

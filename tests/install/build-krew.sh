#!/usr/bin/env bash
# Builds krew from the Go module proxy into ~/.cache/kubeglass/krew-$KREW_VERSION/, outside the work tree, for the
# install test (tests/integration/install.test.ts): `krew install --manifest --archive` of the plugin's build checks
# the manifest as krew reads it. A no-op when the binary is there and its stamp matches; prints the binary's path.
set -euo pipefail
KREW_VERSION=v0.4.3
CACHE="${KUBEGLASS_CACHE:-$HOME/.cache/kubeglass}"
OUT="$CACHE/krew-$KREW_VERSION"
command -v go >/dev/null || { echo "build-krew: go is not installed" >&2; exit 1; }
STAMP=$( { go version; echo "go install -trimpath sigs.k8s.io/krew/cmd/krew@$KREW_VERSION"; } | sha256sum | cut -d' ' -f1)
cached() { [ -x "$OUT/krew" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$STAMP" ]; }
if cached; then echo "$OUT/krew"; exit 0; fi

# One build at a time: several test runs may ask for it.
mkdir -p "$CACHE"
exec 9>"$CACHE/.krew-build.lock"
flock 9
if cached; then echo "$OUT/krew"; exit 0; fi
tmp="$OUT.tmp"
rm -rf "$tmp"; mkdir -p "$tmp"
echo "build-krew: building krew $KREW_VERSION" >&2
# Outside any module: go install module@version builds against krew's own go.mod alone.
(cd "$tmp" && GOBIN="$tmp" CGO_ENABLED=0 nice -n 19 go install -trimpath "sigs.k8s.io/krew/cmd/krew@$KREW_VERSION") >&2
echo "$STAMP" > "$tmp/stamp"
rm -rf "$OUT"; mv "$tmp" "$OUT"
echo "$OUT/krew"

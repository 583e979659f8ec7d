#!/usr/bin/env bash
# The real tier, against two real servers one after the other: kube-apiserver 1.20.2 + etcd (an old server: legacy
# discovery, OpenAPI v2 only, no fieldValidation, no controllers), then the current control plane of
# tests/modern-apiserver (apiserver, controller manager, scheduler, etcd, a KWOK node). Each is built once and
# cached, started, seeded, and given the same scenarios through kubeglass's proxy (Vitest) and in Chromium
# (Playwright); the conformance suite, and Kubernetes' e2e conformance set (tests/e2e-conformance), compare the
# demo cluster with the current release only, since that is the release the demo cluster says it is.
# Usage: run.sh [legacy|modern]... (default both)
set -uo pipefail
cd "$(dirname "$0")/../.."
tiers=("$@"); [ ${#tiers[@]} -gt 0 ] || tiers=(legacy modern)
for t in "${tiers[@]}"; do
  case "$t" in legacy | modern) ;; *) echo "run.sh: unknown tier $t (legacy or modern)" >&2; exit 2 ;; esac
done
[ -f dist/web/index.html ] && [ -f dist/node/server/cli.js ] || npm run --silent build || exit 1
node scripts/ensure-debian-packages.mjs || exit 1

mkdir -p test-reports
reports=()
status=0
STATE=""
cleanup() {
  [ -n "$STATE" ] || return 0
  if [ -f "$STATE/pgid" ]; then bash tests/modern-apiserver/stop.sh "$STATE"; else bash tests/real-apiserver/stop.sh "$STATE"; fi
  rm -rf "$STATE"
  STATE=""
}
trap cleanup EXIT

for t in "${tiers[@]}"; do
  # Each server is built (or found cached) just before its tier: the first tier runs while CI still compiles the next.
  if [ "$t" = legacy ]; then
    bash tests/real-apiserver/build.sh || { echo "real tier: the 1.20.2 build failed"; exit 1; }
  else
    bash tests/modern-apiserver/build.sh --kwok && bash tests/deploy/build-helm.sh || { echo "real tier: the modern build (or helm's, for the chart test) failed"; exit 1; }
  fi
  STATE=$(mktemp -d "/tmp/kubeglass-real-$t.XXXXXX")
  if [ "$t" = legacy ]; then
    bash tests/real-apiserver/start.sh "$STATE" || exit 1
    # `*.modern.test.ts` need what 1.20.2 lacks (aggregated discovery, streaming lists).
    suites=(tests/real-apiserver --exclude '**/*.modern.test.ts')
  else
    # The developer's namespace is fx on both tiers, as the scenarios name it.
    # --oidc: the OpenID provider that team mode signs people in with, trusted by this apiserver.
    # ID tokens of 30 s: a team-mode session outlives several of them within a test's few minutes.
    export OIDC_ID_TOKEN_TTL=30
    # Compaction every minute, not every 5: the e2e set's chunking test waits for one (up to two intervals) and
    # would otherwise take 10 of CI's minutes; the faults spec compacts etcd itself.
    KUBEGLASS_MODERN_COMPACTION_INTERVAL=1m KUBEGLASS_MODERN_DEV_NAMESPACE=fx bash tests/modern-apiserver/start.sh "$STATE" --kwok --oidc || exit 1
    suites=(tests/real-apiserver tests/conformance)
  fi
  set -a; source "$STATE/env"; set +a
  export KUBEGLASS_REAL_STATE="$STATE"
  bash tests/real-apiserver/seed.sh "$KUBECONFIG_REAL" > "$STATE/seed.log" 2>&1 || { cat "$STATE/seed.log"; echo "real tier ($t): seeding failed"; exit 1; }
  echo "=== real tier ($t): kube-apiserver $REAL_K8S_VERSION"
  npx vitest run --project real "${suites[@]}" --reporter=default --reporter=json --outputFile.json="test-reports/real-$t-vitest.json" || status=1
  PLAYWRIGHT_JSON_OUTPUT_NAME="test-reports/real-$t-e2e.json" npx playwright test -c playwright.real.config.ts --reporter=list,json || status=1
  reports+=("test-reports/real-$t-vitest.json" "test-reports/real-$t-e2e.json")
  if [ "$t" = modern ]; then
    # Kubernetes' own e2e API-machinery conformance set of this release, against this server and a demo cluster
    # at once; the comparison with the known differences decides. After the scenarios, not beside them: its CRDs
    # and namespaces would show in what they compare of this server. Its report (counts, every test not passed
    # with its reason) is printed here.
    echo "=== real tier ($t): e2e conformance set, kube-apiserver $REAL_K8S_VERSION and the demo cluster"
    bash tests/e2e-conformance/ci.sh "$KUBECONFIG_REAL" test-reports/e2e-conformance || status=1
  fi
  cleanup
done
node scripts/sum-results.mjs "${reports[@]}" || status=1
exit $status

#!/usr/bin/env bash
# The real tier: build (cached) and start kube-apiserver 1.20.2 + etcd, seed it, then run the same
# list + watch scenarios through kubeglass's proxy (Vitest) and in Chromium (Playwright).
set -uo pipefail
cd "$(dirname "$0")/../.."
bash tests/real-apiserver/build.sh || { echo "real tier: build failed"; exit 1; }
[ -f dist/web/index.html ] && [ -f dist/node/server/cli.js ] || npm run --silent build || exit 1
node scripts/ensure-debian-packages.mjs || exit 1

STATE=$(mktemp -d /tmp/kubeglass-real.XXXXXX)
trap 'bash tests/real-apiserver/stop.sh "$STATE"; rm -rf "$STATE"' EXIT
bash tests/real-apiserver/start.sh "$STATE" || exit 1
export KUBECONFIG_REAL="$STATE/kubeconfig" KUBEGLASS_REAL_STATE="$STATE"
bash tests/real-apiserver/seed.sh "$KUBECONFIG_REAL" || { echo "real tier: seeding failed"; exit 1; }

mkdir -p test-reports
status=0
npx vitest run --project real --reporter=default --reporter=json --outputFile.json=test-reports/real-vitest.json || status=1
PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/real-e2e.json npx playwright test -c playwright.real.config.ts --reporter=list,json || status=1
node scripts/sum-results.mjs test-reports/real-vitest.json test-reports/real-e2e.json || status=1
exit $status

#!/usr/bin/env bash
# The e2e conformance set (set.mjs) against a running v1.37.2 control plane and a demo cluster started here,
# both at once, then the demo cluster's results
# beside the real server's (compare.mjs, known-differences.json). tests/real-apiserver/run.sh runs this in its
# modern tier. Reports in REPORT_DIR (default test-reports/e2e-conformance), printed at the end.
# Usage: ci.sh REAL_KUBECONFIG [REPORT_DIR]
#   The demo cluster runs from dist/ as `kubeglass demo-cluster` does (TLS, its kubeconfig's admin context), compacting
#   every DEMO_COMPACTION_MS (default 60000) as run.sh has the real apiserver do (--etcd-compaction-interval=1m).
set -uo pipefail
cd "$(dirname "$0")/../.."
REAL_KUBECONFIG=${1:?usage: ci.sh REAL_KUBECONFIG [REPORT_DIR]}
DIR=${2:-test-reports/e2e-conformance}
bash tests/modern-apiserver/build.sh --e2e || { echo "e2e-conformance: the e2e.test build failed"; exit 1; }
mkdir -p "$DIR"
STATE=$(mktemp -d /tmp/kubeglass-e2e-conformance.XXXXXX)
demo_pid=""
cleanup() {
  if [ -n "$demo_pid" ]; then kill "$demo_pid" 2>/dev/null; wait "$demo_pid" 2>/dev/null; fi
  rm -rf "$STATE"
}
trap cleanup EXIT
node bin/kubeglass.js demo-cluster --compaction-ms "${DEMO_COMPACTION_MS:-60000}" --write-kubeconfig "$STATE/demo.kubeconfig" > "$DIR/demo-cluster.log" 2>&1 &
demo_pid=$!
for _ in $(seq 1 240); do
  [ -s "$STATE/demo.kubeconfig" ] && break
  kill -0 "$demo_pid" 2>/dev/null || { cat "$DIR/demo-cluster.log"; echo "e2e-conformance: the demo cluster exited"; exit 1; }
  sleep 0.25
done
[ -s "$STATE/demo.kubeconfig" ] || { echo "e2e-conformance: the demo cluster wrote no kubeconfig"; exit 1; }
started=$SECONDS
# Two source files at a time in each run ([Serial] tests alone), so that both fit CI's budget: serially the real
# server takes 21 min with its default compaction interval, 10 of them in one test that waits for a compaction.
node tests/e2e-conformance/run.mjs --target real --jobs 2 --kubeconfig "$REAL_KUBECONFIG" --report-dir "$DIR" > "$DIR/real.out" 2>&1 &
real_run=$!
node tests/e2e-conformance/run.mjs --target demo --jobs 2 --kubeconfig "$STATE/demo.kubeconfig" --report-dir "$DIR" \
  > "$DIR/demo.out" 2>&1 &
demo_run=$!
# Their exit codes say whether every test passed: the comparison decides.
wait "$real_run"; wait "$demo_run"
cat "$DIR/real.out" "$DIR/demo.out"
echo "e2e-conformance: both runs took $((SECONDS - started))s"
node tests/e2e-conformance/compare.mjs --real "$DIR/e2e-conformance-real.json" --demo "$DIR/e2e-conformance-demo.json" --report-dir "$DIR"

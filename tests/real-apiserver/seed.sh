#!/usr/bin/env bash
# Seeds the real apiserver with what the real-tier scenarios read (no controllers run there).
set -euo pipefail
KC="${1:?usage: seed.sh KUBECONFIG}"
k() { kubectl --kubeconfig "$KC" --cache-dir "$(dirname "$KC")/kube-cache" "$@"; }
k apply -f - <<'YAML'
apiVersion: v1
kind: Namespace
metadata: {name: fx}
---
# No controller-manager runs: the ServiceAccount admission plugin needs "default" to exist for pods.
apiVersion: v1
kind: ServiceAccount
metadata: {name: default, namespace: fx}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: fx, labels: {app: web}}
data: {mode: demo, level: "3"}
---
apiVersion: v1
kind: Pod
metadata: {name: web-abc12, namespace: fx, labels: {app: web}}
spec:
  containers:
  - {name: web, image: nginx:1.25}
YAML

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
# The identities of start.sh on a tier without a controller manager (1.20.2): viewer reads, developer edits in
# fx only (edit + view). Nothing aggregates edit/view there, so the bindings name the bootstrap roles they
# aggregate. The modern tier binds the built-in view and edit itself (its start.sh), which its controller
# manager aggregates: binding these as well would grant the same request twice, and a review's reason would
# name either binding, as RBAC walks bindings in informer-cache order.
if ! k get clusterrolebinding kubeglass-viewer-view >/dev/null 2>&1; then
k apply -f - <<'YAML'
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: viewer-view}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:aggregate-to-view"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: viewer}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: developer-edit, namespace: fx}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:aggregate-to-edit"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: developer}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: developer-view, namespace: fx}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:aggregate-to-view"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: developer}]
YAML
fi

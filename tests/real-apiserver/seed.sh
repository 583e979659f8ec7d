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
# The identities of start.sh, bound as the demo cluster binds its own: viewer reads (view), developer edits in fx
# only (edit + view). No controller-manager aggregates edit/view here, so the bindings name the bootstrap roles
# they aggregate.
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

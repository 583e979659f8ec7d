"""Everyday calls of the official Kubernetes Python client (tests/clients/python-requirements.txt), one JSON line each.

Usage: python3 python_client_calls.py KUBECONFIG CONTEXT NAMESPACE [LOGS_NAMESPACE]
Creates NAMESPACE, works in it, deletes it. Each line: {"step", "ok", "value"} or {"step", "ok": false,
"status", "reason", "causes"}. The tests compare these lines between kube-apiserver and the demo cluster.
"""
import json
import sys

import urllib3
from kubernetes import client, config, watch

# The real tier serves a self-signed certificate the kubeconfig trusts by insecure-skip-tls-verify.
urllib3.disable_warnings()

kubeconfig, context, ns = sys.argv[1:4]
# Logs need a running pod (a kubelet): given where one runs, its last log line is read too.
logs_ns = sys.argv[4] if len(sys.argv) > 4 else None
api_client = config.new_client_from_config(config_file=kubeconfig, context=context)
core = client.CoreV1Api(api_client)
apps = client.AppsV1Api(api_client)


def emit(step, call):
    try:
        value = call()
        line = {"step": step, "ok": True, "value": value}
    except client.exceptions.ApiException as error:
        body = {}
        try:
            body = json.loads(error.body or "{}")
        except ValueError:
            pass
        causes = [(c.get("field"), c.get("reason")) for c in (body.get("details") or {}).get("causes") or []]
        line = {"step": step, "ok": False, "status": error.status, "reason": body.get("reason"), "causes": causes}
    except Exception as error:  # a client-side failure (bad response shape) is what these tests look for
        line = {"step": step, "ok": False, "status": None, "reason": f"{type(error).__name__}: {error}", "causes": []}
    print(json.dumps(line), flush=True)
    return line


def attr(result, name):
    """A field of a result: the client decodes untyped answers (DELETE's Status or object) as plain dicts."""
    return result[name] if isinstance(result, dict) else getattr(result, name)


def configmap(name, data=None, labels=None):
    return client.V1ConfigMap(metadata=client.V1ObjectMeta(name=name, labels=labels), data=data)


emit("create namespace", lambda: core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=ns))).metadata.name)
emit("create", lambda: core.create_namespaced_config_map(ns, configmap("cm", {"a": "1"}, {"app": "py"})).data)
emit("read", lambda: core.read_namespaced_config_map("cm", ns).data)
emit("list by label", lambda: [c.metadata.name for c in core.list_namespaced_config_map(ns, label_selector="app=py").items])
emit("list by field", lambda: [c.metadata.name for c in core.list_namespaced_config_map(ns, field_selector="metadata.name=cm").items])
emit("patch (dict body)", lambda: core.patch_namespaced_config_map("cm", ns, {"data": {"b": "2"}}).data)
emit("patch (JSON patch list)", lambda: core.patch_namespaced_config_map("cm", ns, [{"op": "add", "path": "/data/c", "value": "3"}]).data)


def stale_replace():
    current = core.read_namespaced_config_map("cm", ns)
    current.metadata.resource_version = "1"
    return core.replace_namespaced_config_map("cm", ns, current).data


emit("replace with a stale resourceVersion", stale_replace)


def fresh_replace():
    current = core.read_namespaced_config_map("cm", ns)
    current.data = {"replaced": "yes"}
    return core.replace_namespaced_config_map("cm", ns, current).data


emit("replace", fresh_replace)
emit("create dryRun=All", lambda: core.create_namespaced_config_map(ns, configmap("dry"), dry_run="All").metadata.name)
emit("read what dryRun did not create", lambda: core.read_namespaced_config_map("dry", ns).metadata.name)
emit("create invalid", lambda: core.create_namespaced_config_map(ns, configmap("Bad_Name")).metadata.name)
emit("create existing", lambda: core.create_namespaced_config_map(ns, configmap("cm")).metadata.name)

deployment = client.V1Deployment(
    metadata=client.V1ObjectMeta(name="web"),
    spec=client.V1DeploymentSpec(
        replicas=1,
        selector=client.V1LabelSelector(match_labels={"app": "web"}),
        template=client.V1PodTemplateSpec(
            metadata=client.V1ObjectMeta(labels={"app": "web"}),
            spec=client.V1PodSpec(containers=[client.V1Container(name="web", image="nginx:1.25")]),
        ),
    ),
)
emit("create deployment", lambda: apps.create_namespaced_deployment(ns, deployment).spec.replicas)
emit("pods by the deployment's selector", lambda: isinstance(core.list_namespaced_pod(ns, label_selector="app=web").items, list))
emit("read scale", lambda: apps.read_namespaced_deployment_scale("web", ns).spec.replicas)
emit("patch scale", lambda: apps.patch_namespaced_deployment_scale("web", ns, {"spec": {"replicas": 2}}).spec.replicas)
emit(
    "replace scale",
    lambda: apps.replace_namespaced_deployment_scale(
        "web", ns, client.V1Scale(metadata=client.V1ObjectMeta(name="web", namespace=ns), spec=client.V1ScaleSpec(replicas=3))
    ).spec.replicas,
)
emit("strategic merge patch", lambda: apps.patch_namespaced_deployment("web", ns, {"metadata": {"labels": {"patched": "py"}}}).metadata.labels)


def watch_from_list():
    start = core.list_namespaced_config_map(ns, label_selector="step=watch").metadata.resource_version
    core.create_namespaced_config_map(ns, configmap("watched", labels={"step": "watch"}))
    events = watch.Watch().stream(
        core.list_namespaced_config_map, ns, label_selector="step=watch", resource_version=start, timeout_seconds=1
    )
    return [(event["type"], event["object"].metadata.name) for event in events]


emit("watch from a list's resourceVersion", watch_from_list)


def paging():
    for i in range(3):
        core.create_namespaced_config_map(ns, configmap(f"page-{i}", labels={"step": "page"}))
    first = core.list_namespaced_config_map(ns, label_selector="step=page", limit=2)
    rest = core.list_namespaced_config_map(ns, label_selector="step=page", limit=2, _continue=first.metadata._continue)
    return [[c.metadata.name for c in first.items], bool(first.metadata._continue), [c.metadata.name for c in rest.items], rest.metadata._continue]


emit("paging with limit and continue", paging)
emit("delete", lambda: attr(core.delete_namespaced_config_map("cm", ns), "status"))
emit("delete again", lambda: attr(core.delete_namespaced_config_map("cm", ns), "status"))
emit("read missing", lambda: core.read_namespaced_config_map("cm", ns).metadata.name)
emit("delete collection", lambda: attr(core.delete_collection_namespaced_config_map(ns, label_selector="step=page"), "kind"))
emit("list after delete collection", lambda: [c.metadata.name for c in core.list_namespaced_config_map(ns, label_selector="step=page").items])
emit("delete namespace", lambda: attr(core.delete_namespace(ns), "kind"))


def last_log_line():
    pod = core.list_namespaced_pod(logs_ns, limit=1).items[0]
    text = core.read_namespaced_pod_log(pod.metadata.name, logs_ns, container=pod.spec.containers[0].name, tail_lines=1)
    return len(text.strip().splitlines())


if logs_ns is not None:
    emit("logs", last_log_line)

// What kube-controller-manager puts in every namespace of a real cluster: the root-ca-cert-publisher's
// kube-root-ca.crt ConfigMap and the serviceaccounts controller's "default" ServiceAccount (which, since
// 1.24, gets no token Secret). Both are created again when deleted, as the controllers do.
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { StoreEvent } from '../store/store.js';
import type { KubeObject } from '../resources/types.js';
import { createObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
const ROOT_CA_DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';
const MANAGER = { manager: 'kube-controller-manager', dryRun: false };
const { namespaces, configmaps, serviceaccounts } = registryTypes;
const NAMESPACES = storageKey(namespaces);

/** The objects each namespace holds, by type. */
function furniture(caPem: string): Array<{ t: ResourceType; body: (ns: string) => unknown }> {
  return [
    {
      t: configmaps,
      body: (ns) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: ROOT_CA_CONFIGMAP, namespace: ns, annotations: { 'kubernetes.io/description': ROOT_CA_DESCRIPTION } },
        data: { 'ca.crt': caPem },
      }),
    },
    { t: serviceaccounts, body: (ns) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } }) },
  ];
}

const nameOf = (body: unknown): string => String((body as { metadata: { name: string } }).metadata.name);

/** Starts both controllers (the CA bundle is the serving certificate's); returns a function that stops them. */
export function startNamespaceFurniture(ctx: WriteContext, caPem: string): () => void {
  const items = furniture(caPem);
  const ensure = (ns: KubeObject): void => {
    const name = ns.metadata.name ?? '';
    if (ns.metadata.deletionTimestamp || ctx.store.get(NAMESPACES, undefined, name) === undefined) return;
    for (const { t, body } of items) {
      const b = body(name);
      if (ctx.store.get(storageKey(t), name, nameOf(b)) !== undefined) continue;
      try {
        createObject(ctx, t, name, b, MANAGER);
      } catch {
        // Raced with a create or the namespace's termination: the next event brings the controller back.
      }
    }
  };
  for (const ns of ctx.store.collection(NAMESPACES).objects.values()) ensure(ns);

  let stopped = false;
  const later = (ns: KubeObject): void => ctx.scheduler.defer(() => !stopped && ensure(ns), 0);
  const watched = new Set(items.map(({ t }) => storageKey(t)));
  const onEvent = (key: string, e: StoreEvent): void => {
    if (key === NAMESPACES && e.type === 'ADDED') later(e.object);
    if (watched.has(key) && e.type === 'DELETED') {
      const ns = ctx.store.get(NAMESPACES, undefined, e.object.metadata.namespace ?? '');
      if (ns && items.some(({ t, body }) => storageKey(t) === key && nameOf(body('')) === e.object.metadata.name)) later(ns);
    }
  };
  const unsubscribe = ctx.store.subscribeAll(onEvent);
  return () => {
    stopped = true;
    unsubscribe();
  };
}

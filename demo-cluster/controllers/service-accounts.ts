// The service account controller: every namespace gets its "default" ServiceAccount (no token Secret, as
// since 1.24), which the ServiceAccount admission plugin needs before a pod can be created there. The demo
// makes it as the namespace is stored, where kube-controller-manager takes a moment.
import { randomUUID } from 'node:crypto';
import { rfc3339 } from '../resources/duration.js';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';

const NAMESPACES = storageKey({ group: '', resource: 'namespaces' });
const SERVICE_ACCOUNTS = storageKey({ group: '', resource: 'serviceaccounts' });

/** Creates the default ServiceAccount of each new namespace; returns the unsubscribe function. */
export function startServiceAccountController(store: Store): () => void {
  return store.subscribe(NAMESPACES, (event) => {
    const namespace = event.object.metadata.name ?? '';
    if (event.type !== 'ADDED' || event.object.metadata.deletionTimestamp || store.get(SERVICE_ACCOUNTS, namespace, 'default')) return;
    store.create(SERVICE_ACCOUNTS, {
      kind: 'ServiceAccount',
      apiVersion: 'v1',
      metadata: { name: 'default', namespace, uid: randomUUID(), creationTimestamp: rfc3339() },
    });
  });
}

// Keeps two collections that hold the same objects in two forms in step (the real server stores them once): a write
// to either appears in the other, converted. Resource versions differ per view.
import { jsonEqual } from '../resources/types.js';
import { orderObject } from '../resources/meta.js';
import type { Store } from '../store/store.js';
import type { KubeObject } from '../resources/types.js';

/** Object content without what legitimately differs between the two views. */
function comparable(o: KubeObject): KubeObject {
  const { resourceVersion: _rv, managedFields: _mf, ...meta } = o.metadata;
  return { ...o, metadata: meta };
}

/**
 * Mirrors writes from one collection into the other; `convert` gets the other collection's current copy, if any,
 * for what the source form cannot hold. Returns the unsubscribe function.
 */
export function mirror(store: Store, from: string, to: string, convert: (o: KubeObject, current: KubeObject | undefined) => KubeObject): () => void {
  return store.subscribe(from, (event) => {
    const { namespace, name = '' } = event.object.metadata;
    const current = store.get(to, namespace, name);
    if (event.type === 'DELETED') {
      if (current) store.delete(to, namespace, name);
      return;
    }
    const next = orderObject(convert(event.object, current));
    if (current && jsonEqual(comparable(current), comparable(next))) return;
    if (current) store.update(to, next);
    else store.create(to, next);
  });
}

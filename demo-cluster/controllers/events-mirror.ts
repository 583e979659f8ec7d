// Keeps core/v1 Events and events.k8s.io/v1 Events in step (the real server stores them once):
// a write through either API appears in the other, converted. Resource versions differ per view.
import { eventToCore, eventToV1 } from '../resources/events-v1.js';
import { jsonEqual } from '../resources/types.js';
import { orderObject } from '../resources/meta.js';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import type { KubeObject } from '../resources/types.js';

/** Object content without what legitimately differs between the two views. */
function comparable(o: KubeObject): KubeObject {
  const { resourceVersion: _rv, managedFields: _mf, ...meta } = o.metadata;
  return { ...o, metadata: meta };
}

/** Mirrors writes from one collection into the other; returns the unsubscribe function. */
function mirror(store: Store, from: string, to: string, convert: (o: KubeObject) => KubeObject): () => void {
  return store.subscribe(from, (event) => {
    const { namespace, name = '' } = event.object.metadata;
    const current = store.get(to, namespace, name);
    if (event.type === 'DELETED') {
      if (current) store.delete(to, namespace, name);
      return;
    }
    const next = orderObject(convert(event.object));
    if (current && jsonEqual(comparable(current), comparable(next))) return;
    if (current) store.update(to, next);
    else store.create(to, next);
  });
}

/** Starts mirroring core events <-> events.k8s.io events (seeded core events are copied first). */
export function startEventsMirror(store: Store): () => void {
  const core = storageKey({ group: '', resource: 'events' });
  const v1 = storageKey({ group: 'events.k8s.io', resource: 'events' });
  for (const o of store.collection(core).objects.values()) store.seed(v1, orderObject(eventToV1(o)));
  const stops = [mirror(store, core, v1, eventToV1), mirror(store, v1, core, eventToCore)];
  return () => {
    for (const stop of stops) stop();
  };
}

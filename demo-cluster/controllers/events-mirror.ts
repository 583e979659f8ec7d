// Keeps core/v1 Events and events.k8s.io/v1 Events in step (the real server stores them once):
// a write through either API appears in the other, converted. Resource versions differ per view.
import { eventToCore, eventToV1 } from '../resources/events-v1.js';
import { orderObject } from '../resources/meta.js';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import { mirror } from './storage-mirror.js';

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

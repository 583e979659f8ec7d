// Keeps autoscaling/v1 and autoscaling/v2 HorizontalPodAutoscalers in step (the real server stores them once).
import { HPA_V1_STORAGE, hpaToV1, hpaToV2, horizontalpodautoscalers } from '../resources/autoscaling.js';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import { mirror } from './storage-mirror.js';

export function startHpaMirror(store: Store): () => void {
  const v2 = storageKey(horizontalpodautoscalers);
  const stops = [mirror(store, v2, HPA_V1_STORAGE, hpaToV1), mirror(store, HPA_V1_STORAGE, v2, hpaToV2)];
  return () => {
    for (const stop of stops) stop();
  };
}

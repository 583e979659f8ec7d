// In-memory object store: one global resourceVersion counter, one collection per group-resource,
// a bounded event history per collection for watch resume and consistent paging (like the watch cache).
import type { KubeObject } from '../resources/types.js';
import { orderMeta } from '../resources/meta.js';

export interface StoreEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** The object after the change (for DELETED: the last state, stamped with the deletion's resourceVersion). */
  object: KubeObject;
  /** The object before the change (MODIFIED, DELETED). */
  prev?: KubeObject;
  rv: number;
}

export type StoreListener = (event: StoreEvent) => void;
/** Hears every collection's events (the garbage collector's informers). */
export type GlobalStoreListener = (key: string, event: StoreEvent) => void;

/** Store key of an object inside its collection: "ns/name" for namespaced, "name" otherwise. */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

function keyOf(obj: KubeObject): string {
  return objectKey(obj.metadata.namespace, obj.metadata.name ?? '');
}

/** One group-resource: objects by key, history, listeners. */
export class Collection {
  readonly objects = new Map<string, KubeObject>();
  readonly history: StoreEvent[] = [];
  readonly listeners = new Set<StoreListener>();
  /** Whether events were dropped from the head of the history. */
  evicted = false;
  /** The resourceVersion the history starts after (watch cache "listResourceVersion"). */
  baseRv: number;
  private sorted: string[] | null = null;

  constructor(
    baseRv: number,
    private readonly capacity: number,
  ) {
    this.baseRv = baseRv;
  }

  /** Keys in etcd order (namespace, then name). */
  sortedKeys(): string[] {
    if (this.sorted === null) this.sorted = [...this.objects.keys()].sort();
    return this.sorted;
  }

  set(obj: KubeObject): void {
    const key = keyOf(obj);
    if (!this.objects.has(key)) this.sorted = null;
    this.objects.set(key, obj);
  }

  remove(key: string): void {
    if (this.objects.delete(key)) this.sorted = null;
  }

  record(event: StoreEvent): void {
    this.history.push(event);
    if (this.history.length > this.capacity * 1.25) {
      this.history.splice(0, this.history.length - this.capacity);
      this.evicted = true;
    }
    for (const listener of [...this.listeners]) listener(event);
  }

  /** The oldest resourceVersion a watch can start from, as the 1.20 watch cache computes it. */
  oldestWatchableRv(): number {
    const first = this.history[0];
    if (!this.evicted || first === undefined) return this.baseRv + 1;
    return first.rv;
  }

  /** Events with rv > from, or undefined when from is older than the history reaches. */
  eventsAfter(from: number): StoreEvent[] | undefined {
    if (from < this.oldestWatchableRv() - 1) return undefined;
    let lo = 0;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.history[mid]?.rv ?? 0) <= from) lo = mid + 1;
      else hi = mid;
    }
    return this.history.slice(lo);
  }
}

export interface StoreOptions {
  /** Events kept per collection for watch resume (default 5000). */
  historyCapacity?: number;
}

/** The single store behind every resource type. Objects are treated as immutable once stored. */
export class Store {
  private rv = 0;
  private readonly collections = new Map<string, Collection>();
  private readonly capacity: number;
  private readonly globalListeners = new Set<GlobalStoreListener>();

  constructor(options: StoreOptions = {}) {
    this.capacity = options.historyCapacity ?? 5000;
  }

  /** Current global resourceVersion. */
  get resourceVersion(): number {
    return this.rv;
  }

  collection(key: string): Collection {
    let c = this.collections.get(key);
    if (!c) {
      c = new Collection(this.rv, this.capacity);
      this.collections.set(key, c);
    }
    return c;
  }

  get(key: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.collection(key).objects.get(objectKey(namespace, name));
  }

  private stamp(obj: KubeObject): { obj: KubeObject; rv: number } {
    const rv = ++this.rv;
    return { obj: { ...obj, metadata: orderMeta({ ...obj.metadata, resourceVersion: String(rv) }) }, rv };
  }

  /** Stores a new object (stamped with the next resourceVersion) and emits ADDED. */
  create(key: string, obj: KubeObject): KubeObject {
    const { obj: stored, rv } = this.stamp(obj);
    const c = this.collection(key);
    c.set(stored);
    this.emit(key, c, { type: 'ADDED', object: stored, rv });
    return stored;
  }

  /** Replaces an object (stamped with the next resourceVersion) and emits MODIFIED. */
  update(key: string, obj: KubeObject): KubeObject {
    const c = this.collection(key);
    const prev = c.objects.get(keyOf(obj));
    const { obj: stored, rv } = this.stamp(obj);
    c.set(stored);
    this.emit(key, c, prev ? { type: 'MODIFIED', object: stored, prev, rv } : { type: 'ADDED', object: stored, rv });
    return stored;
  }

  /** Removes an object and emits DELETED carrying the deletion's resourceVersion. */
  delete(key: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const c = this.collection(key);
    const k = objectKey(namespace, name);
    const prev = c.objects.get(k);
    if (!prev) return undefined;
    const { obj: last, rv } = this.stamp(prev);
    c.remove(k);
    this.emit(key, c, { type: 'DELETED', object: last, prev, rv });
    return last;
  }

  /** Adds an object without history (seeding before the server serves). */
  seed(key: string, obj: KubeObject): KubeObject {
    const { obj: stored } = this.stamp(obj);
    this.collection(key).set(stored);
    return stored;
  }

  /** Makes the current state the start of every collection's history (after seeding). */
  markHistoryBase(): void {
    for (const c of this.collections.values()) {
      c.baseRv = this.rv;
      c.history.length = 0;
      c.evicted = false;
    }
  }

  /** Forced compaction: every collection forgets its history, so older resourceVersions get 410. Returns the compacted revision. */
  compact(): number {
    for (const c of this.collections.values()) {
      c.baseRv = this.rv;
      c.history.length = 0;
      c.evicted = true;
    }
    return this.rv;
  }

  /**
   * etcd's compaction of revisions up to `rv`: what happened at or before it is forgotten, so reads and watches at an
   * older resourceVersion get 410. The apiserver's compactor writes its own key first, which takes a revision: the
   * answer is that one.
   */
  compactTo(rv: number): number {
    for (const c of this.collections.values()) {
      if (rv <= c.baseRv) continue;
      const kept = c.history.filter((e) => e.rv > rv);
      c.history.length = 0;
      c.history.push(...kept);
      c.baseRv = rv;
      c.evicted = false;
    }
    return ++this.rv;
  }

  /**
   * Objects of a collection as they were at resourceVersion `at`, in key order, rebuilt by undoing
   * later events; undefined when history does not reach back that far (etcd "compacted").
   */
  snapshotAt(key: string, at: number): Map<string, KubeObject> | undefined {
    const c = this.collection(key);
    if (at >= this.rv) return c.objects;
    const later = c.eventsAfter(at);
    if (later === undefined) return undefined;
    if (later.length === 0) return c.objects;
    const state = new Map(c.objects);
    for (let i = later.length - 1; i >= 0; i--) {
      const e = later[i];
      if (!e) continue;
      const k = keyOf(e.object);
      if (e.type === 'ADDED') state.delete(k);
      else if (e.prev) state.set(k, e.prev);
    }
    return state;
  }

  private emit(key: string, c: Collection, event: StoreEvent): void {
    c.record(event);
    for (const listener of [...this.globalListeners]) listener(key, event);
  }

  /** Listens to every collection, including ones created later. */
  subscribeAll(listener: GlobalStoreListener): () => void {
    this.globalListeners.add(listener);
    return () => this.globalListeners.delete(listener);
  }

  subscribe(key: string, listener: StoreListener): () => void {
    const c = this.collection(key);
    c.listeners.add(listener);
    return () => c.listeners.delete(listener);
  }
}

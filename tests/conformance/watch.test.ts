// Watch over chunked HTTP: event sequences from a resourceVersion, Table events, and the 410 for a
// resourceVersion older than the server's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ACCEPT, compareValues, field, must, normalizeEvents, openPair, openWatch, str } from './harness.js';
import type { JsonObject, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-w');
});
afterAll(async () => {
  await pair?.close();
});

const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const types = (events: JsonObject[]): string[] => events.map((e) => String(e.type));

/** Lists, watches from the list's resourceVersion, then creates, updates and deletes one configmap. */
async function lifecycle(t: Target, name: string, headers: Record<string, string> = {}): Promise<JsonObject[]> {
  const list = await must(t, { path: cms() });
  const rv = str(field(list.body, 'metadata', 'resourceVersion'));
  const w = await openWatch(t, { path: cms(), query: { resourceVersion: rv, fieldSelector: `metadata.name=${name}` }, headers });
  try {
    expect(w.status).toBe(200);
    await must(t, { method: 'POST', path: cms(), body: { metadata: { name, labels: { step: 'one' } }, data: { a: '1' } } });
    const got = await must(t, { path: `${cms()}/${name}` });
    const obj = got.body as JsonObject;
    await must(t, { method: 'PUT', path: `${cms()}/${name}`, body: { ...obj, data: { a: '2' } } });
    await must(t, { method: 'DELETE', path: `${cms()}/${name}` });
    return await w.until((evs) => evs.length >= 3);
  } finally {
    w.close();
  }
}

describe('watch', () => {
  it('create, update, delete from a resourceVersion: ADDED, MODIFIED, DELETED with the same objects', async () => {
    const { real, demo } = await pair.each((t) => lifecycle(t, 'watched'));
    expect(types(real)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    compareValues('object watch', normalizeEvents(real), normalizeEvents(demo));
  });

  it('Table watch: columnDefinitions on the first event, null afterwards', async () => {
    const { real, demo } = await pair.each((t) => lifecycle(t, 'tabled', { Accept: TABLE_ACCEPT }));
    expect(field(real[1], 'object', 'columnDefinitions')).toBeNull();
    compareValues('Table watch', normalizeEvents(real), normalizeEvents(demo));
  });

  it('watch spelled as each client spells it (Python True, empty, yes) is a watch; false and 0 are lists', async () => {
    const spellings = ['True', 'TRUE', '', 'yes', 'false', 'FALSE', '0'];
    const { real, demo } = await pair.each(async (t) => {
      const kinds: string[] = [];
      for (const watch of spellings) {
        const w = await openWatch(t, { path: cms(), query: { watch, timeoutSeconds: '1' } });
        try {
          // A watch answers event lines (or nothing yet); a list answers one ConfigMapList document.
          const events = await w.until((evs) => evs.length >= 1, 3000);
          kinds.push(events.length === 0 ? 'watch (no events yet)' : String(events[0]?.type ?? events[0]?.kind));
        } catch {
          kinds.push('unparsed');
        } finally {
          w.close();
        }
      }
      return kinds;
    });
    expect(real.slice(4)).toEqual(['ConfigMapList', 'ConfigMapList', 'ConfigMapList']);
    expect(real.slice(0, 4).every((k) => k !== 'ConfigMapList')).toBe(true);
    expect(demo).toEqual(real);
  });

  it('watch without resourceVersion: synthetic ADDED for what exists', async () => {
    const { real, demo } = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'pre-existing' } } });
      const w = await openWatch(t, { path: cms() });
      try {
        // The namespace also holds the controller manager's kube-root-ca.crt.
        return await w.until((evs) => evs.length >= 2);
      } finally {
        w.close();
      }
    });
    compareValues('initial events', normalizeEvents(real), normalizeEvents(demo));
  });

  it('a malformed resourceVersion: 400 before streaming', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const w = await openWatch(t, { path: cms(), query: { resourceVersion: 'abc' } });
      try {
        const events = await w.until(() => false, 3_000).catch(() => w.events);
        return { status: w.status, events };
      } finally {
        w.close();
      }
    });
    compareValues('malformed resourceVersion', real, demo);
  });
});

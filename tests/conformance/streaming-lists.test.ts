// Streaming lists (WatchList): a watch with sendInitialEvents=true sends the current state as ADDED,
// then a BOOKMARK annotated k8s.io/initial-events-end whose resourceVersion is that state's, then live
// events; and the 422 answers of the ListOptions validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ACCEPT, compare, compareValues, field, must, normalizeEvents, openPair, openWatch, str } from './harness.js';
import type { JsonObject, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-sl');
  for (const t of [pair.real, pair.demo]) {
    for (const name of ['alpha', 'beta']) {
      await must(t, { method: 'POST', path: cms(), body: { metadata: { name, labels: { stream: pair.ns } }, data: { n: name } } });
    }
    // Outside the label selection: never in a selected stream.
    await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'other' }, data: { n: 'other' } } });
  }
});
afterAll(async () => {
  await pair?.close();
});

const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const selected = (): string => `stream=${pair.ns}`;
const STREAMING = { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' };
/** The end bookmark; as a Table, its one row carries the bookmark object. */
const isEnd = (e: JsonObject): boolean => {
  if (e.type !== 'BOOKMARK') return false;
  const meta = field(e, 'object', 'kind') === 'Table' ? field(e, 'object', 'rows', 0, 'object', 'metadata') : field(e, 'object', 'metadata');
  return field(meta, 'annotations', 'k8s.io/initial-events-end') === 'true';
};
/** The end bookmark's resourceVersion (a Table's own metadata has it too). */
const bookmarkRv = (e: JsonObject | undefined): number => Number(str(field(e, 'object', 'metadata', 'resourceVersion')));

interface Streamed {
  events: JsonObject[];
  /** Whether the end bookmark's resourceVersion lies between the lists taken before and after. */
  bookmarkInState: boolean;
}

/** Opens a streaming list, reads to the end bookmark, then sees one live event (a created configmap). */
async function stream(t: Target, query: Record<string, string>, name: string, headers: Record<string, string> = {}): Promise<Streamed> {
  const before = Number(str(field((await must(t, { path: cms() })).body, 'metadata', 'resourceVersion')));
  const w = await openWatch(t, { path: cms(), query: { labelSelector: selected(), ...query }, headers });
  try {
    expect(w.status).toBe(200);
    const initial = await w.until((evs) => evs.some(isEnd));
    const after = Number(str(field((await must(t, { path: cms() })).body, 'metadata', 'resourceVersion')));
    const rv = bookmarkRv(initial.find(isEnd));
    await must(t, { method: 'POST', path: cms(), body: { metadata: { name, labels: { stream: pair.ns } } } });
    const events = await w.until((evs) => evs.length > initial.length);
    await must(t, { method: 'DELETE', path: `${cms()}/${name}` });
    return { events, bookmarkInState: rv >= before && rv <= after };
  } finally {
    w.close();
  }
}

describe('streaming lists', () => {
  it('from the list resourceVersion: ADDED for the selected objects, the end bookmark, then live events', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const rv = str(field((await must(t, { path: cms() })).body, 'metadata', 'resourceVersion'));
      return stream(t, { ...STREAMING, resourceVersion: rv }, 'live-rv');
    });
    expect(real.events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK', 'ADDED']);
    expect(real.bookmarkInState).toBe(true);
    expect(demo.bookmarkInState).toBe(true);
    compareValues('streaming list from a resourceVersion', normalizeEvents(real.events), normalizeEvents(demo.events));
  });

  it('from resourceVersion "" and "0": the same stream', async () => {
    const { real, demo } = await pair.each(async (t) => [
      await stream(t, { ...STREAMING }, 'live-empty'),
      await stream(t, { ...STREAMING, resourceVersion: '0' }, 'live-zero'),
    ]);
    compareValues('streaming list from ""', normalizeEvents(real[0]?.events ?? []), normalizeEvents(demo[0]?.events ?? []));
    compareValues('streaming list from "0"', normalizeEvents(real[1]?.events ?? []), normalizeEvents(demo[1]?.events ?? []));
  });

  it('a watch from "" with bookmarks allowed is a streaming list by default', async () => {
    const { real, demo } = await pair.each((t) => stream(t, { allowWatchBookmarks: 'true' }, 'live-default'));
    expect(real.events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK', 'ADDED']);
    compareValues('defaulted streaming list', normalizeEvents(real.events), normalizeEvents(demo.events));
  });

  it('as a Table: rows as ADDED, the bookmark a Table row of the empty object', async () => {
    const { real, demo } = await pair.each((t) => stream(t, { ...STREAMING }, 'live-table', { Accept: TABLE_ACCEPT }));
    expect(field(real.events[2], 'object', 'kind')).toBe('Table');
    compareValues('Table streaming list', normalizeEvents(real.events), normalizeEvents(demo.events));
  });

  it('as a Table without objects: the bookmark row still carries its metadata', async () => {
    const { real, demo } = await pair.each((t) => stream(t, { ...STREAMING, includeObject: 'None' }, 'live-none', { Accept: TABLE_ACCEPT }));
    compareValues('Table streaming list, includeObject=None', normalizeEvents(real.events), normalizeEvents(demo.events));
  });

  it('across namespaces, label-selected: only the selected objects before the bookmark', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const w = await openWatch(t, { path: '/api/v1/configmaps', query: { ...STREAMING, labelSelector: selected() } });
      try {
        return await w.until((evs) => evs.some(isEnd));
      } finally {
        w.close();
      }
    });
    expect(real.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK']);
    compareValues('label-selected streaming list', normalizeEvents(real), normalizeEvents(demo));
  });

  it('without bookmarks allowed: the initial ADDED, no bookmark, then live events', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const w = await openWatch(t, { path: cms(), query: { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', labelSelector: selected() } });
      try {
        await w.until((evs) => evs.length >= 2);
        await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'live-nobm', labels: { stream: pair.ns } } } });
        const events = await w.until((evs) => evs.length >= 3);
        await must(t, { method: 'DELETE', path: `${cms()}/live-nobm` });
        return events;
      } finally {
        w.close();
      }
    });
    expect(real.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'ADDED']);
    compareValues('streaming list without bookmarks', normalizeEvents(real), normalizeEvents(demo));
  });

  it('sendInitialEvents=false from "": live events only', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const w = await openWatch(t, { path: cms(), query: { ...STREAMING, sendInitialEvents: 'false', labelSelector: selected() } });
      try {
        await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'live-only', labels: { stream: pair.ns } } } });
        const events = await w.until((evs) => evs.length >= 1);
        await must(t, { method: 'DELETE', path: `${cms()}/live-only` });
        return events;
      } finally {
        w.close();
      }
    });
    expect(real.map((e) => e.type)).toEqual(['ADDED']);
    compareValues('sendInitialEvents=false', normalizeEvents(real), normalizeEvents(demo));
  });

  it('from a resourceVersion ahead of the server: 200, then after the freshness wait one 504 ERROR event', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const started = Date.now();
      const w = await openWatch(t, { path: cms(), query: { ...STREAMING, resourceVersion: '999999999', timeoutSeconds: '1' } });
      try {
        const events = await w.until((evs) => evs.length >= 1, 8_000);
        return { status: w.status, events, waited: Date.now() - started >= 2_000 };
      } finally {
        w.close();
      }
    });
    expect(real.waited).toBe(true);
    const masked = (r: typeof real): unknown => ({ ...r, events: normalizeEvents(r.events).map((e) => JSON.stringify(e).replace(/current: \d+/, 'current: <rv>')) });
    compareValues('too large resourceVersion', masked(real), masked(demo));
  });
});

describe('a classic watch beside them', () => {
  it('from a resourceVersion ahead of the server: 200, then nothing (no freshness wait, no ERROR)', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const w = await openWatch(t, { path: cms(), query: { resourceVersion: '999999999', timeoutSeconds: '4' } });
      try {
        const events = await w.until(() => false, 8_000);
        return { status: w.status, events };
      } finally {
        w.close();
      }
    });
    expect(real).toEqual({ status: 200, events: [] });
    compareValues('classic watch from a future resourceVersion', real, demo);
  });
});

describe('ListOptions validation', () => {
  const invalid: Array<[string, string, Record<string, string>]> = [
    ['a watch with sendInitialEvents but no resourceVersionMatch', '', { watch: '1', sendInitialEvents: 'true' }],
    ['a watch with resourceVersionMatch but no sendInitialEvents', '', { watch: '1', resourceVersionMatch: 'NotOlderThan' }],
    ['a watch with Exact, continue and sendInitialEvents=false', '', { watch: '1', sendInitialEvents: 'false', resourceVersionMatch: 'Exact', continue: 'abc' }],
    ['a list with sendInitialEvents=true', '', { sendInitialEvents: 'true' }],
    ['a list with sendInitialEvents=false', '', { sendInitialEvents: 'false', resourceVersionMatch: 'NotOlderThan', resourceVersion: '1' }],
    ['a list with an unknown resourceVersionMatch, no resourceVersion, and continue', '', { resourceVersionMatch: 'Foo', continue: 'x' }],
    ['a list with Exact from resourceVersion "0"', '', { resourceVersionMatch: 'Exact', resourceVersion: '0' }],
    ['a /watch/ path with sendInitialEvents: validated as a list', '/watch', { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' }],
  ];
  it.each(invalid)('%s: 422 Invalid ListOptions', async (name, prefix, query) => {
    const path = `/api/v1${prefix}/namespaces/${pair.ns}/configmaps`;
    const { real, demo } = await pair.both({ path, query: { ...query, timeoutSeconds: '1' } });
    expect(real.status).toBe(422);
    compare(name, real, demo);
  });

  it('a list with NotOlderThan from a resourceVersion is valid', async () => {
    const { real, demo } = await pair.both({ path: cms(), query: { resourceVersionMatch: 'NotOlderThan', resourceVersion: '0', labelSelector: selected() } });
    expect(real.status).toBe(200);
    compare('NotOlderThan list', real, demo);
  });
});

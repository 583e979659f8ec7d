import { describe, expect, it } from 'vitest';
import { createSessionStore } from './sessions.js';

describe('session store', () => {
  it('makes random 256-bit ids that are live until ended', () => {
    const store = createSessionStore();
    const id = store.create();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.create()).not.toBe(id);
    expect(store.use(id)).toBe(true);
    expect(store.use(`${id}x`)).toBe(false);
    store.end(id);
    expect(store.use(id)).toBe(false);
  });

  it('ends a session left idle, and using one keeps it alive', () => {
    let now = 0;
    const store = createSessionStore({ idleMs: 1000, now: () => now });
    const used = store.create();
    const idle = store.create();
    now = 900;
    expect(store.use(used)).toBe(true);
    now = 1500;
    expect(store.use(used)).toBe(true);
    expect(store.use(idle)).toBe(false);
  });

  it('keeps at most maxSessions, dropping the least recently used', () => {
    const store = createSessionStore({ maxSessions: 2 });
    const first = store.create();
    const second = store.create();
    expect(store.use(first)).toBe(true);
    const third = store.create();
    expect(store.size).toBe(2);
    expect(store.use(second)).toBe(false);
    expect(store.use(first)).toBe(true);
    expect(store.use(third)).toBe(true);
  });
});

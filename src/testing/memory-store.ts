// Test-only: a Storage (getItem/setItem/removeItem) kept in memory, for drafts a test wants to inspect or reuse.
export class MemoryStore {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

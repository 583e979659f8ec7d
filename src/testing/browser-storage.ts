// Test-only: what a page could read back from the browser's storage after a reload, for tests looking for bytes
// that must never be stored there (a Secret's data in a draft).

/** Every key and value of localStorage and sessionStorage, one a line. */
export function browserStorageText(): string {
  const out: string[] = [];
  for (const store of [window.localStorage, window.sessionStorage]) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i) ?? '';
      out.push(key, store.getItem(key) ?? '');
    }
  }
  return out.join('\n');
}

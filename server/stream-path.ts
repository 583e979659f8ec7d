// Which requests are streams: their answers come over minutes, so they are never buffered or read ahead.

/** A watch (?watch=true, or the legacy /watch/ paths) or a followed log: answers whose body comes over minutes. */
export function isStream(pathAndQuery: string): boolean {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  if (/^\/(?:api|apis\/[^/]+)\/[^/]+\/watch\//.test(path)) return true;
  if (q === -1) return false;
  const query = new URLSearchParams(pathAndQuery.slice(q + 1));
  // Erring towards a stream costs one early write; the apiserver reads any value but "false" as true.
  return ['watch', 'follow'].some((name) => {
    const value = query.get(name);
    return value !== null && !['false', '0'].includes(value.toLowerCase());
  });
}

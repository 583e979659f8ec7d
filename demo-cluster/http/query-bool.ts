// Boolean query parameters as kube-apiserver decodes them (apimachinery's Convert_Slice_string_To_bool):
// absent is false (or unset), "0" and "false" in any case are false, anything else, the empty string
// included, is true. Clients spell them differently: kubectl `true`, client-go `true`, Python `True`.

/** A bool query parameter (watch, allowWatchBookmarks): false when absent. */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  return queryOptionalFlag(query, name) ?? false;
}

/** A *bool query parameter (force, orphanDependents, sendInitialEvents): undefined when absent. */
export function queryOptionalFlag(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  return !(value === '0' || value.toLowerCase() === 'false');
}

/** ?pretty= is read with Go's strconv.ParseBool instead (1 t T TRUE true True; other values are false); null when absent or empty. */
export function prettyParameter(query: URLSearchParams): boolean | null {
  const value = query.get('pretty');
  if (value === null || value === '') return null;
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

// Tolerant readers for untyped JSON: discovery documents come from many servers (aggregated APIs, CRDs), so a
// missing or mistyped optional field degrades to an empty value instead of failing the whole document.

/** True for a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** obj[key] when it is a string, else "". */
export function readString(obj: Record<string, unknown>, key: string): string {
  const value = obj[key];
  return typeof value === 'string' ? value : '';
}

/** obj[key] when it is a boolean, else false. */
export function readBoolean(obj: Record<string, unknown>, key: string): boolean {
  return obj[key] === true;
}

/** The string elements of obj[key] when it is an array, else []. */
export function readStringArray(obj: Record<string, unknown>, key: string): string[] {
  const value = obj[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The object elements of obj[key] when it is an array, else []. */
export function readRecords(obj: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = obj[key];
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** obj[key] when it is an object, else null. */
export function readRecord(obj: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = obj[key];
  return isRecord(value) ? value : null;
}

// Label and field selector syntax, checked in the browser only to hint; the server's answer decides.

export type LabelRequirement =
  | { key: string; op: '=' | '==' | '!='; value: string }
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | '!' };

export type SelectorParse<T> = { ok: true; requirements: T[] } | { ok: false; error: string };

const KEY = String.raw`(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?`;
const VALUE = String.raw`(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?)?`;
const EQUALITY = new RegExp(String.raw`^(${KEY})\s*(==|=|!=)\s*(${VALUE})$`);
const SET = new RegExp(String.raw`^(${KEY})\s+(in|notin)\s*\(([^()]*)\)$`);
const EXISTS = new RegExp(String.raw`^(${KEY})$`);
const NOT_EXISTS = new RegExp(String.raw`^!\s*(${KEY})$`);
const VALUE_ONLY = new RegExp(String.raw`^${VALUE}$`);

/** Splits on commas outside parentheses (`a in (x,y),b` is two requirements). */
export function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of selector) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
}

/** Parses `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, comma = AND (wire doc section 4). */
export function parseLabelSelector(selector: string): SelectorParse<LabelRequirement> {
  if (selector.trim() === '') return { ok: true, requirements: [] };
  const requirements: LabelRequirement[] = [];
  for (const part of splitRequirements(selector)) {
    let m: RegExpMatchArray | null;
    if ((m = part.match(SET))) {
      const values = (m[3] ?? '').split(',').map((v) => v.trim());
      const bad = values.find((v) => v === '' || !VALUE_ONLY.test(v));
      if (bad !== undefined) return { ok: false, error: `invalid value "${bad}" in "${part}"` };
      requirements.push({ key: m[1] ?? '', op: m[2] as 'in' | 'notin', values });
    } else if ((m = part.match(EQUALITY))) {
      requirements.push({ key: m[1] ?? '', op: m[2] as '=' | '==' | '!=', value: m[3] ?? '' });
    } else if ((m = part.match(NOT_EXISTS))) {
      requirements.push({ key: m[1] ?? '', op: '!' });
    } else if ((m = part.match(EXISTS))) {
      requirements.push({ key: m[1] ?? '', op: 'exists' });
    } else {
      return { ok: false, error: part === '' ? 'empty requirement (stray comma?)' : `cannot read "${part}"` };
    }
  }
  return { ok: true, requirements };
}

export interface FieldRequirement {
  field: string;
  op: '=' | '==' | '!=';
  value: string;
}

const FIELD = /^([A-Za-z0-9_.[\]-]+)\s*(==|=|!=)\s*(.*)$/;

/** Parses `metadata.name=x,status.phase!=Running`: only =, == and != exist for fields. */
export function parseFieldSelector(selector: string): SelectorParse<FieldRequirement> {
  if (selector.trim() === '') return { ok: true, requirements: [] };
  const requirements: FieldRequirement[] = [];
  for (const part of splitRequirements(selector)) {
    const m = part.match(FIELD);
    if (!m) return { ok: false, error: part === '' ? 'empty requirement (stray comma?)' : `cannot read "${part}": use field=value or field!=value` };
    requirements.push({ field: m[1] ?? '', op: m[2] as '=' | '==' | '!=', value: (m[3] ?? '').trim() });
  }
  return { ok: true, requirements };
}

/** Field selectors every resource supports, plus the well-known ones of some resources. */
export function knownFieldSelectors(resource: string): string[] {
  const common = ['metadata.name', 'metadata.namespace'];
  if (resource === 'pods') return [...common, 'status.phase', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'status.podIP'];
  if (resource === 'events') return [...common, 'involvedObject.kind', 'involvedObject.name', 'reason', 'type'];
  if (resource === 'secrets') return [...common, 'type'];
  if (resource === 'nodes') return [...common, 'spec.unschedulable'];
  return common;
}

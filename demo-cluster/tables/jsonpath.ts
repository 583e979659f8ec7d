// A small subset of k8s.io/client-go/util/jsonpath for CRD printer columns: `.a.b`, `['a.b']`,
// `[0]`, `[-1]`, `[*]`, `..` is not supported, filters `[?(@.type=="Ready")]`; `{...}` braces optional.
import { field, hasField } from '../resources/own-fields.js';
import { isPlainObject } from '../resources/types.js';

type Step = { kind: 'field'; name: string } | { kind: 'index'; index: number } | { kind: 'all' } | { kind: 'filter'; path: string[]; value: string };

/** Parses a JSONPath; throws on syntax the subset does not know. */
export function parseJsonPath(expr: string): Step[] {
  let s = expr.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1).trim();
  const steps: Step[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '.') {
      const m = /^\.([A-Za-z0-9_\-/]+)/.exec(s.slice(i));
      if (!m?.[1]) {
        if (s.length === 1) return steps;
        throw new Error(`unrecognized character in action: ${s.slice(i)}`);
      }
      steps.push({ kind: 'field', name: m[1] });
      i += m[0].length;
      continue;
    }
    if (c === '[') {
      const end = s.indexOf(']', i);
      if (end < 0) throw new Error('unterminated array');
      const inner = s.slice(i + 1, end).trim();
      i = end + 1;
      const quoted = /^'([^']*)'$/.exec(inner) ?? /^"([^"]*)"$/.exec(inner);
      const filter = /^\?\(@((?:\.[A-Za-z0-9_-]+)+)\s*==\s*["']([^"']*)["']\)$/.exec(inner);
      if (quoted?.[1] !== undefined) steps.push({ kind: 'field', name: quoted[1] });
      else if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (filter?.[1] && filter[2] !== undefined) steps.push({ kind: 'filter', path: filter[1].slice(1).split('.'), value: filter[2] });
      else throw new Error(`unsupported array expression [${inner}]`);
      continue;
    }
    throw new Error(`unrecognized character in action: ${s.slice(i)}`);
  }
  return steps;
}

function at(value: unknown, path: string[]): unknown {
  let v = value;
  for (const p of path) v = isPlainObject(v) ? field(v, p) : undefined;
  return v;
}

/** Every value the path selects (an empty list when nothing matches). */
export function evaluateJsonPath(steps: Step[], root: unknown): unknown[] {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of current) {
      if (step.kind === 'field') {
        if (isPlainObject(v) && hasField(v, step.name)) next.push(v[step.name]);
      } else if (Array.isArray(v)) {
        if (step.kind === 'all') next.push(...(v as unknown[]));
        else if (step.kind === 'index') {
          const idx = step.index < 0 ? v.length + step.index : step.index;
          if (idx >= 0 && idx < v.length) next.push(v[idx]);
        } else next.push(...(v as unknown[]).filter((item) => String(at(item, step.path)) === step.value));
      } else if (step.kind === 'all' && isPlainObject(v)) next.push(...Object.values(v));
    }
    current = next;
  }
  return current;
}

// Comparing SelfSubjectRulesReview answers with kube-apiserver 1.20.2's (unit tests and tests/conformance).
import type { Registry } from '../resources/registry.js';

/** JSON with object keys sorted at every level, so equal values print equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Rules as a sorted set of canonical strings: kube-apiserver walks its bindings from an informer cache, in no stable order. */
export function ruleSet(rules: unknown): string[] {
  return (Array.isArray(rules) ? rules : []).map(canonicalJson).sort();
}

/**
 * The rules without resources of types newer than 1.20.2 (1.28's system:basic-user also grants create on
 * selfsubjectreviews), so the demo's answer compares with 1.20.2's; a rule left with no resource goes.
 */
export function withoutBeyondRecorded(rules: unknown, registry: Registry): unknown[] {
  const newer = new Set(registry.all().filter((t) => t.beyondRecorded !== undefined).map((t) => `${t.group}/${t.resource}`));
  const out: unknown[] = [];
  for (const rule of Array.isArray(rules) ? (rules as unknown[]) : []) {
    const r = rule as { apiGroups?: string[]; resources?: string[] };
    if (!Array.isArray(r.resources) || !Array.isArray(r.apiGroups)) {
      out.push(rule);
      continue;
    }
    const groups = r.apiGroups;
    const resources = r.resources.filter((res) => !groups.every((g) => newer.has(`${g}/${res}`)));
    if (resources.length === r.resources.length) out.push(rule);
    else if (resources.length > 0) out.push({ ...r, resources });
  }
  return out;
}

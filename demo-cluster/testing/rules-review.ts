// Comparing SelfSubjectRulesReview answers with kube-apiserver 1.37.2's (unit tests and tests/conformance).

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

/** The rules without metrics-server's reader role, which the demo's view and edit aggregate and the real tier lacks. */
export function withoutMetricsServer(rules: unknown): unknown[] {
  return (Array.isArray(rules) ? (rules as unknown[]) : []).filter((rule) => !canonicalJson(rule).includes('"metrics.k8s.io"'));
}

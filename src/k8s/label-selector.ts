// metav1.LabelSelector (matchLabels + matchExpressions) as the labelSelector query string the API takes.

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * The selector as a string ("app=web,tier in (a,b),!legacy"), or null for one that selects nothing (an
 * unknown operator), as metav1.LabelSelectorAsSelector refuses it. An empty selector is '' (everything).
 */
export function labelSelectorString(selector: LabelSelector | undefined): string | null {
  if (!selector) return null;
  const parts = Object.entries(selector.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const r of selector.matchExpressions ?? []) {
    const values = [...(r.values ?? [])].sort().join(',');
    if (r.operator === 'In') parts.push(`${r.key} in (${values})`);
    else if (r.operator === 'NotIn') parts.push(`${r.key} notin (${values})`);
    else if (r.operator === 'Exists') parts.push(r.key);
    else if (r.operator === 'DoesNotExist') parts.push(`!${r.key}`);
    else return null;
  }
  return parts.join(',');
}

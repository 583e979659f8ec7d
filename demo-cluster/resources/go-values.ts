// Go %#v renderings of the structs that apps validation puts into field errors (field.Invalid(path, struct, msg)).
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';

const quote = (s: unknown): string => JSON.stringify(typeof s === 'string' ? s : '');

function stringMap(value: unknown): string {
  if (!isPlainObject(value)) return 'map[string]string(nil)';
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `map[string]string{${entries.map(([k, v]) => `${quote(k)}:${quote(v)}`).join(', ')}}`;
}

function stringSlice(value: unknown): string {
  return Array.isArray(value) ? `[]string{${value.map(quote).join(', ')}}` : '[]string(nil)';
}

/** `v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}`. */
export function goLabelSelector(selector: JsonObject): string {
  const exprs = selector.matchExpressions;
  const rendered = Array.isArray(exprs)
    ? `[]v1.LabelSelectorRequirement{${exprs
        .map((e) => {
          const r = isPlainObject(e) ? e : {};
          return `v1.LabelSelectorRequirement{Key:${quote(r.key)}, Operator:${quote(r.operator)}, Values:${stringSlice(r.values)}}`;
        })
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${stringMap(selector.matchLabels)}, MatchExpressions:${rendered}}`;
}

/** `intstr.IntOrString{Type:0, IntVal:1, StrVal:""}` (Type 1 for strings). */
export function goIntOrString(value: unknown): string {
  return typeof value === 'string' ? `intstr.IntOrString{Type:1, IntVal:0, StrVal:${quote(value)}}` : `intstr.IntOrString{Type:0, IntVal:${Number(value ?? 0)}, StrVal:""}`;
}

/** `apps.DeploymentStrategy{Type:"Bogus", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}`; Go prints an address for a set pointer. */
export function goDeploymentStrategy(strategy: JsonObject): string {
  const rollingUpdate = isPlainObject(strategy.rollingUpdate) ? '(*apps.RollingUpdateDeployment)(0xc000000000)' : '(*apps.RollingUpdateDeployment)(nil)';
  return `apps.DeploymentStrategy{Type:${quote(strategy.type)}, RollingUpdate:${rollingUpdate}}`;
}

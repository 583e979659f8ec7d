// How field errors print the structs that apps validation passes as bad values (field.Invalid(path,
// struct, msg)): in 1.37 their encoding/json text, in Go's field order. Internal types (apps.*) carry no
// json tags, so their Go field names show; v1.LabelSelector and intstr.IntOrString marshal as on the wire.
import { goJson, sortedMap } from '../http/errors.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';

const text = (s: unknown): string => (typeof s === 'string' ? s : '');

/** A metav1.LabelSelector with its omitempty fields: `{"matchLabels":{"app":"web"}}`. */
function labelSelectorValue(selector: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (isPlainObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) out.matchLabels = sortedMap(selector.matchLabels) as JsonObject;
  const exprs = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  if (exprs.length > 0) {
    out.matchExpressions = exprs.map((e) => {
      const r = isPlainObject(e) ? e : {};
      const req: JsonObject = { key: text(r.key), operator: text(r.operator) };
      if (Array.isArray(r.values) && r.values.length > 0) req.values = r.values.map(text);
      return req;
    });
  }
  return out;
}

/** `{"matchLabels":{"app":"web"}}`. */
export function goLabelSelector(selector: JsonObject): string {
  return goJson(labelSelectorValue(selector));
}

/** An IntOrString value's JSON, `0` when unset (its zero value). */
function intOrStringValue(value: unknown): number | string {
  return typeof value === 'string' ? value : typeof value === 'number' ? value : 0;
}

/** `25`, `"25%"`. */
export function goIntOrString(value: unknown): string {
  return goJson(intOrStringValue(value));
}

/** `{"Type":"Bogus","RollingUpdate":null}` (apps.DeploymentStrategy, an internal type). */
export function goDeploymentStrategy(strategy: JsonObject): string {
  const ru = strategy.rollingUpdate;
  const rollingUpdate = isPlainObject(ru) ? { MaxUnavailable: intOrStringValue(ru.maxUnavailable), MaxSurge: intOrStringValue(ru.maxSurge) } : null;
  return goJson({ Type: text(strategy.type), RollingUpdate: rollingUpdate });
}

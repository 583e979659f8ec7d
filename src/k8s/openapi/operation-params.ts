// Pure: whether an OpenAPI document (v2 or v3) lists a query parameter on a kind's operation.
import type { GroupVersionKind } from './kind-schema.js';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parameterName(param: unknown, doc: Obj): string | null {
  if (!isObject(param)) return null;
  const ref = param.$ref;
  if (typeof ref === 'string') {
    // v2 `#/parameters/fieldManager-Qy4HdaTW`, v3 `#/components/parameters/...`.
    const [, ...segments] = ref.split('/');
    let target: unknown = doc;
    for (const s of segments) target = isObject(target) ? target[s] : undefined;
    return isObject(target) && typeof target.name === 'string' && target.in === 'query' ? target.name : null;
  }
  return typeof param.name === 'string' && param.in === 'query' ? param.name : null;
}

/**
 * True when the operation `method` (put, patch, post) of the kind's main resource (its path ends in `{name}` for
 * put/patch) lists the query parameter. This is how kubectl tells whether a server supports fieldValidation
 * (k8s.io/cli-runtime resource.QueryParamVerifier).
 */
export function operationListsQueryParam(doc: unknown, gvk: GroupVersionKind, method: 'put' | 'patch' | 'post', param: string): boolean {
  if (!isObject(doc) || !isObject(doc.paths)) return false;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    const op = item[method];
    if (!isObject(op)) continue;
    if (method !== 'post' && !path.endsWith('/{name}')) continue;
    const g = op['x-kubernetes-group-version-kind'];
    if (!isObject(g) || (g.group ?? '') !== gvk.group || g.version !== gvk.version || g.kind !== gvk.kind) continue;
    const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])];
    if (params.some((p) => parameterName(p, doc) === param)) return true;
  }
  return false;
}

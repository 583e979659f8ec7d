// Turns list/watch query parameters into an object predicate (namespace, labelSelector, fieldSelector).
import { badRequest } from '../http/errors.js';
import { field } from '../resources/own-fields.js';
import type { ResourceType } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { SelectorError, matchesLabels, parseFieldSelector, parseLabelSelector } from './selectors.js';

export interface ObjectFilter {
  namespace?: string;
  /** True when a label or field selector narrows the result (remainingItemCount is then omitted). */
  hasSelector: boolean;
  matches(obj: KubeObject): boolean;
}

/** Field value for a supported field label, or undefined if the label is unknown for the type. */
function fieldGetter(t: ResourceType, name: string): ((o: KubeObject) => string) | undefined {
  if (name === 'metadata.name') return (o) => o.metadata.name ?? '';
  if (name === 'metadata.namespace') return (o) => o.metadata.namespace ?? '';
  return t.fieldLabels ? field(t.fieldLabels, name) : undefined;
}

/** Builds the filter; malformed selectors become 400 BadRequest with upstream wording. */
export function buildFilter(t: ResourceType, namespace: string | undefined, query: URLSearchParams): ObjectFilter {
  const labelText = query.get('labelSelector') ?? '';
  const fieldText = query.get('fieldSelector') ?? '';
  let labels;
  let fields;
  try {
    labels = parseLabelSelector(labelText);
    fields = parseFieldSelector(fieldText);
  } catch (e) {
    if (e instanceof SelectorError || e instanceof Error) throw badRequest(e.message);
    throw e;
  }
  const fieldChecks = fields.map((req) => {
    const get = fieldGetter(t, req.field);
    if (!get) {
      if (t.fieldLabels) throw badRequest(`field label not supported: ${req.field}`);
      throw badRequest(`"${req.field}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
    }
    return (o: KubeObject) => (get(o) === req.value) === (req.operator === '=');
  });
  const ns = t.namespaced && namespace !== undefined && namespace !== '' ? namespace : undefined;
  const filter: ObjectFilter = {
    hasSelector: labels.length > 0 || fields.length > 0,
    matches(o) {
      if (ns !== undefined && o.metadata.namespace !== ns) return false;
      if (labels.length > 0 && !matchesLabels(labels, o.metadata.labels)) return false;
      for (const check of fieldChecks) if (!check(o)) return false;
      return true;
    },
  };
  if (ns !== undefined) filter.namespace = ns;
  return filter;
}

// DeleteOptions of DELETE and deletecollection, from the query and the body.
import type { FieldError } from '../http/errors.js';
import { invalid } from '../http/errors.js';
import { checkDryRun, isDryRun } from '../http/request-options.js';
import { isPlainObject } from '../resources/types.js';
import type { DeleteOptions, PropagationPolicy } from './writes.js';
import { queryOptionalFlag } from '../http/query-bool.js';

const PROPAGATION_POLICIES: PropagationPolicy[] = ['Foreground', 'Background', 'Orphan'];

/** DeleteOptions from the query and body (query wins), validated like metav1 ValidateDeleteOptions. */
export function deleteOptions(body: unknown, query: URLSearchParams): DeleteOptions & { orphanDependents?: boolean } {
  const opts: DeleteOptions & { orphanDependents?: boolean } = { dryRun: isDryRun(query) };
  const b = isPlainObject(body) ? body : {};
  const graceRaw = query.get('gracePeriodSeconds');
  if (graceRaw !== null && graceRaw !== '') opts.gracePeriodSeconds = Number(graceRaw);
  else if (typeof b.gracePeriodSeconds === 'number') opts.gracePeriodSeconds = b.gracePeriodSeconds;
  if (isPlainObject(b.preconditions)) {
    const p = b.preconditions;
    opts.preconditions = {
      ...(typeof p.uid === 'string' ? { uid: p.uid } : {}),
      ...(typeof p.resourceVersion === 'string' ? { resourceVersion: p.resourceVersion } : {}),
    };
  }
  const policyRaw = query.get('propagationPolicy') ?? (typeof b.propagationPolicy === 'string' ? b.propagationPolicy : null);
  const orphan = queryOptionalFlag(query, 'orphanDependents') ?? (typeof b.orphanDependents === 'boolean' ? b.orphanDependents : undefined);
  const errors: FieldError[] = [];
  if (orphan !== undefined && policyRaw !== null) {
    errors.push({ type: 'FieldValueInvalid', field: 'propagationPolicy', value: policyRaw, detail: 'orphanDependents and deletionPropagation cannot be both set' });
  }
  if (policyRaw !== null && !PROPAGATION_POLICIES.includes(policyRaw as PropagationPolicy)) {
    errors.push({ type: 'FieldValueNotSupported', field: 'propagationPolicy', value: policyRaw, detail: 'supported values: "Foreground", "Background", "Orphan", "nil"' });
  }
  if (errors.length > 0) throw invalid('meta.k8s.io', 'DeleteOptions', '', errors);
  if (policyRaw !== null) opts.propagationPolicy = policyRaw as PropagationPolicy;
  else if (orphan !== undefined) {
    opts.orphanDependents = orphan;
    opts.propagationPolicy = orphan ? 'Orphan' : 'Background';
  }
  if (Array.isArray(b.dryRun)) checkDryRun('DeleteOptions', b.dryRun.map(String));
  if (Array.isArray(b.dryRun) && b.dryRun.includes('All')) opts.dryRun = true;
  return opts;
}

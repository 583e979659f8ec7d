// ValidatePodUpdate's rules on spec: containers may not come or go, only images, activeDeadlineSeconds (set, or
// lowered), added tolerations, a negative terminationGracePeriodSeconds raised to 1 and removed schedulingGates may
// change. The simulated scheduler binds by setting spec.nodeName (kube's uses pods/binding), so that is allowed on
// an unbound pod.
import type { FieldError } from '../http/errors.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject, jsonEqual } from './types.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const list = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.map(obj) : []);

const UPDATABLE = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];
const MAX_INT32 = 2147483647;

/** ValidateContainerUpdates: the same containers; a new image must be set. Returns errors and whether to stop. */
function containerUpdates(now: JsonObject[], before: JsonObject[], path: string): { errors: FieldError[]; stop: boolean } {
  if (now.length !== before.length) return { errors: [{ type: 'FieldValueForbidden', field: path, detail: 'pod updates may not add or remove containers' }], stop: true };
  const errors: FieldError[] = [];
  now.forEach((c, i) => {
    if (typeof c.image !== 'string' || c.image.trim() === '') errors.push({ type: 'FieldValueRequired', field: `${path}[${i}].image`, hasValue: false });
  });
  return { errors, stop: false };
}

/** The errors ValidatePodUpdate finds in a pod's spec (metadata is checked with every type's). */
export function validatePodUpdate(pod: KubeObject, old: KubeObject): FieldError[] {
  const spec = obj(pod.spec);
  const oldSpec = obj(old.spec);
  if (jsonEqual(spec, oldSpec)) return [];
  const errors: FieldError[] = [];
  for (const key of ['containers', 'initContainers'] as const) {
    const r = containerUpdates(list(spec[key]), list(oldSpec[key]), `spec.${key}`);
    errors.push(...r.errors);
    if (r.stop) return errors;
  }
  const deadline = spec.activeDeadlineSeconds;
  const oldDeadline = oldSpec.activeDeadlineSeconds;
  if (typeof deadline === 'number') {
    if (deadline < 0 || deadline > MAX_INT32) return [...errors, { type: 'FieldValueInvalid', field: 'spec.activeDeadlineSeconds', value: deadline, detail: `must be between 0 and ${MAX_INT32}, inclusive` }];
    if (typeof oldDeadline === 'number' && oldDeadline < deadline) return [...errors, { type: 'FieldValueInvalid', field: 'spec.activeDeadlineSeconds', value: deadline, detail: 'must be less than or equal to previous value' }];
  } else if (typeof oldDeadline === 'number') {
    errors.push({ type: 'FieldValueInvalid', field: 'spec.activeDeadlineSeconds', value: null, detail: 'must not update from a positive integer to nil value' });
  }
  // The new spec with what may change put back as it was: then it must equal the old one.
  const oldImages = (olds: unknown, news: unknown): JsonObject[] => list(news).map((c, i) => ({ ...c, image: list(olds)[i]?.image }));
  const oldTolerations = list(oldSpec.tolerations);
  const onlyAdded = oldTolerations.every((t) => list(spec.tolerations).some((n) => jsonEqual(n, t)));
  const grace = spec.terminationGracePeriodSeconds;
  const oldGrace = oldSpec.terminationGracePeriodSeconds;
  const munged: JsonObject = { ...spec, containers: oldImages(oldSpec.containers, spec.containers) };
  if (spec.initContainers !== undefined) munged.initContainers = oldImages(oldSpec.initContainers, spec.initContainers);
  const restore = (key: string): void => {
    if (oldSpec[key] === undefined) delete munged[key];
    else munged[key] = oldSpec[key];
  };
  restore('activeDeadlineSeconds');
  restore('schedulingGates');
  if (onlyAdded) restore('tolerations');
  if (grace === 1 && typeof oldGrace === 'number' && oldGrace < 0) restore('terminationGracePeriodSeconds');
  if (!oldSpec.nodeName) restore('nodeName');
  const comparable = oldSpec;
  if (!jsonEqual(munged, comparable)) {
    // The real message goes on with a diff of the two Go PodSpecs, which the demo does not render.
    errors.push({ type: 'FieldValueForbidden', field: 'spec', detail: `pod updates may not change fields other than ${UPDATABLE.join(',')}` });
  }
  return errors;
}

// Label and annotation edits as ChangeRequests: a merge patch touches only the one key, so labels others
// add meanwhile survive (a patch of the whole map would drop them).
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject, shorten } from './change-target';
import { ANNOTATIONS_MAX_BYTES, annotationsBytes, labelValueProblems, qualifiedNameProblems } from '../../k8s/qualified-name';

export type MetadataField = 'labels' | 'annotations';

const SINGULAR: Record<MetadataField, string> = { labels: 'label', annotations: 'annotation' };

export interface MetadataEntryProblems {
  key: string[];
  value: string[];
}

function entriesOf(object: KubeObject, field: MetadataField): Record<string, string> {
  return object.metadata[field] ?? {};
}

/** What the apiserver would refuse in setting `key` to `value` (both lists empty when it is fine). */
export function metadataEntryProblems(object: KubeObject, field: MetadataField, key: string, value: string): MetadataEntryProblems {
  if (field === 'labels') return { key: qualifiedNameProblems(key), value: labelValueProblems(value) };
  // ValidateAnnotations checks the lowercased key: an uppercase prefix is allowed there, unlike in labels.
  const problems: MetadataEntryProblems = { key: qualifiedNameProblems(key.toLowerCase()), value: [] };
  const bytes = annotationsBytes({ ...entriesOf(object, field), [key]: value });
  if (bytes > ANNOTATIONS_MAX_BYTES) problems.value.push(`annotations would take ${bytes} bytes: they must have at most ${ANNOTATIONS_MAX_BYTES} bytes`);
  return problems;
}

function shownValue(value: string): string {
  return value === '' ? '""' : shorten(value);
}

/** Adds `key` or changes its value. */
export function setMetadataEntryChange(object: KubeObject, apiPath: string, field: MetadataField, key: string, value: string): ChangeRequest {
  const modified = copyObject(object);
  const existed = Object.hasOwn(entriesOf(object, field), key);
  modified.metadata[field] = { ...entriesOf(object, field), [key]: value };
  const what = `${SINGULAR[field]} ${shorten(key)}`;
  const title = existed
    ? `Change ${what} to ${shownValue(value)} on ${describeObject(object)}`
    : `Add ${what}=${value === '' ? '' : shorten(value)} to ${describeObject(object)}`;
  return { apiPath, original: object, modified, title, patchKind: 'merge' };
}

/** Removes `key`; an emptied map stays `{}` so the patch deletes this key only. */
export function removeMetadataEntryChange(object: KubeObject, apiPath: string, field: MetadataField, key: string): ChangeRequest {
  const modified = copyObject(object);
  const entries = { ...entriesOf(object, field) };
  delete entries[key];
  modified.metadata[field] = entries;
  return { apiPath, original: object, modified, title: `Remove ${SINGULAR[field]} ${shorten(key)} from ${describeObject(object)}`, patchKind: 'merge' };
}

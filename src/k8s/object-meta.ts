// meta/v1 ObjectMeta and ListMeta: the parts the UI reads. Everything else passes through untouched.

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  /** Opaque: compare for equality only, never as a number. */
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string | null;
  deletionTimestamp?: string | null;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [field: string]: unknown;
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

/** meta.k8s.io/v1 PartialObjectMetadata (what Table rows carry with includeObject=Metadata). */
export interface PartialObjectMetadata {
  kind?: string;
  apiVersion?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** The metadata of any decoded object, or undefined when it has none. */
export function metadataOf(value: unknown): ObjectMeta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const metadata = (value as { metadata?: unknown }).metadata;
  return typeof metadata === 'object' && metadata !== null ? (metadata as ObjectMeta) : undefined;
}

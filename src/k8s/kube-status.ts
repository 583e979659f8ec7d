// Kubernetes meta/v1 Status: the body of every API error (and of some successful deletes).

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface KubeStatus {
  kind: 'Status';
  apiVersion: string;
  metadata?: { resourceVersion?: string; continue?: string };
  status?: 'Success' | 'Failure' | string;
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code?: number;
}

/** True when a decoded JSON value is a meta/v1 Status. */
export function isKubeStatus(value: unknown): value is KubeStatus {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

// Kubernetes meta/v1 Status: the body of every API error (and of some successful deletes).
import type { StatusCause, StatusDetails } from '../../wire/status';

export type { StatusCause, StatusDetails };

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

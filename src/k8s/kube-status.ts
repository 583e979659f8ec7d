// Kubernetes meta/v1 Status: the body of every API error (and of some successful deletes).
import type { StatusCause, StatusDetails } from '../../wire/status.js';

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

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function cleanCause(value: unknown): StatusCause | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { reason, message, field } = value as Record<string, unknown>;
  const cause: StatusCause = {};
  if (text(reason) !== undefined) cause.reason = text(reason);
  if (text(message) !== undefined) cause.message = text(message);
  if (text(field) !== undefined) cause.field = text(field);
  return cause;
}

function cleanDetails(value: unknown): StatusDetails | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const details: StatusDetails = {};
  for (const key of ['name', 'group', 'kind', 'uid'] as const) if (text(raw[key]) !== undefined) details[key] = text(raw[key]);
  if (Array.isArray(raw.causes)) details.causes = raw.causes.map(cleanCause).filter((c): c is StatusCause => c !== null);
  if (typeof raw.retryAfterSeconds === 'number' && Number.isFinite(raw.retryAfterSeconds)) details.retryAfterSeconds = raw.retryAfterSeconds;
  return details;
}

/**
 * A Status with every field of the type the API declares, or null when `value` is no Status. A proxy or a broken
 * server can send `"reason": []` or `"causes": "x"`; the error panel must never trip over them.
 */
export function toKubeStatus(value: unknown): KubeStatus | null {
  if (!isKubeStatus(value)) return null;
  const raw = value as unknown as Record<string, unknown>;
  const status: KubeStatus = { kind: 'Status', apiVersion: text(raw.apiVersion) ?? 'v1' };
  if (typeof raw.metadata === 'object' && raw.metadata !== null) {
    const { resourceVersion, continue: next } = raw.metadata as Record<string, unknown>;
    status.metadata = { ...(text(resourceVersion) !== undefined ? { resourceVersion: text(resourceVersion) } : {}), ...(text(next) !== undefined ? { continue: text(next) } : {}) };
  }
  if (text(raw.status) !== undefined) status.status = text(raw.status);
  if (text(raw.message) !== undefined) status.message = text(raw.message);
  if (text(raw.reason) !== undefined) status.reason = text(raw.reason);
  if (typeof raw.code === 'number' && Number.isInteger(raw.code)) status.code = raw.code;
  const details = cleanDetails(raw.details);
  if (details !== undefined) status.details = details;
  return status;
}

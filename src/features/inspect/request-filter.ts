// Which recorded requests the console lists: free text, status class and method.
import type { RecordedRequest } from '../../k8s/request-recorder';

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'failed'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface RequestFilter {
  text: string;
  statusClass: StatusClass | null;
  method: string | null;
}

/** 'failed' is no HTTP answer at all (network failure, abort), status 0. */
export function statusClassOf(status: number): StatusClass | null {
  if (status === 0) return 'failed';
  const hundreds = `${Math.floor(status / 100)}xx`;
  return STATUS_CLASSES.find((c) => c === hundreds) ?? null;
}

export function matchesFilter(request: RecordedRequest, filter: RequestFilter): boolean {
  if (filter.method !== null && request.method !== filter.method) return false;
  if (filter.statusClass !== null && statusClassOf(request.status) !== filter.statusClass) return false;
  const text = filter.text.trim().toLowerCase();
  if (!text) return true;
  const haystack = `${request.method} ${request.context ?? ''} ${request.path} ${request.status} ${request.reason}`.toLowerCase();
  return haystack.includes(text);
}

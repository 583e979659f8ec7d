// Which recorded requests and watches the console lists: free text, status class and method (WATCH for watches).
import type { RecordedRequest } from '../../k8s/request-recorder';
import type { RecordedWatch } from '../../k8s/watch-log';
import { watchQueryText, watchStatusText } from './watch-status';

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

/** A watch has a status class only when the server closed it with a Status; WATCH is its method. */
export function matchesWatchFilter(watch: RecordedWatch, filter: RequestFilter): boolean {
  if (filter.method !== null && filter.method !== 'WATCH') return false;
  if (filter.statusClass !== null) {
    const code = watch.end?.by === 'server' ? watch.end.code : null;
    if (code === null || statusClassOf(code) !== filter.statusClass) return false;
  }
  const text = filter.text.trim().toLowerCase();
  if (!text) return true;
  const query = watchQueryText(watch.query);
  const haystack = `WATCH ${watch.context} ${watch.path}?${query} ${watchStatusText(watch)}`.toLowerCase();
  return haystack.includes(text);
}

import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../k8s/request-recorder';
import { matchesFilter, statusClassOf } from './request-filter';

const request = (status: number, method = 'GET'): RecordedRequest => ({
  id: 1, startedAt: 0, method, context: 'demo', path: '/api/v1/pods', accept: 'application/json', contentType: null, requestBody: null,
  status, statusText: '', reason: status === 404 ? 'NotFound' : '', durationMs: 1, responseHeaders: [], warnings: [], responseBody: null, failure: null,
});

describe('request filter', () => {
  it('classes statuses, 0 as failed', () => {
    expect([200, 304, 404, 503, 0].map(statusClassOf)).toEqual(['2xx', '3xx', '4xx', '5xx', 'failed']);
  });

  it('matches text (reason included), status class and method together', () => {
    expect(matchesFilter(request(404), { text: 'notfound', statusClass: '4xx', method: 'GET' })).toBe(true);
    expect(matchesFilter(request(404), { text: '', statusClass: '2xx', method: null })).toBe(false);
    expect(matchesFilter(request(200, 'POST'), { text: '', statusClass: null, method: 'GET' })).toBe(false);
    expect(matchesFilter(request(200), { text: 'secrets', statusClass: null, method: null })).toBe(false);
  });
});

// Status decoding never throws and always yields a well-typed error, whatever the body, headers or code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeErrorResponse, errorFromWatchEvent, type KubeApiError } from '../../../src/k8s/kube-api-error';
import { anyJson, fuzz } from './fuzz-runs';

function wellTyped(error: KubeApiError): void {
  expect(typeof error.code).toBe('number');
  expect(Number.isInteger(error.code)).toBe(true);
  // "" is StatusReasonUnknown (a 1xx or 3xx with no Status): a string all the same.
  expect(typeof error.reason).toBe('string');
  expect(typeof error.message).toBe('string');
  expect(Array.isArray(error.causes)).toBe(true);
  for (const cause of error.causes) {
    expect(typeof cause).toBe('object');
    for (const key of ['field', 'reason', 'message'] as const) if (cause[key] !== undefined) expect(typeof cause[key]).toBe('string');
  }
  if (error.retryAfterSeconds !== undefined) {
    expect(Number.isFinite(error.retryAfterSeconds)).toBe(true);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(0);
  }
  expect(Array.isArray(error.warnings)).toBe(true);
}

// A Status whose fields may have any type: servers and proxies have sent stranger.
const statusLike = fc.record(
  {
    kind: fc.constant('Status'),
    apiVersion: fc.oneof(fc.constant('v1'), anyJson),
    status: fc.oneof(fc.constantFrom('Failure', 'Success'), anyJson),
    code: fc.oneof(fc.integer({ min: -1, max: 600 }), anyJson),
    reason: fc.oneof(fc.constantFrom('NotFound', 'Invalid', 'Conflict', 'TooManyRequests', ''), anyJson),
    message: fc.oneof(fc.string(), anyJson),
    details: fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.string(), anyJson),
          kind: fc.oneof(fc.string(), anyJson),
          retryAfterSeconds: fc.oneof(fc.integer({ min: -5, max: 100 }), anyJson),
          causes: fc.oneof(fc.array(fc.record({ field: fc.oneof(fc.string(), anyJson), reason: fc.oneof(fc.string(), anyJson), message: fc.oneof(fc.string(), anyJson) }, { requiredKeys: [] })), anyJson),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
  },
  { requiredKeys: ['kind'] },
);

const body = fc.oneof(
  statusLike.map((s) => JSON.stringify(s)),
  anyJson.map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom('', '<html><body>502 Bad Gateway</body></html>', 'Too many requests, please try again later.\n', '{"kind":"Status"'),
);

const headerValue = fc.oneof(fc.constantFrom('2', '0', '-1', '1e9', 'Wed, 21 Oct 2026 07:28:00 GMT', 'soon'), fc.string());

describe('fuzz: Status decoding', () => {
  it('decodes any response into a well-typed KubeApiError that keeps the body as received', () => {
    fuzz(
      'Status decoding (HTTP)',
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        body,
        fc.constantFrom('application/json', 'text/plain; charset=utf-8', 'text/html', ''),
        fc.option(headerValue, { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (httpStatus, text, contentType, retryAfter, warning) => {
          const headers = new Headers();
          if (contentType) headers.set('content-type', contentType);
          if (retryAfter !== undefined) headers.set('retry-after', retryAfter.replace(/[\r\n\0]/g, ''));
          if (warning !== undefined) headers.set('warning', warning.replace(/[\r\n\0]/g, ''));
          const error = decodeErrorResponse({ method: 'GET', url: '/api/v1/pods', httpStatus, statusText: '', headers, body: text });
          wellTyped(error);
          expect(error.raw.body).toBe(text);
          expect(error.raw.httpStatus).toBe(httpStatus);
        },
      ),
    );
  });

  it('decodes any watch ERROR event object', () => {
    fuzz(
      'Status decoding (watch ERROR)',
      fc.property(fc.oneof(statusLike, anyJson), (object) => {
        wellTyped(errorFromWatchEvent(object, '/api/v1/pods'));
      }),
    );
  });
});

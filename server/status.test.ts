import { describe, expect, it } from 'vitest';
import { makeStatus, statusFromErrorBody } from './status.js';

describe('status', () => {
  it('builds a Kubernetes Failure Status with the reason of the code', () => {
    expect(makeStatus(404, 'nope')).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'nope',
      reason: 'NotFound',
      code: 404,
    });
    expect(makeStatus(502, 'upstream down').reason).toBe('InternalError');
  });

  it('keeps an upstream Status body unchanged', () => {
    const upstream = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'x is forbidden', reason: 'Forbidden', code: 403, details: { kind: 'pods' } };
    expect(statusFromErrorBody(403, JSON.stringify(upstream), 'application/json')).toEqual(upstream);
  });

  it('wraps text, HTML and empty bodies into a Status with the HTTP code', () => {
    expect(statusFromErrorBody(429, 'Too many requests, please try again later.\n', 'text/plain')).toMatchObject({
      kind: 'Status',
      code: 429,
      reason: 'TooManyRequests',
      message: 'Too many requests, please try again later.',
    });
    expect(statusFromErrorBody(502, '<html>bad gateway</html>', 'text/html')).toMatchObject({ code: 502, message: '<html>bad gateway</html>' });
    expect(statusFromErrorBody(403, '', undefined)).toMatchObject({ code: 403, reason: 'Forbidden', message: 'the server responded with HTTP 403 Forbidden' });
    expect(statusFromErrorBody(500, '{"not":"a status"}', 'application/json')).toMatchObject({ code: 500, message: '{"not":"a status"}' });
  });
});

import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures';
import { explainStatus, POD_WITHOUT_NODE, type ExplainableError } from './explain-status';
import { decodeErrorResponse, networkError } from './kube-api-error';

const fromFixture = (name: string, method = 'GET') =>
  decodeErrorResponse({ method, url: '/k8s/demo/x', httpStatus: Number(name.slice(0, 3)), statusText: '', headers: new Headers(), body: readFixture(`errors/${name}`) });

const bare = (reason: string, code: number, retryAfterSeconds?: number): ExplainableError => ({ code, reason, message: '', causes: [], retryAfterSeconds, raw: { method: 'GET' } });

describe('explainStatus', () => {
  it.each([
    ['400-bad-label-selector.json', /could not understand/, /Fix the request/],
    ['401-unauthorized.json', /does not know who you are/, /credentials in your kubeconfig/],
    ['403-forbidden.json', /permissions do not allow/, /Role or ClusterRole/],
    ['404-not-found.json', /does not exist/, /Check the name, namespace/],
    ['406-not-acceptable.json', /cannot answer in any of the formats/, /application\/json/],
    ['409-already-exists.json', /already exists/, /open the existing object/],
    ['409-conflict-put.json', /changed on the server since you read it/, /Re-read the object, merge your change/],
    ['409-delete-precondition.json', /precondition/, /Re-read/],
    ['409-apply-conflict.json', /other field managers own fields/, /force/],
    ['415-strategic-on-custom-resource.json', /content type/, /another patch type/],
    ['422-invalid-deployment.json', /failed validation/, /Fix the fields/],
  ])('explains the recorded %s', (name, meaning, recovery) => {
    const explanation = explainStatus(fromFixture(name));
    expect(explanation.meaning).toMatch(meaning);
    expect(explanation.recovery).toMatch(recovery);
    expect(explanation.retryable).toBe(false);
  });

  it("explains kube-apiserver's 400 for exec on a pod bound to no node as the pod's lack of a node, not a bad request", () => {
    const noHost = decodeErrorResponse({
      method: 'POST',
      url: '/k8s/demo/api/v1/namespaces/demo/pods/cache-1/exec',
      httpStatus: 400,
      statusText: 'Bad Request',
      headers: new Headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'pod cache-1 does not have a host assigned', reason: 'BadRequest', code: 400 }),
    });
    expect(explainStatus(noHost)).toBe(POD_WITHOUT_NODE);
    expect(POD_WITHOUT_NODE.meaning).toMatch(/bound to no node yet/);
    expect(explainStatus({ ...bare('BadRequest', 400), message: 'pod cache-1 does not have a host assigned, and more' }).meaning).toMatch(/could not understand/);
  });

  it('tells to re-list for Expired and Gone (410)', () => {
    for (const reason of ['Expired', 'Gone']) {
      expect(explainStatus(bare(reason, 410))).toMatchObject({ recovery: expect.stringMatching(/List again/), retryable: false });
    }
  });

  it("waits the server's Retry-After for TooManyRequests, else backs off", () => {
    expect(explainStatus(bare('TooManyRequests', 429, 5)).recovery).toBe("Wait 5s (the server's Retry-After), then try again.");
    expect(explainStatus(bare('TooManyRequests', 429)).recovery).toMatch(/backoff/);
    expect(explainStatus(bare('TooManyRequests', 429)).retryable).toBe(true);
  });

  it.each([
    ['ServiceUnavailable', 503],
    ['Timeout', 504],
    ['ServerTimeout', 500],
    ['InternalError', 500],
  ])('retries %s with backoff', (reason, code) => {
    const explanation = explainStatus(bare(reason, code));
    expect(explanation.retryable).toBe(true);
    expect(explanation.recovery).toMatch(/backoff/);
  });

  it.each([
    ['MethodNotAllowed', 405, /does not support this action/],
    ['RequestEntityTooLarge', 413, /larger than the server accepts/],
    ['UnsupportedMediaType', 415, /content type/],
  ])('explains %s as a request to fix', (reason, code, meaning) => {
    expect(explainStatus(bare(reason, code))).toMatchObject({ meaning: expect.stringMatching(meaning), retryable: false });
  });

  it('says a timed-out write may have happened', () => {
    expect(explainStatus(bare('Timeout', 504)).meaning).toMatch(/may still have taken effect/);
    expect(explainStatus(networkError('PUT', '/x', new DOMException('t', 'TimeoutError'))).recovery).toMatch(/re-read the object first/);
  });

  it('says plainly when no answer arrived', () => {
    expect(explainStatus(networkError('GET', '/x', new TypeError('Failed to fetch'))).meaning).toMatch(/could not be reached/);
  });

  it('falls back on the HTTP code for Unknown and unnamed reasons', () => {
    expect(explainStatus(bare('Unknown', 418))).toMatchObject({ meaning: expect.stringMatching(/without naming a reason/), retryable: false });
    expect(explainStatus(bare('', 502))).toMatchObject({ meaning: expect.stringMatching(/without naming a reason/), retryable: true });
  });
});

describe('explainStatus with reasons that name Object.prototype keys', () => {
  it('falls back to the code-based explanation instead of calling a prototype member', () => {
    for (const reason of ['__proto__', 'constructor', 'toString']) {
      const error: ExplainableError = { code: 0, reason, message: '', causes: [], retryAfterSeconds: undefined, raw: { method: 'GET' } };
      const explained = explainStatus(error);
      expect(typeof explained.meaning).toBe('string');
      expect(explained.meaning).not.toBe('');
    }
  });
});

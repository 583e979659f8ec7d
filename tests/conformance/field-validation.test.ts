// fieldValidation on built-in types (ConfigMaps, Deployments): unknown and repeated fields of create, update,
// every patch type and server-side apply under Strict, Warn (the default) and Ignore. Demo cluster vs the real
// server, Warning headers included. All writes are dry runs on objects both servers hold alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareValues, field, must, normalize, openPair } from './harness.js';
import type { Json, Pair, Request, Response } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-fv');
  await pair.each((t) => must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'present' }, data: { a: '1' } } }));
});
afterAll(async () => {
  await pair?.close();
});

const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const DIRECTIVES = ['Strict', 'Warn', 'Ignore'] as const;

/**
 * Code, Warning headers and body. A merge or JSON patch's Strict message quotes the patched object, whose
 * uid, times and resourceVersion each server has its own of (and whose key order follows json-patch's
 * lazily decoded nodes): the quoted object is left out, the strict findings after it are compared.
 */
function view(r: Response): Json {
  const body = normalize(r.body);
  const message = field(body, 'message');
  if (typeof message === 'string' && r.status === 422 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const quoted = message.replace(/patch: Invalid value: "\{.*\}": strict decoding error/s, 'patch: Invalid value: "<patched object>": strict decoding error');
    const causes = field(body, 'details', 'causes');
    const cause = Array.isArray(causes) ? causes[0] : undefined;
    const causeMessage = field(cause, 'message');
    return {
      code: r.status,
      warning: r.headers.warning ?? null,
      message: quoted,
      cause: typeof causeMessage === 'string' ? causeMessage.replace(/^Invalid value: "\{.*\}": /s, 'Invalid value: "<patched object>": ') : null,
    };
  }
  return { code: r.status, warning: r.headers.warning ?? null, body };
}

async function same(name: string, req: Request): Promise<void> {
  const { real, demo } = await pair.both(req);
  compareValues(name, view(real), view(demo));
}

const withQuery = (directive: string, extra: Record<string, string> = {}): Record<string, string> => ({ dryRun: 'All', fieldValidation: directive, ...extra });

describe.each(DIRECTIVES)('fieldValidation=%s', (directive) => {
  it('POST with an unknown field, a repeated field and an unknown nested field', () =>
    same(`create ${directive}`, {
      method: 'POST',
      path: cms(),
      query: withQuery(directive),
      body: '{"metadata":{"name":"fv","bogus":1},"data":{"a":"1"},"spec":{"x":1},"data":{"b":"2"}}',
    }));

  it('POST of a Deployment: unknown field in a container, repeated key in a list item and in a map', () =>
    same(`create deployment ${directive}`, {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`,
      query: withQuery(directive),
      body:
        '{"metadata":{"name":"fv","labels":{"a":"1","a":"2"}},"spec":{"selector":{"matchLabels":{"a":"2"}},' +
        '"template":{"metadata":{"labels":{"a":"2"}},"spec":{"containers":[{"name":"c","image":"x","bogus":1},{"name":"d","image":"x","name":"e"}]}}}}',
    }));

  it('PUT with an unknown field', () =>
    same(`update ${directive}`, { method: 'PUT', path: `${cms()}/present`, query: withQuery(directive), body: { metadata: { name: 'present', bogus: 1 }, data: { a: '1' }, spec: { x: 1 } } }));

  it('merge patch adding unknown fields', () =>
    same(`merge patch ${directive}`, {
      method: 'PATCH',
      path: `${cms()}/present`,
      query: withQuery(directive),
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: '{"metadata":{"bogus":1},"spec":{"x":1}}',
    }));

  it('strategic merge patch adding unknown fields: Strict quotes the patch', () =>
    same(`strategic merge patch ${directive}`, {
      method: 'PATCH',
      path: `${cms()}/present`,
      query: withQuery(directive),
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: '{"metadata":{"bogus":1},"spec":{"x":1,"n":1500000}}',
    }));

  it('JSON patch adding an unknown field', () =>
    same(`json patch ${directive}`, {
      method: 'PATCH',
      path: `${cms()}/present`,
      query: withQuery(directive),
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: '[{"op":"add","path":"/spec","value":{"x":1}}]',
    }));

  // Of several undeclared fields the real server reports one or more, varying between runs (Go's map order): one here.
  it('server-side apply of an undeclared field: 500 whatever the directive', () =>
    same(`apply ${directive}`, {
      method: 'PATCH',
      path: `${cms()}/present`,
      query: withQuery(directive, { fieldManager: 'fv' }),
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"present"},"spec":{"x":1}}',
    }));
});

it('server-side apply naming the namespace: the message names it too', () =>
  same('apply with namespace', {
    method: 'PATCH',
    path: `${cms()}/present`,
    query: { dryRun: 'All', fieldManager: 'fv' },
    headers: { 'Content-Type': 'application/apply-patch+yaml' },
    body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"present","namespace":"${pair.ns}","bogus":1}}`,
  }));

it('a value of the wrong JSON type wins over unknown fields under Strict', async () => {
  const { real, demo } = await pair.both({ method: 'POST', path: cms(), query: withQuery('Strict'), body: '{"metadata":{"name":"fv"},"data":{"a":1},"bogus":1}' });
  expect(real.status).toBe(400);
  compareValues('type error first', view(real), view(demo));
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AccessAttributes, AccessDecision } from '../k8s/access/access-review';
import { KubeApiError } from '../k8s/kube-api-error';
import { AccessReviewBatcher, accessQueryOptions, accessState, forgetAccess, forgetAccessAfter403 } from './access-query';
import { k8sKeys } from './query-keys';

const allowed: AccessDecision = { allowed: true, denied: false, reason: '', evaluationError: '' };
const update = (name: string): AccessAttributes => ({ verb: 'update', group: '', resource: 'configmaps', namespace: 'fx', name });

/** A review function whose answers the test releases by hand. */
function heldReviews() {
  const calls: { context: string; attributes: AccessAttributes; release: (d: AccessDecision) => void }[] = [];
  const review = (context: string, attributes: AccessAttributes) =>
    new Promise<AccessDecision>((release) => calls.push({ context, attributes, release }));
  return { calls, review };
}

function forbidden(url: string): KubeApiError {
  return new KubeApiError({
    code: 403,
    reason: 'Forbidden',
    message: 'forbidden',
    raw: { method: 'PUT', url, httpStatus: 403, statusText: 'Forbidden', contentType: 'application/json', body: '', status: null },
  });
}

describe('AccessReviewBatcher', () => {
  it('asks identical questions once and keeps at most four in flight', async () => {
    const { calls, review } = heldReviews();
    const batcher = new AccessReviewBatcher(review);
    const answers = [batcher.ask('demo', update('a')), batcher.ask('demo', update('a')), ...['b', 'c', 'd', 'e', 'f'].map((n) => batcher.ask('demo', update(n)))];
    await expect.poll(() => calls.length).toBe(4);
    expect(calls.map((c) => c.attributes.name)).toEqual(['a', 'b', 'c', 'd']);
    calls[0]?.release(allowed);
    await expect.poll(() => calls.length).toBe(5);
    for (const call of calls.slice(1)) call.release(allowed);
    await expect.poll(() => calls.length).toBe(6);
    calls[5]?.release(allowed);
    expect(await Promise.all(answers)).toHaveLength(7);
    expect(calls).toHaveLength(6);
  });

  it('keeps contexts apart', async () => {
    const { calls, review } = heldReviews();
    const batcher = new AccessReviewBatcher(review);
    void batcher.ask('demo', update('a'));
    void batcher.ask('demo-viewer', update('a'));
    await expect.poll(() => calls.map((c) => c.context)).toEqual(['demo', 'demo-viewer']);
  });
});

describe('access answers in the query cache', () => {
  it('are cached per context and attributes, and dropped by a 403 of that context', async () => {
    const { calls, review } = heldReviews();
    const batcher = new AccessReviewBatcher(review);
    const client = new QueryClient();
    const first = client.fetchQuery(accessQueryOptions('demo', update('a'), batcher));
    await expect.poll(() => calls.length).toBe(1);
    calls[0]?.release(allowed);
    await first;
    await client.fetchQuery(accessQueryOptions('demo', update('a'), batcher));
    expect(calls).toHaveLength(1);

    forgetAccessAfter403(client, forbidden('/k8s/other/api/v1/namespaces/fx/configmaps/a'));
    expect(client.getQueryState(k8sKeys.access('demo', 'update||configmaps||fx|a'))?.isInvalidated).toBe(false);
    forgetAccessAfter403(client, forbidden('/k8s/demo/apis/authorization.k8s.io/v1/selfsubjectaccessreviews'));
    expect(client.getQueryState(k8sKeys.access('demo', 'update||configmaps||fx|a'))?.isInvalidated).toBe(false);
    forgetAccessAfter403(client, forbidden('/k8s/demo/api/v1/namespaces/fx/configmaps/a'));
    expect(client.getQueryState(k8sKeys.access('demo', 'update||configmaps||fx|a'))?.isInvalidated).toBe(true);
  });

  it('read as pending, allowed, denied with the reason, or unknown', () => {
    const a = update('web');
    expect(accessState(a, undefined, null)).toEqual({ state: 'pending' });
    expect(accessState(a, allowed, null)).toEqual({ state: 'allowed' });
    expect(accessState(a, { ...allowed, allowed: false, reason: 'no binding' }, null)).toEqual({
      state: 'denied',
      reason: 'You may not update configmaps "web" in namespace fx',
      detail: 'no binding',
    });
    expect(accessState(a, undefined, new Error('404 page not found'))).toEqual({ state: 'unknown', detail: '404 page not found' });
  });
});

describe('leaving a context', () => {
  it('drops its answers and keeps the others', async () => {
    const client = new QueryClient();
    client.setQueryData(k8sKeys.access('demo', 'k'), allowed);
    client.setQueryData(k8sKeys.access('other', 'k'), allowed);
    forgetAccess(client, 'demo');
    expect(client.getQueryData(k8sKeys.access('demo', 'k'))).toBeUndefined();
    expect(client.getQueryData(k8sKeys.access('other', 'k'))).toEqual(allowed);
  });
});

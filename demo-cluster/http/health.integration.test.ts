// Health endpoints as k8s.io/apiserver's handlers answer them, and the Events field selector on source.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';

const cluster = useCluster();
const { api } = cluster;

/** Lines the 1.37 e2e "health handlers should contain necessary checks" requires of every endpoint. */
const REQUIRED = [
  '[+]ping ok',
  '[+]log ok',
  '[+]etcd ok',
  '[+]poststarthook/start-apiserver-admission-initializer ok',
  '[+]poststarthook/generic-apiserver-start-informers ok',
  '[+]poststarthook/start-apiextensions-informers ok',
  '[+]poststarthook/start-apiextensions-controllers ok',
  '[+]poststarthook/crd-informer-synced ok',
  '[+]poststarthook/bootstrap-controller ok',
  '[+]poststarthook/start-system-namespaces-controller ok',
  '[+]poststarthook/start-service-ip-repair-controllers ok',
  '[+]poststarthook/scheduling/bootstrap-system-priority-classes ok',
  '[+]poststarthook/start-cluster-authentication-info-controller ok',
  '[+]poststarthook/start-kube-aggregator-informers ok',
  '[+]poststarthook/apiservice-registration-controller ok',
  '[+]poststarthook/apiservice-status-local-available-controller ok',
  '[+]poststarthook/apiservice-status-remote-available-controller ok',
  '[+]poststarthook/kube-apiserver-autoregistration ok',
  '[+]autoregister-completion ok',
  '[+]poststarthook/apiservice-openapi-controller ok',
  '[+]poststarthook/storage-readiness ok',
];

describe('health endpoints', () => {
  it('answer ok, and with ?verbose every check and "<endpoint> check passed"', async () => {
    for (const endpoint of ['healthz', 'livez', 'readyz']) {
      const plain = await api(`/${endpoint}`, { token: null });
      expect([plain.status, plain.text, plain.headers.get('content-type')]).toEqual([200, 'ok', 'text/plain; charset=utf-8']);
      const verbose = await api(`/${endpoint}?verbose=1`, { token: null });
      const lines = verbose.text.split('\n');
      expect(lines.slice(-2)).toEqual([`${endpoint} check passed`, '']);
      for (const line of REQUIRED) expect(lines, `${endpoint}: ${line}`).toContain(line);
    }
    expect((await api('/readyz?verbose', { token: null })).text.split('\n')).toContain('[+]informer-sync ok');
  });

  it('exclude marks a check, an unknown one is warned about; a single check answers ok', async () => {
    const text = (await api('/healthz?verbose&exclude=etcd&exclude=nope', { token: null })).text;
    expect(text).toContain('[+]etcd excluded: ok\n');
    expect(text).toContain('warn: some health checks cannot be excluded: no matches for "nope"\n');
    // Single checks are not public (system:public-info-viewer names the three endpoints only).
    expect((await api('/livez/ping', { token: null })).status).toBe(403);
    expect((await api('/livez/ping')).text).toBe('ok');
    const unknown = await api('/healthz/nothing');
    expect([unknown.status, unknown.text]).toEqual([404, '404 page not found\n']);
  });
});

describe('core/v1 Events field selector', () => {
  it('source= matches source.component, else reportingController', async () => {
    const base = '/api/v1/namespaces/shop/events';
    const event = (name: string, extra: Json): Json => ({ metadata: { name }, involvedObject: { kind: 'Pod', namespace: 'shop', name: 'p' }, reason: 'Test', message: 'm', type: 'Normal', ...extra });
    await api(base, { method: 'POST', body: event('by-source', { source: { component: 'kubelet' } }) });
    await api(base, { method: 'POST', body: event('by-reporter', { reportingComponent: 'kubelet', reportingInstance: 'n1', eventTime: '2026-01-01T00:00:00.000000Z', action: 'Tested' }) });
    await api(base, { method: 'POST', body: event('other', { source: { component: 'scheduler' }, reportingComponent: 'kubelet' }) });
    const names = ((await api(`${base}?fieldSelector=source%3Dkubelet`)).body.items as Json[]).map((e) => e.metadata.name).filter((n: string) => ['by-source', 'by-reporter', 'other'].includes(n));
    expect(names.sort()).toEqual(['by-reporter', 'by-source']);
  });
});

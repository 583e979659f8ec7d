// pods/log over HTTP: the options, Status bodies and stream shapes kube-apiserver 1.20.2 (+ a kubelet) answers with.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';

const cluster = useCluster();
const { api } = cluster;

async function podNamed(namespace: string, prefix: string): Promise<string> {
  const list = await api(`/api/v1/namespaces/${namespace}/pods`);
  const pod = (list.body.items as Json[]).find((p) => String(p.metadata.name).startsWith(prefix));
  if (!pod) throw new Error(`no pod ${prefix}* in ${namespace}`);
  return String(pod.metadata.name);
}

const logPath = (namespace: string, pod: string, query = '') => `/api/v1/namespaces/${namespace}/pods/${pod}/log${query === '' ? '' : `?${query}`}`;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z /;

describe('pods/log', () => {
  it('answers text/plain lines; timestamps prefix each with RFC3339Nano; tailLines keeps the last ones', async () => {
    const web = await podNamed('demo', 'web-');
    const plain = await api(logPath('demo', web));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/plain');
    const lines = plain.text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.at(-1)).toMatch(/"GET \S+ HTTP\/1.1" \d{3} /);
    // The same lines, with or without the prefix (the log is a function of time, not of the request). The pod writes
    // a line a second: two requests on either side of a new line are asked again.
    let unstamped = lines;
    let tail: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) unstamped = (await api(logPath('demo', web))).text.trimEnd().split('\n');
      tail = (await api(logPath('demo', web, 'timestamps=true&tailLines=5'))).text.trimEnd().split('\n');
      if (unstamped.slice(-5).every((l, i) => l === tail[i]?.replace(TS, ''))) break;
    }
    expect(tail).toHaveLength(5);
    for (const l of tail) expect(l).toMatch(TS);
    expect(unstamped.slice(-5).map((l) => l.slice(0, 40))).toEqual(tail.map((l) => l.replace(TS, '').slice(0, 40)));
  });

  it('sinceTime resumes at a whole second: the lines at and after it, identical to the first read', async () => {
    const web = await podNamed('demo', 'web-');
    const first = (await api(logPath('demo', web, 'timestamps=true&tailLines=20'))).text.trimEnd().split('\n');
    const pivot = first[10] ?? '';
    const second = pivot.slice(0, 19) + 'Z';
    const resumed = (await api(logPath('demo', web, `timestamps=true&sinceTime=${second}`))).text.trimEnd().split('\n');
    expect(resumed[0]?.slice(0, 19)).toBe(pivot.slice(0, 19));
    expect(resumed.slice(0, 10)).toEqual(first.slice(10, 20));
    const sinceSeconds = (await api(logPath('demo', web, 'sinceSeconds=3'))).text.trimEnd().split('\n');
    expect(sinceSeconds.length).toBeGreaterThanOrEqual(2);
    expect(sinceSeconds.length).toBeLessThanOrEqual(4);
  });

  it('limitBytes cuts the answer at that many bytes', async () => {
    const web = await podNamed('demo', 'web-');
    const res = await api(logPath('demo', web, 'limitBytes=50'));
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.text)).toBe(50);
  });

  it('follow=true keeps the response open and writes new lines as they are due', async () => {
    const web = await podNamed('demo', 'web-');
    const c = cluster.handle;
    const controller = new AbortController();
    const res = await fetch(c.url + logPath('demo', web, 'follow=true&tailLines=1&timestamps=true'), { headers: { Authorization: `Bearer ${c.tokens.admin}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    const started = Date.now();
    while (text.split('\n').length < 4 && Date.now() - started < 8000) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const times = lines.map((l) => l.slice(0, 30));
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it('a followed log ends when its pod is deleted, as the kubelet ends it when the container stops', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'follow-end', namespace: 'default' }, spec: { nodeName: 'demo-node-1', containers: [{ name: 'c', image: 'nginx:1.19' }] } };
    expect((await api('/api/v1/namespaces/default/pods', { method: 'POST', body: pod })).status).toBe(201);
    const status = { phase: 'Running', startTime: new Date(Date.now() - 5000).toISOString(), containerStatuses: [{ name: 'c', ready: true, restartCount: 0, image: 'nginx:1.19', imageID: '', state: { running: { startedAt: new Date(Date.now() - 5000).toISOString() } }, lastState: {} }] };
    await api('/api/v1/namespaces/default/pods/follow-end/status', { method: 'PATCH', contentType: 'application/merge-patch+json', body: { status } });
    const c = cluster.handle;
    const res = await fetch(c.url + logPath('default', 'follow-end', 'follow=true'), { headers: { Authorization: `Bearer ${c.tokens.admin}` } });
    const body = res.text();
    await api('/api/v1/namespaces/default/pods/follow-end?gracePeriodSeconds=0', { method: 'DELETE' });
    const text = await Promise.race([body, new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the followed log did not end')), 5000))]);
    expect(text.trimEnd().split('\n').length).toBeGreaterThanOrEqual(4);
  });

  it('previous=true reads the last terminated run; a container that never terminated has none', async () => {
    const worker = await podNamed('demo', 'worker-');
    const previous = await api(logPath('demo', worker, 'previous=true'));
    expect(previous.status).toBe(200);
    expect(previous.text.trimEnd().split('\n').at(-1)).toContain('connection refused (exit 1)');
    const web = await podNamed('demo', 'web-');
    const none = await api(logPath('demo', web, 'previous=true'));
    expect(none.status).toBe(400);
    const container = web.split('-')[0];
    expect(none.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400, message: `previous terminated container "${container}" in pod "${web}" not found` });
  });

  it('containers that never ran answer the kubelet 400; a pod on no node answers 204', async () => {
    const payments = await podNamed('shop', 'payments-');
    const pull = await api(logPath('shop', payments));
    expect(pull.status).toBe(400);
    expect(pull.body.message).toBe(`container "payments" in pod "${payments}" is waiting to start: trying and failing to pull image`);
    const cart = (await api('/api/v1/namespaces/shop/pods')).body.items.find((p: Json) => JSON.stringify(p.status).includes('ContainerCreating'));
    const creating = await api(logPath('shop', String(cart.metadata.name)));
    expect(creating.body.message).toBe(`container "cart" in pod "${String(cart.metadata.name)}" is waiting to start: ContainerCreating`);
    const pending = await api(logPath('demo', await podNamed('demo', 'cache-')));
    expect(pending.status).toBe(204);
    expect(pending.text).toBe('');
  });

  it('a completed Job pod has a finite log, and follow ends with it', async () => {
    const migrate = await podNamed('demo', 'migrate-');
    const res = await api(logPath('demo', migrate, 'follow=true'));
    expect(res.status).toBe(200);
    expect(res.text.trimEnd().split('\n').at(-1)).toBe('migrate: done, exiting with code 0');
  });

  it('Status bodies for bad options as the apiserver words them', async () => {
    const web = await podNamed('demo', 'web-');
    expect((await api(logPath('demo', web, 'tailLines=x'))).body).toMatchObject({ code: 400, reason: 'BadRequest', message: 'strconv.ParseInt: parsing "x": invalid syntax' });
    expect((await api(logPath('demo', web, 'sinceTime=bogus'))).body).toMatchObject({ code: 400, message: 'parsing time "bogus" as "2006-01-02T15:04:05Z07:00": cannot parse "bogus" as "2006"' });
    expect((await api(logPath('demo', web, 'follow=maybe'))).body).toMatchObject({ code: 400, message: 'strconv.ParseBool: parsing "maybe": invalid syntax' });
    const tail = await api(logPath('demo', web, 'tailLines=-1'));
    expect(tail.status).toBe(422);
    expect(tail.body).toMatchObject({
      reason: 'Invalid',
      message: `PodLogOptions "${web}" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0`,
      details: { name: web, kind: 'PodLogOptions', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'tailLines' }] },
    });
    expect((await api(logPath('demo', web, 'sinceSeconds=0'))).body.message).toBe(`PodLogOptions "${web}" is invalid: sinceSeconds: Invalid value: 0: must be greater than 0`);
    expect((await api(logPath('demo', web, 'limitBytes=0'))).body.message).toBe(`PodLogOptions "${web}" is invalid: limitBytes: Invalid value: 0: must be greater than 0`);
    expect((await api(logPath('demo', web, 'sinceSeconds=5&sinceTime=2020-01-01T00:00:00Z'))).body.message).toBe(
      `PodLogOptions "${web}" is invalid: []: Forbidden: at most one of \`sinceTime\` or \`sinceSeconds\` may be specified`,
    );
    expect((await api(logPath('demo', web, 'container=nope'))).body).toMatchObject({ code: 400, message: `container nope is not valid for pod ${web}` });
    expect((await api(logPath('demo', 'nope'))).body).toMatchObject({ code: 404, reason: 'NotFound', message: 'pods "nope" not found' });
  });

  it('a pod of several containers needs one named (init containers first), and each has its own log', async () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'multi-log', namespace: 'default' },
      spec: {
        nodeName: 'demo-node-1',
        initContainers: [{ name: 'setup', image: 'busybox:1.32' }],
        containers: [
          { name: 'app', image: 'ghcr.io/kubeglass/demo-api:0.4.1' },
          { name: 'proxy', image: 'nginx:1.19' },
        ],
      },
    };
    expect((await api('/api/v1/namespaces/default/pods', { method: 'POST', body: pod })).status).toBe(201);
    // Running, as the demo's kubelet would report it, with the init container done.
    const started = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const status = {
      phase: 'Running',
      startTime: started,
      initContainerStatuses: [{ name: 'setup', ready: true, restartCount: 0, image: 'busybox:1.32', imageID: '', state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: started, finishedAt: started, containerID: 'containerd://setup' } }, lastState: {} }],
    };
    const patched = await api('/api/v1/namespaces/default/pods/multi-log/status', { method: 'PATCH', contentType: 'application/merge-patch+json', body: { status } });
    expect(patched.status).toBe(200);
    const unnamed = await api(logPath('default', 'multi-log'));
    expect(unnamed.body).toMatchObject({ code: 400, reason: 'BadRequest', message: 'a container name must be specified for pod multi-log, choose one of: [setup app proxy]' });
    const setup = await api(logPath('default', 'multi-log', 'container=setup'));
    expect(setup.text.trimEnd().split('\n').at(-1)).toBe('setup: done, exiting with code 0');
    const app = await api(logPath('default', 'multi-log', 'container=app&tailLines=3'));
    expect(app.text).toMatch(/\[app\]/);
    const proxy = await api(logPath('default', 'multi-log', 'container=proxy&tailLines=3'));
    expect(proxy.text).toMatch(/HTTP\/1.1/);
  });
});

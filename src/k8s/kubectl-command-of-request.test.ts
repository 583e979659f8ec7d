import { describe, expect, it } from 'vitest';
import type { ContextInfo } from '../../wire/contexts';
import { kubectlCommandOfRequest, kubectlCommandOfWatch, type KubectlRequest } from './kubectl-command-of-request';
import type { KubectlTarget } from './kubectl-command';
import { recordBody } from './request-recorder';

const demoInfo: ContextInfo = { name: 'demo', server: 'http://127.0.0.1:1', demo: true };
const demo: KubectlTarget = { context: 'demo', info: demoInfo, origin: 'http://127.0.0.1:7070' };
const prod: KubectlTarget = { context: 'prod', info: { name: 'prod', server: 'https://k', demo: false, kubeconfigPath: '/k/config' }, origin: 'http://x' };
const DEMO = 'kubectl --kubeconfig=/dev/null --server http://127.0.0.1:7070/k8s/demo';

function request(method: string, path: string, body?: unknown, contentType: string | null = body === undefined ? null : 'application/json'): KubectlRequest {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return { method, context: 'demo', path, contentType, requestBody: text === null ? null : recordBody(text) };
}
const command = (r: KubectlRequest, target = demo) => kubectlCommandOfRequest(target, r)?.command;

describe('kubectlCommandOfRequest: reads', () => {
  it('gets an object by name, group-qualified outside the core group, with -n', () => {
    expect(command(request('GET', '/apis/apps/v1/namespaces/fx/deployments/web'))).toBe(`${DEMO} get deployments.apps web -n fx -o yaml`);
    expect(command(request('GET', '/api/v1/nodes/node-a'), prod)).toBe('kubectl --kubeconfig /k/config --context prod get nodes node-a -o yaml');
  });

  it('lists with selectors, -A for a list across namespaces, and quotes what the shell would split', () => {
    expect(command(request('GET', '/api/v1/namespaces/default/pods?limit=500&labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning'))).toBe(
      `${DEMO} get pods -n default -l 'app=web,tier in (a,b)' --field-selector status.phase=Running -o yaml`,
    );
    expect(command(request('GET', '/apis/apps/v1/deployments?labelSelector=app'))).toBe(`${DEMO} get deployments.apps -A -l app -o yaml`);
  });

  it('gets the status and scale subresources with --subresource, and pod logs with kubectl logs', () => {
    expect(command(request('GET', '/apis/apps/v1/namespaces/fx/deployments/web/scale'))).toBe(`${DEMO} get deployments.apps web -n fx --subresource=scale -o yaml`);
    expect(command(request('GET', '/api/v1/namespaces/fx/pods/p-1/log?container=app&tailLines=100&previous=true&sinceSeconds=60&timestamps=true'))).toBe(
      `${DEMO} logs p-1 -n fx --container=app --tail=100 --since=60s --previous --timestamps`,
    );
  });

  it('reads discovery, /version and other subresources with get --raw', () => {
    // --raw replaces the whole path of --server: the proxy prefix goes in front for a demo context.
    expect(command(request('GET', '/apis/apps/v1'))).toBe(`${DEMO} get --raw /k8s/demo/apis/apps/v1`);
    expect(command(request('GET', '/version'), prod)).toBe('kubectl --kubeconfig /k/config --context prod get --raw /version');
    expect(command(request('GET', '/api/v1/namespaces/fx/services/web/proxy?x=1'))).toBe(`${DEMO} get --raw '/k8s/demo/api/v1/namespaces/fx/services/web/proxy?x=1'`);
  });

  it('has none for a URL outside a context (the kubeglass server itself) or a method kubectl does not send', () => {
    expect(kubectlCommandOfRequest(demo, { ...request('GET', '/-/contexts'), context: null })).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('HEAD', '/api/v1/pods'))).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('POST', '/version', {}))).toBeNull();
  });
});

describe('kubectlCommandOfRequest: writes', () => {
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };

  it('creates from stdin, with the server dry run and field manager of the request', () => {
    expect(kubectlCommandOfRequest(demo, request('POST', '/api/v1/namespaces/fx/configmaps', cm))).toEqual({ command: `${DEMO} create -n fx -f - -o yaml`, readsBody: true });
    expect(command(request('POST', '/api/v1/namespaces/fx/configmaps?dryRun=All&fieldManager=kubeglass', cm))).toBe(
      `${DEMO} create -n fx --dry-run=server --field-manager=kubeglass -f - -o yaml`,
    );
    expect(command(request('POST', '/api/v1/namespaces', { kind: 'Namespace' }))).toBe(`${DEMO} create -f - -o yaml`);
  });

  it('replaces from stdin, a subresource with --subresource, and a Scale PUT as kubectl scale', () => {
    expect(command(request('PUT', '/api/v1/namespaces/fx/configmaps/c', cm))).toBe(`${DEMO} replace -n fx -f - -o yaml`);
    expect(command(request('PUT', '/apis/apps/v1/namespaces/fx/deployments/web/status?dryRun=All', {}))).toBe(`${DEMO} replace -n fx --subresource=status --dry-run=server -f - -o yaml`);
    expect(command(request('PUT', '/apis/apps/v1/namespaces/fx/deployments/web/scale', { kind: 'Scale', spec: { replicas: 3 } }))).toBe(
      `${DEMO} scale deployments.apps web -n fx --replicas=3`,
    );
    expect(command(request('PUT', '/apis/apps/v1/namespaces/fx/deployments/web/scale?dryRun=All', { kind: 'Scale', spec: { replicas: 3 } }))).toBe(
      `${DEMO} replace -n fx --subresource=scale --dry-run=server -f - -o yaml`,
    );
  });

  it('patches with the type of the Content-Type and the body inline on one line', () => {
    const merge = request('PATCH', '/apis/apps/v1/namespaces/fx/deployments/web?fieldManager=kubeglass', '{\n  "metadata": {"labels": {"a": "it\'s"}}\n}', 'application/merge-patch+json');
    expect(kubectlCommandOfRequest(demo, merge)).toEqual({
      command: `${DEMO} patch deployments.apps web -n fx --field-manager=kubeglass --type merge -p '{"metadata":{"labels":{"a":"it'\\''s"}}}' -o yaml`,
      readsBody: false,
    });
    expect(command(request('PATCH', '/api/v1/namespaces/fx/pods/p', [{ op: 'remove', path: '/x' }], 'application/json-patch+json'))).toContain(
      `patch pods p -n fx --type json -p '[{"op":"remove","path":"/x"}]'`,
    );
    expect(command(request('PATCH', '/apis/apps/v1/namespaces/fx/deployments/web/scale?dryRun=All', { spec: { replicas: 2 } }, 'application/strategic-merge-patch+json; charset=utf-8'))).toBe(
      `${DEMO} patch deployments.apps web -n fx --subresource=scale --dry-run=server --type strategic -p '{"spec":{"replicas":2}}' -o yaml`,
    );
  });

  it('reads a patch body that is cut or not JSON from stdin', () => {
    const yamlPatch = request('PATCH', '/api/v1/namespaces/fx/pods/p', 'metadata:\n  labels: {a: b}', 'application/merge-patch+json');
    expect(kubectlCommandOfRequest(demo, yamlPatch)).toEqual({ command: `${DEMO} patch pods p -n fx --type merge --patch-file /dev/stdin -o yaml`, readsBody: true });
    const cut = { ...request('PATCH', '/api/v1/namespaces/fx/pods/p', {}, 'application/merge-patch+json'), requestBody: { text: '{"a', truncated: true, bytes: 9e6 } };
    expect(kubectlCommandOfRequest(demo, cut)?.readsBody).toBe(true);
  });

  it('applies server-side for an apply patch, with field manager, force and dry run', () => {
    const apply = request('PATCH', '/apis/apps/v1/namespaces/fx/deployments/web?fieldManager=me&force=true&dryRun=All', 'kind: Deployment', 'application/apply-patch+yaml');
    expect(kubectlCommandOfRequest(demo, apply)).toEqual({
      command: `${DEMO} apply --server-side -n fx --dry-run=server --field-manager=me --force-conflicts -f - -o yaml`,
      readsBody: true,
    });
  });

  it('has none for a patch of an unknown type, of a collection or of a subresource kubectl cannot address', () => {
    expect(kubectlCommandOfRequest(demo, request('PATCH', '/api/v1/namespaces/fx/pods/p', {}, 'application/json'))).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('PATCH', '/api/v1/namespaces/fx/pods', {}, 'application/merge-patch+json'))).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('PATCH', '/api/v1/namespaces/fx/pods/p/ephemeralcontainers', {}, 'application/merge-patch+json'))).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('POST', '/api/v1/namespaces/fx/pods/p/eviction', {}))).toBeNull();
    expect(kubectlCommandOfRequest(demo, request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {}))).toBeNull();
  });

  it('deletes by name or by selector, with dry run, grace period and cascade from the query or the DeleteOptions', () => {
    expect(command(request('DELETE', '/apis/apps/v1/namespaces/fx/deployments/web?dryRun=All'))).toBe(`${DEMO} delete deployments.apps web -n fx --dry-run=server`);
    expect(command(request('DELETE', '/api/v1/namespaces/fx/pods/p', { kind: 'DeleteOptions', gracePeriodSeconds: 0, propagationPolicy: 'Foreground' }))).toBe(
      `${DEMO} delete pods p -n fx --grace-period=0 --cascade=foreground`,
    );
    expect(command(request('DELETE', '/api/v1/namespaces/fx/configmaps?labelSelector=a%3Db'))).toBe(`${DEMO} delete configmaps -n fx -l a=b`);
    expect(command(request('DELETE', '/api/v1/namespaces/fx/configmaps'))).toBe(`${DEMO} delete configmaps --all -n fx`);
  });
});

describe('kubectlCommandOfRequest: access reviews', () => {
  const review = (spec: object) => request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { kind: 'SelfSubjectAccessReview', spec });

  it('asks kubectl auth can-i the same question', () => {
    expect(command(review({ resourceAttributes: { verb: 'patch', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'fx', name: 'web' } }))).toBe(
      `${DEMO} auth can-i patch deployments.apps/web --subresource=scale -n fx`,
    );
    expect(command(review({ resourceAttributes: { verb: 'list', resource: 'pods' } }))).toBe(`${DEMO} auth can-i list pods -A`);
    expect(command(review({ nonResourceAttributes: { verb: 'get', path: '/healthz' } }))).toBe(`${DEMO} auth can-i get /healthz`);
    expect(kubectlCommandOfRequest(demo, review({}))).toBeNull();
  });

  it('lists rules with auth can-i --list and names the user with auth whoami', () => {
    expect(command(request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'fx' } }))).toBe(`${DEMO} auth can-i --list -n fx`);
    expect(command(request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {}))).toBe(`${DEMO} auth whoami -o yaml`);
  });
});

describe('kubectlCommandOfWatch', () => {
  it('watches the same collection with the same selectors: a table for a Table watch, YAML for objects', () => {
    const watch = { path: '/api/v1/namespaces/fx/pods', query: { labelSelector: 'app=web', resourceVersion: '5', allowWatchBookmarks: 'true' }, as: 'Table' as const };
    expect(kubectlCommandOfWatch(demo, watch)).toBe(`${DEMO} get pods -n fx -l app=web -w`);
    expect(kubectlCommandOfWatch(demo, { path: '/apis/apps/v1/deployments', query: { fieldSelector: 'metadata.name=web' }, as: 'Object' })).toBe(
      `${DEMO} get deployments.apps -A --field-selector metadata.name=web -w -o yaml`,
    );
    expect(kubectlCommandOfWatch(demo, { path: '/apis', query: {}, as: 'Object' })).toBeNull();
  });
});

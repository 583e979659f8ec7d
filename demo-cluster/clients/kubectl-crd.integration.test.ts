// kubectl (v1.32 on PATH) against the demo cluster: CRDs, custom resources, auth can-i, events.k8s.io.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';

/** The CRD of the fixtures (widgets.fx.example.com), as applied to the real 1.20.2 and 1.37.2 servers. */
export const WIDGET_CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.fx.example.com
spec:
  group: fx.example.com
  names: {categories: [all], kind: Widget, plural: widgets, shortNames: [wdg], singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    additionalPrinterColumns:
    - {jsonPath: .spec.size, name: Size, type: integer}
    - {jsonPath: .spec.color, name: Color, priority: 1, type: string}
    - {jsonPath: .metadata.creationTimestamp, name: Age, type: date}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            description: What the widget looks like.
            properties:
              color: {type: string, description: Paint color.}
              size: {type: integer}
`;

const cluster = useCluster();
const { kubectl, path } = useKubectl(cluster, 'kubectl-crd', {
  'crd.yaml': WIDGET_CRD_YAML,
  'w1.yaml': 'apiVersion: fx.example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: demo}\nspec: {size: 3, color: red}\n',
});

describe('kubectl: CRDs, auth can-i, events.k8s.io', () => {
  it('apply a CRD, then get, explain, server-side apply and delete it', async () => {
    const applied = await kubectl('apply', '-f', path('crd.yaml'));
    expect(applied.stderr).toBe('');
    expect(applied.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/widgets.fx.example.com created');
    const established = await kubectl('wait', '--for', 'condition=established', '--timeout=5s', 'crd/widgets.fx.example.com');
    expect(established.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/widgets.fx.example.com condition met');
    // The demo seeds CRDs of its own (PowerPlant): the new one is among them.
    // 1.37's CRD table convertor: Scope and the served versions before the creation time.
    expect((await kubectl('get', 'crd')).stdout).toMatch(/^NAME\s+SCOPE\s+VERSIONS\s+CREATED AT\n(?:.*\n)*widgets\.fx\.example\.com\s+Namespaced\s+v1\(storage\)\s+\d{4}-\d\d-\d\dT/);

    const ssa = await kubectl('apply', '--server-side', '-f', path('w1.yaml'));
    expect(ssa.stderr).toBe('');
    expect(ssa.stdout.trim()).toBe('widget.fx.example.com/w1 serverside-applied');
    const table = await kubectl('get', 'widgets', '-n', 'demo');
    expect(table.stdout).toMatch(/^NAME\s+SIZE\s+AGE\nw1\s+3\s+\d+s\n$/);
    expect((await kubectl('get', 'wdg', '-n', 'demo', '-o', 'wide')).stdout).toMatch(/^NAME\s+SIZE\s+COLOR\s+AGE\nw1\s+3\s+red\s+\d+s\n$/);

    const explain = await kubectl('explain', 'widget.spec');
    expect(explain.stderr).toBe('');
    expect(explain.stdout).toContain('KIND:       Widget');
    expect(explain.stdout).toMatch(/color\s+<string>\s+Paint color\./);

    const patched = await kubectl('patch', 'widget', 'w1', '-n', 'demo', '--type', 'merge', '-p', '{"spec":{"size":5}}');
    expect(patched.stdout.trim()).toBe('widget.fx.example.com/w1 patched');
    const strategic = await kubectl('patch', 'widget', 'w1', '-n', 'demo', '--type', 'strategic', '-p', '{"spec":{"size":6}}');
    expect(strategic.stderr).toContain('the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');

    const deleted = await kubectl('delete', 'crd', 'widgets.fx.example.com');
    expect(deleted.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io "widgets.fx.example.com" deleted');
    const gone = await kubectl('get', 'widgets', '-n', 'demo');
    expect(gone.code).not.toBe(0);
    // kubectl's discovery cache still lists widgets, so the GET reaches the server (same answer from a real 1.20.2).
    expect(gone.stderr.trim()).toBe(
      'Error from server (NotFound): Unable to list "fx.example.com/v1, Resource=widgets": the server could not find the requested resource (get widgets.fx.example.com)',
    );
  });

  it('auth can-i answers from the demo RBAC', async () => {
    const admin = await kubectl('auth', 'can-i', 'create', 'pods');
    expect(admin.stderr).toBe('');
    expect(admin.stdout.trim()).toBe('yes');
    const viewerCreate = await kubectl('--context', 'demo-viewer', 'auth', 'can-i', 'create', 'pods');
    expect(viewerCreate.stdout.trim()).toBe('no');
    expect(viewerCreate.code).toBe(1);
    expect((await kubectl('--context', 'demo-viewer', 'auth', 'can-i', 'list', 'pods', '-n', 'demo')).stdout.trim()).toBe('yes');
    expect((await kubectl('--context', 'demo-viewer', 'auth', 'can-i', 'get', 'secrets')).stdout.trim()).toBe('no');
    const list = await kubectl('--context', 'demo-viewer', 'auth', 'can-i', '--list');
    expect(list.stdout.split('\n')[0]).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/);
    expect(list.stdout).toMatch(/^pods\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
    expect(list.stdout).toMatch(/^selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/m);
    expect(list.stdout).not.toMatch(/^secrets\s/m);
  });

  it('events.k8s.io/v1 serves the core events', async () => {
    const core = (await kubectl('get', 'events', '-A', '-o', 'jsonpath={.items[*].metadata.name}')).stdout.split(' ').sort();
    const v1 = await kubectl('get', 'events.v1.events.k8s.io', '-A', '-o', 'jsonpath={.items[*].metadata.name}');
    expect(core.length).toBeGreaterThan(0);
    expect(v1.stdout.split(' ').sort()).toEqual(core);
    const table = await kubectl('get', 'events.v1.events.k8s.io', '-A');
    expect(table.stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
  });
});

import { describe, expect, it } from 'vitest';
import { manifestChanges, splitManifest } from './manifest';

// As helm writes a manifest: a `---` line and the template's Source comment above every document.
const MANIFEST = `---
# Source: shop/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-settings
data:
  taxRate: "0.19"
---
# Source: shop/templates/empty.yaml
# nothing rendered here
---
# Source: shop/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
  namespace: shop
spec:
  template:
    spec:
      containers:
        - image: "ghcr.io/kubeglass/shop-frontend:1.2.0"
---
# Source: shop/templates/broken.yaml
apiVersion: v1
kind: [unclosed
`;

describe('splitManifest', () => {
  it('splits at --- lines, names each object and its template, and skips empty documents', () => {
    const objects = splitManifest(MANIFEST);
    expect(objects.map((o) => [o.source, o.apiVersion, o.kind, o.name, o.namespace])).toEqual([
      ['shop/templates/configmap.yaml', 'v1', 'ConfigMap', 'shop-settings', null],
      ['shop/templates/deployment.yaml', 'apps/v1', 'Deployment', 'frontend', 'shop'],
      ['shop/templates/broken.yaml', '', '', '', null],
    ]);
    expect(objects[0]?.text).toBe('# Source: shop/templates/configmap.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-settings\ndata:\n  taxRate: "0.19"\n');
    expect(objects[0]?.problem).toBeNull();
    expect(objects[2]?.problem).toMatch(/^Not YAML/);
  });

  it('reads a manifest without a leading --- or Source comments, with CRLF line ends', () => {
    const objects = splitManifest('apiVersion: v1\r\nkind: Service\r\nmetadata:\r\n  name: web\r\n---\r\napiVersion: v1\r\nkind: Secret\r\n');
    expect(objects.map((o) => [o.source, o.kind, o.name, o.problem])).toEqual([
      [null, 'Service', 'web', null],
      [null, 'Secret', '', 'No name'],
    ]);
  });

  it('does not split at --- inside a block scalar line that is not alone', () => {
    const objects = splitManifest('---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: |\n    --- not a separator\n');
    expect(objects).toHaveLength(1);
    expect(objects[0]?.problem).toBeNull();
  });

  it('gives nothing for an empty manifest', () => {
    expect(splitManifest('')).toEqual([]);
  });
});

describe('manifestChanges', () => {
  const doc = (kind: string, name: string, body: string, source = `c/templates/${name}.yaml`) =>
    `---\n# Source: ${source}\napiVersion: v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${body}\n`;

  it('names the objects added, removed and changed, not those only moved to another template file', () => {
    const from = splitManifest(doc('ConfigMap', 'a', 'data: {x: "1"}') + doc('ConfigMap', 'b', 'data: {}') + doc('Service', 'same', 'spec: {}'));
    const to = splitManifest(doc('ConfigMap', 'a', 'data: {x: "2"}') + doc('ConfigMap', 'c', 'data: {}') + doc('Service', 'same', 'spec: {}', 'c/templates/moved.yaml'));
    expect(manifestChanges(from, to).map(({ object, change }) => `${change} ${object.kind} ${object.name}`)).toEqual(['changed ConfigMap a', 'added ConfigMap c', 'removed ConfigMap b']);
    expect(manifestChanges(from, from)).toEqual([]);
  });
});

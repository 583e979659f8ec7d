import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { detectsFlushSequences, editYaml, forgetCarriedDocument, YamlEditError, type YamlEdit } from './yaml-edit';

const DEPLOYMENT = `# The web tier: keep this comment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web   # the name
  labels: {app: web}
spec:
  replicas: 3 # three for now

  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: "nginx:1.19"   # pinned
        env:
        - name: MODE
          value: 'fast'
        # the sidecar follows
      - name: side
        image: busybox
`;

/** The text with one line replaced, to state what an edit may change. */
function withLine(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe('editYaml', () => {
  it('changes replicas in place and keeps its comment and everything else byte for byte', () => {
    const out = editYaml(DEPLOYMENT, { op: 'set', path: ['spec', 'replicas'], value: 5 });
    expect(out).toBe(withLine(DEPLOYMENT, 'replicas: 3 #', 'replicas: 5 #'));
  });

  it('keeps the quoting of a changed string (double and single quotes)', () => {
    let out = editYaml(DEPLOYMENT, { op: 'set', path: ['spec', 'template', 'spec', 'containers', 0, 'image'], value: 'nginx:1.21' });
    expect(out).toBe(withLine(DEPLOYMENT, '"nginx:1.19"', '"nginx:1.21"'));
    out = editYaml(out, { op: 'set', path: ['spec', 'template', 'spec', 'containers', 0, 'env', 0, 'value'], value: "it's" });
    expect(out).toContain("value: 'it''s'");
    expect(parse(out).spec.template.spec.containers[0].env[0].value).toBe("it's");
  });

  it('writes a string plainly over the "" of a key just added', () => {
    expect(editYaml('a: ""\n', { op: 'set', path: ['a'], value: 'grid' })).toBe('a: grid\n');
  });

  it('quotes a string that YAML 1.1 would read as another type', () => {
    const out = editYaml(DEPLOYMENT, { op: 'set', path: ['spec', 'template', 'spec', 'containers', 1, 'image'], value: 'yes' });
    expect(out).toContain('image: "yes"');
  });

  it('adds an env var at the end of the list in the list style of the text', () => {
    const out = editYaml(DEPLOYMENT, { op: 'set', path: ['spec', 'template', 'spec', 'containers', 0, 'env', 1], value: { name: 'LEVEL', value: 'debug' } });
    expect(out).toBe(withLine(DEPLOYMENT, "          value: 'fast'\n", "          value: 'fast'\n        - name: LEVEL\n          value: debug\n"));
  });

  it('adds a key to a flow map and a nested map below an existing key', () => {
    let out = editYaml(DEPLOYMENT, { op: 'set', path: ['metadata', 'labels', 'tier'], value: 'front' });
    expect(out).toBe(withLine(DEPLOYMENT, 'labels: {app: web}', 'labels: { app: web, tier: front }'));
    out = editYaml(DEPLOYMENT, { op: 'set', path: ['spec', 'template', 'spec', 'containers', 1, 'resources', 'limits', 'cpu'], value: '500m' });
    expect(out).toBe(DEPLOYMENT + '        resources:\n          limits:\n            cpu: 500m\n');
    expect(out).not.toContain('!!omap');
  });

  it('deletes a key and a list item with their lines only', () => {
    let out = editYaml(DEPLOYMENT, { op: 'delete', path: ['spec', 'template', 'spec', 'containers', 1] });
    expect(out).toBe(withLine(DEPLOYMENT, '      - name: side\n        image: busybox\n', ''));
    out = editYaml(DEPLOYMENT, { op: 'delete', path: ['spec', 'replicas'] });
    expect(out).toBe(withLine(DEPLOYMENT, '  replicas: 3 # three for now\n', ''));
  });

  it('writes {} or [] when the last entry of a block map or list goes', () => {
    let out = editYaml(DEPLOYMENT, { op: 'delete', path: ['spec', 'selector', 'matchLabels', 'app'] });
    expect(out).toBe(withLine(DEPLOYMENT, '    matchLabels:\n      app: web\n', '    matchLabels: {}\n'));
    out = editYaml(DEPLOYMENT, { op: 'delete', path: ['spec', 'template', 'spec', 'containers', 0, 'env', 0] });
    expect(parse(out).spec.template.spec.containers[0].env).toEqual([]);
    expect(out).toContain('# the sidecar follows');
  });

  it('moves a list item and leaves the comment between items in place', () => {
    const out = editYaml(DEPLOYMENT, { op: 'move', path: ['spec', 'template', 'spec', 'containers'], from: 1, to: 0 });
    const containers = parse(out).spec.template.spec.containers as Array<{ name: string }>;
    expect(containers.map((c) => c.name)).toEqual(['side', 'web']);
    expect(out.startsWith('# The web tier: keep this comment\n')).toBe(true);
    expect(out).toContain('        # the sidecar follows\n');
  });

  it('fills an empty key and an explicit null with the collection asked for', () => {
    const text = 'metadata:\n  labels:\n  annotations: null # none\nspec: {}\n';
    let out = editYaml(text, { op: 'set', path: ['metadata', 'labels', 'a'], value: 'b' });
    expect(out).toBe('metadata:\n  labels:\n    a: b\n  annotations: null # none\nspec: {}\n');
    out = editYaml(text, { op: 'set', path: ['metadata', 'annotations', 'x'], value: 'y' });
    expect(parse(out).metadata.annotations).toEqual({ x: 'y' });
    out = editYaml(text, { op: 'set', path: ['spec', 'replicas'], value: 2 });
    expect(out).toBe('metadata:\n  labels:\n  annotations: null # none\nspec: { replicas: 2 }\n');
  });

  it('indents new lists like the text does', () => {
    const indented = 'spec:\n  containers:\n    - name: a\n';
    expect(detectsFlushSequences(indented)).toBe(false);
    expect(detectsFlushSequences(DEPLOYMENT)).toBe(true);
    const out = editYaml(indented, { op: 'set', path: ['spec', 'containers', 0, 'args'], value: ['x', 'z'] });
    expect(out).toBe('spec:\n  containers:\n    - name: a\n      args:\n        - x\n        - z\n');
  });

  it('keeps a text without a final newline without one', () => {
    expect(editYaml('a: 1', { op: 'set', path: ['b'], value: 2 })).toBe('a: 1\nb: 2');
  });

  it('refuses a text that does not parse and a path through a scalar', () => {
    expect(() => editYaml('a: [1', { op: 'set', path: ['a'], value: 1 })).toThrow(YamlEditError);
    expect(() => editYaml('a: 1\n', { op: 'set', path: ['a', 'b'], value: 1 })).toThrow(YamlEditError);
  });
});

describe('editYaml on block scalars', () => {
  const CONFIG = `apiVersion: v1
kind: ConfigMap
data:
  run.sh: | # the entry point
    #!/bin/sh
    echo start
  motd: >-
    Welcome to
    the cluster
  keep: |+
    last

  after: 1 # stays
`;

  it('keeps a literal block literal, its header comment and its indentation', () => {
    const out = editYaml(CONFIG, { op: 'set', path: ['data', 'run.sh'], value: '#!/bin/sh\necho start\nexec app\n' });
    expect(out).toBe(withLine(CONFIG, '    echo start\n', '    echo start\n    exec app\n'));
  });

  it('writes the chomping the new value needs', () => {
    let out = editYaml(CONFIG, { op: 'set', path: ['data', 'run.sh'], value: 'echo one\necho two' });
    expect(out).toContain('  run.sh: |- # the entry point\n    echo one\n    echo two\n  motd: >-\n');
    out = editYaml(CONFIG, { op: 'set', path: ['data', 'keep'], value: 'first\nlast\n\n' });
    expect(out).toContain('  keep: |+\n    first\n    last\n\n  after: 1 # stays\n');
    expect(parse(out).data.keep).toBe('first\nlast\n\n');
  });

  it('keeps a folded block folded: a line break in the value is an empty line in the text', () => {
    const out = editYaml(CONFIG, { op: 'set', path: ['data', 'motd'], value: 'Welcome to the cluster\nBe nice' });
    expect(out).toBe(CONFIG.replace('  motd: >-\n    Welcome to\n    the cluster\n', '  motd: >-\n    Welcome to the cluster\n\n    Be nice\n'));
    expect(parse(out).data.motd).toBe('Welcome to the cluster\nBe nice');
  });

  it('keeps the block style for a single line, and writes a plain scalar given several lines as a literal block', () => {
    let out = editYaml(CONFIG, { op: 'set', path: ['data', 'run.sh'], value: 'exec app' });
    expect(out).toContain('  run.sh: |- # the entry point\n    exec app\n  motd:');
    out = editYaml(CONFIG, { op: 'set', path: ['data', 'after'], value: 'one\ntwo\n' });
    expect(out.endsWith('  after: | # stays\n    one\n    two\n')).toBe(true);
    expect(parse(out).data).toMatchObject({ after: 'one\ntwo\n', keep: 'last\n\n' });
  });

  it('writes an indentation indicator when the first line starts with spaces, in lists too', () => {
    const list = 'args:\n- |\n  plain\n- x\n';
    const out = editYaml(list, { op: 'set', path: ['args', 0], value: '  indented\nnext\n' });
    expect(out).toBe('args:\n- |2\n    indented\n  next\n- x\n');
    expect(parse(out).args).toEqual(['  indented\nnext\n', 'x']);
    const inMap = editYaml(CONFIG, { op: 'set', path: ['data', 'run.sh'], value: ' x\ny\n' });
    expect(parse(inMap).data['run.sh']).toBe(' x\ny\n');
  });

  it('quotes what a block cannot hold, on its own line, and a number over a block', () => {
    let out = editYaml(CONFIG, { op: 'set', path: ['data', 'run.sh'], value: 'a\n  ' });
    expect(out).toContain('  run.sh: "a\\n  "\n  motd: >-\n');
    expect(parse(out).data['run.sh']).toBe('a\n  ');
    out = editYaml(CONFIG, { op: 'set', path: ['data', 'motd'], value: 7 });
    expect(out).toContain('  motd: 7\n  keep: |+\n');
    // In a flow map a block cannot be written.
    out = editYaml('data: {a: b}\n', { op: 'set', path: ['data', 'a'], value: 'x\ny' });
    expect(parse(out).data.a).toBe('x\ny');
  });
});

describe('editYaml typing in one field after another', () => {
  it('gives what a fresh parse gives after each of 400 edits, scalar edits carried over and others between them', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const containers = ['spec', 'template', 'spec', 'containers'];
    const scalars: Array<Array<string | number>> = [
      ['spec', 'replicas'],
      ['metadata', 'name'],
      [...containers, 0, 'image'],
      [...containers, 1, 'image'],
      [...containers, 0, 'env', 0, 'value'],
      ['spec', 'selector', 'matchLabels', 'app'],
      ['metadata', 'labels', 'app'],
    ];
    const values = ['nginx:1.2', 'yes', '', "it's", 'a "quoted" one', 5, 0, 'x y', '#not a comment', 'two\nlines', true, null];
    const edits: YamlEdit[] = Array.from({ length: 400 }, (_, step) => {
      const roll = random(20);
      if (roll === 0) return { op: 'move', path: containers, from: 0, to: 1 };
      if (roll === 1) return { op: 'set', path: ['metadata', 'annotations', `a${step}`], value: 'v' };
      return { op: 'set', path: scalars[random(scalars.length)] as Array<string | number>, value: values[random(values.length)] };
    });
    // One run carries the document from edit to edit; the other parses every text afresh.
    const carried: string[] = [];
    let text = DEPLOYMENT;
    for (const edit of edits) carried.push((text = editYaml(text, edit)));
    text = DEPLOYMENT;
    edits.forEach((edit, step) => {
      forgetCarriedDocument();
      text = editYaml(text, edit);
      expect(carried[step], `step ${step}: ${JSON.stringify(edit)}`).toBe(text);
    });
    expect(parse(text).spec.template.spec.containers).toHaveLength(2);
  });
});


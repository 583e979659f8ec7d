// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../../../k8s/openapi/openapi-test-support';
import type { FormProblem } from '../../../k8s/openapi/form-validate';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';
import { FormView } from './form-view';

cleanUpAfterEach();

const schema = fixtureKindSchema(DEPLOYMENT_GVK);

const YAML = `# web tier
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web # who
spec:
  replicas: 2 # two
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.19
        env:
        - name: MODE
          value: fast
`;

/** The draft text as the YAML view holds it. */
function latestText(): string {
  return (screen.getByRole('textbox', { name: 'yaml' }) as HTMLTextAreaElement).value;
}

function Harness({ initial = YAML, readOnlyReason = null, serverProblems = [] }: { initial?: string; readOnlyReason?: string | null; serverProblems?: FormProblem[] }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <FormView text={text} kindSchema={schema} onChange={setText} readOnlyReason={readOnlyReason} serverProblems={serverProblems} label="Form of Deployment web" />
      <textarea aria-label="yaml" value={text} onChange={(e) => setText(e.target.value)} />
    </>
  );
}

describe('FormView', () => {
  it('writes a changed replicas, image and env value into the YAML and keeps the comments', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('textbox', { name: 'replicas' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'image' }), { target: { value: 'nginx:1.21' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'value' }), { target: { value: 'slow' } });
    expect(latestText()).toBe(YAML.replace('replicas: 2', 'replicas: 4').replace('nginx:1.19', 'nginx:1.21').replace('value: fast', 'value: slow'));
  });

  it('titles containers by name, adds a label and follows a label added in the YAML', () => {
    render(<Harness />);
    // The template's zero creationTimestamp is not offered for editing.
    expect(screen.queryByRole('textbox', { name: 'creationTimestamp' })).toBeNull();
    expect(screen.getByRole('group', { name: 'containers: web' })).toBeTruthy();
    const labels = screen.getAllByRole('group', { name: 'labels' })[0] as HTMLElement;
    fireEvent.change(within(labels).getByRole('textbox', { name: 'New labels key' }), { target: { value: 'tier' } });
    fireEvent.click(within(labels).getByRole('button', { name: 'Add labels entry' }));
    expect(latestText()).toContain('  labels:\n    app: web # who\n    tier: ""\n');
    fireEvent.change(screen.getByRole('textbox', { name: 'yaml' }), { target: { value: latestText().replace('tier: ""', 'tier: front') } });
    expect((screen.getByRole('textbox', { name: 'tier' }) as HTMLInputElement).value).toBe('front');
  });

  it('refuses a bad label key as it is typed and writes nothing', () => {
    render(<Harness />);
    const labels = screen.getAllByRole('group', { name: 'labels' })[0] as HTMLElement;
    fireEvent.change(within(labels).getByRole('textbox', { name: 'New labels key' }), { target: { value: 'bad key!' } });
    expect(within(labels).getByRole('alert').textContent).toMatch(/name part must consist of/);
    expect((within(labels).getByRole('button', { name: 'Add labels entry' }) as HTMLButtonElement).disabled).toBe(true);
    expect(latestText()).toBe(YAML);
  });

  it('shows an invalid quantity on its field with the apiserver wording', () => {
    const text = YAML.replace('        image: nginx:1.19\n', '        image: nginx:1.19\n        resources:\n          limits:\n            cpu: 500m\n');
    render(<Harness initial={text} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'cpu' }), { target: { value: '1GB' } });
    expect(latestText()).toContain('cpu: 1GB');
    const problems = screen.getByText(/quantities must match the regular expression/);
    expect(problems.textContent).toContain('spec.template.spec.containers[0].resources.limits[cpu]');
  });

  it('finds a field by name and focuses it, expanding its group', () => {
    render(<Harness />);
    fireEvent.click(within(screen.getByRole('group', { name: 'containers: web' })).getAllByRole('button', { expanded: true })[0] as HTMLElement);
    expect(screen.queryByRole('textbox', { name: 'image' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find field' }), { target: { value: 'image' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Find field' }), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'image' }));
  });

  it('opens the first three list items and shows the others by title until opened', () => {
    const four = YAML.replace('      containers:\n', '      containers:\n' + ['a', 'b', 'c'].map((n) => `      - name: ${n}\n        image: busybox\n`).join(''));
    render(<Harness initial={four} />);
    expect(screen.getAllByRole('textbox', { name: 'image' })).toHaveLength(3);
    const fourth = screen.getByRole('group', { name: 'containers: web' });
    fireEvent.click(within(fourth).getByRole('button', { name: '▸ containers: web', expanded: false }));
    expect(screen.getAllByRole('textbox', { name: 'image' })).toHaveLength(4);
  });

  it('lists unset optional fields under Add field and adds one', () => {
    render(<Harness />);
    const add = screen.getByRole('combobox', { name: 'Add field to spec' });
    expect(within(add).getByRole('option', { name: 'paused' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'paused' })).toBeNull();
    fireEvent.change(add, { target: { value: 'paused' } });
    expect(latestText()).toContain('  paused: false\n');
    expect(screen.getByRole('switch', { name: 'paused' })).toBeTruthy();
  });

  it('adds an env var in one step, name and value ready, written in block style like the rest of the document', () => {
    render(<Harness initial={YAML.replace(/ {8}env:\n {8}- name: MODE\n {10}value: fast\n/, '')} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Add field to spec.template.spec.containers[0]' }), { target: { value: 'env' } });
    expect(latestText()).toMatch(/\n {8}env:\n {8}- name: ""\n {10}value: ""\n|\n {8}env:\n {10}- name: ""\n {12}value: ""\n/);
    expect(latestText()).not.toContain('[');
    const names = screen.getAllByRole('textbox', { name: 'name' });
    fireEvent.change(names[names.length - 1] as HTMLElement, { target: { value: 'MODE' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'value' }), { target: { value: 'fast' } });
    expect(latestText()).toMatch(/- name: MODE\n\s+value: fast\n/);
    // A second one comes the same way, from the list's own Add.
    fireEvent.click(screen.getByRole('button', { name: 'Add env item' }));
    expect(screen.getAllByRole('textbox', { name: 'value' })).toHaveLength(2);
    expect(latestText()).not.toContain('[');
  });

  it('says what the control that takes a field out does', () => {
    render(<Harness />);
    const [remove] = screen.getAllByRole('button', { name: 'Remove labels from the object' });
    if (!remove) throw new Error('no Remove field for metadata.labels');
    expect(remove.textContent).toBe('Remove field');
    expect(screen.queryByText('unset')).toBeNull();
    fireEvent.click(remove);
    expect(latestText()).not.toContain('app: web # who');
  });

  it('goes read-only with the parse error while the YAML does not parse', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('textbox', { name: 'yaml' }), { target: { value: `${YAML.replace('replicas: 2', 'replicas: 5')}  bad: [\n` } });
    expect(screen.getByTestId('form-parse-error').textContent).toMatch(/read-only until the YAML parses: line \d+/);
    const replicas = screen.getByRole('textbox', { name: 'replicas' }) as HTMLInputElement;
    expect(replicas.disabled).toBe(true);
    // The last text that parsed is what the form shows.
    expect(replicas.value).toBe('2');
  });

  it('is read-only with the reason when the user may not update, and shows server causes on their field', () => {
    render(<Harness readOnlyReason="You may not update deployments" serverProblems={[{ field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' }]} />);
    expect(screen.getByTestId('form-read-only').textContent).toContain('You may not update deployments');
    expect((screen.getByRole('textbox', { name: 'image' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('spec.replicas: Invalid value: -1: must be greater than or equal to 0')).toBeTruthy();
  });

  it('waits for a schema the cluster has not published yet, then draws the form; says there is none once it stops waiting', () => {
    const props = { text: YAML, onChange: () => {}, readOnlyReason: null, serverProblems: [], label: 'Form of Deployment web' };
    const { rerender } = render(<FormView {...props} kindSchema={null} schemaWaiting />);
    expect(screen.getByTestId('form-schema-waiting').textContent).toMatch(/Waiting for the schema/);
    expect(screen.queryByTestId('form-no-schema')).toBeNull();
    rerender(<FormView {...props} kindSchema={schema} schemaWaiting={false} />);
    expect(screen.queryByTestId('form-schema-waiting')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'replicas' }) as HTMLInputElement).value).toBe('2');
    rerender(<FormView {...props} kindSchema={null} schemaWaiting={false} />);
    expect(screen.getByTestId('form-no-schema').textContent).toMatch(/publishes no OpenAPI schema/);
  });

  it('edits a multi-line string in a text area and keeps its literal block in the YAML', () => {
    const configMap = fixtureKindSchema({ group: '', version: 'v1', kind: 'ConfigMap' });
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: scripts\ndata:\n  run.sh: | # entry\n    echo start\n  mode: fast\n';
    function ConfigMapHarness() {
      const [text, setText] = useState(yaml);
      return (
        <>
          <FormView text={text} kindSchema={configMap} onChange={setText} readOnlyReason={null} serverProblems={[]} label="Form of ConfigMap scripts" />
          <textarea aria-label="yaml" value={text} readOnly />
        </>
      );
    }
    render(<ConfigMapHarness />);
    const script = screen.getByRole('textbox', { name: 'run.sh' });
    expect(script.tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'mode' }).tagName).toBe('INPUT');
    fireEvent.change(script, { target: { value: 'echo start\nexec app\n' } });
    expect(latestText()).toBe(yaml.replace('    echo start\n', '    echo start\n    exec app\n'));
    // Down to one line it stays a text area (and a block) while shown.
    fireEvent.change(script, { target: { value: 'exec app' } });
    expect(screen.getByRole('textbox', { name: 'run.sh' })).toBe(script);
    expect(latestText()).toContain('  run.sh: |- # entry\n    exec app\n  mode: fast\n');
  });
  it('shows only the fields the server sets, read-only, when asked: never managedFields, labels or spec', () => {
    const serverObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'web',
        uid: 'u-1',
        resourceVersion: '42',
        generation: 3,
        labels: { app: 'web' },
        managedFields: [{ manager: 'kubectl', operation: 'Update' }],
      },
      spec: { replicas: 2 },
      status: { readyReplicas: 2 },
    };
    render(<FormView text={YAML} kindSchema={schema} onChange={() => undefined} readOnlyReason={null} serverProblems={[]} serverObject={serverObject} label="Form of Deployment web" />);
    expect(screen.queryByRole('region', { name: 'Set by the server (read-only)' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show fields the server sets' }));
    const shown = screen.getByRole('region', { name: 'Set by the server (read-only)' }).textContent ?? '';
    expect(shown).toContain('uid: u-1');
    expect(shown).toContain('resourceVersion: "42"');
    expect(shown).toContain('generation: 3');
    expect(shown).toContain('readyReplicas: 2');
    for (const absent of ['managedFields', 'kubectl', 'labels', 'replicas: 2\n', 'name: web']) expect(shown).not.toContain(absent);
  });
});


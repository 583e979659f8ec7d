// Create and Delete against the real demo cluster through the kubeglass proxy: templates and checks POSTed with
// and without dryRun, the server's Status for invalid values, DELETE with dryRun, preconditions and Foreground.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import type { KubeObject } from '../../src/data/object-query.js';
import { checkNewObject, type CreateCollection } from '../../src/features/edit/create/create-checks.js';
import { createQuery } from '../../src/features/edit/create/create-request.js';
import { templatesFor, templateText } from '../../src/features/edit/create/create-templates.js';
import { deleteOptionsBody, deleteOutcome, type DeleteChoice } from '../../src/features/edit/delete/delete-options.js';
import { classifiedChanges } from '../../src/features/edit/object-diff.js';
import { withQuery } from '../../src/k8s/api-client.js';
import { startHarness } from './kubeglass-harness.js';

let kg: RunningKubeglass;

const configMaps: CreateCollection = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true, namespace: 'default' };
const deployments: CreateCollection = { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', namespaced: true, namespace: 'default' };

interface Answer {
  status: number;
  body: KubeObject & Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown, query?: Record<string, string | undefined>): Promise<Answer> {
  const res = await fetch(`${kg.url}/k8s/demo${withQuery(path, query)}`, {
    method,
    headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
}

/** The template text of a collection, checked as the create screen checks it. */
function fromTemplate(collection: CreateCollection, edit: (text: string) => string = (t) => t) {
  const [template] = templatesFor({ ...collection, namespace: collection.namespace }, null);
  const checked = checkNewObject(edit(templateText(template!)), collection);
  if (!checked.ok) throw new Error(`template does not pass the checks: ${JSON.stringify(checked.problems)}`);
  return checked;
}

const post = (path: string, object: KubeObject, dryRun: boolean) => call('POST', path, object, createQuery(dryRun) as Record<string, string | undefined>);
const del = (path: string, choice: DeleteChoice) => call('DELETE', path, deleteOptionsBody(choice));

beforeAll(async () => {
  kg = await startHarness();
});

afterAll(async () => {
  await kg?.close();
});

describe('create', () => {
  it('previews a ConfigMap from its template with a generated name and stores nothing; Create stores it', async () => {
    const { object, collectionPath } = fromTemplate(configMaps);
    expect(collectionPath).toBe('/api/v1/namespaces/default/configmaps');
    const dry = await post(collectionPath, object, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    const name = dry.body.metadata.name ?? '';
    expect(name).toMatch(/^config-[a-z0-9]{5}$/);
    expect(dry.body.metadata.resourceVersion).toBeUndefined();
    expect((await call('GET', `${collectionPath}/${name}`)).status).toBe(404);

    const created = await post(collectionPath, object, false);
    expect(created.status).toBe(201);
    expect(created.body.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'kubeglass', operation: 'Update' })]);
    const stored = await call('GET', `${collectionPath}/${created.body.metadata.name ?? ''}`);
    expect(stored.status).toBe(200);
    expect(stored.body.data).toEqual(object.data);
  });

  it('lists the defaults the server adds to a Deployment', async () => {
    const { object, collectionPath } = fromTemplate(deployments);
    const dry = await post(collectionPath, object, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    const { added } = classifiedChanges(object, dry.body);
    expect(added).toEqual(expect.arrayContaining(['metadata.name', 'metadata.uid', 'metadata.creationTimestamp', 'spec.strategy', 'spec.revisionHistoryLimit', 'spec.progressDeadlineSeconds']));
    expect(added.some((p) => p.startsWith('spec.template.spec.containers[0].'))).toBe(true);
  });

  it('answers a Deployment with a bad name and replicas -1 with a 422 Status whose causes name the fields', async () => {
    const { object, collectionPath } = fromTemplate(deployments, (t) => t.replace('generateName: web-', 'name: Bad_Name').replace('replicas: 2', 'replicas: -1'));
    const res = await post(collectionPath, object, true);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422 });
    const causes = (res.body.details as { causes: Array<{ field: string }> }).causes.map((c) => c.field);
    expect(causes).toEqual(expect.arrayContaining(['metadata.name', 'spec.replicas']));
  });
});

describe('delete', () => {
  async function createConfigMap(): Promise<{ path: string; object: KubeObject }> {
    const { object, collectionPath } = fromTemplate(configMaps);
    const created = await post(collectionPath, object, false);
    expect(created.status).toBe(201);
    return { path: `${collectionPath}/${created.body.metadata.name ?? ''}`, object: created.body };
  }

  it('dry run answers Success and keeps the object; a stale resourceVersion or another uid is a 409', async () => {
    const { path, object } = await createConfigMap();
    const uid = object.metadata.uid ?? '';
    const dry = await del(path, { propagationPolicy: 'Background', uid, dryRun: true });
    expect(dry.status).toBe(200);
    expect(deleteOutcome(dry.body)).toEqual({ kind: 'deleted' });
    expect((await call('GET', path)).status).toBe(200);

    const bumped = await fetch(`${kg.url}/k8s/demo${path}`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: JSON.stringify({ data: { more: 'x' } }) });
    expect(bumped.status).toBe(200);
    const stale = await del(path, { propagationPolicy: 'Background', uid, resourceVersion: object.metadata.resourceVersion, dryRun: false });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ reason: 'Conflict', message: expect.stringContaining('the ResourceVersion in the precondition') });
    const otherUid = await del(path, { propagationPolicy: 'Background', uid: '00000000-0000-0000-0000-000000000000', dryRun: false });
    expect(otherUid.status).toBe(409);
    expect(otherUid.body.message).toContain('the UID in the precondition');
    expect((await call('GET', path)).status).toBe(200);

    const gone = await del(path, { propagationPolicy: 'Background', uid, dryRun: false });
    expect(gone.status).toBe(200);
    expect((await call('GET', path)).status).toBe(404);
  });

  it('Foreground: the Deployment waits for foregroundDeletion, then goes', async () => {
    const { object, collectionPath } = fromTemplate(deployments);
    const created = await post(collectionPath, object, false);
    expect(created.status).toBe(201);
    const path = `${collectionPath}/${created.body.metadata.name ?? ''}`;

    const dry = await del(path, { propagationPolicy: 'Foreground', uid: created.body.metadata.uid, dryRun: true });
    expect(deleteOutcome(dry.body)).toMatchObject({ kind: 'pending', finalizers: ['foregroundDeletion'] });
    expect((await call('GET', path)).body.metadata.deletionTimestamp).toBeUndefined();

    const res = await del(path, { propagationPolicy: 'Foreground', uid: created.body.metadata.uid, dryRun: false });
    expect(res.status).toBe(200);
    expect(deleteOutcome(res.body)).toMatchObject({ kind: 'pending', finalizers: ['foregroundDeletion'] });
    await expect.poll(async () => (await call('GET', path)).status, { timeout: 10_000 }).toBe(404);
  });
});

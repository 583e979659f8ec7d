// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { kindSchemaFromDefinitions, type Definitions } from '../../k8s/openapi';
import { parseApiPath } from '../../k8s/paths';
import type { ServerVersion } from '../../k8s/server-version';
import { EditPage } from './edit-page';
import { readFixture } from '../../testing/fixtures';
import { unknownFieldsBeforeSave } from '../../writes/save/field-validation-guard';
import { droppedFieldNotes, unknownFieldMessage } from '../../writes/save/unknown-fields-warning';
import { textareaEditors } from '../../testing/textarea-editors';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { stubFetch } from '../../testing/stub-fetch';
import { MemoryStore } from '../../testing/memory-store';
import { renderInProviders } from '../../testing/render-in-providers';
import { textareaEditor } from '../../testing/textarea-editor';

const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';
const V1_20: ServerVersion = { major: '1', minor: '20', gitVersion: 'v1.20.2' };
const CM_TEXT = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\n  namespace: default\ndata:\n  a: one\ndatta:\n  b: two\n';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// Read through src/testing (plain paths): under jsdom fs refuses URL objects.
const OPENAPI_V2 = readFixture('openapi-v2.json');
const configMapSchema = () => {
  const defs = (JSON.parse(OPENAPI_V2) as { definitions: Definitions }).definitions;
  const schema = kindSchemaFromDefinitions(defs, '#/definitions/', { group: '', version: 'v1', kind: 'ConfigMap' }, 'v2');
  if (!schema) throw new Error('no ConfigMap in the fixture');
  return schema;
};

describe('unknownFieldsBeforeSave', () => {
  afterEach(() => vi.unstubAllGlobals());

  const guard = async (version: ServerVersion | null, listed: boolean, text = CM_TEXT) => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(version ? json(version) : json({ kind: 'Status', code: 403 }, 403))));
    const schema = { ...configMapSchema(), fieldValidationListed: listed };
    return unknownFieldsBeforeSave({ queryClient: new QueryClient(), context: 'old', kind: 'ConfigMap', text, loadSchema: () => Promise.resolve(schema) });
  };

  it('on 1.20.2 lists the fields the schema lacks, with a message naming the server', async () => {
    const warning = await guard(V1_20, false);
    expect(warning).toEqual({ kind: 'ConfigMap', serverVersion: 'v1.20.2', fields: [{ path: 'datta', line: 8, column: 1 }] });
    expect(unknownFieldMessage(warning!, warning!.fields[0]!)).toBe('datta: not a field of ConfigMap; this server (v1.20.2) would drop it silently');
    expect(droppedFieldNotes(warning!)).toEqual(['datta was not saved: this server (v1.20.2) dropped it (not a field of ConfigMap)']);
  });

  it('leaves the check to the server when it honours fieldValidation (1.25+, or listed in its OpenAPI like the demo cluster)', async () => {
    expect(await guard({ major: '1', minor: '27', gitVersion: 'v1.27.3' }, false)).toBeNull();
    expect(await guard(V1_20, true)).toBeNull();
  });

  it('still checks when /version cannot be read and the OpenAPI does not list the parameter', async () => {
    const warning = await guard(null, false);
    expect(warning?.serverVersion).toBeNull();
    expect(unknownFieldMessage(warning!, warning!.fields[0]!)).toBe('datta: not a field of ConfigMap; this server would drop it silently');
  });

  it('answers null when every field is known', async () => {
    expect(await guard(V1_20, false, CM_TEXT.replace('datta:\n  b: two\n', ''))).toBeNull();
  });
});

// The edit screen against a 1.20.2-like server: /version says v1.20.2, /openapi/v3 is 404, /openapi/v2 is the recorded one.
describe('edit page on a server without fieldValidation', () => {
  let server: KubeObject;
  let puts: KubeObject[];

  beforeEach(() => {
    server = {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '10' },
      data: { a: 'one' },
    };
    puts = [];
    const openApi = OPENAPI_V2;
    stubFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/k8s/old/version') return json(V1_20);
      if (path === '/k8s/old/openapi/v2') return new Response(openApi, { headers: { 'content-type': 'application/json' } });
      if (path === `/k8s/old${CM_PATH}` && init?.method === 'PUT') {
        // As 1.20.2 does: unknown fields are dropped, the rest is stored.
        const { datta: _dropped, ...body } = JSON.parse(String(init.body)) as KubeObject;
        puts.push(body);
        server = { ...body, metadata: { ...body.metadata, resourceVersion: '11' } };
        return json(server);
      }
      if (path === `/k8s/old${CM_PATH}`) return json(server);
      return json({ kind: 'Status', code: 404, reason: 'NotFound', message: '404 page not found' }, 404);
    });
  });

  cleanUpAfterEach();

  const renderEditor = () =>
    renderInProviders(<EditPage context="old" apiPath={CM_PATH} path={parseApiPath(CM_PATH)!} editors={textareaEditors} onCancel={() => {}} storage={new MemoryStore()} />);
  const { editor, shown } = textareaEditor('YAML of ConfigMap c1');
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  it('lists an unknown field with its line before sending anything; "Save anyway" sends it and reports the drop', async () => {
    renderEditor();
    await shown();
    fireEvent.change(editor(), { target: { value: `${editor().value}datta:\n  b: two\n` } });
    save();

    const panel = await screen.findByTestId('unknown-fields');
    expect(panel.textContent).toContain('Not saved: 1 field is not in the ConfigMap schema.');
    expect(panel.textContent).toContain('Line 8: datta: not a field of ConfigMap; this server (v1.20.2) would drop it silently');
    expect(screen.getByTestId('editor-markers').textContent).toContain('8:1 datta: not a field of ConfigMap');
    expect(puts).toHaveLength(0);
    expect(editor().value).toContain('datta:');

    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await screen.findByTestId('saved');
    expect(puts).toHaveLength(1);
    expect(screen.getByTestId('save-warnings').textContent).toContain('datta was not saved: this server (v1.20.2) dropped it');
    expect(screen.queryByTestId('unknown-fields')).toBeNull();
  });

  it('drops the list once the text changes, and saves at once when the field is fixed', async () => {
    renderEditor();
    await shown();
    const withTypo = editor().value.replace('data:\n  a: one', 'data:\n  a: one\nmetadataa: {}');
    fireEvent.change(editor(), { target: { value: withTypo } });
    save();
    expect((await screen.findByTestId('unknown-fields')).textContent).toContain('metadataa: not a field of ConfigMap');

    fireEvent.change(editor(), { target: { value: withTypo.replace('\nmetadataa: {}', '').replace('a: one', 'a: fixed') } });
    expect(screen.queryByTestId('unknown-fields')).toBeNull();
    save();
    await screen.findByTestId('saved');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.data).toEqual({ a: 'fixed' });
  });

  it('refuses a duplicate key before sending, with its line (a server without fieldValidation would keep one silently)', async () => {
    renderEditor();
    await shown();
    fireEvent.change(editor(), { target: { value: editor().value.replace('a: one', 'a: one\n  a: two') } });
    save();
    const error = await screen.findByTestId('yaml-error');
    expect(error.textContent).toMatch(/Line 8, column 3: Map keys must be unique/);
    expect(puts).toHaveLength(0);
  });
});

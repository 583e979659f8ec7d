// @vitest-environment jsdom
// A Secret's data typed into the editor must never reach the browser's storage: each probe writes a draft through
// the draft storage API into jsdom's localStorage, as the edit and create screens do, and looks for the key's bytes.
import { afterEach, describe, it } from 'vitest';
import {
  createDraftStorageKey,
  draftStorageKey,
  loadCreateDraft,
  loadDraft,
  saveCreateDraft,
  saveDraft,
  type CreateDraftKey,
  type DraftKey,
} from '../../../src/writes/draft/draft-storage';
import { browserStorageText } from '../../../src/testing/browser-storage';
import { blocked } from '../probe-report';

const CATEGORY = 'Secret drafts';
const TLS_KEY = 'LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2Z0lCQURBTkJna3Foa2lHOXcwQkFRRUZBQVND';

const secretYaml = (apiVersion: string, kind = 'Secret'): string =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: web-tls\n  namespace: default\ntype: kubernetes.io/tls\ndata:\n  tls.key: ${TLS_KEY}\n`;

const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'web-tls', namespace: 'default', resourceVersion: '7' }, data: { 'tls.key': TLS_KEY } };
const editKey: DraftKey = { context: 'demo-developer', gvr: '/v1/secrets', namespace: 'default', name: 'web-tls' };

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('probes: Secret drafts stay out of browser storage', () => {
  it('editing a Secret: the first keystroke does not write its data to localStorage', () => {
    saveDraft(window.localStorage, editKey, { text: secretYaml('v1'), base: secret, updatedAt: 1 });
    const held = loadDraft(window.localStorage, editKey);
    blocked(CATEGORY, 'edit draft of a Secret written to localStorage', !browserStorageText().includes(TLS_KEY) && held?.text === secretYaml('v1'));
  });

  it('creating a Secret in the secrets collection', () => {
    const key: CreateDraftKey = { context: 'demo-developer', gvr: '/v1/secrets', namespace: 'default' };
    saveCreateDraft(window.localStorage, key, { text: secretYaml('v1'), templateId: 'secret', updatedAt: 1 });
    blocked(CATEGORY, 'create draft of a Secret written to localStorage', !browserStorageText().includes(TLS_KEY) && loadCreateDraft(window.localStorage, key) !== null);
  });

  it.each([
    ['v1', 'Secret'],
    ['v2', '"Secret"'],
    ['example.com/v1beta1', "'Secret'"],
  ])('a YAML of kind Secret (apiVersion %s, kind %s) typed into another kind\'s create screen', (apiVersion, kind) => {
    const key: CreateDraftKey = { context: 'demo-developer', gvr: '/v1/configmaps', namespace: 'default' };
    saveCreateDraft(window.localStorage, key, { text: secretYaml(apiVersion, kind), templateId: 'configmap', updatedAt: 1 });
    blocked(CATEGORY, `create draft with kind ${kind} in apiVersion ${apiVersion} written to localStorage`, !browserStorageText().includes(TLS_KEY));
  });

  it('a Secret written as JSON into an edit screen of another kind', () => {
    const key: DraftKey = { ...editKey, gvr: '/v1/configmaps', name: 'settings' };
    const text = JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'settings' }, data: { 'tls.key': TLS_KEY } }, null, 2);
    saveDraft(window.localStorage, key, { text, base: { ...secret, kind: 'ConfigMap', metadata: { name: 'settings', resourceVersion: '3' } }, updatedAt: 1 });
    blocked(CATEGORY, 'edit draft holding a Secret as JSON written to localStorage', !browserStorageText().includes(TLS_KEY));
  });

  it('a Secret draft already in localStorage is removed when it is read, and the text is still there to edit', () => {
    window.localStorage.setItem(draftStorageKey(editKey), JSON.stringify({ text: secretYaml('v1'), base: secret, updatedAt: 1 }));
    const createKey: CreateDraftKey = { context: 'demo-developer', gvr: '/v1/secrets', namespace: 'default' };
    window.localStorage.setItem(createDraftStorageKey(createKey), JSON.stringify({ text: secretYaml('v1'), templateId: 'secret', updatedAt: 1 }));
    const edit = loadDraft(window.localStorage, editKey);
    const created = loadCreateDraft(window.localStorage, createKey);
    blocked(CATEGORY, 'stored Secret drafts left in localStorage after being read', !browserStorageText().includes(TLS_KEY) && edit?.text === secretYaml('v1') && created?.text === secretYaml('v1'));
  });
});

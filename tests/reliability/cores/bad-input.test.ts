// Bad input in the editors: every text is either accepted or refused with a message saying why, before anything
// is sent; nothing throws (the draft stays as typed). Counted for the reliability report.
import { appendFileSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/k8s/kube-object';
import { checkNewObject } from '../../../src/features/edit/create/create-checks';
import { checkEdit } from '../../../src/writes/save/edit-save';
import { prepareBody } from '../../../src/features/inspect/raw-request/request-body';

const BAD_INPUT_REPORT = 'test-reports/reliability-bad-input.jsonl';

const base = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'settings', namespace: 'shop', uid: 'u-1', resourceVersion: '41' },
  data: { a: '1' },
} as unknown as KubeObject;
const collection = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true, namespace: 'shop' };

function refusedCleanly(input: string, refused: () => { ok: boolean; message: string }): void {
  let outcome: { ok: boolean; message: string };
  try {
    outcome = refused();
  } catch (error) {
    outcome = { ok: true, message: `threw ${String(error)}` };
  }
  mkdirSync('test-reports', { recursive: true });
  appendFileSync(BAD_INPUT_REPORT, `${JSON.stringify({ input, refused: !outcome.ok && outcome.message !== '' })}\n`);
  expect(outcome.ok, `${input}: ${outcome.message}`).toBe(false);
  expect(outcome.message.length, input).toBeGreaterThan(10);
}

const edit = (text: string) => () => {
  const result = checkEdit(text, base);
  return result.ok ? { ok: true, message: '' } : { ok: false, message: JSON.stringify(result.refusal) };
};
const create = (text: string) => () => {
  const result = checkNewObject(text, collection);
  return result.ok ? { ok: true, message: '' } : { ok: false, message: JSON.stringify(result.problems) };
};

const VALID = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata:\n  a: "1"\n';
const deepMap = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`;
const deepList = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;

const BAD: Array<[string, string]> = [
  ['invalid syntax (unclosed flow)', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings\n'],
  ['invalid syntax (bad indentation)', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n namespace: shop\n'],
  ['tab indentation', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: settings\n'],
  ['a scalar, not an object', '42\n'],
  ['a list, not an object', '- a\n- b\n'],
  ['empty text', ''],
  ['only a comment', '# nothing here\n'],
  ['duplicate keys', `${VALID}data:\n  b: "2"\n`],
  ['duplicate keys inside data', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "1"\n  a: "2"\n'],
  ['metadata of the wrong type', 'apiVersion: v1\nkind: ConfigMap\nmetadata: settings\n'],
  ['name of the wrong type', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [settings]\n'],
  ['deep nesting (5,000 maps)', deepMap],
  ['deep nesting (5,000 lists)', deepList],
  ['an anchor bomb (billion laughs)', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\nx0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n${Array.from({ length: 9 }, (_, i) => `x${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`).join('\n')}\n`],
  ['binary garbage', '\u0000\u0001\u0002\uFFFE{{{'],
];

const BAD_EDIT_ONLY: Array<[string, string]> = [
  ['renamed', VALID.replace('name: settings', 'name: other')],
  ['moved to another namespace', VALID.replace('namespace: shop', 'namespace: default')],
  ['changed kind', VALID.replace('kind: ConfigMap', 'kind: Secret')],
  ['changed apiVersion group', VALID.replace('apiVersion: v1', 'apiVersion: apps/v1')],
];

const BAD_CREATE_ONLY: Array<[string, string]> = [
  ['several documents', `${VALID}---\n${VALID}`],
  ['another kind than the collection', VALID.replace('kind: ConfigMap', 'kind: Secret')],
  ['another namespace than the URL', VALID.replace('namespace: shop', 'namespace: default')],
  ['no name', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {a: b}\n'],
  ['a resourceVersion on a new object', VALID.replace('namespace: shop', 'namespace: shop\n  resourceVersion: "5"')],
];

const raw = (text: string) => () => {
  const result = prepareBody(text, 'json');
  return result.ok ? { ok: true, message: '' } : { ok: false, message: JSON.stringify(result.problems) };
};
// What the raw request tool refuses before sending (it sends any one object, so identity and kind are the server's to judge).
const BAD_BODY = new Set([
  'invalid syntax (unclosed flow)',
  'invalid syntax (bad indentation)',
  'tab indentation',
  'a scalar, not an object',
  'a list, not an object',
  'empty text',
  'duplicate keys',
  'duplicate keys inside data',
  'an anchor bomb (billion laughs)',
  'binary garbage',
]);

describe('bad input in the editor', () => {
  it.each(BAD.filter(([name]) => BAD_BODY.has(name)))('the raw request tool refuses %s before sending', (name, text) => refusedCleanly(`raw request: ${name}`, raw(text)));

  it.each(BAD)('Save refuses %s, saying why, and sends nothing', (name, text) => refusedCleanly(`edit: ${name}`, edit(text)));
  it.each(BAD_EDIT_ONLY)('Save refuses an edit %s', (name, text) => refusedCleanly(`edit: ${name}`, edit(text)));
  it.each(BAD)('Create refuses %s', (name, text) => refusedCleanly(`create: ${name}`, create(text)));
  it.each(BAD_CREATE_ONLY)('Create refuses %s', (name, text) => refusedCleanly(`create: ${name}`, create(text)));

  it('accepts the valid object both ways (the refusals above are about the input)', () => {
    expect(checkEdit(VALID, base).ok).toBe(true);
    expect(checkNewObject(VALID, collection).ok).toBe(true);
  });

  it('reads a 5 MB object in seconds and refuses to send it, naming the apiserver limit (3 MiB); 2 MiB goes', () => {
    const sized = (keys: number) => `${VALID}${Array.from({ length: keys }, (_, i) => `  key${i}: "${'x'.repeat(90)}"`).join('\n')}\n`;
    const big = sized(50_000);
    expect(big.length).toBeGreaterThan(5_000_000);
    refusedCleanly('edit: a 5 MB object', edit(big));
    refusedCleanly('create: a 5 MB object', create(big));
    expect(JSON.stringify(checkEdit(big, base))).toContain('kube-apiserver refuses request bodies over 3.0 MiB');
    expect(checkEdit(sized(20_000), base).ok).toBe(true);
  });
});

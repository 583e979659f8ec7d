import { describe, expect, it } from 'vitest';
import { KubeApiError } from '../../k8s/kube-api-error';
import { draftMarkers, draftReducer, initialDraftState, type DraftAction, type DraftState, type Refusal } from './draft-model';
import type { UnknownFieldsWarning } from '../save/unknown-fields-warning';

interface TestDraft {
  origin: string;
  preview: string;
  notice: string;
  request: 'save' | 'create';
}

type State = DraftState<TestDraft>;

const TEXT = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\ndata:\n  a: one\n';

const run = (state: State, ...actions: DraftAction<TestDraft>[]): State => actions.reduce(draftReducer<TestDraft>, state);
const opened = (): State => run(initialDraftState<TestDraft>(null), { type: 'opened', origin: 'template-a', text: TEXT, restored: false });

const yaml: Refusal = { kind: 'yaml', problems: [{ line: 6, column: 5, message: 'Nested mappings are not allowed in compact mappings' }] };
const identity: Refusal = { kind: 'identity', message: 'metadata.name is "c2", but this object\'s is "c1"' };
const unknownWarning: UnknownFieldsWarning = { kind: 'ConfigMap', serverVersion: 'v1.20.2', fields: [{ path: 'datta', line: 7, column: 1 }] };

const invalid = new KubeApiError({
  code: 422,
  reason: 'Invalid',
  message: 'ConfigMap "c1" is invalid',
  details: { causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "one"', field: 'data[a]' }, { reason: 'FieldValueRequired', message: 'Required value' }] },
  raw: { method: 'PUT', url: '/api/v1/namespaces/default/configmaps/c1', httpStatus: 422, statusText: 'Unprocessable Entity', contentType: 'application/json', body: '', status: null },
});

describe('draft model', () => {
  it('starts from a stored draft as kept and restored, else empty until opened', () => {
    const stored = initialDraftState<TestDraft>({ origin: 'template-a', text: TEXT });
    expect(stored).toMatchObject({ draft: { origin: 'template-a', text: TEXT }, kept: true, restored: true, revision: 0 });
    const fresh = initialDraftState<TestDraft>(null);
    expect(fresh).toMatchObject({ draft: null, kept: false, restored: false });
    expect(opened()).toMatchObject({ draft: { origin: 'template-a', text: TEXT }, kept: false, restored: false });
  });

  it('takes typing, dropping what was found at positions of the old text but keeping an identity refusal and a failure', () => {
    const failed = run(opened(), { type: 'failed', request: 'save', error: invalid });
    for (const refusal of [yaml, { kind: 'fields', problems: [{ field: 'kind', message: 'wrong kind' }] }, { kind: 'unknown-fields', warning: unknownWarning }] as Refusal[]) {
      const typed = run(failed, { type: 'refused', refusal }, { type: 'failed', request: 'save', error: invalid }, { type: 'edited', text: `${TEXT}b: two\n`, kept: true });
      expect(typed.refusal).toBeNull();
      expect(typed.draft?.text).toBe(`${TEXT}b: two\n`);
      expect(typed.kept).toBe(true);
    }
    const renamed = run(opened(), { type: 'refused', refusal: identity }, { type: 'failed', request: 'save', error: invalid }, { type: 'edited', text: 'x: 1\n', kept: false });
    expect(renamed.refusal).toBe(identity);
    expect(renamed.failure?.error).toBe(invalid);
    expect(renamed.kept).toBe(false);
  });

  it('ignores an edit that changes nothing, and typing before there is a draft', () => {
    const state = opened();
    expect(draftReducer(state, { type: 'edited', text: TEXT, kept: true })).toBe(state);
    const empty = initialDraftState<TestDraft>(null);
    expect(draftReducer(empty, { type: 'edited', text: TEXT, kept: true })).toBe(empty);
  });

  it('replaces the text from outside: the editor remounts, everything about the old text goes, the notice comes', () => {
    const busy = run(
      initialDraftState<TestDraft>({ origin: 'template-a', text: TEXT }),
      { type: 'previewed', preview: 'dry run' },
      { type: 'refused', refusal: yaml },
      { type: 'failed', request: 'create', error: invalid },
      { type: 'replaced', draft: { origin: 'template-b', text: 'kind: Secret\n' }, kept: false, notice: 'Saved' },
    );
    expect(busy).toMatchObject({ draft: { origin: 'template-b', text: 'kind: Secret\n' }, revision: 1, kept: false, restored: false, refusal: null, failure: null, preview: null, notice: 'Saved' });
    expect(run(busy, { type: 'replaced', draft: null, kept: false })).toMatchObject({ draft: null, revision: 2, notice: null });
  });

  it('shows where a refusal sits without moving the cursor, back on the text', () => {
    const previewing = run(opened(), { type: 'previewed', preview: 'dry run' });
    const refused = run(previewing, { type: 'refused', refusal: yaml });
    expect(refused.reveal).toEqual({ line: 6, column: 5, moveCursor: false, seq: 1 });
    expect(refused.preview).toEqual({ data: 'dry run', shown: false, seq: 1 });

    const wrongKind = run(refused, { type: 'refused', refusal: { kind: 'fields', problems: [{ field: 'metadata.name', message: 'no name' }] } });
    expect(wrongKind.reveal).toEqual({ line: 4, column: 1, moveCursor: false, seq: 2 });
    const unknown = run(wrongKind, { type: 'refused', refusal: { kind: 'unknown-fields', warning: unknownWarning } });
    expect(unknown.reveal).toEqual({ line: 7, column: 1, moveCursor: false, seq: 3 });
    expect(run(unknown, { type: 'refused', refusal: identity }).reveal).toBe(unknown.reveal);
  });

  it('clears refusals and the last failure once the checks pass, except the unknown fields "Save anyway" confirms', () => {
    const failed = run(opened(), { type: 'refused', refusal: yaml }, { type: 'checked' });
    expect(failed.refusal).toBeNull();
    const unknown: Refusal = { kind: 'unknown-fields', warning: unknownWarning };
    expect(run(opened(), { type: 'refused', refusal: unknown }, { type: 'checked' }).refusal).toBe(unknown);
    expect(run(opened(), { type: 'failed', request: 'save', error: invalid }, { type: 'checked' }).failure).toBeNull();
  });

  it('keeps the notice through a failure and drops it for a preview; previews are counted and can be set aside', () => {
    const saved = run(opened(), { type: 'replaced', draft: { origin: 'template-a', text: TEXT }, kept: false, notice: 'Saved' });
    const failed = run(saved, { type: 'failed', request: 'create', error: invalid });
    expect(failed).toMatchObject({ notice: 'Saved', failure: { request: 'create', error: invalid } });

    const first = run(failed, { type: 'previewed', preview: 'first' });
    expect(first).toMatchObject({ notice: null, preview: { data: 'first', shown: true, seq: 1 } });
    const second = run(first, { type: 'preview-shown', shown: false }, { type: 'previewed', preview: 'second' });
    expect(second.preview).toEqual({ data: 'second', shown: true, seq: 2 });
    expect(run(second, { type: 'failed', request: 'create', error: invalid }).preview?.shown).toBe(false);
    expect(run(second, { type: 'preview-closed' }).preview).toBeNull();
    expect(run(opened(), { type: 'preview-shown', shown: true }).preview).toBeNull();
  });

  it('moves the cursor to a line the user asked for, each time, on the text', () => {
    const asked = run(opened(), { type: 'previewed', preview: 'dry run' }, { type: 'revealed', line: 6, column: 1 }, { type: 'revealed', line: 6, column: 1 });
    expect(asked.reveal).toEqual({ line: 6, column: 1, moveCursor: true, seq: 2 });
    expect(asked.preview?.shown).toBe(false);
  });
});

describe('draftMarkers', () => {
  it('marks YAML problems, fields at fault, unknown fields and the causes of a Status that name a field', () => {
    expect(draftMarkers(TEXT, yaml, null)).toEqual([{ line: 6, column: 5, message: 'Nested mappings are not allowed in compact mappings' }]);
    expect(draftMarkers(TEXT, { kind: 'fields', problems: [{ field: 'kind', message: 'kind is "Secret"' }, { field: 'spec.x', message: 'absent' }] }, null)).toEqual([
      { line: 2, column: 1, message: 'kind is "Secret"' },
    ]);
    expect(draftMarkers(TEXT, { kind: 'unknown-fields', warning: unknownWarning }, null)).toEqual([
      { line: 7, column: 1, message: 'datta: not a field of ConfigMap; this server (v1.20.2) would drop it silently' },
    ]);
    expect(draftMarkers(TEXT, identity, { error: invalid })).toEqual([{ line: 6, column: 3, message: 'data[a]: Invalid value: "one"' }]);
    expect(draftMarkers(TEXT, null, { error: new Error('network') })).toEqual([]);
  });

  it('marks the fields a 400 decode error names (sigs.k8s.io/json wording), as the server words them', () => {
    const decodeError = (message: string): KubeApiError =>
      new KubeApiError({
        code: 400,
        reason: 'BadRequest',
        message: `ConfigMap in version "v1" cannot be handled as a ConfigMap: ${message}`,
        raw: { method: 'PUT', url: '/api/v1/namespaces/default/configmaps/c1', httpStatus: 400, statusText: 'Bad Request', contentType: 'application/json', body: '', status: null },
      });
    const strict = decodeError('strict decoding error: unknown field "datta", duplicate field "data"');
    expect(draftMarkers(TEXT, null, { error: strict })).toEqual([
      { line: 1, column: 1, message: 'datta: unknown field (not in the text; marked on the first line)' },
      { line: 5, column: 1, message: 'data: duplicate field' },
    ]);
    const typed = decodeError('json: cannot unmarshal string into Go struct field ObjectMeta.metadata.name of type int32');
    expect(draftMarkers(TEXT, null, { error: typed })).toEqual([{ line: 4, column: 3, message: 'metadata.name: cannot unmarshal string into int32' }]);
  });

  it('marks the fields a 400 strict decoding error names in its message (a Strict save of a custom resource)', () => {
    const text = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 3\n  bogus: 1\n';
    const error = new KubeApiError({
      code: 400,
      reason: 'BadRequest',
      message: 'Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.bogus"',
      raw: { method: 'PUT', url: '/apis/example.com/v1/namespaces/default/widgets/w1', httpStatus: 400, statusText: 'Bad Request', contentType: 'application/json', body: '', status: null },
    });
    expect(draftMarkers(text, null, { error })).toEqual([{ line: 7, column: 3, message: 'spec.bogus: unknown field' }]);
  });

  it('marks a repeated cause once, an absent field on its nearest parent (said so), and the whole object on line 1', () => {
    const repeated = { reason: 'FieldValueInvalid', message: 'Invalid value: "one"', field: 'data[a]' };
    const error = new KubeApiError({
      code: 422,
      reason: 'Invalid',
      message: 'ConfigMap "c1" is invalid',
      details: { causes: [repeated, repeated, repeated, { reason: 'FieldValueRequired', message: 'Required value', field: 'data[b]' }, { message: 'whole', field: '<nil>' }] },
      raw: { method: 'PUT', url: '/api/v1/namespaces/default/configmaps/c1', httpStatus: 422, statusText: 'Unprocessable Entity', contentType: 'application/json', body: '', status: null },
    });
    expect(draftMarkers(TEXT, null, { error })).toEqual([
      { line: 6, column: 3, message: 'data[a]: Invalid value: "one"' },
      { line: 5, column: 1, message: 'data[b]: Required value (not in the text; marked on its nearest parent data)' },
      { line: 1, column: 1, message: 'whole' },
    ]);
  });
});

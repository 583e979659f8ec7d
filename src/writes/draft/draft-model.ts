// The draft of the edit and the create screens as one pure model: the text and what it started from, whether the
// browser keeps it, why it was not sent, what the last request answered, and where the editor should look. The
// requests themselves are mutations; their answers come back here as actions.
import { KubeApiError } from '../../k8s/kube-api-error';
import { decodeErrorCauses } from '../../k8s/decode-error-causes';
import { countCauses } from '../../k8s/status-causes';
import { causeMarker, positionOfFieldPath } from '../../k8s/yaml-field-path';
import type { EditorMarker, EditorReveal } from './code-editor';
import { unknownFieldMessage, type UnknownFieldsWarning } from '../save/unknown-fields-warning';
import { lineOfFieldPath, type YamlProblem } from './yaml-position';

/** A field at fault and why (its line is looked up in the text). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Why nothing was sent: found before any request (or, for unknown fields, before the PUT). */
export type Refusal =
  /** The YAML does not parse. */
  | { kind: 'yaml'; problems: YamlProblem[] }
  /** It parses, but is not an object this screen may send (create: another kind or namespace). */
  | { kind: 'fields'; problems: FieldProblem[] }
  /** It is not an update of the object being edited (renamed, moved, another kind). */
  | { kind: 'identity'; message: string }
  /** Fields a server without fieldValidation would drop silently: the user confirms first. */
  | { kind: 'unknown-fields'; warning: UnknownFieldsWarning };

/** What one screen keeps in its draft. */
export interface DraftTypes {
  /** What the text started from: the object being edited (its resourceVersion goes with the PUT), or a template id. */
  origin: unknown;
  /** What a preview showed (the change to PATCH, a dry-run POST's answer). */
  preview: unknown;
  /** What the last request answered, shown above the text (saved, merged). */
  notice: unknown;
  /** The requests the screen sends, to title a failure. */
  request: string;
}

export interface DraftState<T extends DraftTypes> {
  /** null until there is something to edit (the object or the templates have loaded). */
  draft: { origin: T['origin']; text: string } | null;
  /** Bumped when the text is replaced from outside the editor (a save, a merge, a template): the editor remounts. */
  revision: number;
  /** The browser keeps the text (false when storage refused it). */
  kept: boolean;
  /** The text came from the browser (a reload) and nothing replaced it since. */
  restored: boolean;
  refusal: Refusal | null;
  /** The request that failed last: a Status with causes marks their lines. */
  failure: { request: T['request']; error: unknown } | null;
  /** `shown` false: kept behind a tab while the text is shown; `seq` counts previews (their diff remounts). */
  preview: { data: T['preview']; shown: boolean; seq: number } | null;
  notice: T['notice'] | null;
  /** Where the editor scrolls next; `seq` changes per request so one line can be asked for twice. */
  reveal: EditorReveal | null;
}

export type DraftAction<T extends DraftTypes> =
  /** Something to edit at last: a stored draft (restored) or the object / template as it is. */
  | { type: 'opened'; origin: T['origin']; text: string; restored: boolean }
  /** Typed in the editor; `kept`: whether storage took it. */
  | { type: 'edited'; text: string; kept: boolean }
  /** The text replaced from outside (save, merge, template, discard); null: nothing to edit until `opened`. */
  | { type: 'replaced'; draft: { origin: T['origin']; text: string } | null; kept: boolean; notice?: T['notice'] }
  | { type: 'refused'; refusal: Refusal }
  /** The checks passed: the request (or the preview) goes out. */
  | { type: 'checked' }
  | { type: 'failed'; request: T['request']; error: unknown }
  | { type: 'previewed'; preview: T['preview'] }
  /** Between the text and the preview (tabs); the preview is kept. */
  | { type: 'preview-shown'; shown: boolean }
  | { type: 'preview-closed' }
  /** The user asked to see a line. */
  | { type: 'revealed'; line: number; column: number };

/** Before anything is known: `restored` when the browser held a draft. */
export function initialDraftState<T extends DraftTypes>(stored: { origin: T['origin']; text: string } | null): DraftState<T> {
  return {
    draft: stored,
    revision: 0,
    kept: stored !== null,
    restored: stored !== null,
    refusal: null,
    failure: null,
    preview: null,
    notice: null,
    reveal: null,
  };
}

function revealAt<T extends DraftTypes>(state: DraftState<T>, line: number, column: number, moveCursor: boolean): EditorReveal {
  return { line, column, moveCursor, seq: (state.reveal?.seq ?? 0) + 1 };
}

/** Where a refusal sits in the text (null: nowhere in particular). */
function refusalPosition(refusal: Refusal, text: string): { line: number; column: number } | null {
  switch (refusal.kind) {
    case 'yaml':
      return refusal.problems[0] ?? null;
    case 'unknown-fields':
      return refusal.warning.fields[0] ?? null;
    case 'fields': {
      const line = lineOfFieldPath(text, refusal.problems[0]?.field ?? '');
      return line === null ? null : { line, column: 1 };
    }
    case 'identity':
      return null;
  }
}

export function draftReducer<T extends DraftTypes>(state: DraftState<T>, action: DraftAction<T>): DraftState<T> {
  switch (action.type) {
    case 'opened':
      return { ...state, draft: { origin: action.origin, text: action.text }, kept: action.restored, restored: action.restored };
    case 'edited': {
      if (!state.draft || action.text === state.draft.text) return state;
      // Positions found in the old text no longer hold; a refusal of the whole object (identity) still does.
      const refusal = state.refusal?.kind === 'identity' ? state.refusal : null;
      return { ...state, draft: { ...state.draft, text: action.text }, kept: action.kept, refusal };
    }
    case 'replaced':
      return {
        ...state,
        draft: action.draft,
        revision: state.revision + 1,
        kept: action.kept,
        restored: false,
        refusal: null,
        failure: null,
        preview: null,
        notice: action.notice ?? null,
      };
    case 'refused': {
      const at = state.draft ? refusalPosition(action.refusal, state.draft.text) : null;
      return {
        ...state,
        refusal: action.refusal,
        failure: null,
        preview: state.preview && { ...state.preview, shown: false },
        reveal: at ? revealAt(state, at.line, at.column, false) : state.reveal,
      };
    }
    case 'checked':
      // Unknown fields stay listed until the PUT's answer: they are what "Save anyway" confirms.
      return { ...state, refusal: state.refusal?.kind === 'unknown-fields' ? state.refusal : null, failure: null };
    case 'failed':
      return { ...state, failure: { request: action.request, error: action.error }, preview: state.preview && { ...state.preview, shown: false } };
    case 'previewed':
      return { ...state, preview: { data: action.preview, shown: true, seq: (state.preview?.seq ?? 0) + 1 }, notice: null };
    case 'preview-shown':
      return state.preview ? { ...state, preview: { ...state.preview, shown: action.shown } } : state;
    case 'preview-closed':
      return { ...state, preview: null };
    case 'revealed':
      return { ...state, preview: state.preview && { ...state.preview, shown: false }, reveal: revealAt(state, action.line, action.column, true) };
  }
}

/** The editor's markers: YAML syntax, fields at fault, unknown fields, and the causes of a failed request's Status (or the fields of its decode error). */
export function draftMarkers(text: string, refusal: Refusal | null, failure: { error: unknown } | null): EditorMarker[] {
  const markers: EditorMarker[] = [];
  const atField = (field: string, message: string) => {
    if (lineOfFieldPath(text, field) === null) return;
    const { line, column } = positionOfFieldPath(text, field);
    markers.push({ line, column, message });
  };
  if (refusal?.kind === 'yaml') for (const p of refusal.problems) markers.push({ line: p.line, column: p.column, message: p.message });
  if (refusal?.kind === 'fields') for (const p of refusal.problems) atField(p.field, p.message);
  if (refusal?.kind === 'unknown-fields') {
    for (const f of refusal.warning.fields) markers.push({ line: f.line, column: f.column, message: unknownFieldMessage(refusal.warning, f) });
  }
  const error = failure?.error;
  if (error instanceof KubeApiError) {
    // 1.20.2 repeats a cause once per failing check: one marker each.
    for (const { cause } of countCauses(error.causes)) if (cause.field !== undefined) markers.push(causeMarker(text, cause));
    // A body the server could not decode: the fields its message names.
    if (error.code === 400) for (const cause of decodeErrorCauses(error.message, text)) markers.push(causeMarker(text, cause));
  }
  return markers;
}

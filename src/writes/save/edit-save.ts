// The Save of the edit screen: the checks before anything is sent, then one request made of the unknown-fields
// check (servers before 1.25), the PUT with the base resourceVersion, and after a 409 Conflict your edit merged
// three-way onto the latest object (or the conflicting fields, for the user to resolve).
import type { QueryClient } from '@tanstack/react-query';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import type { Refusal } from '../draft/draft-model';
import { editablePathsChanged, identityError, toYaml } from '../draft/editable-object';
import { unknownFieldsBeforeSave } from './field-validation-guard';
import { droppedFieldNotes, type UnknownFieldsWarning } from './unknown-fields-warning';
import { kindSchemaQueryOptions } from '../../data/kind-schema-query';
import { mergeEdit } from './merge-edit';
import { putEdited } from './put-edited';
import { getLatest } from './save-object';
import { oversizeProblem } from '../draft/request-size';
import { parseEditedYaml } from '../draft/yaml-position';

/** The parsed text when it can be sent as an update of `base`, else why not. */
export function checkEdit(text: string, base: KubeObject): { ok: true; edited: KubeObject } | { ok: false; refusal: Refusal } {
  const parsed = parseEditedYaml(text);
  if (!parsed.ok) return { ok: false, refusal: { kind: 'yaml', problems: parsed.problems } };
  const oversize = oversizeProblem(parsed.object);
  if (oversize) return { ok: false, refusal: { kind: 'yaml', problems: [oversize] } };
  const wrongIdentity = identityError(parsed.object, base);
  if (wrongIdentity) return { ok: false, refusal: { kind: 'identity', message: wrongIdentity } };
  return { ok: true, edited: parsed.object };
}

export interface EditSave {
  context: string;
  apiPath: string;
  /** The object the text is an edit of. */
  base: KubeObject;
  text: string;
  /** The text parsed (checkEdit). */
  edited: KubeObject;
  /** The user chose "Save anyway" for the fields listed before. */
  acceptUnknownFields: boolean;
}

export type EditSaveAnswer =
  /** Not sent: fields this server would drop silently. */
  | { kind: 'unknown-fields'; warning: UnknownFieldsWarning }
  | { kind: 'saved'; object: KubeObject; warnings: string[] }
  /** 409, merged: `text` is your edit on top of `theirs`, to check and save again. */
  | { kind: 'merged'; theirs: KubeObject; text: string; theirChanges: string[] }
  /** 409, both changed the same fields: `text` holds yours there, to resolve against `theirs`. */
  | { kind: 'conflict'; theirs: KubeObject; text: string; conflicts: string[] };

export async function saveEdit(queryClient: QueryClient, save: EditSave): Promise<EditSaveAnswer> {
  const { context, apiPath, base, edited } = save;
  const kind = base.kind ?? '';
  const loadSchema = () => queryClient.fetchQuery(kindSchemaQueryOptions(context, base.apiVersion ?? '', kind));
  const unknown = await unknownFieldsBeforeSave({ queryClient, context, kind, text: save.text, loadSchema });
  if (unknown && !save.acceptUnknownFields) return { kind: 'unknown-fields', warning: unknown };
  try {
    const result = await putEdited(context, apiPath, edited, base);
    return { kind: 'saved', object: result.object, warnings: [...result.warnings, ...(unknown ? droppedFieldNotes(unknown) : [])] };
  } catch (error) {
    if (!(error instanceof KubeApiError) || error.code !== 409) throw error;
    let theirs: KubeObject;
    try {
      theirs = await getLatest(context, apiPath);
    } catch (getError) {
      throw getError instanceof KubeApiError ? getError : error;
    }
    const theirChanges = editablePathsChanged(base, theirs);
    const merge = mergeEdit(base, edited, theirs, theirChanges, (await loadSchema())?.lookup);
    const text = toYaml(merge.merged);
    return merge.kind === 'merged' ? { kind: 'merged', theirs, text, theirChanges: merge.theirChanges } : { kind: 'conflict', theirs, text, conflicts: merge.conflicts };
  }
}

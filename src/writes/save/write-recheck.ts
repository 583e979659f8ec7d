// "Check now" after a write whose outcome is unknown: one GET of the object, compared with what was sent. Never resends.
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { editableObject, editablePathsChanged } from '../draft/editable-object';
import { classifiedChanges } from '../draft/object-diff';
import { getLatest } from './save-object';

/** The write to look for on the server. */
export type WriteTarget =
  /** Save (PUT) or Apply (PATCH): `sent` is the object as the user wanted it, an edit of `base`. */
  | { verb: 'update'; apiPath: string; base: KubeObject; sent: KubeObject }
  /** Create (POST) of `sent` into a collection. */
  | { verb: 'create'; collectionPath: string; sent: KubeObject }
  /** Delete of `object` (its uid tells a new object of the same name apart). */
  | { verb: 'delete'; apiPath: string; object: KubeObject };

export type RecheckKnown = 'done' | 'not-done' | 'changed' | 'unknown';

export interface RecheckResult {
  known: RecheckKnown;
  message: string;
  /** The object found, when one was. */
  found?: KubeObject;
}

/** The GET a re-check makes: the object's path, or null when it cannot be known (a name the server was to generate). */
export function recheckPath(target: WriteTarget): string | null {
  if (target.verb !== 'create') return target.apiPath;
  const name = target.sent.metadata.name;
  return name ? `${target.collectionPath}/${encodeURIComponent(name)}` : null;
}

const overlaps = (a: string, b: string) => a === b || b.startsWith(`${a}.`) || b.startsWith(`${a}[`) || a.startsWith(`${b}.`) || a.startsWith(`${b}[`);
const rvOf = (object: KubeObject) => object.metadata.resourceVersion ?? '';

function updateVerdict(target: Extract<WriteTarget, { verb: 'update' }>, found: KubeObject | null, action: string): RecheckResult {
  if (!found) return { known: 'changed', message: 'Changed since: the object is not on the server any more (404), deleted since by someone. Your draft is kept.' };
  if (rvOf(found) === rvOf(target.base)) {
    return { known: 'not-done', message: `Not done: the object is as it was (resourceVersion ${rvOf(found)}). Your draft is kept; ${action} again.`, found };
  }
  const yours = editablePathsChanged(target.base, target.sent);
  const differing = editablePathsChanged(target.sent, found);
  if (yours.length > 0 && !yours.some((p) => differing.some((d) => overlaps(p, d)))) {
    return { known: 'done', message: `Done: the server has your change (resourceVersion ${rvOf(found)}).`, found };
  }
  return {
    known: 'changed',
    message: `Changed since, by someone else or your write (resourceVersion ${rvOf(found)}, was ${rvOf(target.base)}): review it before you ${action} again. Your draft is kept.`,
    found,
  };
}

function createVerdict(target: Extract<WriteTarget, { verb: 'create' }>, found: KubeObject | null): RecheckResult {
  const name = target.sent.metadata.name ?? '';
  if (!found) return { known: 'not-done', message: `Not done: there is no object named ${name}. Your text is kept; Create again.` };
  const { changed, removed } = classifiedChanges(editableObject(target.sent), editableObject(found));
  if (changed.length === 0 && removed.length === 0) {
    return { known: 'done', message: `Done: ${name} exists as you sent it (resourceVersion ${rvOf(found)}).`, found };
  }
  const fields = [...changed, ...removed].slice(0, 5).join(', ');
  return { known: 'changed', message: `Changed since: an object named ${name} exists but differs from your text (${fields}): someone else's, or yours changed since. Review it.`, found };
}

function deleteVerdict(target: Extract<WriteTarget, { verb: 'delete' }>, found: KubeObject | null): RecheckResult {
  const { uid } = target.object.metadata;
  if (!found) return { known: 'done', message: 'Done: the object is gone (404).' };
  if (uid && found.metadata.uid !== uid) return { known: 'done', message: `Done: the object you deleted is gone; another one of the same name exists now (uid ${found.metadata.uid ?? ''}).`, found };
  if (found.metadata.deletionTimestamp) {
    const listed: unknown = found.metadata.finalizers;
    const finalizers = Array.isArray(listed) ? listed.map(String) : [];
    const waiting = finalizers.length > 0 ? `, waiting for the finalizers ${finalizers.join(', ')}` : '';
    return { known: 'done', message: `Done: the object is marked for deletion (deletionTimestamp ${found.metadata.deletionTimestamp}${waiting}).`, found };
  }
  return { known: 'not-done', message: `Not done: the object is still there, not marked for deletion (resourceVersion ${rvOf(found)}). Delete again if you still want it gone.`, found };
}

/** What the object found by the re-check's GET (null: 404) says about the write; `action` names the button to press again. */
export function recheckVerdict(target: WriteTarget, found: KubeObject | null, action: string): RecheckResult {
  if (target.verb === 'update') return updateVerdict(target, found, action);
  if (target.verb === 'create') return createVerdict(target, found);
  return deleteVerdict(target, found);
}

/** GETs the object and compares; a failed GET leaves the outcome unknown. */
export async function recheckWrite(context: string, target: WriteTarget, action: string, get = getLatest): Promise<RecheckResult> {
  const path = recheckPath(target);
  if (path === null) {
    const prefix = target.verb === 'create' ? (target.sent.metadata.generateName ?? '') : '';
    return {
      known: 'unknown',
      message: `Unknown: the server was to generate the name (generateName ${prefix}), so the object cannot be looked up. Look in the list for a new one named ${prefix}…`,
    };
  }
  let found: KubeObject | null;
  try {
    found = await get(context, path);
  } catch (error) {
    if (!(error instanceof KubeApiError) || error.code !== 404) {
      const why = error instanceof Error ? error.message : String(error);
      return { known: 'unknown', message: `Unknown: the check could not read the object either (${why}). Check again later.` };
    }
    found = null;
  }
  return recheckVerdict(target, found, action);
}

// The Save PUT. A 409 caused only by fields the server owns (controllers writing status bump the
// resourceVersion of a Deployment many times a minute) leaves nothing to merge or confirm: the same edit
// is sent again over the latest resourceVersion. Any other 409 goes to the three-way merge.
import type { KubeObject } from '../../k8s/kube-object';
import { KubeApiError } from '../../k8s/kube-api-error';
import { editablePathsChanged, restoreReadOnly } from '../draft/editable-object';
import { getLatest, putObject, type SaveResult } from './save-object';

const MAX_ATTEMPTS = 3;

/** PUTs `edited` (the parsed text) as an update of `base`; rethrows the 409 when someone changed what the user edits. */
export async function putEdited(context: string, apiPath: string, edited: KubeObject, base: KubeObject): Promise<SaveResult> {
  let current = base;
  for (let attempt = 1; ; attempt++) {
    try {
      return await putObject(context, apiPath, restoreReadOnly(edited, current));
    } catch (error) {
      if (!(error instanceof KubeApiError) || error.code !== 409 || attempt >= MAX_ATTEMPTS) throw error;
      const latest = await getLatest(context, apiPath).catch(() => null);
      if (!latest || editablePathsChanged(current, latest).length > 0) throw error;
      current = latest;
    }
  }
}

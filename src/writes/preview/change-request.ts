// A change to preview with dryRun=All and then apply: the object as the server has it, and as the user wants it.
import type { KubeObject } from '../../k8s/kube-object';
import type { PatchKind } from '../../k8s/patch/patch-request';

export interface ChangeRequest {
  /** Where the PATCH goes: the object's API path, or its /scale subresource. */
  apiPath: string;
  /** The live object (or Scale) the change is based on: its resourceVersion guards the patch. */
  original: KubeObject;
  /** The object as the user wants it. */
  modified: KubeObject;
  /** What the user is doing, in words, e.g. "Scale deployment web to 3". */
  title: string;
  /** The patch type shown first; the user can switch to any other the type supports. */
  patchKind?: PatchKind;
}

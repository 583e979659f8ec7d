// Test-only: what the change of a stop toggle (cordon, suspend) must be, whichever field it flips.
import { expect } from 'vitest';
import type { ChangeRequest } from '../writes/preview/change-request';
import type { KubeObject } from '../k8s/kube-object';
import { buildMergePatch, type JsonObject } from '../k8s/patch';

export interface ExpectedStopChange {
  apiPath: string;
  title: string;
  /** The JSON merge patch it sends, exactly. */
  patch: JsonObject;
  isStopped: (object: KubeObject) => boolean;
  /** true: the change stops the object; false: it restarts it. */
  stop: boolean;
}

/** `change` is a JSON merge patch of `live`, titled, that sends `patch` and leaves the object stopped or running as asked. */
export function expectStopChange(live: KubeObject, change: ChangeRequest, expected: ExpectedStopChange): void {
  expect(change).toMatchObject({ apiPath: expected.apiPath, original: live, patchKind: 'merge', title: expected.title });
  expect(buildMergePatch(live as JsonObject, change.modified as JsonObject)).toEqual(expected.patch);
  expect(expected.isStopped(change.modified)).toBe(expected.stop);
  expect(expected.isStopped(live)).toBe(!expected.stop);
}

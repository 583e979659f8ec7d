// Container images of a pod spec, wherever the kind keeps it, and the change of one image as a strategic merge
// patch (containers merge by name, so the patch names one container and leaves the others alone).
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject, shorten } from './change-target';
import { groupOf, isRecord } from './object-fields';

export type ContainerList = 'containers' | 'initContainers';

export interface ContainerImage {
  list: ContainerList;
  name: string;
  image: string;
}

const TEMPLATE = ['spec', 'template', 'spec'];

/** `group/Kind` -> where the pod spec is. Built-in kinds only: strategic merge needs their merge keys. */
const POD_SPEC_PATHS: Record<string, string[]> = {
  '/Pod': ['spec'],
  '/PodTemplate': ['template', 'spec'],
  '/ReplicationController': TEMPLATE,
  'apps/Deployment': TEMPLATE,
  'apps/StatefulSet': TEMPLATE,
  'apps/DaemonSet': TEMPLATE,
  'apps/ReplicaSet': TEMPLATE,
  'batch/Job': TEMPLATE,
  'batch/CronJob': ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

/** Field path of the object's pod spec, or null when its kind has none. */
export function podSpecPath(object: KubeObject): string[] | null {
  return POD_SPEC_PATHS[`${groupOf(object)}/${object.kind ?? ''}`] ?? null;
}

function podSpecOf(object: KubeObject): Record<string, unknown> | null {
  const path = podSpecPath(object);
  if (!path) return null;
  let node: unknown = object;
  for (const field of path) node = isRecord(node) ? node[field] : undefined;
  return isRecord(node) ? node : null;
}

/** Init containers first, then containers, in spec order. */
export function containerImages(object: KubeObject): ContainerImage[] {
  const spec = podSpecOf(object);
  if (!spec) return [];
  const images: ContainerImage[] = [];
  for (const list of ['initContainers', 'containers'] as const) {
    const containers = spec[list];
    if (!Array.isArray(containers)) continue;
    for (const c of containers) {
      if (isRecord(c) && typeof c.name === 'string') images.push({ list, name: c.name, image: typeof c.image === 'string' ? c.image : '' });
    }
  }
  return images;
}

/** Why the images of this object cannot change, or null when they can. */
export function imagesLockedReason(object: KubeObject): string | null {
  // ValidateJobUpdate: spec.template is immutable.
  if (groupOf(object) === 'batch' && object.kind === 'Job') return "A Job's pod template cannot change after it is created.";
  return null;
}

/** What is wrong with a typed image reference, or null. */
export function imageProblem(image: string): string | null {
  if (image.trim() === '') return 'Enter an image';
  // The apiserver refuses leading/trailing whitespace; inner whitespace cannot be a reference either.
  if (/\s/.test(image)) return 'An image reference cannot contain spaces';
  return null;
}

/** Sets the image of one container; strategic merge patch keyed by the container name. */
export function imageChange(object: KubeObject, apiPath: string, list: ContainerList, containerName: string, image: string): ChangeRequest {
  const modified = copyObject(object);
  const spec = podSpecOf(modified);
  const containers = spec?.[list];
  const container = Array.isArray(containers) ? containers.find((c: unknown) => isRecord(c) && c.name === containerName) : undefined;
  if (!isRecord(container)) throw new Error(`${describeObject(object)} has no ${list === 'initContainers' ? 'init container' : 'container'} ${containerName}`);
  container.image = image;
  const what = list === 'initContainers' ? 'init container' : 'container';
  return {
    apiPath,
    original: object,
    modified,
    title: `Set image of ${what} ${containerName} in ${describeObject(object)} to ${shorten(image, 60)}`,
    patchKind: 'strategic',
  };
}

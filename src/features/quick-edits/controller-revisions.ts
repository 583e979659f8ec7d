// A StatefulSet's or DaemonSet's history from the ControllerRevisions it owns, and undo to one: what `kubectl rollout
// history` reads and `kubectl rollout undo --to-revision` sends (kubectl's StatefulSetRollbacker and
// DaemonSetRollbacker: the revision's data, a strategic merge patch that replaces spec.template).
import type { KubeObject } from '../../k8s/kube-object';
import type { ChangeRequest } from '../../writes/preview/change-request';
import { copyObject, describeObject } from './change-target';
import { isRecord, specOf } from './object-fields';
import { canonical, isControlledBy, templateOf, type UndoPlan } from './rollout-history';

const WITH_REVISIONS = new Set(['StatefulSet', 'DaemonSet']);

export function hasControllerRevisions(object: KubeObject): boolean {
  return WITH_REVISIONS.has(object.kind ?? '') && (object.apiVersion ?? '').startsWith('apps/');
}

export interface ControllerRevisionEntry {
  revision: number;
  name: string;
  /** The pod template the revision holds (its data's spec.template, without the patch directive). */
  template: Record<string, unknown>;
  images: string[];
  created: string | undefined;
}

function revisionTemplate(revision: KubeObject): Record<string, unknown> {
  const data = (revision as { data?: unknown }).data;
  const spec = isRecord(data) && isRecord(data.spec) ? data.spec : {};
  const template = isRecord(spec.template) ? structuredClone(spec.template) : {};
  delete template.$patch;
  return template;
}

function imagesOf(template: Record<string, unknown>): string[] {
  const spec = isRecord(template.spec) ? template.spec : {};
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  return containers.flatMap((c: unknown) => (isRecord(c) && typeof c.image === 'string' ? [c.image] : []));
}

/** The workload's revisions, newest first: the ControllerRevisions whose controller it is. */
export function controllerRevisionsOf(workload: KubeObject, revisions: readonly KubeObject[]): ControllerRevisionEntry[] {
  return revisions
    .filter((r) => isControlledBy(r.metadata.ownerReferences, workload.metadata.uid))
    .map((r) => {
      const template = revisionTemplate(r);
      const revision = (r as { revision?: unknown }).revision;
      return { revision: typeof revision === 'number' ? revision : 0, name: r.metadata.name ?? '', template, images: imagesOf(template), created: r.metadata.creationTimestamp ?? undefined };
    })
    .sort((a, b) => b.revision - a.revision);
}

/** The revision whose template the workload runs now (the newest such, as a rollback makes a copy of an old one). */
export function currentRevision(workload: KubeObject, entries: readonly ControllerRevisionEntry[]): number | null {
  const now = canonical(templateOf(workload));
  return entries.find((e) => canonical(e.template) === now)?.revision ?? null;
}


/** Undo to `entry`: the workload's spec.template becomes the revision's, previewed as the strategic merge patch kubectl sends. */
export function undoToControllerRevision(workload: KubeObject, apiPath: string, entry: ControllerRevisionEntry): UndoPlan {
  if (canonical(entry.template) === canonical(templateOf(workload))) {
    return { change: null, problem: `skipped rollback (current template already matches revision ${entry.revision})` };
  }
  const modified = copyObject(workload);
  modified.spec = { ...specOf(modified), template: structuredClone(entry.template) };
  const change: ChangeRequest = { apiPath, original: workload, modified, title: `Undo ${describeObject(workload)} to revision ${entry.revision}`, patchKind: 'strategic' };
  return { change, problem: null };
}

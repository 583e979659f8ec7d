// core/v1 Event: the parts the UI reads, and how to find the events about one object.
import type { KubeObject } from './kube-object';

/** The parts of a core/v1 Event the events table reads. */
export interface KubeEvent extends KubeObject {
  involvedObject?: { kind?: string; namespace?: string; name?: string; uid?: string; apiVersion?: string; fieldPath?: string };
  type?: string;
  reason?: string;
  message?: string;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  reportingInstance?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
}

/** Collection path of the events: the object's namespace, or every namespace for cluster-scoped objects. */
export function eventsPath(namespace: string | null): string {
  return namespace === null ? '/api/v1/events' : `/api/v1/namespaces/${encodeURIComponent(namespace)}/events`;
}

/** The field selector of the events about one object (the apiserver registers involvedObject.* for events). */
export function involvedObjectSelector(name: string, uid: string): string {
  return `involvedObject.name=${name},involvedObject.uid=${uid}`;
}

/** True when an event is about this object (same name and uid). */
export function isAbout(event: KubeEvent, name: string, uid: string): boolean {
  return event.involvedObject?.name === name && event.involvedObject.uid === uid;
}

/** When the event last happened: lastTimestamp, else series/eventTime (events.k8s.io writers), else creation. */
export function eventTime(event: KubeEvent): string | undefined {
  return event.lastTimestamp ?? event.series?.lastObservedTime ?? event.eventTime ?? event.metadata.creationTimestamp ?? undefined;
}

/** Oldest first, as kubectl describe lists them. */
export function byEventTime(a: KubeEvent, b: KubeEvent): number {
  return Date.parse(eventTime(a) ?? '') - Date.parse(eventTime(b) ?? '') || 0;
}

// events.k8s.io/v1 Events: conversion to and from core/v1 Events (field names as in
// pkg/apis/events/v1 conversion) and the type, printed with the core Event printer like the real server.
import type { ResourceType } from './registry.js';
import { recordedType } from './define.js';
import { eventCells } from '../tables/printers.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** Copies the listed fields (renamed) when present. */
function moveFields(from: JsonObject, to: JsonObject, pairs: [string, string][]): void {
  for (const [a, b] of pairs) if (from[a] !== undefined) to[b] = from[a];
}

const SAME: [string, string][] = ['eventTime', 'series', 'reportingInstance', 'action', 'reason', 'related', 'type'].map((k) => [k, k]);
const RENAMED: [string, string][] = [
  ['involvedObject', 'regarding'],
  ['message', 'note'],
  ['reportingComponent', 'reportingController'],
  ['firstTimestamp', 'deprecatedFirstTimestamp'],
  ['lastTimestamp', 'deprecatedLastTimestamp'],
  ['count', 'deprecatedCount'],
];

/** A core/v1 Event as events.k8s.io/v1. */
export function eventToV1(core: KubeObject): KubeObject {
  const out: KubeObject = { kind: 'Event', apiVersion: 'events.k8s.io/v1', metadata: core.metadata };
  moveFields(core, out, [...SAME, ...RENAMED]);
  // A struct in Go: {} when the core Event names no source.
  out.deprecatedSource = obj(core.source);
  if (out.eventTime === undefined) out.eventTime = null;
  return out;
}

/** An events.k8s.io/v1 Event as core/v1. */
export function eventToCore(v1: KubeObject): KubeObject {
  const out: KubeObject = { kind: 'Event', apiVersion: 'v1', metadata: v1.metadata };
  moveFields(v1, out, [...SAME, ...RENAMED.map(([a, b]): [string, string] => [b, a])]);
  out.involvedObject = obj(v1.regarding);
  out.source = obj(v1.deprecatedSource);
  for (const k of ['firstTimestamp', 'lastTimestamp', 'eventTime']) if (out[k] === undefined) out[k] = null;
  if (out.reportingComponent === undefined) out.reportingComponent = '';
  if (out.reportingInstance === undefined) out.reportingInstance = '';
  return out;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const regarding = (o: KubeObject): JsonObject => obj(o.regarding);

export const eventsV1: ResourceType = recordedType('events.k8s.io/v1', 'events', {
  hasGeneration: false,
  zeroValue: { eventTime: null, regarding: {}, deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null },
  nameRule: 'subdomain',
  cells: (o, now) => eventCells(eventToCore(o), now),
  // AddFieldLabelConversionsForEvent: the events.k8s.io names of the core Event's selectable fields.
  fieldLabels: {
    reason: (o) => str(o.reason),
    'regarding.kind': (o) => str(regarding(o).kind),
    'regarding.namespace': (o) => str(regarding(o).namespace),
    'regarding.name': (o) => str(regarding(o).name),
    'regarding.uid': (o) => str(regarding(o).uid),
    'regarding.apiVersion': (o) => str(regarding(o).apiVersion),
    'regarding.resourceVersion': (o) => str(regarding(o).resourceVersion),
    'regarding.fieldPath': (o) => str(regarding(o).fieldPath),
    reportingController: (o) => str(o.reportingController),
    type: (o) => str(o.type),
  },
});

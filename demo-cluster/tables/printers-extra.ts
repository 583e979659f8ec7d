// Row printers of ReplicationController, PodTemplate, ControllerRevision, ResourceQuota, Lease, PriorityClass, FlowSchema and
// PriorityLevelConfiguration: ports of 1.37's printers.go (descriptions are the types' SwaggerDoc, as there).
import type { TableColumnDefinition } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { AGE_COLUMN, NAME_COLUMN, column } from './columns.js';
import { arr, containerCells, formatLabels, num, obj, str } from './format.js';
import { quantityString } from '../resources/quantity.js';

type Cells = (o: KubeObject, now: number) => unknown[];

const name = (o: KubeObject): string => o.metadata.name ?? '';
const age = (o: KubeObject, now: number): string => ageSince(o.metadata.creationTimestamp, now);
const CONTAINERS = 'Names of each container in the template.';
const IMAGES = 'Images referenced by each container in the template.';

export const podTemplateColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Containers', 'string', CONTAINERS),
  column('Images', 'string', IMAGES),
  column('Pod Labels', 'string', 'The labels for the pod template.'),
];

export const podTemplateCells: Cells = (o) => {
  const template = obj(o.template);
  return [name(o), ...containerCells(template.spec), formatLabels(obj(template.metadata).labels)];
};

export const replicationControllerColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Desired', 'integer', "Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller"),
  column('Current', 'integer', "Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller"),
  column('Ready', 'integer', "The number of ready replicas for this replication controller."),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS, 1),
  column('Images', 'string', IMAGES, 1),
  column('Selector', 'string', "Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors", 1),
];

export const replicationControllerCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const status = obj(o.status);
  return [name(o), num(spec.replicas), num(status.replicas), num(status.readyReplicas), age(o, now), ...containerCells(obj(spec.template).spec), formatLabels(spec.selector)];
};

export const resourceQuotaColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
  column('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
  AGE_COLUMN,
];

/** "resource: used/hard, ..." of status.hard, sorted by name; `limits.*` go to the Limit column. */
export const resourceQuotaCells: Cells = (o, now) => {
  const hard = obj(obj(o.status).hard);
  const used = obj(obj(o.status).used);
  const request: string[] = [];
  const limit: string[] = [];
  for (const resource of Object.keys(hard).sort()) {
    const pieces = resource.split('.');
    const text = `${resource}: ${quantityString(used[resource] ?? '0')}/${quantityString(hard[resource])}`;
    (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(text);
  }
  return [name(o), request.join(', '), limit.join(', '), age(o, now)];
};

export const leaseColumns: TableColumnDefinition[] = [NAME_COLUMN, column('Holder', 'string', "holderIdentity contains the identity of the holder of a current lease. If Coordinated Leader Election is used, the holder identity must be equal to the elected LeaseCandidate.metadata.name field."), AGE_COLUMN];

export const leaseCells: Cells = (o, now) => [name(o), str(obj(o.spec).holderIdentity), age(o, now)];

export const priorityClassColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Value', 'integer', "value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec."),
  column('Global-Default', 'boolean', "globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority."),
  AGE_COLUMN,
  column('PreemptionPolicy', 'string', "preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset."),
];

export const priorityClassCells: Cells = (o, now) => [name(o), num(o.value), o.globalDefault === true, age(o, now), str(o.preemptionPolicy)];

export const flowSchemaColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('PriorityLevel', 'string', "`name` is the name of the priority level configuration being referenced Required."),
  column('MatchingPrecedence', 'string', "`matchingPrecedence` is used to choose among the FlowSchemas that match a given request. The chosen FlowSchema is among those with the numerically lowest (which we take to be logically highest) MatchingPrecedence.  Each MatchingPrecedence value must be ranged in [1,10000]. Note that if the precedence is not specified, it will be set to 1000 as default."),
  column('DistinguisherMethod', 'string', "`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema. `nil` specifies that the distinguisher is disabled and thus will always be the empty string."),
  AGE_COLUMN,
  column('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration'),
];

export const flowSchemaCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const method = obj(spec.distinguisherMethod);
  const dangling = arr(obj(o.status).conditions).map(obj).find((c) => c.type === 'Dangling');
  return [name(o), str(obj(spec.priorityLevelConfiguration).name), num(spec.matchingPrecedence), str(method.type) || '<none>', age(o, now), dangling ? str(dangling.status) : '?'];
};

/** FlowSchemaSequence: matchingPrecedence, then name. */
export function flowSchemaOrder(a: KubeObject, b: KubeObject): number {
  const pa = num(obj(a.spec).matchingPrecedence);
  const pb = num(obj(b.spec).matchingPrecedence);
  if (pa !== pb) return pa - pb;
  return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0;
}

export const priorityLevelColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Type', 'string', "`type` indicates whether this priority level is subject to limitation on request execution.  A value of `\"Exempt\"` means that requests of this priority level are not subject to a limit (and thus are never queued) and do not detract from the capacity made available to other priority levels.  A value of `\"Limited\"` means that (a) requests of this priority level _are_ subject to limits and (b) some of the server's limited capacity is made available exclusively to this priority level. Required."),
  column('NominalConcurrencyShares', 'string', "`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level. This is the number of execution seats available at this priority level. This is used both for requests dispatched from this priority level as well as requests dispatched from other priority levels borrowing seats from this level. The server's concurrency limit (ServerCL) is divided among the Limited priority levels in proportion to their NCS values:\n\nNominalCL(i)  = ceil( ServerCL * NCS(i) / sum_ncs ) sum_ncs = sum[priority level k] NCS(k)\n\nBigger numbers mean a larger nominal concurrency limit, at the expense of every other priority level.\n\nIf not specified, this field defaults to a value of 30.\n\nSetting this field to zero supports the construction of a \"jail\" for this priority level that is used to hold some request(s)"),
  column('Queues', 'string', "`queues` is the number of queues for this priority level. The queues exist independently at each apiserver. The value must be positive.  Setting it to 1 effectively precludes shufflesharding and thus makes the distinguisher method of associated flow schemas irrelevant.  This field has a default value of 64."),
  column('HandSize', 'string', "`handSize` is a small positive number that configures the shuffle sharding of requests into queues.  When enqueuing a request at this priority level the request's flow identifier (a string pair) is hashed and the hash value is used to shuffle the list of queues and deal a hand of the size specified here.  The request is put into one of the shortest queues in that hand. `handSize` must be no larger than `queues`, and should be significantly smaller (so that a few heavy flows do not saturate most of the queues).  See the user-facing documentation for more extensive guidance on setting this field.  This field has a default value of 8."),
  column('QueueLengthLimit', 'string', "`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time; excess requests are rejected.  This value must be positive.  If not specified, it will be defaulted to 50."),
  AGE_COLUMN,
];

export const priorityLevelCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const limited = spec.limited === undefined ? undefined : obj(spec.limited);
  const queuing = limited ? obj(limited.limitResponse).queuing : undefined;
  const q = queuing === undefined ? undefined : obj(queuing);
  const none = '<none>';
  return [
    name(o),
    str(spec.type),
    limited ? num(limited.nominalConcurrencyShares) : none,
    q ? num(q.queues) : none,
    q ? num(q.handSize) : none,
    q ? num(q.queueLengthLimit) : none,
    age(o, now),
  ];
};

export const controllerRevisionColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Controller', 'string', 'Controller of the object'),
  column('Revision', 'string', 'Revision indicates the revision of the state represented by Data.'),
  AGE_COLUMN,
];

/** The controller as formatResourceName prints it: `statefulset.apps/db`, `<none>` without one. */
function controllerName(o: KubeObject): string {
  const ref = (o.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  if (!ref) return '<none>';
  const apiVersion = str(ref.apiVersion);
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = str(ref.kind);
  const groupKind = group === '' ? kind : `${kind}.${group}`;
  return groupKind === '' ? str(ref.name) : `${groupKind.toLowerCase()}/${str(ref.name)}`;
}

export const controllerRevisionCells: Cells = (o, now) => [name(o), controllerName(o), num(o.revision), age(o, now)];

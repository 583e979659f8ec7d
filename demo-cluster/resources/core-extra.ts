// More core v1 types: services, secrets, serviceaccounts, events, nodes.
import type { FieldError } from '../http/errors.js';
import { setField } from './own-fields.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { eventCells, nodeCells, secretCells, serviceAccountCells, serviceCells } from '../tables/printers.js';
import { keepStatus, recordedType } from './define.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

let nextClusterIp = 10;
/** Allocates a ClusterIP from 10.96.0.0/16 (10.96.0.1 is the kubernetes service). */
export function allocateClusterIp(): string {
  nextClusterIp += 37;
  return `10.96.${(nextClusterIp >> 8) & 255}.${(nextClusterIp & 255) || 2}`;
}

export const services: ResourceType = recordedType('v1', 'services', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: { loadBalancer: {} } },
  nameRule: 'label',
  cells: serviceCells,
  defaults(o) {
    const spec = obj(o.spec);
    const type = str(spec.type) || 'ClusterIP';
    o.spec = {
      ...spec,
      ...(Array.isArray(spec.ports)
        ? { ports: spec.ports.map((p) => ({ protocol: 'TCP', ...obj(p), targetPort: obj(p).targetPort ?? obj(p).port })) }
        : {}),
      type,
      sessionAffinity: spec.sessionAffinity ?? 'None',
    };
  },
  prepareForCreate(o) {
    const spec = obj(o.spec);
    if (spec.type !== 'ExternalName' && !spec.clusterIP) {
      const ip = allocateClusterIp();
      o.spec = { ...spec, clusterIP: ip, clusterIPs: [ip] };
    }
    o.status = { loadBalancer: {} };
  },
  prepareForUpdate(o, old) {
    const spec = obj(o.spec);
    const oldSpec = obj(old.spec);
    o.spec = { ...spec, clusterIP: oldSpec.clusterIP, clusterIPs: oldSpec.clusterIPs };
    o.status = old.status;
  },
  validate(o) {
    const errors: FieldError[] = [];
    const spec = obj(o.spec);
    const type = str(spec.type);
    if (!['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'].includes(type)) {
      errors.push({ type: 'FieldValueNotSupported', field: 'spec.type', value: type, detail: 'supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"' });
    }
    const ports = Array.isArray(spec.ports) ? spec.ports : [];
    if (ports.length === 0 && type !== 'ExternalName') errors.push({ type: 'FieldValueRequired', field: 'spec.ports', hasValue: false });
    ports.forEach((p, i) => {
      const port = obj(p).port;
      if (typeof port !== 'number' || port < 1 || port > 65535) {
        errors.push({ type: 'FieldValueInvalid', field: `spec.ports[${i}].port`, value: port ?? 0, detail: 'must be between 1 and 65535, inclusive' });
      }
    });
    return errors;
  },
});

/** ConfigMap/Secret data keys. */
const DATA_KEY = /^[-._a-zA-Z0-9]+$/;

export const secrets: ResourceType = recordedType('v1', 'secrets', {
  hasGeneration: false,
  zeroValue: {},
  nameRule: 'subdomain',
  cells: secretCells,
  fieldLabels: { type: (o) => str(o.type) },
  defaults(o) {
    // stringData is write-only: merged into data (base64) on decode.
    const stringData = obj(o.stringData);
    if (Object.keys(stringData).length > 0) {
      const data = { ...obj(o.data) };
      for (const [k, v] of Object.entries(stringData)) setField(data, k, Buffer.from(String(v)).toString('base64'));
      o.data = data;
    }
    delete o.stringData;
    if (!o.type) o.type = 'Opaque';
  },
  validate(o) {
    const errors: FieldError[] = [];
    for (const key of Object.keys(obj(o.data))) {
      if (!DATA_KEY.test(key)) {
        errors.push({
          type: 'FieldValueInvalid',
          field: `data[${key}]`,
          value: key,
          detail: "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        });
      }
    }
    return errors;
  },
});

export const serviceaccounts: ResourceType = recordedType('v1', 'serviceaccounts', {
  hasGeneration: false,
  zeroValue: {},
  nameRule: 'subdomain',
  cells: serviceAccountCells,
});

const involved = (o: KubeObject): JsonObject => obj(o.involvedObject);

export const events: ResourceType = recordedType('v1', 'events', {
  hasGeneration: false,
  zeroValue: { involvedObject: {}, source: {}, firstTimestamp: null, lastTimestamp: null, eventTime: null, reportingComponent: '', reportingInstance: '' },
  nameRule: 'subdomain',
  cells: eventCells,
  fieldLabels: {
    'involvedObject.kind': (o) => str(involved(o).kind),
    'involvedObject.namespace': (o) => str(involved(o).namespace),
    'involvedObject.name': (o) => str(involved(o).name),
    'involvedObject.uid': (o) => str(involved(o).uid),
    'involvedObject.apiVersion': (o) => str(involved(o).apiVersion),
    'involvedObject.resourceVersion': (o) => str(involved(o).resourceVersion),
    'involvedObject.fieldPath': (o) => str(involved(o).fieldPath),
    reason: (o) => str(o.reason),
    reportingComponent: (o) => str(o.reportingComponent),
    // ToSelectableFields: source.component, else the reporting controller.
    source: (o) => str(obj(o.source).component) || str(o.reportingComponent),
    type: (o) => str(o.type),
  },
});

export const nodes: ResourceType = recordedType('v1', 'nodes', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: { daemonEndpoints: { kubeletEndpoint: { Port: 0 } }, nodeInfo: {} } },
  nameRule: 'subdomain',
  cells: nodeCells,
  fieldLabels: { 'spec.unschedulable': (o) => String(obj(o.spec).unschedulable === true) },
  prepareForUpdate: keepStatus,
});

// The answer of a resource endpoint in the representation the client negotiated: the object or list
// (JSON, YAML or protobuf), a Table, or PartialObjectMetadata (JSON or protobuf).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeNotAcceptable } from '../http/errors.js';
import type { ApiError } from '../http/errors.js';
import { RESOURCE_MEDIA_TYPES, negotiateResource, restfulAcceptable } from '../http/negotiate.js';
import type { Representation } from '../http/negotiate.js';
import { includeObjectParam } from '../http/request-options.js';
import { sendJsonText, sendObject } from '../http/respond.js';
import type { IncomingMessage as Request } from 'node:http';
import { hasProtobuf } from '../protobuf/encode.js';
import { apiVersionOf } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { buildTable, tableJson } from '../tables/table.js';

/** The 406 of a resource route for this Accept header (go-restful's own, naming what the route produces, or the negotiation's list). */
export function notAcceptableFor(accept: string | undefined, produces: string[] = RESOURCE_MEDIA_TYPES): ApiError {
  return routeNotAcceptable(restfulAcceptable(accept), RESOURCE_MEDIA_TYPES, produces);
}

/** Whether a type's objects have a protobuf form: built-in types do, custom resources do not. */
export function protobufFor(t: ResourceType): boolean {
  return t.unstructured !== true && hasProtobuf(apiVersionOf(t), t.kind);
}

/** The representation the request's Accept header asks for of type `t`; 406 when none is served. */
export function negotiated(req: Request, t: ResourceType, allowTable: boolean, produces: string[] = RESOURCE_MEDIA_TYPES): Representation {
  const rep = negotiateResource(req.headers.accept, allowTable, protobufFor(t));
  if (!rep) throw notAcceptableFor(req.headers.accept, produces);
  return rep;
}

/** A page of a list as the list endpoint answers it. */
export interface ListAnswer {
  items: KubeObject[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

/** Strips kind/apiVersion from list items, as built-in list serialization does. */
function listItem(obj: KubeObject): KubeObject {
  const { kind: _k, apiVersion: _a, ...rest } = obj;
  return rest as KubeObject;
}

/** Sends one object (single) or a list in the negotiated representation. */
export function sendRepresentation(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  code: number,
  t: ResourceType,
  rep: Representation,
  single: KubeObject | undefined,
  list: ListAnswer | undefined,
): void {
  if (rep.kind === 'table') {
    const objects = single ? [single] : (list?.items ?? []);
    const meta = single
      ? { resourceVersion: single.metadata.resourceVersion ?? '' }
      : {
          resourceVersion: list?.resourceVersion ?? '',
          ...(list?.continue !== undefined ? { continue: list.continue } : {}),
          ...(list?.remainingItemCount !== undefined ? { remainingItemCount: list.remainingItemCount } : {}),
        };
    const table = buildTable(t, objects, meta, {
      includeObject: includeObjectParam(query),
      apiVersion: `meta.k8s.io/${rep.version}`,
      withColumns: true,
    });
    sendJsonText(req, res, code, tableJson(table), table, query);
    return;
  }
  if (rep.kind === 'partial') {
    const apiVersion = `meta.k8s.io/${rep.version}`;
    const format = rep.protobuf ? 'protobuf' : 'json';
    const partial = (o: KubeObject): unknown => ({ kind: 'PartialObjectMetadata', apiVersion, metadata: o.metadata });
    if (single) sendObject(req, res, code, partial(single), format, query);
    else sendObject(req, res, code, { kind: 'PartialObjectMetadataList', apiVersion, metadata: listMeta(list), items: (list?.items ?? []).map(partial) }, format, query);
    return;
  }
  const format = rep.kind;
  if (single) sendObject(req, res, code, single, format, query);
  else sendObject(req, res, code, { kind: `${t.kind}List`, apiVersion: apiVersionOf(t), metadata: listMeta(list), items: (list?.items ?? []).map(listItem) }, format, query);
}

function listMeta(list: ListAnswer | undefined): Record<string, unknown> {
  const meta: Record<string, unknown> = { resourceVersion: list?.resourceVersion ?? '' };
  if (list?.continue !== undefined) meta.continue = list.continue;
  if (list?.remainingItemCount !== undefined) meta.remainingItemCount = list.remainingItemCount;
  return meta;
}

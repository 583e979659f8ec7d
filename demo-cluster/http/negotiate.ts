// Accept header negotiation (apiserver pkg/endpoints/handlers/negotiation): clauses are tried in order.
import { setField } from '../resources/own-fields.js';

export interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
}

/** Parses an Accept header into media ranges, keeping their order (q-values are ignored upstream too). */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (header === undefined || header.trim() === '') return [];
  const out: MediaRange[] = [];
  for (const clause of header.split(',')) {
    const [mime = '', ...rawParams] = clause.split(';');
    const [type = '', subtype = ''] = mime.trim().toLowerCase().split('/');
    if (type === '') continue;
    const params: Record<string, string> = {};
    for (const p of rawParams) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      setField(params, p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim().replace(/^"|"$/g, ''));
    }
    out.push({ type, subtype, params });
  }
  return out;
}

/** What a resource GET may answer with. */
export type Representation =
  | { kind: 'json' }
  | { kind: 'yaml' }
  | { kind: 'protobuf' }
  | { kind: 'table'; version: 'v1' | 'v1beta1' }
  | { kind: 'partial'; version: 'v1' | 'v1beta1'; protobuf?: true };

export const PROTOBUF = 'application/vnd.kubernetes.protobuf';

function isJsonLike(m: MediaRange): 'json' | 'yaml' | undefined {
  if ((m.type === 'application' || m.type === '*') && (m.subtype === 'json' || m.subtype === '*')) return 'json';
  if (m.type === '*' && m.subtype === '*') return 'json';
  if (m.type === 'application' && m.subtype === 'yaml') return 'yaml';
  return undefined;
}

function isProtobuf(m: MediaRange): boolean {
  return m.type === 'application' && m.subtype === 'vnd.kubernetes.protobuf';
}

/**
 * Picks the first Accept clause the endpoint can serve. `allowTransform` enables Table and
 * PartialObjectMetadata (GET/LIST/WATCH only); `protobuf` whether the type has a protobuf form (built-in
 * types; not custom resources). PartialObjectMetadata has one for every type; a Table none. Undefined = 406.
 */
export function negotiateResource(header: string | undefined, allowTransform: boolean, protobuf = false): Representation | undefined {
  const ranges = parseAccept(header);
  if (ranges.length === 0) return { kind: 'json' };
  for (const m of ranges) {
    const proto = isProtobuf(m);
    const base = proto ? 'protobuf' : isJsonLike(m);
    if (base === undefined) continue;
    const as = m.params.as;
    if (as === undefined) {
      if (m.params.g !== undefined || m.params.v !== undefined) continue;
      if (base === 'protobuf' && !protobuf) continue;
      return { kind: base };
    }
    if (!allowTransform || base === 'yaml' || m.params.g !== 'meta.k8s.io') continue;
    const version = m.params.v;
    if (version !== 'v1' && version !== 'v1beta1') continue;
    if (as === 'Table' && !proto) return { kind: 'table', version };
    if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') return proto ? { kind: 'partial', version, protobuf: true } : { kind: 'partial', version };
  }
  return undefined;
}

/** Whether an answer (a Status, discovery) to this Accept header is protobuf: its first clause served is. */
export function prefersProtobuf(header: string | undefined): boolean {
  return negotiateResource(header, false, true)?.kind === 'protobuf';
}

/** Negotiation for discovery documents: JSON or protobuf; `as=`/`g=` clauses (aggregated discovery) are skipped. */
export function negotiateDiscovery(header: string | undefined): 'json' | 'protobuf' | undefined {
  const ranges = parseAccept(header);
  if (ranges.length === 0) return 'json';
  for (const m of ranges) {
    const kind = isProtobuf(m) ? 'protobuf' : isJsonLike(m);
    if (kind !== 'json' && kind !== 'protobuf') continue;
    if (m.params.as !== undefined || m.params.g !== undefined || m.params.v !== undefined) continue;
    return kind;
  }
  return undefined;
}

/** Media types a resource endpoint lists in its 406 (and the Produces of its routes but list and log). */
export const RESOURCE_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/** The Produces of a collection's GET route (list and watch): the object types, then their watch streams. */
export const LIST_MEDIA_TYPES = [...RESOURCE_MEDIA_TYPES, 'application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];

/** The Produces of pods/log. */
export const LOG_MEDIA_TYPES = ['text/plain', ...RESOURCE_MEDIA_TYPES];

/** The Produces of /version. */
export const VERSION_MEDIA_TYPES = ['application/json'];

/**
 * go-restful's route match on Accept: some clause's bare media type (parameters ignored) is one the
 * route produces, or `*\/*`; an empty header matches. When false the answer is go-restful's own 406.
 */
export function restfulAcceptable(header: string | undefined, produces: string[] = RESOURCE_MEDIA_TYPES): boolean {
  if (header === undefined || header.trim() === '') return true;
  const matched = new Set([...produces, '*/*']);
  return header.split(',').some((clause) => matched.has((clause.split(';')[0] ?? '').trim().toLowerCase()));
}

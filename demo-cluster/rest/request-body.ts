// Request bodies of resource endpoints: JSON, YAML or kubectl's protobuf for writes (up to the
// apiserver's 3 MiB), and PATCH bodies, decoded by their Content-Type.
import type { IncomingMessage } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { duplicateYamlKeys } from '../validation/yaml-duplicates.js';
import { ApiError, badRequest, failure, unsupportedMediaType } from '../http/errors.js';
import { RESOURCE_MEDIA_TYPES } from '../http/negotiate.js';
import { decodeKubernetesProtobuf } from '../protobuf/decode.js';
import { parseJsonBody } from '../validation/duplicate-fields.js';

/** The longest body the apiserver decodes (3 MiB). */
const MAX_BODY = 3 * 1024 * 1024;

/** Reads and decodes a JSON or YAML request body; 415 for other media types. */
export async function readBody(req: IncomingMessage, accepted: string[] = RESOURCE_MEDIA_TYPES): Promise<unknown> {
  return decodeBody(await readRaw(req), req.headers['content-type'], accepted);
}

/** Reads a request body up to the apiserver's limit. */
async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new ApiError(failure(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${MAX_BODY}`));
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function decodeBody(raw: Buffer, contentTypeHeader: string | undefined, accepted: string[]): unknown {
  const contentType = (contentTypeHeader ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType === 'application/vnd.kubernetes.protobuf' && raw.length > 0) return decodeKubernetesProtobuf(raw);
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  if (contentType === 'application/json' || contentType === '') {
    try {
      return parseJsonBody(text);
    } catch (e) {
      throw badRequest(`json: ${(e as Error).message}`);
    }
  }
  if (contentType === 'application/yaml') {
    try {
      return parseYaml(text) as unknown;
    } catch (e) {
      throw badRequest(`yaml: ${(e as Error).message}`);
    }
  }
  throw unsupportedMediaType(accepted);
}

/** The PATCH Content-Types the apiserver knows. */
const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

export interface PatchBody {
  contentType: string;
  /** Decoded JSON (YAML for apply: a repeated key's last value wins, as the non-strict decoder reads it). */
  patch: unknown;
  /** Apply bodies: the keys a mapping repeats, as the strict decoder words them. */
  duplicateKeys?: string[];
}

/**
 * Reads a PATCH body: 415 for a Content-Type that is no patch type (a bare Status) or one the type does
 * not take (custom resources: the Status lists what it takes), 400 when the body does not decode.
 */
export async function readPatch(req: IncomingMessage, options: { accepted?: string[]; whenEmpty?: string } = {}): Promise<PatchBody> {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PATCH_TYPES.includes(contentType)) throw new ApiError(failure(415, 'UnsupportedMediaType', '415: Unsupported Media Type', {}));
  if (options.accepted && !options.accepted.includes(contentType)) throw unsupportedMediaType(options.accepted);
  const raw = (await readRaw(req)).toString('utf8') || (options.whenEmpty ?? '');
  try {
    if (contentType !== 'application/apply-patch+yaml') return { contentType, patch: JSON.parse(raw) as unknown };
    return { contentType, patch: parseYaml(raw, { uniqueKeys: false }) as unknown, duplicateKeys: duplicateYamlKeys(raw) };
  } catch (e) {
    throw badRequest(`error decoding patch: ${(e as Error).message}`);
  }
}

// The body as typed (YAML, or JSON which is YAML too) turned into what the content type sends.
import { parseDocument } from 'yaml';
import { readYaml } from '../../../k8s/yaml-read';
import { CONTENT_TYPES, type ContentTypeChoice } from './request-url';

export interface BodyProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export type PreparedBody = { ok: true; text: string } | { ok: false; problems: BodyProblem[] };

const YAML_TYPES: readonly ContentTypeChoice[] = ['yaml', 'apply'];

/**
 * YAML content types send the text unchanged; JSON ones send the parsed text as JSON, so a body typed as YAML in
 * the editor still goes out as the JSON the server asked for. A JSON patch must be a list, the others an object.
 */
export function prepareBody(text: string, contentType: ContentTypeChoice): PreparedBody {
  if (text.trim() === '') return { ok: false, problems: [{ line: 1, column: 1, message: `A ${CONTENT_TYPES[contentType]} body is needed.` }] };
  // YAML 1.1 as kubectl reads it (yes/no stay strings only when quoted).
  const read = readYaml(text);
  if (!read.ok) return read;
  const value = read.value;
  const wantsList = contentType === 'json-patch';
  if (wantsList !== Array.isArray(value) || typeof value !== 'object' || value === null) {
    const message = wantsList
      ? 'A JSON patch is a list of operations, e.g. [{"op": "replace", "path": "/spec/replicas", "value": 2}].'
      : 'The body must be one object (a mapping with apiVersion, kind and metadata, or the fields to patch).';
    return { ok: false, problems: [{ line: 1, column: 1, message }] };
  }
  return { ok: true, text: YAML_TYPES.includes(contentType) ? text : JSON.stringify(value) };
}

/** apiVersion and kind named in the body (for the editor's schema); null when it names none. */
export function bodyKind(text: string): { apiVersion: string; kind: string } | null {
  const doc = parseDocument(text, { version: '1.1', prettyErrors: false, uniqueKeys: false });
  let value: unknown = null;
  try {
    value = doc.errors.length ? null : doc.toJS({ maxAliasCount: 100 });
  } catch {
    // An alias bomb names no kind worth a schema; prepareBody says what is wrong.
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { apiVersion, kind } = value as { apiVersion?: unknown; kind?: unknown };
  return typeof apiVersion === 'string' && typeof kind === 'string' && apiVersion && kind ? { apiVersion, kind } : null;
}

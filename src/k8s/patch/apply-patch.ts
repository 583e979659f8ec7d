// Server-side apply body: the fields the user means to own. Sending read-only fields would make the
// apiserver reject (managedFields must be nil in apply) or claim them; resourceVersion would add a precondition.
import { isJsonObject, type JsonObject } from './json.js';
import { stripReadOnly } from './read-only.js';

/** The apply configuration for `modified`: apiVersion/kind/metadata.name/namespace kept, read-only fields stripped. */
export function buildApplyPatch(modified: JsonObject): JsonObject {
  const out = stripReadOnly(modified);
  const meta = isJsonObject(out.metadata) ? out.metadata : {};
  if (typeof out.apiVersion !== 'string' || typeof out.kind !== 'string' || typeof meta.name !== 'string') {
    throw new Error('an apply patch needs apiVersion, kind and metadata.name');
  }
  // Order the identifying fields first: the body is what the preview shows.
  const { apiVersion, kind, metadata: _metadata, ...rest } = out;
  return { apiVersion, kind, metadata: meta, ...rest };
}

// GET /-/contexts: the contexts the kubeglass server can reach (names only, never credentials).
import type { ContextList } from '../../wire/contexts';
import { fetchJson } from './api-client';

const CONTEXTS_PATH = '/-/contexts';

/** Lists the server's contexts and its default one. */
export async function fetchContexts(signal?: AbortSignal): Promise<ContextList> {
  const { body } = await fetchJson<ContextList>(CONTEXTS_PATH, { signal });
  const list: ContextList = { contexts: Array.isArray(body?.contexts) ? body.contexts : [], default: body?.default ?? 'demo' };
  if (typeof body?.accessTokenRequired === 'boolean') list.accessTokenRequired = body.accessTokenRequired;
  if (body?.auth === 'token' || body?.auth === 'oidc' || body?.auth === 'proxy') list.auth = body.auth;
  if (typeof body?.signedInAs === 'string') list.signedInAs = body.signedInAs;
  if (typeof body?.sessionExpiresAt === 'number') list.sessionExpiresAt = body.sessionExpiresAt;
  return list;
}

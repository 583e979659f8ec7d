// Decodes a failed discovery response into Status fields. Not every error body is a Status: the aggregator
// answers an unavailable APIService with text/plain "service unavailable" (kube-aggregator proxyError).
import { isRecord, readString } from './json-read';
import type { DiscoveryStatus } from './types';
import { reasonForHttpCode } from '../kube-api-error';

const MAX_MESSAGE_CHARS = 500;

/** Status code/reason/message of a non-2xx response: from its Status body when it has one, else from the HTTP code and text. */
export async function statusFromResponse(res: Response): Promise<DiscoveryStatus> {
  const text = await res.text().catch(() => '');
  const parsed = tryParseJson(text);
  const fallbackReason = reasonForHttpCode(res.status);
  if (isRecord(parsed) && parsed.kind === 'Status') {
    return {
      code: typeof parsed.code === 'number' ? parsed.code : res.status,
      reason: readString(parsed, 'reason') || fallbackReason,
      message: readString(parsed, 'message') || res.statusText,
    };
  }
  const trimmed = text.trim();
  return {
    code: res.status,
    reason: fallbackReason,
    message: (trimmed.length > MAX_MESSAGE_CHARS ? `${trimmed.slice(0, MAX_MESSAGE_CHARS)}…` : trimmed) || res.statusText,
  };
}

/** Status fields for a request that got no response at all (code 0). */
export function statusFromNetworkError(error: unknown): DiscoveryStatus {
  return { code: 0, reason: 'NetworkError', message: error instanceof Error ? error.message : String(error) };
}

/** True for the rejection of an aborted fetch, which callers must see unchanged (query cancellation). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The parsed JSON, or undefined when the text is not JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// Reading what came back with a failed response: Retry-After, header lists, text and HTML bodies.

const MAX_MESSAGE_CHARS = 500;

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Response headers as received (name, value) pairs; fetch joins repeated headers with ", ". */
export function headerPairs(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

export function isHtmlBody(body: string, contentType: string | null): boolean {
  return (contentType ?? '').includes('html') || /^\s*<(!doctype|html)/i.test(body);
}

/** A one-line message from a non-Status body: an HTML page's title (or its text), else the text itself. */
export function messageFromText(body: string, contentType: string | null): string {
  if (isHtmlBody(body, contentType)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
    const text = (title ?? body.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ''))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return truncate(text);
  }
  return truncate(body.trim());
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

export function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

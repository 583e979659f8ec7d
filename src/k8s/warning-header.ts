// RFC 7234 Warning headers as sent by the apiserver: `299 - "text"` (optionally followed by a quoted date).

/**
 * Parses a (possibly comma-joined) Warning header into the texts of its 299 warnings.
 * Kubernetes only emits code 299 with agent "-" (k8s.io/apiserver/pkg/warning); like client-go we
 * keep 299 only and skip malformed entries rather than fail the request.
 */
export function parseWarningHeader(header: string | null | undefined): string[] {
  if (!header) return [];
  const warnings: string[] = [];
  let i = 0;
  const n = header.length;
  const skipSpaces = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const readToken = (): string => {
    const start = i;
    while (i < n && header[i] !== ' ' && header[i] !== ',' && header[i] !== '\t') i++;
    return header.slice(start, i);
  };
  const readQuoted = (): string | null => {
    if (header[i] !== '"') return null;
    i++;
    let text = '';
    while (i < n && header[i] !== '"') {
      if (header[i] === '\\' && i + 1 < n) i++;
      text += header[i];
      i++;
    }
    if (i >= n) return null;
    i++;
    return text;
  };
  const skipToNextEntry = () => {
    let inQuote = false;
    while (i < n) {
      const c = header[i];
      if (inQuote && c === '\\') i++;
      else if (c === '"') inQuote = !inQuote;
      else if (c === ',' && !inQuote) break;
      i++;
    }
    i++;
  };

  while (i < n) {
    skipSpaces();
    if (i >= n) break;
    const code = readToken();
    skipSpaces();
    readToken();
    skipSpaces();
    const text = readQuoted();
    if (text === null || !/^\d{3}$/.test(code)) {
      skipToNextEntry();
      continue;
    }
    if (code === '299') warnings.push(text);
    skipToNextEntry();
  }
  return warnings;
}

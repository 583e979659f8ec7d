// The CSP sources ('sha256-...') of index.html's inline scripts (the boot script vite.config.ts inlines), so the
// page runs exactly those and script-src never needs 'unsafe-inline'.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** The text of every attribute-less <script> element, verbatim. */
export function inlineScriptTexts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

/** Hash sources of every attribute-less <script> element's text, as the browser hashes it (UTF-8, verbatim). */
export function inlineScriptSources(html: string): string[] {
  return inlineScriptTexts(html).map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

const cache = new Map<string, { stamp: string; sources: string[] }>();

/** inlineScriptSources of a file, read again only when its size or mtime changes (a rebuild under a running server). */
export function inlineScriptSourcesOf(file: string): string[] {
  const stats = statSync(file);
  const stamp = `${stats.size}:${stats.mtimeMs}`;
  const cached = cache.get(file);
  if (cached?.stamp === stamp) return cached.sources;
  const sources = inlineScriptSources(readFileSync(file, 'utf8'));
  cache.set(file, { stamp, sources });
  return sources;
}

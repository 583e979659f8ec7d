// House style (docs/architecture.md): nothing on screen moves on its own. A running CSS animation has the compositor
// draw every vsync, CPU taken from a list's pages on two cores (spinners and pulsing dots while a 50k list loaded).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the app', () => {
  it('uses no running CSS animation (Tailwind animate-*, @keyframes)', () => {
    const found = sources(join(process.cwd(), 'src')).filter((path) => /\banimate-(spin|pulse|ping|bounce)\b|@keyframes/.test(readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});

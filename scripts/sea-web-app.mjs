// The single executable carries the built web app as SEA assets (web/<path>, listed by web/manifest.json); the
// server serves files from a folder, so they are unpacked once per build into the user's cache, by content digest.
import { getAsset } from 'node:sea';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const MANIFEST_ASSET = 'web/manifest.json';
const COMPLETE = '.complete';

/** The folder holding this executable's web app, unpacked now unless an earlier start did. */
export function unpackWebApp() {
  /** @type {{ digest: string, files: string[] }} */
  const manifest = JSON.parse(getAsset(MANIFEST_ASSET, 'utf8'));
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kubeglass');
  const target = join(cache, `web-${manifest.digest}`);
  if (existsSync(join(target, COMPLETE))) return target;
  try {
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(`${target}.tmp-`);
    writeFiles(staging, manifest.files);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another start unpacked the same build meanwhile: theirs serves.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(target, COMPLETE))) throw error;
    }
    return target;
  } catch {
    // No writable cache (a read-only home): a private folder of this run.
    const own = mkdtempSync(join(tmpdir(), 'kubeglass-web-'));
    writeFiles(own, manifest.files);
    return own;
  }
}

function writeFiles(root, files) {
  for (const file of files) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, new Uint8Array(getAsset(`web/${file}`)));
  }
  writeFileSync(join(root, COMPLETE), '');
}

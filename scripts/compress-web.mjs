// Precompresses the built SPA (dist/web) as .br and .gz beside each file, so the server sends compressed
// bytes without compressing per request (the initial JS+CSS is ~650 KB raw, under 200 KB compressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.ttf', '.txt', '.wasm']);
// Below this, headers outweigh the gain.
const MIN_BYTES = 1024;
// Brotli's best quality costs ~3 s per MiB: the big lazy chunks (Monaco) take quality 9 (1% larger, 20x faster).
const BEST_QUALITY_MAX_BYTES = 1024 * 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

const started = Date.now();
let raw = 0;
let brotli = 0;
for (const file of files(ROOT)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: data.length <= BEST_QUALITY_MAX_BYTES ? 11 : 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  brotli += br.length;
}
console.log(`compress-web: ${(raw / 1024).toFixed(0)} KiB -> ${(brotli / 1024).toFixed(0)} KiB brotli in ${Date.now() - started} ms`);

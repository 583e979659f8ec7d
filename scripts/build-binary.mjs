// npm run build:binary: one executable for Linux x64 with Node's single executable applications. The compiled server
// and demo cluster are bundled into one CommonJS file (rolldown), the built web app rides along as SEA assets, and
// postject writes the blob into a copy of this node. Also an archive for krew (kubectl-kubeglass inside) and its
// manifest, rendered from deploy/krew/kubeglass.yaml. Run after `npm run build`; everything lands in dist/binary.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'rolldown';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'binary');
const WEB = join(ROOT, 'dist', 'web');
// The fuse Node's SEA support looks for (fixed across Node releases).
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`build-binary: builds the Linux x64 executable from this node; this is ${process.platform} ${process.arch}`);
  process.exit(1);
}
for (const built of [join(ROOT, 'dist', 'node', 'server', 'cli.js'), join(WEB, 'index.html')]) {
  if (!existsSync(built)) {
    console.error(`build-binary: ${relative(ROOT, built)} is missing: run \`npm run build\` first (npm run build:binary does)`);
    process.exit(1);
  }
}
const started = Date.now();
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// Optional native helpers that ws and node-fetch try to require: left out, they are not found, as when not installed
// (a require of them would reach for the disk, which the executable's require cannot).
const ABSENT = ['bufferutil', 'utf-8-validate', 'encoding'];
const absentModules = {
  name: 'absent-optional-modules',
  resolveId: (id) => (ABSENT.includes(id) ? `\0absent:${id}` : null),
  load: (id) => (id.startsWith('\0absent:') ? `throw new Error(${JSON.stringify(`${id.slice('\0absent:'.length)} is not bundled`)});` : null),
};
const main = join(OUT, 'kubeglass.cjs');
await build({
  input: join(ROOT, 'scripts', 'sea-entry.mjs'),
  platform: 'node',
  logLevel: 'warn',
  plugins: [absentModules],
  transform: { define: { KUBEGLASS_VERSION: JSON.stringify(version) } },
  output: { file: main, format: 'cjs', codeSplitting: false },
});

/** Every file of the web app, as paths relative to dist/web with forward slashes. */
function webFiles(dir = WEB) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? webFiles(join(dir, entry.name)) : [relative(WEB, join(dir, entry.name)).split('\\').join('/')],
  );
}
const files = webFiles().sort();
const digest = createHash('sha256');
for (const file of files) digest.update(file).update('\0').update(readFileSync(join(WEB, file)));
const manifest = join(OUT, 'web-manifest.json');
writeFileSync(manifest, JSON.stringify({ digest: digest.digest('hex').slice(0, 16), files }));

const blob = join(OUT, 'kubeglass.blob');
const seaConfig = join(OUT, 'sea-config.json');
const assets = { 'web/manifest.json': manifest, ...Object.fromEntries(files.map((file) => [`web/${file}`, join(WEB, file)])) };
writeFileSync(seaConfig, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { stdio: ['ignore', 'ignore', 'inherit'] });

const binary = join(OUT, 'kubeglass');
copyFileSync(process.execPath, binary);
chmodSync(binary, 0o755);
// postject's ELF reader warns about section names it does not know: its output is shown only when it fails.
const postjectCli = join(ROOT, 'node_modules', 'postject', 'dist', 'cli.js');
try {
  execFileSync(process.execPath, [postjectCli, binary, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SENTINEL_FUSE], { stdio: 'pipe' });
} catch (error) {
  console.error(`build-binary: postject failed\n${error.stdout}${error.stderr}`);
  process.exit(1);
}

// krew: an archive holding the plugin's executable, and the manifest naming its digest.
const archiveDir = join(OUT, 'krew');
mkdirSync(archiveDir);
copyFileSync(binary, join(archiveDir, 'kubectl-kubeglass'));
chmodSync(join(archiveDir, 'kubectl-kubeglass'), 0o755);
const archive = join(OUT, 'kubeglass-linux-x64.tar.gz');
execFileSync('tar', ['-czf', archive, '-C', archiveDir, 'kubectl-kubeglass']);
rmSync(archiveDir, { recursive: true });
const sha256 = createHash('sha256').update(readFileSync(archive)).digest('hex');
// Where the release will serve the archive; by default this build's file, for `kubectl krew install --manifest --archive`.
const uri = process.env.KUBEGLASS_RELEASE_URL ? `${process.env.KUBEGLASS_RELEASE_URL.replace(/\/+$/, '')}/kubeglass-linux-x64.tar.gz` : `file://${archive}`;
const template = readFileSync(join(ROOT, 'deploy', 'krew', 'kubeglass.yaml'), 'utf8');
writeFileSync(join(OUT, 'kubeglass.krew.yaml'), template.replaceAll('${VERSION}', version).replaceAll('${ARCHIVE_URI}', uri).replaceAll('${ARCHIVE_SHA256}', sha256));
rmSync(blob);

const mib = (path) => (statSync(path).size / 1024 / 1024).toFixed(1);
console.log(`build-binary: dist/binary/kubeglass (${mib(binary)} MiB, ${files.length} web files), kubeglass-linux-x64.tar.gz (${mib(archive)} MiB), kubeglass.krew.yaml in ${((Date.now() - started) / 1000).toFixed(1)} s`);

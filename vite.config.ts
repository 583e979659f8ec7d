import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In dev, the kubeglass server (port 7070) serves /k8s, /-/contexts and the /-/ws watch socket. It checks
// Host and Origin, so the dev proxy presents itself as the server's own origin.
const backend = process.env.KUBEGLASS_BACKEND ?? 'http://127.0.0.1:7070';
const asBackend = { changeOrigin: true, headers: { origin: backend } };

// monaco-yaml's worker (through monaco-worker-manager) imports `monaco-editor/esm/vs/...`, a path from before
// monaco-editor 0.5x's exports map, which now maps `monaco-editor/*` to `esm/vs/*`: point the old form at the files.
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

const PRELOAD_ENTRY = fileURLToPath(new URL('./src/app/boot/preload-list.js', import.meta.url));
const BOOT_ENTRY = fileURLToPath(new URL('./src/app/boot/prerender-entry.ts', import.meta.url));
const BOOT_MARKER = '<!-- boot script -->';

/** One boot entry bundled alone (no React), minified, as one classic script. */
async function classicScript(entry: string, name: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: { write: false, minify: true, emptyOutDir: false, lib: { entry, formats: ['iife'], name } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const code = chunks.find((chunk) => chunk.type === 'chunk')?.code;
  if (!code) throw new Error(`${entry} built to nothing`);
  // A "</script" inside the code would end the element early; the bundle never holds one, checked here.
  if (/<\/script/i.test(code)) throw new Error(`${entry} contains </script`);
  return `<script>${code.trim()}</script>`;
}

/**
 * Inlines the boot scripts in index.html's head, where the browser runs them before any other request is made: the
 * list's first page leaves with the document, not after a script fetch. The preload (preload-list.js) is a script
 * of its own, first: its request no longer waits for the pre-render's code to compile (~5-15 ms of a cold tab, seen
 * in traces). The server allows both by their hashes (static.ts).
 */
function inlineBootScript(): Plugin {
  let scripts: Promise<string> | undefined;
  return {
    name: 'kubeglass-inline-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => {
        if (!html.includes(BOOT_MARKER)) throw new Error(`index.html has no ${BOOT_MARKER}`);
        scripts ??= Promise.all([classicScript(PRELOAD_ENTRY, 'kubeglassPreload'), classicScript(BOOT_ENTRY, 'kubeglassBoot')]).then((both) => both.join('\n    '));
        const code = await scripts;
        return html.replace(BOOT_MARKER, () => code);
      },
    },
  };
}

/**
 * At build, index.html's entry module and its preloads become inert links (rel="kubeglass-module"): the boot script
 * has them fetched when the first rows no longer need the cores (fetchAppModules) and runs the entry once they are
 * painted (src/app/boot/start-app.ts). The dev server keeps its own entry script.
 */
function entryRunByBootScript(): Plugin {
  return {
    name: 'kubeglass-entry-run-by-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        if (entries.length !== 1) throw new Error(`index.html: expected one entry module script, found ${entries.length}`);
        return html
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<link rel="kubeglass-module" href="$1" data-kubeglass-entry>')
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<link rel="kubeglass-module" href="$1">');
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineBootScript(), entryRunByBootScript()],
  resolve: { alias: [{ find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` }] },
  build: { outDir: 'dist/web', emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/k8s': { target: backend, ws: true, ...asBackend },
      '/-/ws': { target: backend.replace(/^http/, 'ws'), ws: true, ...asBackend },
      '/-': { target: backend, ...asBackend },
    },
  },
});

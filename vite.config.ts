import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In dev, the kubeglass server (port 7070) serves /k8s, /-/contexts and the /-/ws watch socket. It checks
// Host and Origin, so the dev proxy presents itself as the server's own origin.
const backend = process.env.KUBEGLASS_BACKEND ?? 'http://127.0.0.1:7070';
const asBackend = { changeOrigin: true, headers: { origin: backend } };

// monaco-yaml's worker (through monaco-worker-manager) imports `monaco-editor/esm/vs/...`, a path from before
// monaco-editor 0.5x's exports map, which now maps `monaco-editor/*` to `esm/vs/*`: point the old form at the files.
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
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

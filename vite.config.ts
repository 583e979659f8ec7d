import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In dev, the kubeglass server (port 7070) serves /k8s, /-/contexts and the /-/ws watch socket. It checks
// Host and Origin, so the dev proxy presents itself as the server's own origin.
const backend = process.env.KUBEGLASS_BACKEND ?? 'http://127.0.0.1:7070';
const asBackend = { changeOrigin: true, headers: { origin: backend } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
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

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In dev, the kubeglass server (port 7070) serves /k8s, /-/ contexts and the /-/ws watch socket.
const backend = process.env.KUBEGLASS_BACKEND ?? 'http://127.0.0.1:7070';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist/web', emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/k8s': { target: backend, changeOrigin: false },
      '/-/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
      '/-': { target: backend },
    },
  },
});

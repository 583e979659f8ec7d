import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure and in-process tests only: whatever starts a server or spawns a process is `*.integration.test.ts`.
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'demo-cluster/**/*.test.ts', 'wire/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/e2e-conformance/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Whole-app jsdom renders take seconds on a loaded 2-core machine; nothing here waits on a clock.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Beside the code as `*.integration.test.ts`, or end-to-end over HTTP in tests/integration.
          include: ['tests/integration/**/*.test.ts', '{src,server,demo-cluster,wire}/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // npm run test:reliability: fuzzing of the pure cores, faults, bad input, security probes.
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          // The load test samples the heap after a full GC, so a trend is a leak and not V8's laziness.
          execArgv: ['--expose-gc'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Needs KUBECONFIG_REAL from tests/real-apiserver/run.sh (npm run test:real); conformance compares real vs demo.
          name: 'real',
          include: ['tests/real-apiserver/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

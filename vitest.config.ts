import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'scripts', root: './scripts', environment: 'node', include: ['*.test.mjs'] } },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two at a time suits a two-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The built server as its own process: killed, restarted, stopped, two at once (npm run test:reliability).
        test: {
          name: 'reliability',
          root: './server',
          environment: 'node',
          include: ['reliability/**/*.test.ts'],
          globalSetup: ['./reliability/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          css: false,
          // A screen driven through many selects takes 3–4 s in jsdom on two cores, more while they are busy.
          testTimeout: 15_000,
        },
      },
    ],
  },
});

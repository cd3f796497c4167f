import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers on two cores: the default leaves one core to the runner, which is mostly idle.
    maxWorkers: 2,
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
          // Each file opens its own database (a copy of a template: src/test/global-setup.ts); two at
          // a time suits a two-core machine. One module graph per worker rather than per file: the app's
          // imports cost about 1 s a file. No module keeps state a file could see: every file builds its
          // own app on its own database.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['./src/test/global-setup.ts'],
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
          // One file at a time: the kills, restarts and time limits judged here want a quiet machine.
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
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
          // One module graph per worker instead of one per file: importing React, Mantine and the app
          // again for each of 85 files was most of the run. Each file still starts clean (setup.ts).
          isolate: false,
          // A screen driven through many selects takes 3–4 s in jsdom on two cores, and several times
          // that while the journeys and the API tests run beside it (npm test runs them at once).
          testTimeout: 45_000,
        },
      },
    ],
  },
});

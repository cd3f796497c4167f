import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { ADMIN, E2E_WORKERS, serverDataDir, serverUrl, TIME_ZONE } from './fixtures.ts';

// Fresh embedded databases for every run, one per worker (fixtures.ts: serverUrl); the servers are the
// real one, serving the built web app. The folder is passed on through the environment, so that the
// test workers (which load this file again) read the same mail outboxes instead of making their own.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'registry-e2e-'));
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: './results',
  // A file's journeys run in order, on one worker; with E2E_WORKERS > 1, files are shared out among
  // the workers (fixtures.ts says why one is the default).
  fullyParallel: false,
  workers: E2E_WORKERS,
  // One retry: a journey that fails and then passes is named in the summary of `npm test` as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // In a worker, its own server (the workers load this file again, knowing their place).
    baseURL: serverUrl(),
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    locale: 'es-AR',
    timezoneId: TIME_ZONE,
    // A trace is recorded when a journey is tried again, not on every journey: recording one (a
    // screenshot and a snapshot of the page at every step) was a large part of the journeys' time.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => ({
    // The production build, as npm start runs it (built first if missing or out of date).
    command: 'node scripts/launch.mjs main',
    cwd: root,
    url: `${serverUrl(worker)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: new URL(serverUrl(worker)).port,
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir(worker),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  })),
});

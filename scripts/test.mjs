#!/usr/bin/env node
// Every test of the project, in order: typecheck, lint, unit tests, API tests on the embedded
// database, the same API tests on PostgreSQL when TEST_DATABASE_URL is set, the production build, the
// end-to-end journeys in Chromium, and the reliability tests of the built server (kill -9, SIGTERM,
// backups, a PostgreSQL restart, two instances). Prints one closing line with the number of tests
// passed and failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'registry-test-'));
const steps = [];
const counts = { passed: 0, failed: 0 };

function run(name, command, args, { env = {}, report } = {}) {
  process.stdout.write(`\n━━ ${name}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (report) {
    try {
      const counted = report(JSON.parse(readFileSync(report.file, 'utf8')));
      counts.passed += counted.passed;
      counts.failed += counted.failed;
    } catch {
      // No report: the step failed before running tests; its failure is counted below.
      if (!ok) {
        counts.failed += 1;
      }
    }
  } else if (!ok) {
    counts.failed += 1;
  }
  return ok;
}

function vitestReport(file) {
  const read = (json) => ({
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0),
  });
  read.file = file;
  return read;
}

function vitest(name, projects, env) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  return run(name, 'npx', args, { env, report: vitestReport(file) });
}

run('typecheck', 'npx', ['tsc', '-b', 'shared', 'server', 'web', 'e2e']);
run('lint', 'npx', ['biome', 'check', '.']);
vitest('unit tests (shared, web)', ['shared', 'web']);
vitest('API tests on the embedded database (PGlite)', ['server'], { TEST_ENGINE: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['server'], { TEST_ENGINE: 'postgres' });
} else {
  process.stdout.write(
    '\n━━ API tests on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run them)\n',
  );
}
if (run('production build (web app and server)', 'npm', ['run', 'build', '--silent'])) {
  const file = path.join(reports, 'e2e.json');
  const read = (json) => ({
    passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
    failed: json.stats?.unexpected ?? 0,
  });
  read.file = file;
  run(
    'end-to-end tests in Chromium',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      report: read,
    },
  );
  vitest('reliability tests of the built server', ['reliability']);
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write('\n━━ summary\n');
for (const step of steps) {
  process.stdout.write(`  ${step.ok ? 'ok  ' : 'FAIL'}  ${step.name} (${step.seconds}s)\n`);
}
const allOk = steps.every((step) => step.ok);
process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed\n`);
process.exit(allOk && counts.failed === 0 ? 0 : 1);

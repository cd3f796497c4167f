#!/usr/bin/env node
// Every test of the project, in order: typecheck, lint, unit tests, API tests on the embedded
// database, the same API tests on PostgreSQL when TEST_DATABASE_URL is set, the production build, the
// end-to-end journeys in Chromium, and the reliability tests of the built server (kill -9, SIGTERM,
// backups, a PostgreSQL restart, two instances). Prints one closing line with the number of tests
// passed and failed.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'registry-test-'));
const steps = [];
const counts = { passed: 0, failed: 0 };
// The names of the tests that failed, with the first lines of their errors, repeated in the summary:
// a log cut to its last lines still says what failed and how.
const failures = [];
// End-to-end journeys that failed once and passed on their retry: counted as passed, named in the
// summary so that a flaky journey is seen and mended rather than hidden.
const flaky = [];

/** The first lines of an error message, without the terminal's colour codes, indented for the summary. */
function excerpt(message, lines = 8) {
  const text = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts a colour code
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, lines);
  return text.map((line) => `\n        ${line}`).join('');
}

/**
 * Runs one step, its output gathered in a file and printed whole when it ends: steps of different lanes
 * run at once, and their lines would otherwise interleave. Resolves to whether it passed.
 */
async function run(name, command, args, { env = {}, report } = {}) {
  process.stdout.write(`━━ ${name}: started\n`);
  const started = Date.now();
  const log = path.join(reports, `${name.replace(/\W+/g, '-')}.log`);
  const out = openSync(log, 'w');
  const child = spawn(command, args, {
    stdio: ['ignore', out, out],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
  });
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  closeSync(out);
  const ok = status === 0;
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`\n━━ ${name} (${seconds}s)\n${readFileSync(log, 'utf8')}`);
  steps.push({ name, ok, seconds });
  if (report) {
    try {
      const counted = report(JSON.parse(readFileSync(report.file, 'utf8')));
      counts.passed += counted.passed;
      counts.failed += counted.failed;
      failures.push(...counted.names.map((test) => `${name}: ${test}`));
      flaky.push(...(counted.flaky ?? []).map((test) => `${name}: ${test}`));
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
    names: (json.testResults ?? []).flatMap((suite) => {
      const file = path.relative(process.cwd(), suite.name ?? '');
      const tests = (suite.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => `${file} › ${test.fullName ?? test.title}${excerpt(test.failureMessages?.[0])}`);
      return tests.length === 0 && suite.status === 'failed'
        ? [`${file} (the file did not run)${excerpt(suite.message)}`]
        : tests;
    }),
  });
  read.file = file;
  return read;
}

// Playwright's report nests suites (files, describe blocks) around specs; a spec failed when one of
// its tests ended `unexpected`, and was flaky when it failed and then passed on a retry. Each is named
// with its first error, where it happened and the step's attachments (the trace, the screenshot).
function playwrightSpecs(suites, status, trail = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === status)
        .map((test) => {
          const failed = (test.results ?? []).find((result) => result.status !== 'passed');
          const error = failed?.errors?.[0] ?? failed?.error;
          const where = error?.location
            ? ` (${path.basename(error.location.file)}:${error.location.line})`
            : '';
          const title = [...trail, suite.title, spec.title].filter(Boolean).join(' › ');
          return `${title}${where}${excerpt(error?.message)}`;
        }),
    ),
    ...playwrightSpecs(suite.suites ?? [], status, [...trail, suite.title]),
  ]);
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

function endToEnd() {
  const file = path.join(reports, 'e2e.json');
  const read = (json) => ({
    passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
    failed: json.stats?.unexpected ?? 0,
    names: playwrightSpecs(json.suites ?? [], 'unexpected'),
    flaky: playwrightSpecs(json.suites ?? [], 'flaky'),
  });
  read.file = file;
  return run(
    'end-to-end tests in Chromium',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      // No screenshots unless asked for (E2E_SCREENSHOTS=1): nobody looks at a test run's pictures, and
      // taking them was a tenth of the journeys' time (e2e/fixtures.ts).
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0' },
      report: read,
    },
  );
}

const began = Date.now();
// The build comes first: the journeys and the reliability tests both run what it makes.
const built = await run('production build (web app and server)', 'npm', ['run', 'build', '--silent']);
// Then three lanes at once (docs/performance.md, "The test suite's time"): the steps that keep the
// processor busy (typecheck, lint, unit and PGlite API tests), the ones that mostly wait on other
// processes (PostgreSQL, servers starting and stopping), and the journeys in Chromium.
await Promise.all([
  (async () => {
    await run('typecheck', 'npx', ['tsc', '-b', 'shared', 'server', 'web', 'e2e']);
    await run('lint', 'npx', ['biome', 'check', '.']);
    await vitest('unit tests (shared, scripts, web)', ['shared', 'scripts', 'web']);
    await vitest('API tests on the embedded database (PGlite)', ['server'], { TEST_ENGINE: 'pglite' });
  })(),
  (async () => {
    if (process.env.TEST_DATABASE_URL) {
      await vitest('API tests on PostgreSQL', ['server'], { TEST_ENGINE: 'postgres' });
    } else {
      process.stdout.write(
        '\n━━ API tests on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run them)\n',
      );
    }
    if (built) {
      await vitest('reliability tests of the built server', ['reliability']);
    }
  })(),
  built ? endToEnd() : Promise.resolve(false),
]);

rmSync(reports, { recursive: true, force: true });
process.stdout.write('\n━━ summary\n');
for (const step of steps) {
  process.stdout.write(`  ${step.ok ? 'ok  ' : 'FAIL'}  ${step.name} (${step.seconds}s)\n`);
}
process.stdout.write(
  `  in all ${Math.round((Date.now() - began) / 1000)}s; load average at the end ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}\n`,
);
const allOk = steps.every((step) => step.ok);
for (const failure of failures) {
  process.stdout.write(`  failed: ${failure}\n`);
}
for (const test of flaky) {
  process.stdout.write(`  flaky (passed on its retry): ${test}\n`);
}
process.stdout.write(
  `tests: ${counts.passed} passed, ${counts.failed} failed${flaky.length > 0 ? `, ${flaky.length} of them passed only on a retry` : ''}\n`,
);
process.exit(allOk && counts.failed === 0 ? 0 : 1);

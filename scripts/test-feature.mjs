#!/usr/bin/env node
// `npm run test:feature -- <feature>[/<area>] … [--e2e] [--list]`: the unit and API tests of a feature,
// across shared, server and web, on the embedded database (TEST_ENGINE=postgres with TEST_DATABASE_URL
// runs them on PostgreSQL); `--e2e` adds the feature's journeys, `--list` only names the files. A test
// belongs to `quality` when a folder on its path is named `quality` or its file name begins with
// `quality.` or `quality-`; `patients/exports` narrows `patients` to what under it is named `exports`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the unit and API tests live, and the Vitest project of each. */
const PROJECTS = { shared: 'shared/src', server: 'server/src', web: 'web/src' };

/** Journeys that belong to a feature without bearing its name. */
const JOURNEYS = {
  account: ['second-factor'],
  audit: ['patient-history'],
  auth: ['shell', 'second-factor', 'session-keeping'],
  institutions: ['accounts'],
  quality: ['queries'],
  users: ['accounts'],
};

/** Does a path segment name `name`: a folder of that name, or a file whose name begins with it? */
function names(segment, name, isFile) {
  return isFile ? segment.startsWith(`${name}.`) || segment.startsWith(`${name}-`) : segment === name;
}

/** Does the file at `relative` (forward slashes) belong to `feature` (`patients`, `patients/exports`)? */
export function belongsTo(relative, feature) {
  const segments = relative.split('/');
  const parts = feature.split('/').filter(Boolean);
  let from = 0;
  for (const part of parts) {
    const at = segments.findIndex(
      (segment, index) => index >= from && names(segment, part, index === segments.length - 1),
    );
    if (at < 0) {
      return false;
    }
    from = at + 1;
  }
  return parts.length > 0;
}

/** The journeys (e2e/<name>.e2e.ts) of a feature: named by it (or by its singular), or listed above. */
export function journeysOf(feature, journeys) {
  const parts = feature.split('/').filter(Boolean);
  const last = parts.at(-1) ?? '';
  const forms = (word) => [word, word.replace(/s$/, '')];
  const wanted = new Set([
    ...forms(last),
    ...(parts.length > 1 ? forms(parts[0] ?? '').flatMap((a) => forms(last).map((b) => `${a}-${b}`)) : []),
  ]);
  const listed = JOURNEYS[last] ?? [];
  return journeys.filter(
    (journey) =>
      listed.includes(journey) ||
      [...wanted].some((form) => journey === form || journey.startsWith(`${form}-`)),
  );
}

function testFiles(folder) {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const features = args.filter((arg) => !arg.startsWith('--'));
  const e2e = args.includes('--e2e');
  const listOnly = args.includes('--list');
  const byProject = Object.entries(PROJECTS).map(([project, folder]) => ({
    project,
    files: testFiles(folder).filter((file) => features.some((feature) => belongsTo(file, feature))),
  }));
  const files = byProject.flatMap(({ files }) => files);
  const journeys = e2e
    ? [
        ...new Set(
          features.flatMap((feature) =>
            journeysOf(
              feature,
              readdirSync(path.join(root, 'e2e'))
                .filter((name) => name.endsWith('.e2e.ts'))
                .map((name) => name.replace(/\.e2e\.ts$/, '')),
            ),
          ),
        ),
      ]
    : [];
  if (features.length === 0 || files.length + journeys.length === 0) {
    const known = new Set(
      [
        ...readdirSync(path.join(root, 'server/src'), { withFileTypes: true }),
        ...readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true }),
      ]
        .filter((entry) => entry.isDirectory() && entry.name !== 'test')
        .map((entry) => entry.name),
    );
    console.error(
      `${features.length === 0 ? 'usage' : `no tests belong to ${features.join(', ')}; usage`}: npm run test:feature -- <feature>[/<area>] … [--e2e] [--list]\n` +
        `features: ${[...known].sort().join(', ')}; areas of patients: exports, files, history, list, outcomes, read-model, records, wizard, file`,
    );
    process.exit(2);
  }
  for (const { project, files } of byProject) {
    console.error(
      `${project}: ${files.length} test files${listOnly ? files.map((file) => `\n  ${file}`).join('') : ''}`,
    );
  }
  if (listOnly) {
    console.error(`journeys: ${journeys.join(', ')}`);
    process.exit(0);
  }
  let status = 0;
  if (files.length > 0) {
    const projects = byProject
      .filter(({ files }) => files.length > 0)
      .flatMap(({ project }) => ['--project', project]);
    status = run('npx', ['vitest', 'run', ...projects, ...files], {
      TEST_ENGINE: process.env.TEST_ENGINE ?? 'pglite',
    });
  }
  if (journeys.length > 0) {
    console.error(`journeys: ${journeys.join(', ')}`);
    const e2eStatus = run('npx', [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      ...journeys.map((name) => `e2e/${name}.e2e.ts`),
    ]);
    status ||= e2eStatus;
  }
  process.exit(status);
}

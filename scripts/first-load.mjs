#!/usr/bin/env node
// The first-load budget (docs/decisions/016-first-load-budget.md): the JavaScript the sign-in page needs
// before it shows, gzipped, must stay within FIRST_LOAD_BUDGET. What it needs is read from Vite's
// manifest (web/dist/.vite/manifest.json): the entry (index.html, which holds the light sign-in page) and
// the texts of the default language, with everything they import, not what they import on demand (dynamic
// imports: the app with its router and screens, the API client, the form's rules, the toasts). `npm run build` prints the
// report and fails when the budget is exceeded; `node scripts/first-load.mjs` checks the last build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The ceiling, in gzipped bytes (1 kB = 1000 bytes, as Vite reports sizes): 120 kB. React DOM and
 * i18next take most of it, so what else the sign-in page carries is counted closely
 * (docs/decisions/016-first-load-budget.md).
 */
export const FIRST_LOAD_BUDGET = 120_000;

/** The manifest keys the sign-in page starts from. */
export const SIGN_IN_ROOTS = ['index.html', 'src/locales/es.ts'];

/**
 * The files a page loads up front: each root's file, its CSS, and the same for everything it imports,
 * transitively; dynamic imports are left out (they load later, on demand).
 */
export function firstLoadFiles(manifest, roots) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) {
      return;
    }
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`The manifest has no entry ${key}: was the module renamed? (scripts/first-load.mjs)`);
    }
    seen.add(key);
    if (chunk.file.endsWith('.js')) {
      js.add(chunk.file);
    }
    for (const file of chunk.css ?? []) {
      css.add(file);
    }
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const root of roots) {
    visit(root);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/** Each file's gzipped size, the totals, and whether the JavaScript fits the budget. */
export function measureFirstLoad(manifest, roots, sizeOf, budget = FIRST_LOAD_BUDGET) {
  const files = firstLoadFiles(manifest, roots);
  const sized = (list) =>
    list.map((file) => ({ file, bytes: sizeOf(file) })).sort((a, b) => b.bytes - a.bytes);
  const js = sized(files.js);
  const css = sized(files.css);
  const sum = (list) => list.reduce((total, entry) => total + entry.bytes, 0);
  const jsBytes = sum(js);
  return { js, css, jsBytes, cssBytes: sum(css), budget, withinBudget: jsBytes <= budget };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The report printed after a build. */
export function formatReport(result) {
  const lines = ['', 'First load of the sign-in page (gzipped):'];
  for (const { file, bytes } of [...result.js, ...result.css]) {
    lines.push(`  ${kB(bytes).padStart(9)}  ${file}`);
  }
  lines.push(
    `  JavaScript ${kB(result.jsBytes)} of ${kB(result.budget)} allowed${result.withinBudget ? '' : ' — OVER BUDGET'}; CSS ${kB(result.cssBytes)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Checks a built web/dist: prints the report, throws when the sign-in page's JavaScript is over budget. */
export function checkFirstLoad(distDir, { print = (text) => process.stdout.write(text) } = {}) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app first (npm run build).`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const result = measureFirstLoad(
    manifest,
    SIGN_IN_ROOTS,
    (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
  );
  print(formatReport(result));
  if (!result.withinBudget) {
    throw new Error(
      `The sign-in page needs ${kB(result.jsBytes)} of gzipped JavaScript, over the budget of ${kB(result.budget)} (docs/decisions/016-first-load-budget.md).`,
    );
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  try {
    checkFirstLoad(path.join(root, 'web', 'dist'));
  } catch (error) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}

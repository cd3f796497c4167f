#!/usr/bin/env node
// `npm run build`: builds the web app (Vite, into web/dist) and bundles the server into plain JavaScript
// (esbuild, into server/dist, with the SQL migrations beside it), each only when its sources changed
// since the last build. `--force` rebuilds both. `npm start` calls the same function, so a fresh checkout
// builds once and every later start goes straight to the built server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkFirstLoad } from './first-load.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDist = path.join(root, 'server', 'dist');
const webDist = path.join(root, 'web', 'dist');

/** The server's programs: the server itself and the scripts an operator runs beside it. */
export const SERVER_ENTRIES = {
  main: 'server/src/main.ts',
  seed: 'server/src/seed/seed.ts',
  backup: 'server/src/backup/backup-cli.ts',
  restore: 'server/src/backup/restore-cli.ts',
};

const SKIP = new Set(['node_modules', 'dist', '.vite']);

function filesUnder(folder, keep) {
  if (!existsSync(folder)) {
    return [];
  }
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) {
        found.push(...filesUnder(full, keep));
      }
    } else if (keep(full)) {
      found.push(full);
    }
  }
  return found;
}

const notATest = (file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}fixtures${path.sep}`);

/** What each part is built from: its sources, the shared package and the locked dependencies. */
const INPUTS = {
  server: () => [
    ...filesUnder(path.join(root, 'server', 'src'), notATest),
    ...filesUnder(path.join(root, 'shared', 'src'), notATest),
    path.join(root, 'server', 'package.json'),
    path.join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ],
  web: () => [
    ...filesUnder(path.join(root, 'web', 'src'), notATest),
    ...filesUnder(path.join(root, 'web', 'public'), () => true),
    ...filesUnder(path.join(root, 'shared', 'src'), notATest),
    ...['index.html', 'vite.config.ts', 'package.json', 'postcss.config.cjs', 'postcss.config.mjs'].map(
      (name) => path.join(root, 'web', name),
    ),
    path.join(root, 'package-lock.json'),
    path.join(root, 'scripts', 'first-load.mjs'),
    path.join(root, 'scripts', 'precompress.mjs'),
  ],
};

/** A digest of the files a part is built from (their paths and contents). */
function digest(part) {
  const hash = createHash('sha256');
  for (const file of INPUTS[part]()
    .filter((f) => existsSync(f))
    .sort()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (part) => path.join(part === 'server' ? serverDist : webDist, '.build-stamp');

function builtFrom(part) {
  const stamp = stampOf(part);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
}

/** Which parts are missing or older than their sources. */
export function outdatedParts(parts = ['server', 'web']) {
  return parts.filter((part) => {
    const built = builtFrom(part);
    return built === null || built !== digest(part);
  });
}

/** The packages the bundle leaves to node_modules: the server's dependencies (native code, wasm, data). */
function externals() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'server', 'package.json'), 'utf8'));
  return Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
}

async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error(
      'The server is not built and esbuild is missing (installed with --omit=dev?). Run `npm run build` where the development dependencies are installed, then copy server/dist and web/dist.',
    );
  }
  rmSync(serverDist, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, file])),
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    external: externals(),
    // Bundled CommonJS code may still call require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server', 'src', 'db', 'migrations'), path.join(serverDist, 'migrations'), {
    recursive: true,
  });
}

function buildWeb() {
  // Always a production build, whoever asks (a test runner sets NODE_ENV=test, which would give React's
  // development build).
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(
      existsSync(path.join(root, 'node_modules', 'vite'))
        ? 'The web build failed (see above).'
        : 'The web app is not built and Vite is missing (installed with --omit=dev?). Run `npm run build` where the development dependencies are installed.',
    );
  }
}

/** Builds the parts that are missing or out of date (or all of `parts` with force). */
export async function build({ parts = ['server', 'web'], force = false, quiet = false } = {}) {
  const todo = force ? parts : outdatedParts(parts);
  for (const part of todo) {
    const started = Date.now();
    const stamp = digest(part);
    if (part === 'server') {
      await buildServer();
    } else {
      buildWeb();
      // Prints what the sign-in page loads first; over budget, the build fails (first-load.mjs).
      checkFirstLoad(webDist, { print: quiet ? () => undefined : undefined });
      // The copies the server sends to browsers that accept them (precompress.mjs).
      precompress(webDist);
    }
    writeFileSync(stampOf(part), `${stamp}\n`);
    if (!quiet) {
      process.stdout.write(`built ${part} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  }
  if (todo.length === 0 && !quiet) {
    process.stdout.write('server and web app are up to date\n');
  }
  return todo;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  });
}

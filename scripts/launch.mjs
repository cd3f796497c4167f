#!/usr/bin/env node
// `npm start` and the operator's scripts (`npm run seed`, `backup`, `restore`): runs a built program of
// the server, building first whatever is missing or older than its sources. Without the development
// tools (installed with --omit=dev) an existing build is used as it is.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, outdatedParts, SERVER_ENTRIES } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2];
if (!entry || !(entry in SERVER_ENTRIES)) {
  console.error(`usage: node scripts/launch.mjs ${Object.keys(SERVER_ENTRIES).join('|')} [arguments]`);
  process.exit(2);
}
// The program reads its own arguments after the entry's name.
process.argv.splice(2, 1);

const parts = entry === 'main' ? ['server', 'web'] : ['server'];
const program = path.join(root, 'server', 'dist', `${entry}.js`);
const tools =
  existsSync(path.join(root, 'node_modules', 'esbuild')) &&
  existsSync(path.join(root, 'node_modules', 'vite'));
try {
  if (tools) {
    await build({ parts, quiet: outdatedParts(parts).length === 0 });
  } else if (
    !existsSync(program) ||
    (entry === 'main' && !existsSync(path.join(root, 'web', 'dist', 'index.html')))
  ) {
    await build({ parts });
  }
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(program).href);

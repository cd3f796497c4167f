#!/usr/bin/env node
// Development: the API server with reload on change, and Vite's dev server (with a proxy to /api).
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'node',
    ['--watch-path=server/src', '--watch-path=shared/src', '--import', 'tsx', 'server/src/main.ts'],
    {
      stdio: 'inherit',
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) {
    child.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

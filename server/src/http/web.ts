import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built web app: web/dist of the first folder above this module that has one. From the sources this
 * module is server/src/http, from the built server server/dist.
 */
function findWebDist(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up += 1) {
    folder = path.dirname(folder);
    const candidate = path.join(folder, 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) {
      return candidate;
    }
  }
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

export const webDist = findWebDist();

/**
 * Hashed assets never change; index.html must always be asked for again; the other files of `public/`
 * (the logo, the background) keep for a day, so that a page that shows the logo in three places (the
 * tab's icon, the sign-in page, the app that takes over) fetches it once.
 */
export function cacheControlOf(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    return 'public, max-age=31536000, immutable';
  }
  return path.basename(filePath).startsWith('index.html') ? 'no-cache' : 'public, max-age=86400';
}

/**
 * Serves the built web app at `/`; any other path that is not under /api gets index.html, so that
 * deep links such as /patients load the app and its router decides. A browser that accepts Brotli or
 * gzip gets the copy the build compressed beside each file (scripts/precompress.mjs).
 */
export async function registerWebApp(app: FastifyInstance, root: string = webDist): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) {
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', cacheControlOf(filePath));
    },
  });
  return true;
}

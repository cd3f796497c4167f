import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app (web/dist), when it exists. */
export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app at `/`; any other path that is not under /api gets index.html, so that
 * deep links such as /patients load the app and its router decides.
 */
export async function registerWebApp(app: FastifyInstance, root = webDist): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) {
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be asked for again.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}

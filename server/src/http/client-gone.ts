import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Aborts when the client goes away before its answer is sent: its reads need not run on. */
    clientGone: AbortSignal;
  }
}

/**
 * Gives every request an AbortSignal that fires when the connection closes before the answer was
 * written (the answer's own 'close', unlike the request's, which also comes once the body was read) — a browser that navigated away, a client that timed out — so that work done only for that
 * answer (a page of the list, a cohort) is stopped instead of holding the database.
 */
export function registerClientGone(app: FastifyInstance): void {
  app.decorateRequest('clientGone', null as unknown as AbortSignal);
  app.addHook('onRequest', async (request, reply) => {
    const controller = new AbortController();
    request.clientGone = controller.signal;
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) {
        controller.abort();
      }
    });
  });
}

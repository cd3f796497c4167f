import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The query of a route that takes none: any parameter is unknown. */
const NO_QUERY = z.strictObject({});

/**
 * Unknown query parameters are refused (400), as unknown fields are (CONTRACT §2): an API route that
 * declares no query schema takes no parameter at all, rather than ignoring what it is sent.
 */
export function registerStrictQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs') || route.schema?.querystring) {
      return;
    }
    route.schema = { ...route.schema, querystring: NO_QUERY };
  });
}

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (docs/product-rules.md#wire) on every answer. Mantine writes inline styles, hence
 * 'unsafe-inline' for styles only; scripts come from this origin alone. Helmet's middleware is made
 * once: Fastify's wrapper of it made it again for every request, reading the whole policy each time
 * (docs/performance.md has what that cost).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
});

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

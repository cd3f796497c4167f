import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAuditRepository } from '../audit/audit.repository.ts';
import type { AppContext } from '../context.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import type { Access, Principal } from './principal.ts';
import { createSessionsRepository } from './sessions.repository.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** Whether a principal passes a route's declared access. */
export function allows(access: Access, principal: Principal | null): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signedIn':
      return principal !== null;
    case 'admin':
      return principal?.isAdmin === true;
    case 'doctor':
      return principal !== null && !principal.isAdmin && principal.doctor !== null;
  }
}

/**
 * The one permission check every route passes through: each route declares `config.access`, the
 * caller is resolved from the bearer token, and the declared access is enforced before validation.
 * A route under /api that declares nothing is refused when the app starts.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) {
      return;
    }
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    const token = bearerToken(request);
    if (token) {
      request.principal = await createSessionsRepository(ctx.db).resolve(token, ctx.now());
    }
    if (access === 'public' || allows(access, request.principal)) {
      return;
    }
    if (!request.principal) {
      throw unauthenticated();
    }
    await createAuditRepository(ctx.db).record({
      at: ctx.now(),
      actorUserId: request.principal.userId,
      actorEmail: request.principal.email,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      outcome: 'denied',
      ip: request.ip,
    });
    throw forbidden();
  });
}

/** The principal of a route that declared an access other than public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthenticated();
  }
  return request.principal;
}

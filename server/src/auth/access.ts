import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordRefusal } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { HttpError, RefusedError, unauthenticated } from '../http/errors.ts';
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
      const principal = await createSessionsRepository(ctx.db).resolve(token, ctx.now(), {
        background: request.headers['x-background-request'] === '1',
      });
      // With REQUIRE_ADMIN_MFA, an admin's session made without the second factor (before the flag,
      // or before the admin had one) serves nothing: the admin signs in again, and enrols there.
      if (principal?.isAdmin && ctx.config.requireAdminMfa && !principal.secondFactor) {
        await createSessionsRepository(ctx.db).delete(principal.sessionId);
        if (access !== 'public') {
          throw new HttpError(401, 'MFA_REQUIRED');
        }
      } else {
        request.principal = principal;
      }
    }
    if (access === 'public' || allows(access, request.principal)) {
      return;
    }
    if (!request.principal) {
      throw unauthenticated();
    }
    throw new RefusedError(403);
  });

  // Every refused permission check, here or in a service, is recorded once, after the refused
  // transaction has rolled back, so that the entry stays.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof RefusedError) {
      await recordRefusal(ctx.db, request, ctx.now(), error.patientId);
    }
  });
}

import { type Language, pickLanguage } from '@registry/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { unauthenticated } from '../http/errors.ts';
import type { Principal } from './principal.ts';

/** The caller of a request, and when and where from: what a service acts as and the audit trail records. */
export interface Actor {
  readonly principal: Principal;
  readonly ip: string;
  readonly now: Date;
  /** The language of the request's `Accept-Language`, for texts an answer carries (Spanish without one). */
  readonly language?: Language;
  /** The import (CONTRACT §14) on whose behalf the actor writes: every entry of the trail names it. */
  readonly importId?: string;
}

/** The principal of a route that declared an access other than public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthenticated();
  }
  return request.principal;
}

/** The actor of a signed-in request, with the time read once from the context's clock. */
export function actorOf(ctx: AppContext, request: FastifyRequest): Actor {
  return {
    principal: principalOf(request),
    ip: request.ip,
    now: ctx.now(),
    language: pickLanguage(request.headers['accept-language']),
  };
}

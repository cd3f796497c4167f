import {
  dataOf,
  errorBodySchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  pickLanguage,
  resetPasswordSchema,
  userSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { principalOf } from '../auth/access.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { unauthenticated } from '../http/errors.ts';
import { login } from './login.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { createUsersRepository } from './users.repository.ts';

/** Per-address limits on the calls an attacker would hammer (CONTRACT.md §7); answered with Retry-After. */
export const RATE_LIMITS = {
  login: { max: 100, timeWindow: '15 minutes' },
  resetRequest: { max: 20, timeWindow: '15 minutes' },
  resetConfirm: { max: 50, timeWindow: '15 minutes' },
} as const;

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/login',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: {
          200: loginResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const token = await login(ctx, request.body, request.ip);
      return { data: { response: { token } } };
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: dataOf(userSchema), 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await createUsersRepository(ctx.db).findById(principalOf(request).userId);
      if (!user) {
        throw unauthenticated();
      }
      return { data: user };
    },
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'End the current session',
        security: [{ bearer: [] }],
        response: { 200: dataOf(z.object({ loggedOut: z.literal(true) })), 401: errorBodySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await ctx.db.transaction(async (tx) => {
        await createSessionsRepository(tx).delete(principal.sessionId);
        await createAuditRepository(tx).record({
          at: ctx.now(),
          actorUserId: principal.userId,
          actorEmail: principal.email,
          action: 'auth.logout',
          entityType: 'user',
          entityId: principal.userId,
          ip: request.ip,
        });
      });
      return { data: { loggedOut: true as const } };
    },
  );

  app.post(
    '/users/password/reset',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.resetRequest },
      schema: {
        tags: ['users'],
        summary: 'Mail a 6-digit reset code (always answers 200, whether or not the email exists)',
        body: forgotPasswordSchema,
        response: {
          200: dataOf(z.object({ sent: z.literal(true) })),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      await requestPasswordReset(ctx, request.body, { ip: request.ip, language, log: request.log });
      return { data: { sent: true as const } };
    },
  );

  app.post(
    '/users/password/reset/confirm',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.resetConfirm },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the mailed code; ends every session of the user',
        body: resetPasswordSchema,
        response: {
          200: dataOf(z.object({ changed: z.literal(true) })),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      await confirmPasswordReset(ctx, request.body, { ip: request.ip, language, log: request.log });
      return { data: { changed: true as const } };
    },
  );
};

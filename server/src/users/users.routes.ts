import {
  dataOf,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  pickLanguage,
  resetPasswordSchema,
  userSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/record.ts';
import { actorOf } from '../auth/actor.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { unauthenticated } from '../http/errors.ts';
import { BEARER, errorsOf } from '../http/route-schemas.ts';
import { login } from './login.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { createUsersRepository } from './users.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/login',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        description:
          'Answers a session token, or, for a user with a second factor (or an admin who must set one up), ' +
          '`response.mfa`: the challenge of the second step (`POST /users/login/mfa`).',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorsOf(400, 401, 429) },
      },
    },
    async (request) => {
      return { data: { response: await login(ctx, request.body, request.ip) } };
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: BEARER,
        response: { 200: dataOf(userSchema), ...errorsOf(401) },
      },
    },
    async (request) => {
      const user = await createUsersRepository(ctx.db).findById(actorOf(ctx, request).principal.userId);
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
        security: BEARER,
        response: { 200: dataOf(z.object({ loggedOut: z.literal(true) })), ...errorsOf(401) },
      },
    },
    async (request) => {
      const actor = actorOf(ctx, request);
      await ctx.db.transaction(async (tx) => {
        await createSessionsRepository(tx).delete(actor.principal.sessionId);
        await recordAudit(tx, actor, {
          action: 'auth.logout',
          entityType: 'user',
          entityId: actor.principal.userId,
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
          ...errorsOf(400, 429),
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
          ...errorsOf(400, 429),
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

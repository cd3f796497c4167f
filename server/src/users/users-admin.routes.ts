import {
  createAdminSchema,
  createDoctorSchema,
  dataOf,
  mfaResetBodySchema,
  pageOf,
  pickLanguage,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { toPage } from '../http/paging.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import { createUsersRepository } from './users.repository.ts';
import { createUser, resetSecondFactor, sendPasswordReset, updateUser } from './users-admin.service.ts';

const REFUSALS = errorsOf(400, 401, 403);

/** The admin's management of users (docs/product-rules.md#screens). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'A page of users; filter matches nickname, first or last name, email or institution name',
        security: BEARER,
        querystring: userListQuerySchema,
        response: { 200: pageOf(userSchema), ...REFUSALS },
      },
    },
    async (request) => {
      const { rows, total } = await createUsersRepository(ctx.db).list(request.query);
      return toPage(rows, total, request.query.page, request.query.size);
    },
  );

  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Create an admin',
        security: BEARER,
        body: createAdminSchema,
        response: { 201: dataOf(userSchema), ...REFUSALS, ...errorsOf(409) },
      },
    },
    async (request, reply) => {
      const user = await createUser(ctx, actorOf(ctx, request), { admin: request.body });
      return reply.status(201).send({ data: user });
    },
  );

  app.post(
    '/doctors',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Create a doctor of an active institution',
        security: BEARER,
        body: createDoctorSchema,
        response: { 201: dataOf(userSchema), ...REFUSALS, ...errorsOf(409, 422) },
      },
    },
    async (request, reply) => {
      const user = await createUser(ctx, actorOf(ctx, request), { doctor: request.body });
      return reply.status(201).send({ data: user });
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Change a user's status, nickname and (a doctor's) names, gender or institution; deactivation ends the user's sessions at once",
        security: BEARER,
        params: idParams,
        body: updateUserSchema,
        response: { 200: dataOf(userSchema), ...REFUSALS, ...errorsOf(404, 422) },
      },
    },
    async (request) => {
      const user = await updateUser(ctx, actorOf(ctx, request), request.params.id, request.body);
      return { data: user };
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Mail an active user a 6-digit reset code, as the user's own request does (in the admin's language)",
        security: BEARER,
        params: idParams,
        response: {
          200: dataOf(z.object({ sent: z.literal(true) })),
          ...REFUSALS,
          ...errorsOf(404, 422),
        },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      await sendPasswordReset(ctx, actorOf(ctx, request), request.params.id, {
        language,
        log: request.log,
      });
      return { data: { sent: true as const } };
    },
  );

  app.post(
    '/users/:id/mfa/reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary:
          "Remove a user's second factor (a lost phone): sessions end, the change is audited and the user is mailed",
        description:
          'The admin gives their own password again (422 CURRENT_PASSWORD_WRONG, audited, when wrong); an admin’s own second factor is not reset here (422 MFA_RESET_SELF): Settings turns it off with a code.',
        security: BEARER,
        params: idParams,
        body: mfaResetBodySchema,
        response: {
          200: dataOf(z.object({ reset: z.literal(true) })),
          ...REFUSALS,
          ...errorsOf(404, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const language = pickLanguage(request.headers['accept-language']);
      await resetSecondFactor(ctx, actorOf(ctx, request), request.params.id, request.body.password, {
        language,
        log: request.log,
      });
      return { data: { reset: true as const } };
    },
  );
};

import {
  createAdminSchema,
  createDoctorSchema,
  dataOf,
  errorBodySchema,
  pageOf,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/access.ts';
import type { AppContext } from '../context.ts';
import { toPage } from '../http/paging.ts';
import { createUsersRepository } from './users.repository.ts';
import { createUser, setUserActive } from './users-admin.service.ts';

const security = [{ bearer: [] }];
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The admin's management of users (SPEC.md §2 Users list). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'A page of users; filter matches nickname, first or last name, email or institution name',
        security,
        querystring: userListQuerySchema,
        response: { 200: pageOf(userSchema), ...refusals },
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
        security,
        body: createAdminSchema,
        response: { 201: dataOf(userSchema), ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(ctx, principalOf(request), { admin: request.body }, request.ip);
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
        security,
        body: createDoctorSchema,
        response: { 201: dataOf(userSchema), ...refusals, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(ctx, principalOf(request), { doctor: request.body }, request.ip);
      return reply.status(201).send({ data: user });
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "Activate or deactivate a user; deactivation ends the user's sessions at once",
        security,
        params: z.object({ id: z.uuid() }),
        body: updateUserSchema,
        response: { 200: dataOf(userSchema), ...refusals, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const user = await setUserActive(
        ctx,
        principalOf(request),
        request.params.id,
        request.body.isActive,
        request.ip,
      );
      return { data: user };
    },
  );
};

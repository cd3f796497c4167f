import {
  createInstitutionSchema,
  dataOf,
  institutionCodeSchema,
  institutionListQuerySchema,
  institutionSchema,
  pageOf,
  updateInstitutionSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { toPage } from '../http/paging.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import { createInstitutionsRepository } from './institutions.repository.ts';
import { createInstitution, updateInstitution } from './institutions.service.ts';

const REFUSALS = errorsOf(400, 401, 403);

export const institutionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/institutions/list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary:
          'A page of institutions with their doctors and patients counted; filter matches name or code',
        security: BEARER,
        querystring: institutionListQuerySchema,
        response: { 200: pageOf(institutionSchema), ...REFUSALS },
      },
    },
    async (request) => {
      const { rows, total } = await createInstitutionsRepository(ctx.db).list(request.query);
      return toPage(rows, total, request.query.page, request.query.size);
    },
  );

  app.post(
    '/institutions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary: 'Create an institution (name and code unique, in any letter case)',
        security: BEARER,
        body: createInstitutionSchema,
        response: { 201: dataOf(institutionSchema), ...REFUSALS, ...errorsOf(409) },
      },
    },
    async (request, reply) => {
      const created = await createInstitution(ctx, actorOf(ctx, request), request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    '/institutions/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary:
          "Change an institution's status, name, code or type (name and code unique, in any letter case); deactivation ends its doctors' sessions",
        security: BEARER,
        params: idParams,
        body: updateInstitutionSchema,
        response: { 200: dataOf(institutionSchema), ...REFUSALS, ...errorsOf(404, 409) },
      },
    },
    async (request) => {
      const updated = await updateInstitution(ctx, actorOf(ctx, request), request.params.id, request.body);
      return { data: updated };
    },
  );

  app.get(
    '/institutions/codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary: "Every institution's code and name, for the patient-list filter",
        security: BEARER,
        response: { 200: dataOf(z.array(institutionCodeSchema)), ...REFUSALS },
      },
    },
    async () => ({ data: await createInstitutionsRepository(ctx.db).codes() }),
  );
};

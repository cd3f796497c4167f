import {
  createInstitutionSchema,
  dataOf,
  errorBodySchema,
  institutionCodeSchema,
  institutionListQuerySchema,
  institutionSchema,
  pageOf,
  updateInstitutionSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/access.ts';
import type { AppContext } from '../context.ts';
import { toPage } from '../http/paging.ts';
import { createInstitutionsRepository } from './institutions.repository.ts';
import { createInstitution, setInstitutionActive } from './institutions.service.ts';

const security = [{ bearer: [] }];
const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const institutionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/institutions/list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary:
          'A page of institutions with their doctors and patients counted; filter matches name or code',
        security,
        querystring: institutionListQuerySchema,
        response: { 200: pageOf(institutionSchema), ...refusals },
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
        security,
        body: createInstitutionSchema,
        response: { 201: dataOf(institutionSchema), ...refusals, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await createInstitution(ctx, principalOf(request), request.body, request.ip);
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    '/institutions/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['institutions'],
        summary: "Activate or deactivate an institution; deactivation ends its doctors' sessions",
        security,
        params: z.object({ id: z.uuid() }),
        body: updateInstitutionSchema,
        response: { 200: dataOf(institutionSchema), ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => {
      const updated = await setInstitutionActive(
        ctx,
        principalOf(request),
        request.params.id,
        request.body.isActive,
        request.ip,
      );
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
        security,
        response: { 200: dataOf(z.array(institutionCodeSchema)), ...refusals },
      },
    },
    async () => ({ data: await createInstitutionsRepository(ctx.db).codes() }),
  );
};

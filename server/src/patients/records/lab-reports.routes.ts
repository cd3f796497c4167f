import { createLabReportsSchema, dataOf, labReportSchema, upsertLabReportsSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../../http/if-match.ts';
import { BEARER, errorsOf, patientIdParams } from '../../http/route-schemas.ts';
import { saveLabReports } from './lab-reports.service.ts';

const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);
const labReportsAnswer = dataOf(z.array(labReportSchema));

/**
 * Lab-report entries of a patient, matched by name (docs/api-patients.md); the URL keeps the
 * product's spelling `labreports`. Every write may carry `If-Match` and answers the patient's new
 * version in `ETag`.
 */
export const labReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/patients/labreports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patient records'],
        summary: 'Add lab-report entries with content (empty ones are skipped)',
        description: 'Admins may write the NGS OP entry only; biobank doctors none (403).',
        security: BEARER,
        headers: ifMatchHeaders,
        body: createLabReportsSchema,
        response: { 201: labReportsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await saveLabReports(
        ctx,
        actorOf(ctx, request),
        request.body.patientId,
        request.body.labReports,
        {
          onlyFilled: true,
          ifMatch: ifMatchOf(request),
        },
      );
      withVersion(reply, written.version);
      return reply.status(201).send({ data: written.data });
    },
  );

  app.put(
    '/patients/labreports/:patientId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patient records'],
        summary: 'Upsert lab-report entries by name',
        description: 'Admins may write the NGS OP entry only; biobank doctors none (403).',
        security: BEARER,
        params: patientIdParams,
        headers: ifMatchHeaders,
        body: upsertLabReportsSchema,
        response: { 200: labReportsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await saveLabReports(
        ctx,
        actorOf(ctx, request),
        request.params.patientId,
        request.body.labReports,
        {
          onlyFilled: false,
          ifMatch: ifMatchOf(request),
        },
      );
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );
};

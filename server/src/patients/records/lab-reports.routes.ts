import { createLabReportsSchema, dataOf, labReportSchema, upsertLabReportsSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchOf } from '../../http/if-match.ts';
import { patientIdParams } from '../../http/route-schemas.ts';
import { saveLabReports } from './lab-reports.service.ts';
import { recordWrite, sendWritten } from './record-routes.ts';

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
        ...recordWrite('Add lab-report entries with content (empty ones are skipped)', 201, labReportsAnswer),
        description: 'Admins may write the NGS OP entry only; biobank doctors none (403).',
        body: createLabReportsSchema,
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
      return sendWritten(reply, written, 201);
    },
  );

  app.put(
    '/patients/labreports/:patientId',
    {
      config: { access: 'signedIn' },
      schema: {
        ...recordWrite('Upsert lab-report entries by name', 200, labReportsAnswer),
        description: 'Admins may write the NGS OP entry only; biobank doctors none (403).',
        params: patientIdParams,
        body: upsertLabReportsSchema,
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
      return sendWritten(reply, written);
    },
  );
};

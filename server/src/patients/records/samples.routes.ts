import { createSampleSchema, dataOf, sampleSchema, updateSampleSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchOf } from '../../http/if-match.ts';
import { idParams } from '../../http/route-schemas.ts';
import { recordWrite, sendWritten } from './record-routes.ts';
import { createSample, updateSample } from './samples.service.ts';

/**
 * Pre-treatment samples of a patient (docs/api-patients.md). Every write may carry `If-Match` and
 * answers the patient's new version in `ETag`.
 */
export const samplesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/patients/samples',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite('Add a pre-treatment sample', 201, dataOf(sampleSchema)),
        body: createSampleSchema,
      },
    },
    async (request, reply) => {
      const written = await createSample(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
      return sendWritten(reply, written, 201);
    },
  );

  app.patch(
    '/patients/samples/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite('Change a sample', 200, dataOf(sampleSchema)),
        params: idParams,
        body: updateSampleSchema,
      },
    },
    async (request, reply) => {
      const written = await updateSample(
        ctx,
        actorOf(ctx, request),
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      return sendWritten(reply, written);
    },
  );
};

import { createSampleSchema, dataOf, sampleSchema, updateSampleSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../../http/if-match.ts';
import { BEARER, errorsOf, idParams } from '../../http/route-schemas.ts';
import { createSample, updateSample } from './samples.service.ts';

const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);
const doctorWrite = (summary: string) => ({ tags: ['patient records'], summary });

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
        ...doctorWrite('Add a pre-treatment sample'),
        security: BEARER,
        headers: ifMatchHeaders,
        body: createSampleSchema,
        response: { 201: dataOf(sampleSchema), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await createSample(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
      withVersion(reply, written.version);
      return reply.status(201).send({ data: written.data });
    },
  );

  app.patch(
    '/patients/samples/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite('Change a sample'),
        security: BEARER,
        params: idParams,
        headers: ifMatchHeaders,
        body: updateSampleSchema,
        response: { 200: dataOf(sampleSchema), ...WRITE_ERRORS },
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
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );
};

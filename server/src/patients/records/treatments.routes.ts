import { createTreatmentsSchema, dataOf, treatmentSchema, upsertTreatmentsSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchOf } from '../../http/if-match.ts';
import { idParams, patientIdParams } from '../../http/route-schemas.ts';
import { recordWrite, sendWritten } from './record-routes.ts';
import { createTreatments, deleteDrug, deleteTreatment, upsertTreatments } from './treatments.service.ts';

const treatmentsAnswer = dataOf(z.array(treatmentSchema));

/**
 * Treatments of a patient and their drugs (docs/api-patients.md). Every write may carry `If-Match`
 * and answers the patient's new version in `ETag`.
 */
export const treatmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/patients/treatments',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite('Add treatments with their drugs; answers all the treatments', 201, treatmentsAnswer),
        body: createTreatmentsSchema,
      },
    },
    async (request, reply) => {
      const written = await createTreatments(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
      return sendWritten(reply, written, 201);
    },
  );

  app.put(
    '/patients/treatments/:patientId',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite(
          'Upsert treatments and drugs: with an id updated, without one created',
          200,
          treatmentsAnswer,
        ),
        params: patientIdParams,
        body: upsertTreatmentsSchema,
      },
    },
    async (request, reply) => {
      const written = await upsertTreatments(
        ctx,
        actorOf(ctx, request),
        request.params.patientId,
        request.body,
        ifMatchOf(request),
      );
      return sendWritten(reply, written);
    },
  );

  app.delete(
    '/patients/treatments/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite(
          'Delete a treatment and its drugs; the rest keep dense order numbers',
          200,
          treatmentsAnswer,
        ),
        params: idParams,
      },
    },
    async (request, reply) => {
      const written = await deleteTreatment(
        ctx,
        actorOf(ctx, request),
        request.params.id,
        ifMatchOf(request),
      );
      return sendWritten(reply, written);
    },
  );

  app.delete(
    '/patients/treatments/drugs/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite('Delete a drug; the rest keep dense order numbers', 200, treatmentsAnswer),
        params: idParams,
      },
    },
    async (request, reply) => {
      const written = await deleteDrug(ctx, actorOf(ctx, request), request.params.id, ifMatchOf(request));
      return sendWritten(reply, written);
    },
  );
};

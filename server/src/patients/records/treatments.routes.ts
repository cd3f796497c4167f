import { createTreatmentsSchema, dataOf, treatmentSchema, upsertTreatmentsSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../../http/if-match.ts';
import { BEARER, errorsOf, idParams, patientIdParams } from '../../http/route-schemas.ts';
import { createTreatments, deleteDrug, deleteTreatment, upsertTreatments } from './treatments.service.ts';

const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);
const treatmentsAnswer = dataOf(z.array(treatmentSchema));
const doctorWrite = (summary: string) => ({ tags: ['patient records'], summary });

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
        ...doctorWrite('Add treatments with their drugs; answers all the treatments'),
        security: BEARER,
        headers: ifMatchHeaders,
        body: createTreatmentsSchema,
        response: { 201: treatmentsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await createTreatments(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
      withVersion(reply, written.version);
      return reply.status(201).send({ data: written.data });
    },
  );

  app.put(
    '/patients/treatments/:patientId',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite('Upsert treatments and drugs: with an id updated, without one created'),
        security: BEARER,
        params: patientIdParams,
        headers: ifMatchHeaders,
        body: upsertTreatmentsSchema,
        response: { 200: treatmentsAnswer, ...WRITE_ERRORS },
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
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );

  app.delete(
    '/patients/treatments/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite('Delete a treatment and its drugs; the rest keep dense order numbers'),
        security: BEARER,
        params: idParams,
        headers: ifMatchHeaders,
        response: { 200: treatmentsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await deleteTreatment(
        ctx,
        actorOf(ctx, request),
        request.params.id,
        ifMatchOf(request),
      );
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );

  app.delete(
    '/patients/treatments/drugs/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite('Delete a drug; the rest keep dense order numbers'),
        security: BEARER,
        params: idParams,
        headers: ifMatchHeaders,
        response: { 200: treatmentsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await deleteDrug(ctx, actorOf(ctx, request), request.params.id, ifMatchOf(request));
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );
};

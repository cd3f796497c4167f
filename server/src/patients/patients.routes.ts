import {
  createPatientSchema,
  dataOf,
  pageOf,
  patientListQuerySchema,
  patientRowSchema,
  patientSchema,
  updatePatientSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../http/if-match.ts';
import { BEARER, errorsOf, idParams } from '../http/route-schemas.ts';
import {
  createPatient,
  listPatients,
  readPatient,
  renderPatient,
  updatePatient,
} from './patients.service.ts';

/** The patient itself: create, list, read, change (docs/product-rules.md#patient-list, #records). */
export const patientsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/patients',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['patients'],
        summary: 'Create a patient (the demography step); doctors only',
        security: BEARER,
        body: createPatientSchema,
        response: { 201: dataOf(z.object({ id: z.uuid() })), ...errorsOf(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const id = await createPatient(ctx, actorOf(ctx, request), request.body);
      withVersion(reply, 1);
      return reply.status(201).send({ data: { id } });
    },
  );

  app.get(
    '/patients/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patients'],
        summary: 'A page of the patients the caller may see, filtered and sorted',
        description:
          'Admins see every patient, sorted by codeOP desc by default; doctors their own, by createdAt desc. ' +
          'codeOP and ngsOp are absent for doctors.',
        security: BEARER,
        querystring: patientListQuerySchema,
        response: { 200: pageOf(patientRowSchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => listPatients(ctx, actorOf(ctx, request), request.query, request.clientGone),
  );

  app.get(
    '/patients/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patients'],
        summary: 'A patient file with every nested record; the read is audited',
        description: 'The ETag header carries the version to send back as If-Match.',
        security: BEARER,
        params: idParams,
        response: { 200: dataOf(patientSchema), ...errorsOf(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const patient = await readPatient(ctx, actorOf(ctx, request), request.params.id);
      withVersion(reply, patient.version);
      return { data: patient };
    },
  );

  app.patch(
    '/patients/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patients'],
        summary: 'Change a patient: doctors any field but codeOP, admins codeOP only',
        security: BEARER,
        params: idParams,
        headers: ifMatchHeaders,
        body: updatePatientSchema,
        response: { 200: dataOf(patientSchema), ...errorsOf(400, 401, 403, 404, 409, 412, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(ctx, request);
      await updatePatient(ctx, actor, request.params.id, request.body, ifMatchOf(request));
      const patient = await renderPatient(ctx, actor, request.params.id);
      withVersion(reply, patient.version);
      return { data: patient };
    },
  );
};

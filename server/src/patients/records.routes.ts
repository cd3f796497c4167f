import {
  createDiagnosticSchema,
  createLabReportsSchema,
  createSampleSchema,
  createTreatmentsSchema,
  dataOf,
  diagnosticSchema,
  labReportSchema,
  sampleSchema,
  treatmentSchema,
  updateDiagnosticSchema,
  updateSampleSchema,
  upsertLabReportsSchema,
  upsertTreatmentsSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/access.ts';
import type { AppContext } from '../context.ts';
import { saveLabReports } from './lab-reports.service.ts';
import { actorOf, auditRefusals } from './patient-access.ts';
import { createDiagnostic, createSample, updateDiagnostic, updateSample } from './records.service.ts';
import {
  BEARER,
  errorsOf,
  idParams,
  ifMatchHeaders,
  ifMatchOf,
  patientIdParams,
  withVersion,
} from './route-schemas.ts';
import { createTreatments, deleteDrug, deleteTreatment, upsertTreatments } from './treatments.service.ts';

const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);
const treatmentsAnswer = dataOf(z.array(treatmentSchema));
const reportsAnswer = dataOf(z.array(labReportSchema));

/**
 * The nested records of a patient (SPEC.md §7): samples, diagnostics, treatments with drugs and lab
 * reports. Every write may carry `If-Match` and answers the new version in `ETag`.
 */
export const patientRecordsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  auditRefusals(app, ctx);
  const actor = (request: Parameters<typeof principalOf>[0]) => actorOf(ctx, principalOf(request), request);
  const doctorWrite = (summary: string) => ({ tags: ['patient records'], summary });

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
      const written = await createSample(ctx, actor(request), request.body, ifMatchOf(request));
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
        actor(request),
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );

  app.post(
    '/patients/diagnostics',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite("Add a diagnostic; an Other subtype is sent as 'Other' plus subTypeName"),
        security: BEARER,
        headers: ifMatchHeaders,
        body: createDiagnosticSchema,
        response: { 201: dataOf(diagnosticSchema), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await createDiagnostic(ctx, actor(request), request.body, ifMatchOf(request));
      withVersion(reply, written.version);
      return reply.status(201).send({ data: written.data });
    },
  );

  app.patch(
    '/patients/diagnostics/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...doctorWrite('Change the sent fields of a diagnostic'),
        security: BEARER,
        params: idParams,
        headers: ifMatchHeaders,
        body: updateDiagnosticSchema,
        response: { 200: dataOf(diagnosticSchema), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await updateDiagnostic(
        ctx,
        actor(request),
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );

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
      const written = await createTreatments(ctx, actor(request), request.body, ifMatchOf(request));
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
        actor(request),
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
      const written = await deleteTreatment(ctx, actor(request), request.params.id, ifMatchOf(request));
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
      const written = await deleteDrug(ctx, actor(request), request.params.id, ifMatchOf(request));
      withVersion(reply, written.version);
      return { data: written.data };
    },
  );

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
        response: { 201: reportsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await saveLabReports(
        ctx,
        actor(request),
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
        response: { 200: reportsAnswer, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const written = await saveLabReports(
        ctx,
        actor(request),
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

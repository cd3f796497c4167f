import { createDiagnosticSchema, dataOf, diagnosticSchema, updateDiagnosticSchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchHeaders, ifMatchOf, withVersion } from '../../http/if-match.ts';
import { BEARER, errorsOf, idParams } from '../../http/route-schemas.ts';
import { createDiagnostic, updateDiagnostic } from './diagnostics.service.ts';

const WRITE_ERRORS = errorsOf(400, 401, 403, 404, 412, 422);
const doctorWrite = (summary: string) => ({ tags: ['patient records'], summary });

/**
 * Diagnostics of a patient (docs/api-patients.md); the first one is what the list shows. Every
 * write may carry `If-Match` and answers the patient's new version in `ETag`.
 */
export const diagnosticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const written = await createDiagnostic(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
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

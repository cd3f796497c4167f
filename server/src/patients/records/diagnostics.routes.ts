import {
  createDiagnosticSchema,
  dataOf,
  diagnosticSchema,
  geneticsInputSchema,
  pickLanguage,
  updateDiagnosticSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { ifMatchOf } from '../../http/if-match.ts';
import { idParams } from '../../http/route-schemas.ts';
import { currentGenetics } from '../read-model/derived.ts';
import { createDiagnostic, updateDiagnostic } from './diagnostics.service.ts';
import { saveGenetics } from './genetics.service.ts';
import { recordWrite, sendWritten } from './record-routes.ts';

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
        ...recordWrite(
          "Add a diagnostic; an Other subtype is sent as 'Other' plus subTypeName",
          201,
          dataOf(diagnosticSchema),
        ),
        body: createDiagnosticSchema,
      },
    },
    async (request, reply) => {
      const written = await createDiagnostic(ctx, actorOf(ctx, request), request.body, ifMatchOf(request));
      return sendWritten(reply, written, 201);
    },
  );

  app.patch(
    '/patients/diagnostics/:id',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite('Change the sent fields of a diagnostic', 200, dataOf(diagnosticSchema)),
        params: idParams,
        body: updateDiagnosticSchema,
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
      return sendWritten(reply, written);
    },
  );

  app.put(
    '/patients/diagnostics/:id/genetics',
    {
      config: { access: 'doctor' },
      schema: {
        ...recordWrite(
          "Replace a diagnostic's genetics: the karyotype, its result and the markers tested (CONTRACT §10)",
          200,
          dataOf(diagnosticSchema),
        ),
        params: idParams,
        body: geneticsInputSchema,
      },
    },
    async (request, reply) => {
      const written = await saveGenetics(
        ctx,
        actorOf(ctx, request),
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      // What the reader says of the text, in the caller's language.
      const language = pickLanguage(request.headers['accept-language']);
      const data = { ...written.data, genetics: currentGenetics(written.data.genetics, language) };
      return sendWritten(reply, { ...written, data });
    },
  );
};

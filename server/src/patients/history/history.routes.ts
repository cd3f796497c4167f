import { pageOf, patientHistoryEntrySchema, patientHistoryQuerySchema } from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { BEARER, errorsOf, idParams } from '../../http/route-schemas.ts';
import { readHistory } from './history.service.ts';

/** A patient's history (docs/api-patients.md, "History"). */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/patients/:id/history',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['patients'],
        summary: "A page of a patient's changes, newest first; the read is audited",
        description:
          'Every change to the patient and its records: who, when, which record, and each field with its old ' +
          'and new value. Doctors see their own patients only (404 otherwise) and no admin-only field: ' +
          'no codeOP, no NGS OP entry or its files.',
        security: BEARER,
        params: idParams,
        querystring: patientHistoryQuerySchema,
        response: { 200: pageOf(patientHistoryEntrySchema), ...errorsOf(400, 401, 404) },
      },
    },
    async (request) => readHistory(ctx, actorOf(ctx, request), request.params.id, request.query),
  );
};

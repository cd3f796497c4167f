import {
  dataOf,
  followUpDueQuerySchema,
  followUpRowSchema,
  incidenceQuerySchema,
  incidenceSchema,
  pageOf,
  summaryQuerySchema,
  summarySchema,
  survivalQuerySchema,
  survivalSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import { followUpDue, relapseIncidence, summary, survival } from './outcomes.service.ts';

/**
 * Follow-up and outcomes (docs/product-rules.md#outcomes): admins over every patient, a doctor over
 * their own, exactly as the list; the list's filters apply, plus `dxFrom` and `dxTo`.
 */
export const outcomesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const read = (summaryText: string, description?: string) => ({
    tags: ['outcomes'],
    summary: summaryText,
    ...(description ? { description } : {}),
    security: BEARER,
  });

  app.get(
    '/outcomes/survival',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'Overall or relapse-free survival (Kaplan–Meier, log-rank) of the filtered cohort, by group',
          'Times are whole days from the first diagnosis date. Grouping by institution is for admins (403).',
        ),
        querystring: survivalQuerySchema,
        response: { 200: dataOf(survivalSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await survival(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/relapse-incidence',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'Cumulative incidence of relapse (Aalen–Johansen), death without relapse competing, by group',
        ),
        querystring: incidenceQuerySchema,
        response: { 200: dataOf(incidenceSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await relapseIncidence(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/summary',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read('Counts, relapses, deaths, median follow-up and the completeness of the filtered cohort'),
        querystring: summaryQuerySchema,
        response: { 200: dataOf(summarySchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => ({
      data: await summary(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/follow-up-due',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read('Patients alive with no news for more than `months` months (default 6), oldest news first'),
        querystring: followUpDueQuerySchema,
        response: { 200: pageOf(followUpRowSchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => followUpDue(ctx, actorOf(ctx, request), request.query),
  );
};

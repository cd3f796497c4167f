import {
  coxQuerySchema,
  coxSchema,
  dataOf,
  earlyDeathQuerySchema,
  earlyDeathSchema,
  followUpDueCountQuerySchema,
  followUpDueCountSchema,
  followUpDueQuerySchema,
  followUpRowSchema,
  incidenceQuerySchema,
  incidenceSchema,
  pageOf,
  responseQuerySchema,
  responseSchema,
  summaryQuerySchema,
  summarySchema,
  survivalQuerySchema,
  survivalSchema,
} from '@registry/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { BEARER, errorsOf } from '../../http/route-schemas.ts';
import { writtenNatively } from '../../http/serializer.ts';
import { coxModel, earlyDeath, responseRates } from './comparisons.service.ts';
import { followUpDue, followUpDueCount, summary } from './outcomes.service.ts';
import { relapseIncidence, survival } from './survival.service.ts';

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
          'Survival (Kaplan–Meier, log-rank) of the filtered cohort by group: overall, relapse-free, event-free, or relapse-free from the first CR',
          'Times are whole days from the origin (the diagnosis; the first CR for rfsCR), from the landmark when one is given. Grouping by institution is for admins (403).',
        ),
        querystring: survivalQuerySchema,
        // The curves: megabytes built field by field by the estimators (`writtenNatively`).
        response: { 200: writtenNatively(dataOf(survivalSchema)), ...errorsOf(400, 401, 403) },
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
          'Cumulative incidence of relapse and non-relapse mortality (Aalen–Johansen) from the diagnosis or the first CR, by group, with Gray’s tests',
        ),
        querystring: incidenceQuerySchema,
        response: { 200: writtenNatively(dataOf(incidenceSchema)), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await relapseIncidence(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/response',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'The response to the first line by group: CR, CRh, CRi, the composite rate with its exact interval, MRD negativity',
        ),
        querystring: responseQuerySchema,
        response: { 200: dataOf(responseSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await responseRates(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/early-death',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'Deaths within each day count of the diagnosis (30 and 60 by default) by group, with exact intervals',
        ),
        querystring: earlyDeathQuerySchema,
        response: { 200: dataOf(earlyDeathSchema), ...errorsOf(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await earlyDeath(ctx, actorOf(ctx, request), request.query, request.clientGone),
    }),
  );

  app.get(
    '/outcomes/cox',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'A Cox proportional-hazards model of the endpoint on the groups and the covariates (Efron ties), with cox.zph’s global test',
          '422 MODEL_NOT_FITTED when the model cannot be fitted: no events, a covariate or grouping with a single value among the patients, a group whose estimate is infinite, more terms than events or patients, collinear terms.',
        ),
        querystring: coxQuerySchema,
        response: { 200: dataOf(coxSchema), ...errorsOf(400, 401, 403, 422) },
      },
    },
    async (request) => ({
      data: await coxModel(ctx, actorOf(ctx, request), request.query, request.clientGone),
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

  app.get(
    '/outcomes/follow-up-due/count',
    {
      config: { access: 'signedIn' },
      schema: {
        ...read(
          'How many patients are due for follow-up (the menu’s badge)',
          'The same patients as `/outcomes/follow-up-due`, counted; it names no patient, so it is not audited.',
        ),
        querystring: followUpDueCountQuerySchema,
        response: { 200: dataOf(followUpDueCountSchema), ...errorsOf(400, 401) },
      },
    },
    async (request) => ({
      data: { count: await followUpDueCount(ctx, actorOf(ctx, request), request.query.months) },
    }),
  );
};
